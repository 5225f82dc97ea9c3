/**
 * Fuzzing the reducer and the store (issue 7): random valid update sequences, then the same
 * sequences mutated (fields dropped, types changed, updates duplicated, reordered, truncated, cut
 * mid-JSON, made hostile). After every update: nothing throws, the invariants hold, no epoch goes
 * back; at the end no surviving text is lost, and the store, flushed at random points, ends in the
 * same state as the reducer applied update by update.
 */
import { type AgentUpdate, createTranscriptStore, type TranscriptState } from '@palimpsest/core'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { createCheckedTranscript } from './checked-transcript'
import { assertNoPrototypePollution, mutateAll, mutationArbitrary } from './json-mutations'
import { updateArbitrary } from './update-vocabulary'

/** Cases per property; `FUZZ_RUNS` raises it for a long local run. */
const runs = Number(process.env.FUZZ_RUNS ?? 50_000)
const seed = Number(process.env.FUZZ_SEED ?? 7)

function storeState(updates: readonly unknown[], flushAt: ReadonlySet<number>): TranscriptState {
  const store = createTranscriptStore({ schedule: () => {} })
  updates.forEach((update, i) => {
    if (flushAt.has(i)) store.getState().flush()
    store.getState().apply(update as AgentUpdate)
  })
  store.getState().flush()
  const { apply: _apply, flush: _flush, reset: _reset, ...state } = store.getState()
  return state
}

test(`${runs} valid update sequences: invariants after every update, surviving text kept, store agrees`, () => {
  fc.assert(
    fc.property(
      fc.array(updateArbitrary, { maxLength: 24 }),
      fc.array(fc.nat(24), { maxLength: 3 }),
      (updates, flushes) => {
        const transcript = createCheckedTranscript()
        transcript.apply(updates)
        transcript.checkSurvivingText()
        // Same JSON is same state here: every value in it is plain data.
        expect(JSON.stringify(storeState(updates, new Set(flushes)))).toBe(JSON.stringify(transcript.state))
      },
    ),
    { numRuns: runs, seed },
  )
}, 300_000)

test(`${runs} mutated update sequences: nothing throws, invariants hold, only accepted text counts`, () => {
  fc.assert(
    fc.property(
      fc.array(updateArbitrary, { maxLength: 16 }),
      fc.array(mutationArbitrary, { minLength: 1, maxLength: 4 }),
      (updates, mutations) => {
        const mutated = mutateAll(updates, mutations) as AgentUpdate[]
        const transcript = createCheckedTranscript()
        transcript.apply(mutated)
        transcript.checkSurvivingText()
        assertNoPrototypePollution()
        const store = createTranscriptStore({ schedule: 'sync', onIssue: () => {} })
        store.getState().apply(mutated)
        assertNoPrototypePollution()
      },
    ),
    { numRuns: runs, seed },
  )
}, 300_000)

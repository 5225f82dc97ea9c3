/**
 * The decoder fuzzer (issue 7): random valid traces from a protocol's vocabulary, and recorded or
 * random traces mutated (fields dropped, types changed, messages duplicated, reordered, truncated,
 * cut mid-JSON, spliced from another protocol, made hostile). Each case runs the decoder directly
 * and reduces what it emits update by update. Properties: nothing throws and the decoder hits no
 * internal error; every update it emits is well-formed; the state invariants hold after every
 * update and no epoch goes back; text that no later update cleared or replaced is in the final
 * state; and the work per wire message is bounded (updates emitted, and their size, grow with the
 * message, not with the stream).
 */
import { type AgentUpdate, type EndReason, findUpdateProblem, type Issue } from '@palimpsest/core'
import { decoders } from '@palimpsest/protocols/traces'
import fc from 'fast-check'
import { describe, test } from 'vitest'
import { createCheckedTranscript } from '../../../core/test/fuzz/checked-transcript'
import { assertNoPrototypePollution, mutateAll, mutationArbitrary } from '../../../core/test/fuzz/json-mutations'
import { randomWire, renumber } from './random-wire'
import { foreignMessages, recordedTraces, vocabulary } from './vocabularies'

/** Cases per property (two properties per decoder); `FUZZ_RUNS` changes it for a longer local run. */
export const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 50_000)
const seed = Number(process.env.FUZZ_SEED ?? 11)

/**
 * The most a decoder may emit for one wire message of `size` characters: a few updates of bookkeeping
 * (start, done, turn end) plus what the message itself carries, a small constant factor of its size.
 * A decoder that re-sends what it accumulated (the whole text so far on every delta) exceeds it as
 * soon as the stream is longer than a few messages. Ids are not counted: a decoder repeats the
 * current message's id in every update, whatever its length; and `size` includes the largest
 * earlier message, since a decoder may repeat a value it remembered from one (an author, a step).
 */
export const workBound = {
  updates: (size: number) => 12 + Math.ceil(size / 8),
  characters: (size: number) => 1_500 + 4 * size,
}

const endReasons: EndReason[] = ['complete', 'interrupted', 'cancelled', 'error']
const idFields = ['messageId', 'toolCallId', 'requestId', 'dataId', 'statusId', 'sourceId', 'fileId'] as const
/** Sizes of the (frozen, reused) template messages. */
const sizes = new WeakMap<object, number>()

function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length
  if (typeof value !== 'object' || value === null) return String(value).length
  let size = sizes.get(value)
  if (size === undefined) {
    size = JSON.stringify(value)?.length ?? 0
    if (Object.isFrozen(value)) sizes.set(value, size)
  }
  return size
}

/** What a batch of updates carries besides the ids it addresses, in characters. */
function payloadOf(updates: readonly AgentUpdate[]): number {
  let size = JSON.stringify(updates).length
  for (const update of updates) {
    for (const field of idFields) {
      const id = (update as Partial<Record<(typeof idFields)[number], unknown>>)[field]
      if (typeof id === 'string') size -= id.length
    }
  }
  return size
}

/** `size`: the characters the batch answers for (the wire message, or the whole stream for `end`). */
function checkBatch(updates: unknown, size: number, what: string): asserts updates is AgentUpdate[] {
  if (!Array.isArray(updates)) throw new Error(`${what} returned ${typeof updates}, not an array`)
  for (const update of updates) {
    const problem = findUpdateProblem(update)
    if (problem) throw new Error(`${what} emitted a malformed update (${problem}): ${JSON.stringify(update)}`)
  }
  if (updates.length > workBound.updates(size))
    throw new Error(`${what} emitted ${updates.length} updates for ${size} characters of input`)
  const emitted = payloadOf(updates)
  if (emitted > workBound.characters(size))
    throw new Error(`${what} emitted ${emitted} characters of updates for ${size} characters of input`)
}

/** Runs one case; throws with the reason when a property fails. */
export function runDecoderCase(protocol: string, wires: readonly unknown[], reason: EndReason): void {
  const createDecoder = decoders[protocol]
  if (!createDecoder) throw new Error(`no decoder named ${protocol}`)
  const issues: Issue[] = []
  const decoder = createDecoder({ onIssue: (issue) => issues.push(issue) })
  const transcript = createCheckedTranscript()
  let received = 0
  let largest = 0
  for (const wire of wires) {
    const updates = decoder.decode(wire as never)
    const size = sizeOf(wire)
    received += size
    checkBatch(updates, size + largest, 'decode')
    largest = Math.max(largest, size)
    transcript.apply(updates)
  }
  const ending = decoder.end(reason)
  checkBatch(ending, received, 'end')
  transcript.apply(ending)
  transcript.checkSurvivingText()
  const internal = issues.find((issue) => issue.code === 'decoder-error' || issue.code === 'reducer-error')
  if (internal) throw new Error(`internal error reported: ${internal.message}`)
  assertNoPrototypePollution()
}

/** The two fuzzing properties of one decoder, `fuzzRuns` cases each. */
export function fuzzDecoder(protocol: string): void {
  const templates = vocabulary(protocol)
  const recorded = recordedTraces(protocol)
  const foreign = foreignMessages(protocol)
  const step = fc.tuple(fc.nat(templates.length - 1), fc.nat())
  const reason = fc.constantFrom(...endReasons)
  const generated = (steps: readonly (readonly [number, number])[]) =>
    renumber(steps.map(([template, variant]) => randomWire(templates[template], variant)))

  describe(`fuzzing the ${protocol} decoder`, () => {
    test(`${fuzzRuns} random valid traces from its vocabulary`, () => {
      fc.assert(
        fc.property(fc.array(step, { maxLength: 14 }), reason, (steps, end) => {
          runDecoderCase(protocol, generated(steps), end)
        }),
        { numRuns: fuzzRuns, seed },
      )
    }, 600_000)

    test(`${fuzzRuns} recorded and random traces, mutated`, () => {
      const base = fc.oneof(
        fc.nat(recorded.length - 1).map((i) => recorded[i] as readonly unknown[]),
        fc.array(step, { maxLength: 10 }).map(generated),
      )
      fc.assert(
        fc.property(
          base,
          fc.array(mutationArbitrary, { minLength: 1, maxLength: 4 }),
          reason,
          (wires, mutations, end) => {
            runDecoderCase(protocol, mutateAll(wires, mutations, foreign), end)
          },
        ),
        { numRuns: fuzzRuns, seed },
      )
    }, 600_000)
  })
}

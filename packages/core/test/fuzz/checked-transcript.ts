/**
 * Reduces updates one at a time, like a store that flushes after each update, and checks after
 * every one: nothing throws, the invariants hold (`assertInvariants`, checked incrementally), no epoch goes back, the reducer hits no internal
 * error; and at the end that no surviving text was lost.
 */
import { type AgentUpdate, createInitialState, type Issue, reduce, type TranscriptState } from '@palimpsest/core'
import { createEpochWatch, createInvariantWatch } from './assert-invariants'
import { createSurvivingText } from './surviving-text'

/** Issue codes by which the reducer says it did not apply an update. */
const rejections = new Set(['malformed-update', 'sealed-message', 'finished-message', 'unknown-message'])

export interface CheckedTranscript {
  readonly state: TranscriptState
  readonly issues: Issue[]
  apply(updates: readonly AgentUpdate[]): void
  /** Throws when text that no later update cleared or replaced is missing. */
  checkSurvivingText(): void
}

/** The update as the reducer applies it: to the message that took over its id, if one did. */
function asApplied(state: TranscriptState, update: AgentUpdate): AgentUpdate {
  if (typeof update !== 'object' || update === null || !('messageId' in update) || typeof update.messageId !== 'string')
    return update
  const messageId = state.renamedMessages?.[update.messageId]
  return messageId === undefined ? update : ({ ...update, messageId } as AgentUpdate)
}

export function createCheckedTranscript(): CheckedTranscript {
  let state = createInitialState()
  const issues: Issue[] = []
  const checkInvariants = createInvariantWatch()
  const watchEpochs = createEpochWatch()
  const surviving = createSurvivingText()
  return {
    get state() {
      return state
    },
    issues,
    apply(updates) {
      for (const update of updates) {
        const applied = asApplied(state, update)
        let rejected = false
        let internalError: Issue | undefined
        state = reduce(state, update, (issue) => {
          issues.push(issue)
          // The reducer catches its own exceptions and reports them; for a fuzzer that is a bug.
          if (issue.code === 'reducer-error') internalError = issue
          if (issue.input === update && rejections.has(issue.code)) rejected = true
        })
        if (internalError) throw new Error(`reducer error: ${internalError.message}`)
        checkInvariants(state)
        watchEpochs(state)
        if (!rejected) surviving.accepted(applied)
      }
    },
    checkSurvivingText() {
      surviving.check(state)
    },
  }
}

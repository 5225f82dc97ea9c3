/**
 * When the agent is responding but nothing of its answer is on screen: the rule behind the React
 * package's `ResponseIndicator`, as a pure function of the transcript state.
 */
import { getMessage } from './message-table'
import type { Message, Part, TextPart, TranscriptState } from './state'

export type ResponseWait =
  /** The turn is running and none of its assistant messages shows anything yet. */
  | { reason: 'first-token'; turnId: string }
  /** A streaming message's answer was cleared (or replaced by nothing) and its new text has not arrived. */
  | { reason: 'cleared'; turnId: string; messageId: string; partId: string; epoch: number }

function shows(part: Part): boolean {
  return part.kind === 'text' || part.kind === 'reasoning' ? part.text !== '' : true
}

/** The answer part of a streaming message that is empty after a clear or replacement. */
function clearedAnswer(message: Message): TextPart | undefined {
  for (let i = message.parts.length - 1; i >= 0; i--) {
    const part = message.parts[i] as Part
    if (part.kind !== 'text') continue
    return part.text === '' && part.epoch > 0 ? part : undefined
  }
  return undefined
}

/**
 * What the user is waiting for, or undefined when nothing is awaited (no running turn, or text is
 * on screen). Only the latest turn's messages are read, newest first.
 */
export function responseWait(state: TranscriptState): ResponseWait | undefined {
  const turn = state.turns[state.turns.length - 1]
  if (turn?.status !== 'running') return undefined
  let showsSomething = false
  for (let i = state.messageIds.length - 1; i >= 0; i--) {
    const message = getMessage(state, state.messageIds[i] as string)
    if (!message || message.turnId !== turn.id) break
    if (message.role !== 'assistant') continue
    if (message.status === 'streaming') {
      const cleared = clearedAnswer(message)
      if (cleared)
        return { reason: 'cleared', turnId: turn.id, messageId: message.id, partId: cleared.id, epoch: cleared.epoch }
    }
    if (!showsSomething) showsSomething = message.parts.some(shows)
  }
  return showsSomething ? undefined : { reason: 'first-token', turnId: turn.id }
}

/** A string that changes exactly when the wait changes (for store subscriptions that compare with `Object.is`). */
export function responseWaitKey(state: TranscriptState): string {
  const wait = responseWait(state)
  if (!wait) return ''
  return wait.reason === 'first-token'
    ? JSON.stringify([wait.reason, wait.turnId])
    : JSON.stringify([wait.reason, wait.turnId, wait.messageId, wait.partId, wait.epoch])
}

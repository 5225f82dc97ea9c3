/** Selectors over TranscriptState, for `store.getState()` and React hooks alike. */
import { getMessage } from './message-table'
import type { Message, Part, TranscriptState, Turn } from './state'

export const selectMessageIds = (state: TranscriptState): string[] => state.messageIds

export const selectMessage =
  (id: string) =>
  (state: TranscriptState): Message | undefined =>
    getMessage(state, id)

export const selectPart =
  (messageId: string, partId: string) =>
  (state: TranscriptState): Part | undefined =>
    getMessage(state, messageId)?.parts.find((part) => part.id === partId)

/** The latest turn, if any, running or ended. */
export const selectLatestTurn = (state: TranscriptState): Turn | undefined => state.turns[state.turns.length - 1]

/** True while any message is still streaming. */
export function selectIsStreaming(state: TranscriptState): boolean {
  const ids = state.messageIds
  // Streaming messages are almost always at the end; scan backwards and stop early.
  for (let i = ids.length - 1; i >= 0; i--) {
    if (getMessage(state, ids[i] as string)?.status === 'streaming') return true
  }
  return false
}

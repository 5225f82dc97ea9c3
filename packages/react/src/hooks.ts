/**
 * Selector hooks over the transcript store. Each subscribes to the smallest slice it needs, so a
 * token on one message re-renders only the components of that message.
 */
import { type Message, type Part, selectIsStreaming } from '@palimpsest/core'
import { isPartStreaming } from './part-streaming'
import { useTranscriptStore } from './store-context'
import { useTranscriptSelector } from './use-transcript-selector'

/** Message ids in display order. Changes only when a message is added or the transcript resets. */
export function useMessageIds(): string[] {
  return useTranscriptSelector(useTranscriptStore(), (state) => state.messageIds)
}

/** One message; re-renders only when that message changes. */
export function useMessage(id: string): Message | undefined {
  return useTranscriptSelector(useTranscriptStore(), (state) => state.messages[id])
}

/** One part of one message; re-renders only when that part changes. */
export function usePart(messageId: string, partId: string): Part | undefined {
  return useTranscriptSelector(useTranscriptStore(), (state) =>
    state.messages[messageId]?.parts.find((p) => p.id === partId),
  )
}

/** True while any message is streaming. */
export function useIsStreaming(): boolean {
  return useTranscriptSelector(useTranscriptStore(), selectIsStreaming)
}

/** True while this part is receiving content (see `isPartStreaming`). */
export function usePartStreaming(messageId: string, partId: string): boolean {
  return useTranscriptSelector(useTranscriptStore(), (state) => {
    const message = state.messages[messageId]
    const part = message?.parts.find((p) => p.id === partId)
    return message !== undefined && part !== undefined && isPartStreaming(message, part)
  })
}

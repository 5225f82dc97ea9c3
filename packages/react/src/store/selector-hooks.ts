/**
 * Selector hooks over the transcript store. Each subscribes to the smallest slice it needs: the
 * per-message hooks listen to their message alone (`subscribeToMessage`), so a token on one message
 * re-renders only the components of that message, and a flush does no work for the others.
 */
import {
  getMessage,
  isPartStreaming,
  type Message,
  type Part,
  selectIsStreaming,
  subscribeToMessage,
  subscribeToMessages,
} from '@palimpsest/core'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import { useTranscriptStore } from './store-context'
import { useTranscriptSelector } from './use-transcript-selector'

/** Message ids in display order. Changes only when a message is added or the transcript resets. */
export function useMessageIds(): string[] {
  return useTranscriptSelector(useTranscriptStore(), (state) => state.messageIds)
}

/**
 * A value read from one message, re-read only when that message changes. `read` must return the same
 * value for the same message (a part of it, a boolean), as any `useSyncExternalStore` snapshot, and
 * be stable: a new snapshot function on a render makes React schedule an effect to remember it, and
 * these hooks render on every chunk.
 */
function useFromMessage<T>(id: string, read: (message: Message | undefined) => T): T {
  const store = useTranscriptStore()
  const subscribe = useCallback((listener: () => void) => subscribeToMessage(store, id, listener), [store, id])
  const snapshot = useCallback(() => read(getMessage(store.getState(), id)), [store, id, read])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

const itself = (message: Message | undefined) => message

/** One message; re-renders only when that message changes. */
export function useMessage(id: string): Message | undefined {
  return useFromMessage(id, itself)
}

const noMessages: readonly (Message | undefined)[] = []

/**
 * The messages of `ids` (undefined for an id the store does not hold), from one subscription for all
 * of them: the same array until one of them changes. A list renders a group of messages from one
 * hook instead of one `useMessage` per message, each of which keeps its hook, effect and
 * subscription objects for as long as the message is shown.
 */
export function useMessagesOf(ids: readonly string[]): readonly (Message | undefined)[] {
  const store = useTranscriptStore()
  const last = useRef(noMessages)
  const subscribe = useCallback((listener: () => void) => subscribeToMessages(store, ids, listener), [store, ids])
  const snapshot = useCallback(() => {
    const state = store.getState()
    const previous = last.current
    if (previous.length !== ids.length || ids.some((id, index) => getMessage(state, id) !== previous[index]))
      last.current = ids.map((id) => getMessage(state, id))
    return last.current
  }, [store, ids])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

/** One part of one message; re-renders only when that part changes. */
export function usePart(messageId: string, partId: string): Part | undefined {
  const read = useCallback((message: Message | undefined) => message?.parts.find((p) => p.id === partId), [partId])
  return useFromMessage(messageId, read)
}

/** True while any message is streaming. */
export function useIsStreaming(): boolean {
  return useTranscriptSelector(useTranscriptStore(), selectIsStreaming)
}

/** True while this part is receiving content (see `isPartStreaming`). */
export function usePartStreaming(messageId: string, partId: string): boolean {
  const read = useCallback(
    (message: Message | undefined) => {
      const part = message?.parts.find((p) => p.id === partId)
      return message !== undefined && part !== undefined && isPartStreaming(message, part)
    },
    [partId],
  )
  return useFromMessage(messageId, read)
}

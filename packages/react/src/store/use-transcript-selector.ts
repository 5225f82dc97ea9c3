/**
 * A slice of the transcript store, re-rendering only when the slice changes. Unlike zustand's
 * `useStore`, a server render (and the hydration that follows it) reads the store's current state,
 * not the state it was created with, so a store that already holds a conversation renders it on
 * the server.
 */
import type { TranscriptStore, TranscriptStoreState } from '@palimpsest/core'
import { useCallback, useSyncExternalStore } from 'react'

export function useTranscriptSelector<Slice>(
  store: TranscriptStore,
  selector: (state: TranscriptStoreState) => Slice,
): Slice {
  // The selector is usually an inline arrow: reading it through the latest render is what
  // zustand's useStore does too; the subscription itself stays the store's.
  const read = useCallback(() => selector(store.getState()), [store, selector])
  return useSyncExternalStore(store.subscribe, read, read)
}

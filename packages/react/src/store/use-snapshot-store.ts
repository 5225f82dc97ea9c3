/**
 * A transcript store that follows a state the app already holds (the AI SDK's `useChat` messages
 * and status, a conversation loaded from a database): each time the snapshot changes, the decoder
 * turns it into the updates that take the store there.
 */
import {
  createTranscriptStore,
  type Decoder,
  type TranscriptStore,
  type TranscriptStoreOptions,
} from '@palimpsest/core'
import { useRef, useState } from 'react'
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect'

/**
 * `snapshot` changed: a new object, or for a plain object such as `{ messages, status }` (made anew
 * on every render) a new value in one of its fields.
 */
function changed(before: unknown, after: unknown): boolean {
  if (Object.is(before, after)) return false
  if (!isPlainObject(before) || !isPlainObject(after)) return true
  const keys = Object.keys(after)
  if (keys.length !== Object.keys(before).length) return true
  return keys.some((key) => !Object.is(before[key], after[key]))
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * Returns a store that holds what `snapshot` says, from the first render on (so a server render
 * shows it) and after every change. `createDecoder` and `options` are read once, on mount.
 *
 * ```tsx
 * const { messages, status } = useChat()
 * const store = useSnapshotStore(createUIMessagesDecoder, { messages, status })
 * return <Transcript store={store} />
 * ```
 */
export function useSnapshotStore<Snapshot>(
  createDecoder: () => Decoder<Snapshot>,
  snapshot: Snapshot,
  options?: TranscriptStoreOptions,
): TranscriptStore {
  const [follower] = useState(() => {
    const decoder = createDecoder()
    const store = createTranscriptStore(options)
    store.getState().apply(decoder.decode(snapshot))
    store.getState().flush()
    return { decoder, store }
  })
  const decoded = useRef(snapshot)
  useIsomorphicLayoutEffect(() => {
    if (!changed(decoded.current, snapshot)) return
    decoded.current = snapshot
    follower.store.getState().apply(follower.decoder.decode(snapshot))
  })
  return follower.store
}

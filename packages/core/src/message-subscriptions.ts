/**
 * Per-message listeners. A store's zustand listeners all run on every flush, so a component per
 * message subscribed there costs O(messages) per flush however few changed; the store tells these
 * listeners only when their message was created, changed or removed (and all of them when the
 * state is replaced another way: `reset`, or `setState` from outside).
 */
import type { StoreApi } from 'zustand/vanilla'
import { getMessage } from './message-table'
import type { TranscriptState } from './state'

export class MessageListeners {
  private readonly byId = new Map<string, Set<() => void>>()

  add(id: string, listener: () => void): () => void {
    const listeners = this.byId.get(id) ?? new Set<() => void>()
    this.byId.set(id, listeners)
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0 && this.byId.get(id) === listeners) this.byId.delete(id)
    }
  }

  notify(ids: Iterable<string>): void {
    for (const id of ids) {
      const listeners = this.byId.get(id)
      if (listeners) for (const listener of [...listeners]) listener()
    }
  }

  notifyAll(): void {
    this.notify([...this.byId.keys()])
  }
}

const registry = new WeakMap<object, MessageListeners>()

/** Called by `createTranscriptStore` for the store it made. */
export function registerMessageListeners(store: object, listeners: MessageListeners): void {
  registry.set(store, listeners)
}

/**
 * Calls `listener` after a flush that created, changed or removed message `id` (and after any other
 * replacement of the state). Read the message with `getMessage(store.getState(), id)`. For a store
 * not made by `createTranscriptStore`, it listens to the whole store and compares the message.
 */
export function subscribeToMessage<S extends TranscriptState>(
  store: StoreApi<S>,
  id: string,
  listener: () => void,
): () => void {
  const listeners = registry.get(store)
  if (listeners) return listeners.add(id, listener)
  return store.subscribe((state, previous) => {
    if (getMessage(state, id) !== getMessage(previous, id)) listener()
  })
}

/**
 * Per-message listeners. A store's zustand listeners all run on every flush, so a component per
 * message subscribed there costs O(messages) per flush however few changed; the store tells these
 * listeners only when their message was created, changed or removed (and all of them when the
 * state is replaced another way: `reset`, or `setState` from outside).
 */
import type { StoreApi } from 'zustand/vanilla'
import { getMessage } from './message-table'
import type { TranscriptState } from './state'

type Listener = () => void

export class MessageListeners {
  /**
   * Per id its one listener, or a set once it has several: a transcript subscribes every message
   * it shows, and a set per message would cost about a hundred bytes each.
   */
  private readonly byId = new Map<string, Listener | Set<Listener>>()

  add(id: string, listener: Listener): () => void {
    this.addListener(id, listener)
    return () => this.removeListener(id, listener)
  }

  /** One listener for several messages, removed from all of them by the function returned. */
  addToAll(ids: readonly string[], listener: Listener): () => void {
    for (const id of ids) this.addListener(id, listener)
    return () => {
      for (const id of ids) this.removeListener(id, listener)
    }
  }

  private addListener(id: string, listener: Listener): void {
    const listeners = this.byId.get(id)
    if (listeners === undefined) this.byId.set(id, listener)
    else if (typeof listeners === 'function') this.byId.set(id, new Set([listeners, listener]))
    else listeners.add(listener)
  }

  private removeListener(id: string, listener: Listener): void {
    const listeners = this.byId.get(id)
    if (listeners === listener) this.byId.delete(id)
    else if (listeners instanceof Set) {
      listeners.delete(listener)
      if (listeners.size === 0) this.byId.delete(id)
    }
  }

  notify(ids: Iterable<string>): void {
    for (const id of ids) {
      const listeners = this.byId.get(id)
      if (typeof listeners === 'function') listeners()
      else if (listeners) for (const listener of [...listeners]) listener()
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

/**
 * `subscribeToMessage` for several messages with one listener: called after a flush that created,
 * changed or removed any of them (once per message changed).
 */
export function subscribeToMessages<S extends TranscriptState>(
  store: StoreApi<S>,
  ids: readonly string[],
  listener: () => void,
): () => void {
  const listeners = registry.get(store)
  if (listeners) return listeners.addToAll(ids, listener)
  return store.subscribe((state, previous) => {
    for (const id of ids) if (getMessage(state, id) !== getMessage(previous, id)) listener()
  })
}

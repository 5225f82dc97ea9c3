/**
 * Which panels the user opened or closed by hand, one small map per transcript store, keyed by
 * message and part. It lives beside the store rather than in component state, so a remount (a
 * virtualised row, a re-keyed list, a streamed replacement) never loses the user's choice and
 * nothing re-opens by itself.
 */
import type { TranscriptStore } from '@palimpsest/core'

export interface DisclosureRegistry {
  /** The user's choice for a panel, or `undefined` when they never toggled it. */
  get(key: string): boolean | undefined
  set(key: string, open: boolean): void
  subscribe(listener: () => void): () => void
}

function createDisclosureRegistry(): DisclosureRegistry {
  const choices = new Map<string, boolean>()
  const listeners = new Set<() => void>()
  return {
    get: (key) => choices.get(key),
    set(key, open) {
      if (choices.get(key) === open) return
      choices.set(key, open)
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const registries = new WeakMap<TranscriptStore, DisclosureRegistry>()

/** The registry of a store, created on first use. Resetting the store does not forget choices for parts that reappear. */
export function disclosureRegistryFor(store: TranscriptStore): DisclosureRegistry {
  let registry = registries.get(store)
  if (!registry) {
    registry = createDisclosureRegistry()
    registries.set(store, registry)
  }
  return registry
}

export function disclosureKey(messageId: string, partId: string): string {
  return `${messageId}\u0000${partId}`
}

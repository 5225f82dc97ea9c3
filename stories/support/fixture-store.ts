/** A transcript store already holding the given updates: the fixture behind most component stories. */
import { type AgentUpdate, createTranscriptStore, type TranscriptStore } from '@palimpsest/core'

export function storeWith(updates: readonly AgentUpdate[]): TranscriptStore {
  const store = createTranscriptStore()
  store.getState().apply(updates)
  store.getState().flush()
  return store
}

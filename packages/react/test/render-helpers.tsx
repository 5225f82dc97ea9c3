/** Test helpers: a synchronous store and `apply` wrapped in React's `act`. */
import { type AgentUpdate, createTranscriptStore, type TranscriptStore } from '@palimpsest/core'
import { act } from '@testing-library/react'

export function syncStore(): TranscriptStore {
  return createTranscriptStore({ schedule: 'sync' })
}

export function applyNow(store: TranscriptStore, updates: AgentUpdate | AgentUpdate[]): void {
  act(() => store.getState().apply(updates))
}

/** Puts a transcript store in context; every hook and component reads it from here. */
import type { TranscriptStore } from '@palimpsest/core'
import { createContext, type ReactNode, useContext } from 'react'

const StoreContext = createContext<TranscriptStore | null>(null)

export interface TranscriptProviderProps {
  /** The store made by `createTranscriptStore()`; the React layer keeps no copy of its state. */
  store: TranscriptStore
  children?: ReactNode
}

export function TranscriptProvider({ store, children }: TranscriptProviderProps) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

/** The store of the nearest `TranscriptProvider`. Using it outside one is a programming error. */
export function useTranscriptStore(): TranscriptStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useTranscriptStore: wrap the tree in <TranscriptProvider store={store}>')
  return store
}

/** The store of the nearest `TranscriptProvider`, or `undefined` outside one. */
export function useOptionalTranscriptStore(): TranscriptStore | undefined {
  return useContext(StoreContext) ?? undefined
}

import type { Message } from '@palimpsest/core'
import { createContext, useContext, useState, useSyncExternalStore } from 'react'
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect'

/**
 * The message of a `Message.Root`, behind a context value that stays the same while the message
 * changes. A context value that changes on every chunk would make React search the whole rendered
 * document below it for readers on every commit (each memoised markdown block that bails out is
 * walked), so a commit's cost would grow with the message. Readers subscribe instead.
 */
export interface MessageSource {
  current: Message
  subscribe(listener: () => void): () => void
  notify(): void
}

function createMessageSource(message: Message): MessageSource {
  const listeners = new Set<() => void>()
  return {
    current: message,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    notify() {
      for (const listener of listeners) listener()
    },
  }
}

export const MessageContext = createContext<MessageSource | null>(null)

/** The source `Message.Root` provides: current during render, readers told after each commit. */
export function useMessageSource(message: Message): MessageSource {
  const [source] = useState(() => createMessageSource(message))
  // Written during render so the readers rendered in this same pass see this message; a reader
  // that did not re-render (a memoised component) is told after the commit.
  source.current = message
  useIsomorphicLayoutEffect(() => source.notify(), [source, message])
  return source
}

/** The message of the nearest `Message.Root`. */
export function useMessageContext(): Message {
  const source = useContext(MessageContext)
  if (!source) throw new Error('useMessageContext: must be inside <Message.Root>')
  const read = () => source.current
  return useSyncExternalStore(source.subscribe, read, read)
}

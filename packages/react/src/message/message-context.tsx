import type { Message } from '@palimpsest/core'
import { createContext, useContext, useRef, useSyncExternalStore } from 'react'
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect'

/**
 * The message of a `Message.Root`, behind a context value that stays the same while the message
 * changes. A context value that changes on every chunk would make React search the whole rendered
 * document below it for readers on every commit (each memoised markdown block that bails out is
 * walked), so a commit's cost would grow with the message. Readers subscribe instead.
 */
export class MessageSource {
  current: Message
  private listeners: Set<() => void> | undefined
  private subscriber: ((listener: () => void) => () => void) | undefined

  constructor(message: Message) {
    this.current = message
  }

  /**
   * Subscribes a reader; a stable function per source (as `useSyncExternalStore` needs), made
   * with the listener set when the first reader asks: most messages have none.
   */
  get subscribe(): (listener: () => void) => () => void {
    this.subscriber ??= (listener) => {
      this.listeners ??= new Set()
      const listeners = this.listeners
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
    return this.subscriber
  }

  /** The current message: a stable function, so a reader's render schedules no effect to remember a new one. */
  readonly read = (): Message => this.current

  notify(): void {
    if (this.listeners) for (const listener of this.listeners) listener()
  }
}

export const MessageContext = createContext<MessageSource | null>(null)

/** The source `Message.Root` provides: current during render, readers told after each commit. */
export function useMessageSource(message: Message): MessageSource {
  // A ref rather than state: a state hook keeps an update queue and a dispatch function per message.
  const ref = useRef<MessageSource | null>(null)
  ref.current ??= new MessageSource(message)
  const source = ref.current
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
  return useSyncExternalStore(source.subscribe, source.read, source.read)
}

import type { Message } from '@palimpsest/core'
import { createContext, useContext } from 'react'
import { type RenderedValue, useRenderedValue, useValueOf } from '../primitives/rendered-value'

/**
 * The message of a `Message.Root`, behind a context value that stays the same while the message
 * changes (a new message per chunk would make every commit search the rendered document for readers).
 */
export type MessageSource = RenderedValue<Message>

export const MessageContext = createContext<MessageSource | null>(null)

/** The source `Message.Root` provides: current during render, readers told after each commit. */
export const useMessageSource: (message: Message) => MessageSource = useRenderedValue

/** The message of the nearest `Message.Root`. */
export function useMessageContext(): Message {
  const source = useContext(MessageContext)
  if (!source) throw new Error('useMessageContext: must be inside <Message.Root>')
  return useValueOf(source)
}

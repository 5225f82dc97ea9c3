import type { Message } from '@palimpsest/core'
import { createContext, useContext } from 'react'

export const MessageContext = createContext<Message | null>(null)

/** The message of the nearest `Message.Root`. */
export function useMessageContext(): Message {
  const message = useContext(MessageContext)
  if (!message) throw new Error('useMessageContext: must be inside <Message.Root>')
  return message
}

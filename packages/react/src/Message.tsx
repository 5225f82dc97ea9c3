/**
 * One message: `Message.Root` (an `<article>` exposing `data-role`, `data-status`, `data-author`),
 * `Message.Header` (author or role, and the ending status when it is not a plain completion),
 * and the two slots `Message.Secondary` / `Message.Primary`. `<Message messageId>` composes them.
 */
import type { Message as MessageState } from '@palimpsest/core'
import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import { useMessage } from './hooks'
import { PrimaryContent, SecondaryContent } from './MessageParts'
import { MessageContext, useMessageContext, useMessageSource } from './message-context'
import { useTranscriptOptions } from './options-context'

export interface MessageRootProps extends ComponentPropsWithoutRef<'article'> {
  message: MessageState
  children?: ReactNode
}

function MessageRoot({ message, children, ...rest }: MessageRootProps) {
  const { labels } = useTranscriptOptions()
  const source = useMessageSource(message)
  return (
    <MessageContext.Provider value={source}>
      <article
        data-palimpsest-message=""
        data-message-id={message.id}
        data-role={message.role}
        data-status={message.status}
        data-author={message.author}
        data-sealed={message.sealed ? '' : undefined}
        aria-label={message.author ?? labels.roles[message.role] ?? message.role}
        {...rest}
      >
        {children}
      </article>
    </MessageContext.Provider>
  )
}

/** Statuses worth saying out loud; `complete` and `streaming` show nothing here. */
const endings = new Set(['cancelled', 'error', 'interrupted', 'refusal'])

function MessageStatusBadge(props: ComponentPropsWithoutRef<'span'>) {
  const message = useMessageContext()
  const { labels } = useTranscriptOptions()
  if (!endings.has(message.status)) return null
  return (
    <span data-palimpsest-badge="message-status" data-status={message.status} {...props}>
      {labels.messageStatus[message.status] ?? message.status}
    </span>
  )
}

function MessageHeader({ children, ...rest }: ComponentPropsWithoutRef<'header'>) {
  const message = useMessageContext()
  const { labels } = useTranscriptOptions()
  return (
    <header data-palimpsest-message-header="" {...rest}>
      {children ?? (
        <>
          <span data-palimpsest-author="">{message.author ?? labels.roles[message.role] ?? message.role}</span>{' '}
          <MessageStatusBadge />
        </>
      )}
    </header>
  )
}

export interface MessageProps extends Omit<MessageRootProps, 'message'> {
  messageId: string
}

/** A message from the store, laid out as header, secondary content, primary content. */
function MessageById({ messageId, children, ...rest }: MessageProps) {
  const message = useMessage(messageId)
  if (!message) return null
  return (
    <MessageRoot message={message} {...rest}>
      {children ?? <DefaultMessageLayout />}
    </MessageRoot>
  )
}

export function DefaultMessageLayout() {
  return (
    <>
      <MessageHeader />
      <SecondaryContent />
      <PrimaryContent />
    </>
  )
}

export const Message = Object.assign(MessageById, {
  Root: MessageRoot,
  Header: MessageHeader,
  StatusBadge: MessageStatusBadge,
  Primary: PrimaryContent,
  Secondary: SecondaryContent,
})

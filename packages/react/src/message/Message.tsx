/**
 * One message: `Message.Root` (an `<article>` exposing `data-role`, `data-status`, `data-author`),
 * `Message.Header` (author or role, and the ending status when it is not a plain completion),
 * and the two slots `Message.Secondary` / `Message.Primary`. `<Message messageId>` composes them.
 * They are marked pure (`@__PURE__`), as are the slots, so a page that uses none of them (a
 * `Transcript` renders its own article, `MessageArticle`) leaves them out of its bundle.
 */
import type { Message as MessageState } from '@palimpsest/core'
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react'
import type { Labels } from '../options/labels'
import { useTranscriptOptions } from '../options/options-context'
import { useMessage } from '../store/selector-hooks'
import { PrimaryContent, SecondaryContent } from './MessageParts'
import { MessageContext, useMessageContext, useMessageSource } from './message-context'

export interface MessageRootProps extends ComponentPropsWithoutRef<'article'> {
  message: MessageState
  children?: ReactNode
}

/** The `<article>` of a message; its ref is the article (to measure or scroll to the message). */
const MessageRoot = /* @__PURE__ */ forwardRef<HTMLElement, MessageRootProps>(function MessageRoot(
  { message, children, ...rest },
  ref,
) {
  const { labels } = useTranscriptOptions()
  const source = useMessageSource(message)
  return (
    <MessageContext.Provider value={source}>
      <article ref={ref} aria-label={messageAuthorName(message, labels)} {...rest} {...messageDataAttributes(message)}>
        {children}
      </article>
    </MessageContext.Provider>
  )
})

/** Statuses worth saying out loud; `complete` and `streaming` show nothing here. */
const endings = new Set(['cancelled', 'error', 'interrupted', 'refusal'])

/** Whether the header shows the message's status (its ending, when it is not a plain completion). */
export function showsStatusBadge(message: MessageState): boolean {
  return endings.has(message.status)
}

/** The data attributes of a message's `<article>`, whichever component renders it. */
export function messageDataAttributes(message: MessageState) {
  return {
    'data-palimpsest-message': '',
    'data-message-id': message.id,
    'data-role': message.role,
    'data-status': message.status,
    'data-author': message.author,
    'data-sealed': message.sealed ? '' : undefined,
  }
}

/** The name a message is shown and labelled with: its author, else its role's label. */
export function messageAuthorName(message: MessageState, labels: Labels): string {
  return message.author ?? labels.roles[message.role] ?? message.role
}

const MessageStatusBadge = /* @__PURE__ */ forwardRef<
  HTMLSpanElement,
  Omit<ComponentPropsWithoutRef<'span'>, 'children'>
>(function MessageStatusBadge(props, ref) {
  const message = useMessageContext()
  const { labels } = useTranscriptOptions()
  if (!showsStatusBadge(message)) return null
  return (
    <span ref={ref} data-palimpsest-badge="message-status" {...props} data-status={message.status}>
      {messageStatusLabel(message, labels)}
    </span>
  )
})

function messageStatusLabel(message: MessageState, labels: Labels): string {
  return labels.messageStatus[message.status] ?? message.status
}

/** The HTML of `Message.StatusBadge` without props, for a header that renders it without the message context. */
export function statusBadge(message: MessageState, labels: Labels): ReactNode {
  return (
    <span data-palimpsest-badge="message-status" data-status={message.status}>
      {messageStatusLabel(message, labels)}
    </span>
  )
}

const MessageHeader = /* @__PURE__ */ forwardRef<HTMLElement, ComponentPropsWithoutRef<'header'>>(
  function MessageHeader({ children, ...rest }, ref) {
    const message = useMessageContext()
    const { labels } = useTranscriptOptions()
    return (
      <header ref={ref} data-palimpsest-message-header="" {...rest}>
        {children ?? defaultHeaderContent(message, labels, contextBadge)}
      </header>
    )
  },
)

/**
 * What a header shows unless given children: the author, then the status badge when the status is
 * worth saying, as `badge` renders it.
 */
export function defaultHeaderContent(
  message: MessageState,
  labels: Labels,
  badge: (message: MessageState, labels: Labels) => ReactNode,
): ReactNode {
  return (
    <>
      <span data-palimpsest-author="">{messageAuthorName(message, labels)}</span>{' '}
      {showsStatusBadge(message) ? badge(message, labels) : null}
    </>
  )
}

/** `Message.StatusBadge`, which reads the message context. */
const contextBadge = () => <MessageStatusBadge />

export interface MessageProps extends Omit<MessageRootProps, 'message'> {
  messageId: string
}

/** A message from the store, laid out as header, secondary content, primary content. */
const MessageById = /* @__PURE__ */ forwardRef<HTMLElement, MessageProps>(function MessageById(
  { messageId, children, ...rest },
  ref,
) {
  const message = useMessage(messageId)
  if (!message) return null
  return (
    <MessageRoot ref={ref} message={message} {...rest}>
      {children ?? <DefaultMessageLayout />}
    </MessageRoot>
  )
})

export function DefaultMessageLayout() {
  return (
    <>
      <MessageHeader />
      <SecondaryContent />
      <PrimaryContent />
    </>
  )
}

export const Message = /* @__PURE__ */ Object.assign(MessageById, {
  Root: MessageRoot,
  Header: MessageHeader,
  StatusBadge: MessageStatusBadge,
  Primary: PrimaryContent,
  Secondary: SecondaryContent,
})

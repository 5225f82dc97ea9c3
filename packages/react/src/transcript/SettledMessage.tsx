/**
 * A transcript message that mounted settled (finished, e.g. the history of a chat) in the default
 * layout: the HTML of `Message.Root` around `DefaultMessageLayout`, rendered by one component. The
 * layout's compound parts (root, header, badge, two slots, the part view and the text view) each
 * cost a fiber, its props and its hooks for as long as the message is shown; for a message that no
 * longer streams they do nothing, so thousands of settled messages would keep tens of fibers and
 * hooks each (`bench/RESULTS.md`, "Heap of settled messages (session 7)").
 *
 * Parts other than text, and a text part whose component is replaced, still render through
 * `PartView`, so panels keep their disclosure state and behaviour. Once the message streams again
 * it renders through the full layout (`TranscriptMessage`).
 */
import { isPartStreaming, isPrimary, isSecondary, type Message as MessageState, type Part } from '@palimpsest/core'
import type { CSSProperties, ReactNode } from 'react'
import { defaultHeaderContent, messageAuthorName, messageDataAttributes } from '../message/Message'
import { MessageContext, useMessageSource } from '../message/message-context'
import { PartView } from '../message/PartView'
import { useTranscriptOptions } from '../options/options-context'
import { SettledText, settledTextRender } from './SettledText'

export function SettledMessage({ message, style }: { message: MessageState; style?: CSSProperties | undefined }) {
  const options = useTranscriptOptions()
  const { labels } = options
  const source = useMessageSource(message)
  // A text part renders through `SettledText` unless its component is replaced or rewrites are marked.
  const text = options.components.text === undefined && !options.markRevisions ? settledTextRender(options) : undefined
  const renderPart = (part: Part): ReactNode =>
    part.kind === 'text' && text ? (
      <SettledText key={part.id} text={part.text} epoch={part.epoch} render={text} />
    ) : (
      <PartView key={part.id} part={part} message={message} streaming={isPartStreaming(message, part)} />
    )
  const secondary = message.parts.filter(isSecondary)
  const primary = message.parts.filter(isPrimary)
  return (
    <MessageContext.Provider value={source}>
      <article aria-label={messageAuthorName(message, labels)} style={style} {...messageDataAttributes(message)}>
        <header data-palimpsest-message-header="">{defaultHeaderContent(message, labels)}</header>
        {secondary.length > 0 ? <div data-palimpsest-slot="secondary">{secondary.map(renderPart)}</div> : null}
        {primary.length > 0 ? <div data-palimpsest-slot="primary">{primary.map(renderPart)}</div> : null}
      </article>
    </MessageContext.Provider>
  )
}

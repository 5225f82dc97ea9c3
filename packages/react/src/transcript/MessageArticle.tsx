/**
 * A transcript message in the default layout, streaming or settled: the HTML of `Message.Root`
 * around `DefaultMessageLayout`, rendered by one component. The layout's compound parts (root,
 * header, two slots) would each cost a fiber, its props and its hooks for as long as the message is
 * shown, and the header and slots each subscribe to the message (`bench/RESULTS.md`, "Heap of
 * settled messages (session 7)"); a page with only a `Transcript` then carries none of them.
 *
 * Parts render through `PartView`, so panels keep their disclosure state and behaviour, except the
 * text parts of a message that mounted settled (`settledText`, until it streams again): those
 * render through `SettledText`, one component instead of the text view, the replacement hold and
 * `StreamingMarkdown`, unless the text component is replaced or rewrites are marked.
 */
import { isPartStreaming, isPrimary, isSecondary, type Message as MessageState, type Part } from '@palimpsest/core'
import type { CSSProperties, ReactNode } from 'react'
import { defaultHeaderContent, messageAuthorName, messageDataAttributes } from '../message/Message'
import { MessageContext, useMessageSource } from '../message/message-context'
import { PartView } from '../message/PartView'
import { useTranscriptOptions } from '../options/options-context'
import { SettledText, settledTextRender } from './SettledText'

interface MessageArticleProps {
  message: MessageState
  style?: CSSProperties | undefined
  /** The message mounted settled and has not streamed since: its text parts render through `SettledText`. */
  settledText: boolean
}

export function MessageArticle({ message, style, settledText }: MessageArticleProps) {
  const options = useTranscriptOptions()
  const { labels } = options
  const source = useMessageSource(message)
  const text =
    settledText && options.components.text === undefined && !options.markRevisions
      ? settledTextRender(options)
      : undefined
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

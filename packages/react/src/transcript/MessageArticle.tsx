/**
 * A transcript message in the default layout, streaming or settled: the HTML of `Message.Root`
 * around `DefaultMessageLayout`, rendered by one component. The layout's compound parts (root,
 * header, two slots) would each cost a fiber, its props and its hooks for as long as the message is
 * shown, and the header and slots each subscribe to the message (`bench/RESULTS.md`, "Heap of
 * settled messages", sessions 7 and 8); a page with only a `Transcript` then carries none of them.
 *
 * Parts render through `PartView`, so panels keep their disclosure state and behaviour, except the
 * text parts of a message that mounted settled (until it streams again): those render as
 * `settledText` elements, in place of the text view, the replacement hold and `StreamingMarkdown`,
 * unless the text component is replaced or rewrites are marked. The message context (for part
 * components and element overrides that read it) is provided around the slots only when something
 * there may read it: a part rendered through `PartView`, or element overrides of the markdown.
 */
import {
  isPartStreaming,
  isPrimary,
  isSecondary,
  type Message as MessageState,
  type Part,
  type TextPart,
} from '@palimpsest/core'
import { type CSSProperties, memo, type ReactNode, type RefObject, useEffect, useReducer, useRef } from 'react'
import { defaultHeaderContent, messageAuthorName, messageDataAttributes, statusBadge } from '../message/Message'
import { MessageContext, useMessageSource } from '../message/message-context'
import { PartView } from '../message/PartView'
import { type TranscriptOptions, useTranscriptOptions } from '../options/options-context'
import { maxCompactedChars, scheduleCompaction } from './idle-compaction'
import { KeptText, settledText, settledTextRender } from './SettledText'

interface MessageArticleProps {
  message: MessageState
  style?: CSSProperties | undefined
}

/** Re-renders when its message or style changes. */
export const MessageArticle = memo(function MessageArticle({ message, style }: MessageArticleProps) {
  const options = useTranscriptOptions()
  const { labels } = options
  // What the text parts of a message that mounted settled keep (a list, one entry per text part),
  // until it streams: null from then on.
  const kept = useRef<KeptText | null | undefined>(undefined)
  if (message.status === 'streaming') kept.current = null
  const settles = options.components.text === undefined && !options.markRevisions
  const text = kept.current !== null && settles ? settledTextRender(options) : undefined
  const article = useRef<HTMLElement>(null)
  let readsContext = options.markdownComponents !== undefined
  const renderPart = (part: Part): ReactNode => {
    if (part.kind === 'text' && text) {
      let partText = kept.current ?? undefined
      while (partText && partText.partId !== part.id) partText = partText.next
      if (!partText) {
        partText = new KeptText(part.id, kept.current ?? undefined)
        kept.current = partText
      }
      return settledText(part.text, part.epoch, text, partText)
    }
    readsContext = true
    if (part.kind === 'text' && settles)
      return <StreamedText key={part.id} part={part} message={message} article={article} options={options} />
    return <PartView key={part.id} part={part} message={message} streaming={isPartStreaming(message, part)} />
  }
  const secondary = message.parts.filter(isSecondary)
  const primary = message.parts.filter(isPrimary)
  const secondarySlot =
    secondary.length > 0 ? <div data-palimpsest-slot="secondary">{secondary.map(renderPart)}</div> : null
  const primarySlot = primary.length > 0 ? <div data-palimpsest-slot="primary">{primary.map(renderPart)}</div> : null
  const header = <header data-palimpsest-message-header="">{defaultHeaderContent(message, labels, statusBadge)}</header>
  const attributes = { 'aria-label': messageAuthorName(message, labels), style, ...messageDataAttributes(message) }
  // The slots as the article's own children (a fragment around them would be a fiber per message).
  return readsContext ? (
    <article ref={article} {...attributes}>
      {header}
      <ProvidedMessage message={message}>
        {secondarySlot}
        {primarySlot}
      </ProvidedMessage>
    </article>
  ) : (
    <article ref={article} {...attributes}>
      {header}
      {secondarySlot}
      {primarySlot}
    </article>
  )
})

interface StreamedTextProps {
  part: TextPart
  message: MessageState
  article: RefObject<HTMLElement | null>
  options: TranscriptOptions
}

/**
 * A text part of a message that streamed: its live render (`PartView`) while the message streams,
 * and once it has finished and the page is idle, the render of a settled text (`idle-compaction.ts`),
 * unless an element override or the highlighter would show a render again (their components would
 * mount anew). Only messages that streamed have one: a history's messages carry none of its hooks.
 */
function StreamedText({ part, message, article, options }: StreamedTextProps) {
  const kept = useRef<KeptText | null>(null)
  const [, compacted] = useReducer((count: number) => count + 1, 0)
  const streaming = message.status === 'streaming'
  if (streaming) kept.current = null
  const chars = part.text.length
  const compactable =
    !streaming &&
    kept.current === null &&
    options.markdownComponents === undefined &&
    options.highlight === undefined &&
    chars <= maxCompactedChars
  useEffect(() => {
    if (!compactable) return
    return scheduleCompaction(
      () => article.current,
      chars,
      () => {
        kept.current = new KeptText(part.id, undefined)
        compacted()
      },
    )
  }, [compactable])
  if (kept.current) return settledText(part.text, part.epoch, settledTextRender(options), kept.current)
  return <PartView part={part} message={message} streaming={isPartStreaming(message, part)} />
}

function ProvidedMessage({ message, children }: { message: MessageState; children: ReactNode }) {
  return <MessageContext.Provider value={useMessageSource(message)}>{children}</MessageContext.Provider>
}

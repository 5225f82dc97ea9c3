/**
 * The message list: a `role="log"` scroll container, `aria-busy` while anything streams, a
 * separate polite status region that announces only "responding" and "done", stick-to-bottom
 * with a reliable escape and a "jump to latest" control, and `content-visibility: auto` on
 * settled messages so long transcripts stay fast.
 */
import { getMessage, type TranscriptStore } from '@palimpsest/core'
import { type ComponentPropsWithoutRef, type CSSProperties, memo, useEffect, useMemo, useRef, useState } from 'react'
import { useIsStreaming, useMessage, useMessageIds } from './hooks'
import { DefaultMessageLayout, Message } from './Message'
import { type TranscriptOptionsInput, TranscriptOptionsProvider, useTranscriptOptions } from './options-context'
import { ScrollAnchorContext } from './scroll-anchor'
import { TranscriptProvider, useTranscriptStore } from './store-context'
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect'
import { useStickToBottom } from './use-stick-to-bottom'
import { useTranscriptSelector } from './use-transcript-selector'
import { visuallyHidden } from './visually-hidden'

export interface TranscriptProps
  extends TranscriptOptionsInput,
    Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'onIssue'> {
  /** The store; optional inside a `TranscriptProvider`. */
  store?: TranscriptStore
  /** Skip rendering work for settled messages outside the viewport (`content-visibility: auto`). Default true. */
  lazyRender?: boolean
  /** Height (px) assumed for a settled message never rendered yet. Default 160. */
  estimatedMessageHeight?: number
  /** When a new user message arrives (the user just sent something), jump to it and follow again. Default true. */
  followOnUserMessage?: boolean
}

export function Transcript({ store, ...props }: TranscriptProps) {
  if (store)
    return (
      <TranscriptProvider store={store}>
        <TranscriptView {...props} />
      </TranscriptProvider>
    )
  return <TranscriptView {...props} />
}

function TranscriptView({
  components,
  markdownComponents,
  markdownSyntax,
  highlight,
  blockRemoteImages,
  holdMs,
  markRevisions,
  fadeIn,
  caret,
  autoDirection,
  panels,
  labels,
  onApprove,
  onDeny,
  onIssue,
  lazyRender = true,
  estimatedMessageHeight = 160,
  followOnUserMessage = true,
  ...rest
}: Omit<TranscriptProps, 'store'>) {
  return (
    <TranscriptOptionsProvider
      {...{ components, markdownComponents, highlight, blockRemoteImages, holdMs, markRevisions, panels, labels }}
      {...{ fadeIn, caret, autoDirection }}
      {...{ markdownSyntax, onApprove, onDeny, onIssue }}
    >
      <TranscriptFrame
        lazyRender={lazyRender}
        estimatedMessageHeight={estimatedMessageHeight}
        followOnUserMessage={followOnUserMessage}
        {...rest}
      />
    </TranscriptOptionsProvider>
  )
}

interface FrameProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  lazyRender: boolean
  estimatedMessageHeight: number
  followOnUserMessage: boolean
}

/** The id of the latest user message, if the latest message is one. */
function useLatestUserMessageId(): string | undefined {
  return useTranscriptSelector(useTranscriptStore(), (state) => {
    const id = state.messageIds[state.messageIds.length - 1]
    return id !== undefined && getMessage(state, id)?.role === 'user' ? id : undefined
  })
}

function useAnnouncement(streaming: boolean, responding: string, done: string): string {
  const [announcement, setAnnouncement] = useState('')
  const previous = useRef(false)
  useEffect(() => {
    if (previous.current === streaming) return
    previous.current = streaming
    setAnnouncement(streaming ? responding : done)
  }, [streaming, responding, done])
  return announcement
}

function TranscriptFrame({ lazyRender, estimatedMessageHeight, followOnUserMessage, ...rest }: FrameProps) {
  const { labels } = useTranscriptOptions()
  const streaming = useIsStreaming()
  const scrollerRef = useRef<HTMLDivElement | null>(null)
  const contentRef = useRef<HTMLDivElement | null>(null)
  const { following, atBottom, jumpToLatest, keepInPlace } = useStickToBottom(scrollerRef, contentRef)
  const announcement = useAnnouncement(streaming, labels.responding, labels.done)
  const latestUserMessage = useLatestUserMessageId()
  const seenUserMessage = useRef(latestUserMessage)
  useIsomorphicLayoutEffect(() => {
    if (latestUserMessage === seenUserMessage.current) return
    seenUserMessage.current = latestUserMessage
    if (latestUserMessage !== undefined && followOnUserMessage) jumpToLatest()
  }, [latestUserMessage, followOnUserMessage, jumpToLatest])
  const showJump = !following && !atBottom
  return (
    <ScrollAnchorContext.Provider value={keepInPlace}>
      <div
        data-palimpsest-transcript=""
        data-streaming={streaming ? '' : undefined}
        data-following={following ? '' : undefined}
        {...rest}
      >
        <div
          ref={scrollerRef}
          role="log"
          aria-label={labels.transcript}
          aria-busy={streaming}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
          tabIndex={0}
          data-palimpsest-scroller=""
        >
          <div ref={contentRef} data-palimpsest-messages="">
            <MessageList lazyRender={lazyRender} estimatedMessageHeight={estimatedMessageHeight} />
          </div>
        </div>
        <div role="status" aria-live="polite" data-palimpsest-announcer="" style={visuallyHidden}>
          {announcement}
        </div>
        {showJump && (
          <button type="button" data-palimpsest-jump="" onClick={jumpToLatest}>
            {labels.jumpToLatest}
          </button>
        )}
      </div>
    </ScrollAnchorContext.Provider>
  )
}

interface ListProps {
  lazyRender: boolean
  estimatedMessageHeight: number
}

/**
 * Messages per group of the list. React re-renders a streaming message by cloning the child list of
 * every component above it, so with every message a direct child of the list each chunk would cost
 * one clone per message in the transcript; in groups it costs one per group and one per message of
 * its own group.
 */
const messagesPerGroup = 64

/** `ids` cut into groups of `messagesPerGroup`; a group whose ids did not change keeps its array (and so does not re-render). */
function useMessageGroups(ids: string[]): string[][] {
  const previous = useRef<string[][]>([])
  return useMemo(() => {
    const groups: string[][] = []
    for (let start = 0; start < ids.length; start += messagesPerGroup) {
      const group = ids.slice(start, start + messagesPerGroup)
      const before = previous.current[groups.length]
      groups.push(before && before.length === group.length && before.every((id, i) => id === group[i]) ? before : group)
    }
    previous.current = groups
    return groups
  }, [ids])
}

const MessageList = memo(function MessageList(props: ListProps) {
  const groups = useMessageGroups(useMessageIds())
  // Keyed by position: a message removed from the middle moves the messages after it into other groups (they remount).
  return groups.map((ids, index) => <MessageGroup key={index} ids={ids} {...props} />)
})

/** One group of the list: no element of its own, so the DOM is the flat list of messages. */
const MessageGroup = memo(function MessageGroup({ ids, ...props }: ListProps & { ids: string[] }) {
  return ids.map((id) => <MessageItem key={id} id={id} {...props} />)
})

/** Subscribes to one message: a token elsewhere does not re-render it. */
const MessageItem = memo(function MessageItem({ id, lazyRender, estimatedMessageHeight }: ListProps & { id: string }) {
  const message = useMessage(id)
  const { components } = useTranscriptOptions()
  if (!message) return null
  const Custom = components.Message
  if (Custom) return <Custom message={message} />
  // `contain-intrinsic-size: auto` is set from the start so the browser remembers each message's real
  // height; when a message settles and becomes `content-visibility: auto`, its box keeps that height
  // (no collapse to the estimate, which would clamp the scroll position and look like a scroll up).
  const style: CSSProperties | undefined = lazyRender
    ? {
        containIntrinsicSize: `auto ${estimatedMessageHeight}px`,
        ...(message.status !== 'streaming' && { contentVisibility: 'auto' }),
      }
    : undefined
  return (
    <Message.Root message={message} style={style}>
      <DefaultMessageLayout />
    </Message.Root>
  )
})

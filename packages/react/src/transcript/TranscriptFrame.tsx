/**
 * What `Transcript` and `VirtualTranscript` share: their props, the providers, and the frame around
 * the message list — a `role="log"` scroll container, `aria-busy` while anything streams, a
 * separate polite status region that announces only "responding" and "done", stick-to-bottom with
 * a reliable escape and a "jump to latest" control. The list inside is each one's own.
 */
import { getMessage, type TranscriptStore } from '@palimpsest/core'
import {
  type ComponentPropsWithoutRef,
  type CSSProperties,
  forwardRef,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react'
import {
  type TranscriptOptionsInput,
  TranscriptOptionsProvider,
  useTranscriptOptions,
} from '../options/options-context'
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect'
import { visuallyHidden } from '../primitives/visually-hidden'
import { useIsStreaming } from '../store/selector-hooks'
import { TranscriptProvider, useTranscriptStore } from '../store/store-context'
import { useTranscriptSelector } from '../store/use-transcript-selector'
import { ScrollAnchorContext } from './scroll-anchor'
import { useStickToBottom } from './use-stick-to-bottom'

/** The props every transcript takes: the store, the options, its own behaviour, and the root `<div>`'s props. */
export interface TranscriptBaseProps
  extends TranscriptOptionsInput,
    Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'onIssue'> {
  /** The store; optional inside a `TranscriptProvider`. */
  store?: TranscriptStore
  /** Height (px) assumed for a message never rendered yet. Default 160. */
  estimatedMessageHeight?: number
  /** When a new user message arrives (the user just sent something), jump to it and follow again. Default true. */
  followOnUserMessage?: boolean
}

export const defaultEstimatedMessageHeight = 160

/** The store (when given) and the options, provided to everything below. */
export function TranscriptProviders({
  store,
  options,
  children,
}: {
  store: TranscriptStore | undefined
  options: TranscriptOptionsInput
  children: ReactNode
}) {
  const withOptions = <TranscriptOptionsProvider {...options}>{children}</TranscriptOptionsProvider>
  return store ? <TranscriptProvider store={store}>{withOptions}</TranscriptProvider> : withOptions
}

export interface TranscriptFrameProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  followOnUserMessage: boolean
  /** The message list, given the scroll container it is rendered in. */
  renderMessages: (scroller: RefObject<HTMLDivElement | null>) => ReactNode
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

/** The scroller is the floor's containing block (see `useStickToBottom`). */
const scrollerStyle: CSSProperties = { position: 'relative' }
/** Out of flow, invisible, untouchable; its height is set while following. */
const floorStyle: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: 1,
  visibility: 'hidden',
  pointerEvents: 'none',
}

/** The frame of a transcript; its ref is the root `<div>`. */
export const TranscriptFrame = forwardRef<HTMLDivElement, TranscriptFrameProps>(function TranscriptFrame(
  { followOnUserMessage, renderMessages, ...rest },
  ref,
) {
  const { labels } = useTranscriptOptions()
  const streaming = useIsStreaming()
  const scrollerRef = useRef<HTMLDivElement | null>(null)
  const floorRef = useRef<HTMLDivElement | null>(null)
  const contentRef = useRef<HTMLDivElement | null>(null)
  const { following, atBottom, jumpToLatest, keepInPlace } = useStickToBottom(scrollerRef, floorRef, contentRef)
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
        ref={ref}
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
          style={scrollerStyle}
        >
          <div ref={contentRef} data-palimpsest-messages="">
            {renderMessages(scrollerRef)}
          </div>
          <div ref={floorRef} data-palimpsest-scroll-floor="" aria-hidden="true" style={floorStyle} />
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
})

/**
 * The message list: every message in the DOM, in a `role="log"` scroll container (the frame:
 * `TranscriptFrame.tsx`), with `content-visibility: auto` on settled messages so long transcripts
 * stay fast. For tens of thousands of messages, `VirtualTranscript` (`@palimpsest/react/virtual`)
 * keeps only the visible ones in the DOM.
 */
import { type CSSProperties, forwardRef, memo, useMemo, useRef } from 'react'
import { splitTranscriptOptions, useTranscriptOptions } from '../options/options-context'
import { useMessageIds, useMessagesOf } from '../store/selector-hooks'
import {
  defaultEstimatedMessageHeight,
  type TranscriptBaseProps,
  TranscriptFrame,
  TranscriptProviders,
} from './TranscriptFrame'
import { transcriptMessage } from './TranscriptMessage'

export interface TranscriptProps extends TranscriptBaseProps {
  /** Skip rendering work for settled messages outside the viewport (`content-visibility: auto`). Default true. */
  lazyRender?: boolean
}

/** Every message of the store, in a scrolling log that follows the latest; its ref is the root `<div>`. */
export const Transcript = forwardRef<HTMLDivElement, TranscriptProps>(function Transcript(props, ref) {
  const [options, ownProps] = splitTranscriptOptions(props)
  const {
    store,
    lazyRender = true,
    estimatedMessageHeight = defaultEstimatedMessageHeight,
    followOnUserMessage = true,
    ...rest
  } = ownProps
  return (
    <TranscriptProviders store={store} options={options}>
      <TranscriptFrame
        ref={ref}
        followOnUserMessage={followOnUserMessage}
        renderMessages={() => <MessageList lazyRender={lazyRender} estimatedMessageHeight={estimatedMessageHeight} />}
        {...rest}
      />
    </TranscriptProviders>
  )
})

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

/** The styles of a streaming and of a settled message, shared by every message of the list. */
interface MessageStyles {
  streaming: CSSProperties
  settled: CSSProperties
}

const MessageList = memo(function MessageList({ lazyRender, estimatedMessageHeight }: ListProps) {
  const groups = useMessageGroups(useMessageIds())
  // `contain-intrinsic-size: auto` is set from the start so the browser remembers each message's real
  // height; when a message settles and becomes `content-visibility: auto`, its box keeps that height
  // (no collapse to the estimate, which would clamp the scroll position and look like a scroll up).
  const styles = useMemo<MessageStyles | undefined>(() => {
    if (!lazyRender) return undefined
    const streaming = { containIntrinsicSize: `auto ${estimatedMessageHeight}px` }
    return { streaming, settled: { ...streaming, contentVisibility: 'auto' } }
  }, [lazyRender, estimatedMessageHeight])
  // Keyed by position: a message removed from the middle moves the messages after it into other groups (they remount).
  return groups.map((ids, index) => <MessageGroup key={index} ids={ids} styles={styles} />)
})

interface GroupProps {
  ids: string[]
  styles: MessageStyles | undefined
}

/**
 * One group of the list: no element of its own, so the DOM is the flat list of messages. It
 * subscribes to its messages (a token elsewhere does not re-render it) and renders each through a
 * memoised component, so a token re-renders one message: one subscription per group rather than
 * per message keeps no hook or effect per settled message.
 */
const MessageGroup = memo(function MessageGroup({ ids, styles }: GroupProps) {
  const messages = useMessagesOf(ids)
  const Custom = useTranscriptOptions().components.Message
  return messages.map((message) => {
    if (!message) return null
    const style = styles && (message.status === 'streaming' ? styles.streaming : styles.settled)
    return transcriptMessage(Custom, message, style)
  })
})

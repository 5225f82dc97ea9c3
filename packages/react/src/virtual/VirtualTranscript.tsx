/**
 * A transcript that keeps only the messages near the viewport in the DOM (`@tanstack/react-virtual`),
 * for tens of thousands of messages. Same options and frame as `Transcript` (stick-to-bottom and its
 * escape, the announcer, "jump to latest"); every message is measured as it renders and re-measured
 * as it grows, and a message above the viewport that changes height moves the scroll position with
 * it, so what the user reads does not jump.
 *
 * Kept across unmounting: panel choices (they live in the store's disclosure registry) and focus
 * (the message holding it stays mounted). Not kept: messages out of range are not in the DOM, so the
 * browser's find-in-page and text selection reach only the rendered ones.
 */
import { defaultRangeExtractor, type Range, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import { forwardRef, memo, type RefObject, useCallback, useEffect, useState } from 'react'
import { splitTranscriptOptions } from '../options/options-context'
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect'
import { useMessage, useMessageIds } from '../store/selector-hooks'
import {
  defaultEstimatedMessageHeight,
  type TranscriptBaseProps,
  TranscriptFrame,
  TranscriptProviders,
} from '../transcript/TranscriptFrame'
import { TranscriptMessage } from '../transcript/TranscriptMessage'

export interface VirtualTranscriptProps extends TranscriptBaseProps {
  /** Messages rendered beyond each edge of the viewport (they are in the DOM, ready to scroll to). Default 4. */
  overscan?: number
}

export const defaultOverscan = 4

/** A transcript that renders only the messages near the viewport; its ref is the root `<div>`. */
export const VirtualTranscript = forwardRef<HTMLDivElement, VirtualTranscriptProps>(
  function VirtualTranscript(props, ref) {
    const [options, ownProps] = splitTranscriptOptions(props)
    const {
      store,
      estimatedMessageHeight = defaultEstimatedMessageHeight,
      followOnUserMessage = true,
      overscan = defaultOverscan,
      ...rest
    } = ownProps
    return (
      <TranscriptProviders store={store} options={options}>
        <TranscriptFrame
          ref={ref}
          followOnUserMessage={followOnUserMessage}
          renderMessages={(scroller) => (
            <VirtualMessageList
              scroller={scroller}
              estimatedMessageHeight={estimatedMessageHeight}
              overscan={overscan}
            />
          )}
          {...rest}
        />
      </TranscriptProviders>
    )
  },
)

interface ListProps {
  scroller: RefObject<HTMLDivElement | null>
  estimatedMessageHeight: number
  overscan: number
}

/** The message (by id) that holds focus inside `list`, so its row stays mounted while it is scrolled away. */
function useFocusedMessage(list: HTMLElement | null): string | undefined {
  const [focused, setFocused] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (!list) return
    const onFocusIn = (event: FocusEvent) => {
      const row = (event.target as Element).closest<HTMLElement>('[data-palimpsest-virtual-row]')
      setFocused(row?.dataset.messageKey)
    }
    const onFocusOut = (event: FocusEvent) => {
      // Focus moving to another element of the list is handled by its focusin.
      if (!(event.relatedTarget instanceof Node && list.contains(event.relatedTarget))) setFocused(undefined)
    }
    list.addEventListener('focusin', onFocusIn)
    list.addEventListener('focusout', onFocusOut)
    return () => {
      list.removeEventListener('focusin', onFocusIn)
      list.removeEventListener('focusout', onFocusOut)
    }
  }, [list])
  return focused
}

/** Where the list starts inside the scroll container (its padding), which the item offsets do not include. */
function useListOffset(scroller: RefObject<HTMLDivElement | null>, list: HTMLDivElement | null): number {
  const [offset, setOffset] = useState(0)
  useIsomorphicLayoutEffect(() => {
    const el = scroller.current
    if (!el || !list) return
    setOffset(list.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop)
  }, [scroller, list])
  return offset
}

const VirtualMessageList = memo(function VirtualMessageList({ scroller, estimatedMessageHeight, overscan }: ListProps) {
  const ids = useMessageIds()
  const [list, setList] = useState<HTMLDivElement | null>(null)
  const listOffset = useListOffset(scroller, list)
  const focused = useFocusedMessage(list)
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      const focusedIndex = focused === undefined ? -1 : ids.indexOf(focused)
      if (focusedIndex < 0 || indexes.includes(focusedIndex)) return indexes
      return [...indexes, focusedIndex].sort((a, b) => a - b)
    },
    [focused, ids],
  )
  // Stable while their inputs are: the virtualizer recomputes every message's offset when they change.
  const estimateSize = useCallback(() => estimatedMessageHeight, [estimatedMessageHeight])
  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids])
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    overscan,
    scrollMargin: listOffset,
    // A transcript opens at its latest message: start the range there rather than at the first.
    initialOffset: () => ids.length * estimatedMessageHeight,
    rangeExtractor,
  })
  return (
    <div
      ref={setList}
      data-palimpsest-virtual-messages=""
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => (
        <VirtualRow
          key={item.key}
          id={ids[item.index] ?? ''}
          index={item.index}
          top={item.start - listOffset}
          measure={virtualizer.measureElement}
        />
      ))}
    </div>
  )
})

interface RowProps {
  id: string
  index: number
  top: number
  measure: Virtualizer<HTMLDivElement, Element>['measureElement']
}

/** One measured row: subscribes to its message alone, so a token elsewhere does not re-render it. */
const VirtualRow = memo(function VirtualRow({ id, index, top, measure }: RowProps) {
  const message = useMessage(id)
  return (
    <div
      ref={measure}
      data-index={index}
      data-message-key={id}
      data-palimpsest-virtual-row=""
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${top}px)` }}
    >
      {message && <TranscriptMessage message={message} />}
    </div>
  )
})

/**
 * Flicker-free reset for one text buffer (answer or reasoning).
 *
 * A buffer's `epoch` increments on every clear or full replacement. When it does:
 * - if the new text is still empty while the message streams (a clear whose new text has not
 *   arrived), the previous text stays on screen, `replacing`, for up to `holdMs`;
 * - the box keeps its previous height (`minHeight`) until the new content is as tall or the
 *   message is finished, so nothing below it moves;
 * - a replacement that brings its text with it (a `full`) is shown at once, in one paint.
 * Old and new text are never combined: what is shown is always exactly one epoch's text.
 */
import { useEffect, useReducer, useRef, useState } from 'react'
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect'

export interface ReplacementHoldInput {
  text: string
  epoch: number
  /** The buffer may still receive text; when false everything is shown as it is, at once. */
  streaming: boolean
  holdMs: number
}

export interface ReplacementHold {
  /** The text to render. */
  text: string
  /** The previous epoch's text is shown because the new text has not arrived yet. */
  replacing: boolean
  /** Keep the box at least this tall (px), or `undefined`. */
  minHeight: number | undefined
  /** Attach to the element that wraps the rendered content (not the one that gets `minHeight`). */
  contentRef: React.RefObject<HTMLDivElement | null>
}

interface Tracker {
  shownText: string
  shownEpoch: number
  /** Latest height of the rendered content, from a ResizeObserver (no forced layout). */
  contentHeight: number
  heldHeight: number | undefined
  replacing: boolean
}

export function useReplacementHold({ text, epoch, streaming, holdMs }: ReplacementHoldInput): ReplacementHold {
  const contentRef = useRef<HTMLDivElement | null>(null)
  const tracker = useRef<Tracker>({
    shownText: text,
    shownEpoch: epoch,
    contentHeight: 0,
    heldHeight: undefined,
    replacing: false,
  })
  const [expiredEpoch, setExpiredEpoch] = useState<number | undefined>(undefined)
  const [, rerender] = useReducer((n: number) => n + 1, 0)

  const t = tracker.current
  const reset = epoch !== t.shownEpoch
  const replacing = streaming && text === '' && reset && t.shownText !== '' && expiredEpoch !== t.shownEpoch
  let minHeight = streaming ? t.heldHeight : undefined
  if (minHeight === undefined && streaming && reset && t.contentHeight > 0) minHeight = t.contentHeight
  const shown = replacing ? t.shownText : text
  const heldEpoch = t.shownEpoch

  useIsomorphicLayoutEffect(() => {
    const current = tracker.current
    if (!replacing) {
      current.shownText = text
      current.shownEpoch = epoch
    }
    current.replacing = replacing
    current.heldHeight = minHeight
  })

  // The epoch is a dependency only while it is held: every `full` moves it, and an effect to run
  // would make React schedule a task after each rewrite's commit.
  const holding = replacing ? heldEpoch : undefined
  useEffect(() => {
    if (holding === undefined) return
    const timer = setTimeout(() => setExpiredEpoch(holding), holdMs)
    return () => clearTimeout(timer)
  }, [holding, holdMs])

  // Heights matter only while the buffer may be cleared. A finished message's buffer drops its observer:
  // the browser checks every observed element on every frame, so thousands of settled messages each
  // observed would cost every frame of the page (and keep an observer and its callback alive each).
  useIsomorphicLayoutEffect(() => {
    const element = contentRef.current
    if (!streaming || !element || typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1]
      if (!entry) return
      const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height
      const current = tracker.current
      current.contentHeight = height
      if (current.heldHeight !== undefined && !current.replacing && height >= current.heldHeight) {
        current.heldHeight = undefined
        rerender()
      }
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [streaming])

  return { text: shown, replacing, minHeight, contentRef }
}

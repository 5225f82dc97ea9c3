/**
 * When a message that streamed has finished, its text stops needing what kept the stream cheap:
 * per-block components, the kept syntax and HTML trees every block patches, the split's records.
 * A transcript of a long session would otherwise hold all of that for every message it streamed
 * (1,000 streamed 2 KB messages: 77 MB of heap against 19.5 MB for the same messages mounted
 * settled; `bench/RESULTS.md`, session 11). So once the page is idle the message renders its text
 * as a settled message does (`settledText`): the same HTML, built again from the text.
 *
 * The DOM nodes of the text are replaced by equal ones, which nobody sees, except where a node has
 * state of its own: it waits while focus or the selection is inside the message or one of its
 * images is not loaded, and keeps its nodes if that lasts a minute (a broken image). A render
 * starts only in an idle period long enough for it (the text is parsed whole), so a text longer
 * than `maxCompactedChars` keeps its live render rather than make a long task.
 */

import { flushSync } from 'react-dom'

/**
 * What rendering a text settled costs, to start it only in an idle period long enough for it
 * (parsing dominates: 32 KB took 66 ms in a production server render in Node, so 0.5 KB a ms).
 */
const charsPerMs = 500
/** Idle periods are at most 50 ms: a text this long never fits one, and keeps its live render. */
export const maxCompactedChars = 24 * 1024
/** Without `requestIdleCallback` (Safari): a timer every `fallbackIntervalMs`, working for `fallbackBudgetMs`. */
const fallbackIntervalMs = 50
const fallbackBudgetMs = 8
/** How long a message holding focus or the selection, or with an image not loaded, waits before it is looked at again (ms). */
const retryMs = 1_000
/** Looks a message waits for: one whose image stays broken keeps its nodes after a minute. */
const maxTries = 60

interface Compaction {
  element: () => HTMLElement | null
  compact: () => void
  /** Estimated ms of the render. */
  costMs: number
  /** `performance.now()` before which it is not tried again. */
  notBefore: number
  tries: number
}

/** Every compaction waiting on the page, done in idle periods, oldest first, each rendered at once. */
const waiting = new Set<Compaction>()
let wakeUp: (() => void) | undefined

/**
 * Calls `compact` in an idle period once `element` can give up its nodes (in a `flushSync`, so the
 * render happens inside that idle period, not in a frame); returns a cancel.
 */
export function scheduleCompaction(element: () => HTMLElement | null, chars: number, compact: () => void): () => void {
  const compaction: Compaction = { element, compact, costMs: chars / charsPerMs, notBefore: 0, tries: 0 }
  waiting.add(compaction)
  scheduleRun(0)
  return () => {
    waiting.delete(compaction)
  }
}

function scheduleRun(delayMs: number): void {
  if (wakeUp) return
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback !== 'function') {
      const end = performance.now() + fallbackBudgetMs
      return run({ didTimeout: false, timeRemaining: () => Math.max(0, end - performance.now()) })
    }
    const idle = requestIdleCallback(run)
    wakeUp = () => cancelIdleCallback(idle)
  }, delayMs)
  wakeUp = () => clearTimeout(timer)
}

/** Compacts what is ready and fits in what is left of the idle period. */
function run(deadline: IdleDeadline): void {
  wakeUp = undefined
  let next = Number.POSITIVE_INFINITY
  const nextPeriod = typeof requestIdleCallback === 'function' ? 0 : fallbackIntervalMs
  for (const compaction of waiting) {
    const now = performance.now()
    if (compaction.costMs > deadline.timeRemaining()) {
      next = Math.min(next, nextPeriod)
      continue
    }
    if (compaction.notBefore > now) {
      next = Math.min(next, compaction.notBefore - now)
      continue
    }
    const target = compaction.element()
    if (!target || compaction.tries === maxTries) {
      waiting.delete(compaction)
      continue
    }
    if (!imagesLoaded(target) || holdsFocusOrSelection(target)) {
      compaction.tries++
      compaction.notBefore = now + retryMs
      next = Math.min(next, retryMs)
      continue
    }
    waiting.delete(compaction)
    flushSync(compaction.compact)
  }
  if (waiting.size > 0 && Number.isFinite(next)) scheduleRun(next)
}

/**
 * Whether the images shown are all loaded: a new `<img>` of a loaded image has it at once (the
 * document's available images), so it paints in the frame that shows it; one still loading would
 * start again, and a broken one would ask the server again and show its alternative text meanwhile.
 */
function imagesLoaded(element: HTMLElement): boolean {
  for (const image of element.getElementsByTagName('img')) {
    // Without a source (the URL policy removed it) there is nothing to load: the new one shows the same.
    if (image.getAttribute('src') && (!image.complete || image.naturalWidth === 0)) return false
  }
  return true
}

function holdsFocusOrSelection(element: HTMLElement): boolean {
  const { activeElement } = element.ownerDocument
  if (activeElement && element.contains(activeElement)) return true
  const selection = element.ownerDocument.getSelection()
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return false
  return selection.getRangeAt(0).intersectsNode(element)
}

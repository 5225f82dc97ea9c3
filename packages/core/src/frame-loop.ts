/**
 * The page's one animation-frame loop for the stores with the `'frame'` schedule. A store with queued
 * updates takes a place at the back of one queue, and the loop holds at most one animation-frame
 * request: a hundred streaming stores cost one callback a frame, not a hundred plus their retries.
 *
 * Each frame the loop flushes stores from the front of the queue until the frame budget is spent,
 * counted from the frame's first flush; the others keep their places, ahead of stores that queue
 * later. The first flush of a frame always happens, so every store gets its turn.
 */

/** Frames stop in hidden tabs; the loop's timer flushes anyway, so no store's queue grows without bound. */
const hiddenTabFlushMs = 250
/** Timer periods a store the frame budget keeps waiting waits at most before the timer flushes it. */
const maxBudgetWaits = 4

/** A store's place in the loop's queue. */
export interface FrameLoopTurn {
  /** Queues the store's flush at the back of the loop's queue, unless it is queued already. */
  request(): void
  /** Takes the store out of the queue (it flushed by itself). */
  cancel(): void
}

interface QueuedFlush {
  readonly flush: () => void
  readonly budgetMs: number
  /** The frame that had run when it queued: one queued during a frame's flushes waits for the next frame. */
  queuedAfterFrame: number
  /** The timer periods that had passed when it queued. */
  queuedAfterPeriod: number
}

/** Stores waiting for their flush, in the order they queued (a set keeps that order and deletes in O(1)). */
const waiting = new Set<QueuedFlush>()
/**
 * The function the pending animation-frame request went through. Fake timers in tests replace
 * `requestAnimationFrame` and drop what is pending when they go: a request made through a function
 * since replaced may never run, so the next store to queue requests again.
 */
let frameRequestedWith: typeof requestAnimationFrame | undefined
/** Frames the loop has run, counting the one whose flushes are running. */
let frames = 0
/**
 * The running round of flushes, one budget's worth: an animation frame's, or the timer's for stores
 * the budget kept waiting too long. `startedAt`: when its first flush began.
 */
const round = { inFrame: true, startedAt: 0 }
/** The pending timer, and the `setTimeout` that set it (replaced by fake timers like `requestAnimationFrame`). */
let timer: ReturnType<typeof setTimeout> | undefined
let timerSetWith: typeof setTimeout | undefined
let periods = 0
/** `frames` when the timer's running period began: unchanged at its end means frames have stopped. */
let framesAtPeriodStart = 0

/** A turn for `flush` in the page's frame loop; `budgetMs` is how much of a frame may pass before it waits. */
export function frameLoopTurn(flush: () => void, budgetMs: number): FrameLoopTurn {
  const queued: QueuedFlush = { flush, budgetMs, queuedAfterFrame: 0, queuedAfterPeriod: 0 }
  return {
    request() {
      if (waiting.has(queued)) return
      queued.queuedAfterFrame = frames
      queued.queuedAfterPeriod = periods
      waiting.add(queued)
      requestFrame()
      startPeriod()
    },
    cancel() {
      waiting.delete(queued)
    },
  }
}

function requestFrame(): void {
  if (frameRequestedWith === requestAnimationFrame) return
  frameRequestedWith = requestAnimationFrame
  requestAnimationFrame(runFrame)
}

function runFrame(): void {
  frameRequestedWith = undefined
  frames++
  startRound(true)
}

function startRound(inFrame: boolean): void {
  round.inFrame = inFrame
  round.startedAt = performance.now()
  flushNext(true)
}

/**
 * Flushes the round's next store, then continues from a microtask: the store's notification
 * scheduled React's synchronous re-render in a microtask (React 18 and 19 do), which thus runs
 * before the next budget check and counts in it, in the same frame.
 */
function flushNext(first: boolean): void {
  const next = nextInRound(first)
  if (next === undefined) {
    endRound()
    return
  }
  waiting.delete(next)
  flushReportingErrors(next)
  queueMicrotask(continueRound)
}

const continueRound = () => flushNext(false)

/**
 * The first store in queue order that this round flushes (queued before the frame; or kept waiting
 * too long, for the timer's) and whose own budget the round has not spent; any such store for the
 * round's first flush. Stores over their budget keep their places: with equal budgets this is the
 * front of the queue or nothing.
 */
function nextInRound(first: boolean): QueuedFlush | undefined {
  const elapsedMs = first ? 0 : performance.now() - round.startedAt
  for (const queued of waiting) {
    if (round.inFrame ? queued.queuedAfterFrame === frames : !isOverdue(queued)) return undefined
    if (first || elapsedMs <= queued.budgetMs) return queued
  }
  return undefined
}

function endRound(): void {
  if (round.inFrame) {
    if (waiting.size > 0) requestFrame()
    return
  }
  // A store queued during the round may have started a period: the catch-up goes first.
  clearTimer()
  setTimer(catchUp, 0)
}

const isOverdue = (queued: QueuedFlush) => periods - queued.queuedAfterPeriod >= maxBudgetWaits

function startPeriod(): void {
  if (timerSetWith === setTimeout || waiting.size === 0) return
  framesAtPeriodStart = frames
  setTimer(endPeriod, hiddenTabFlushMs)
}

function setTimer(callback: () => void, ms: number): void {
  timerSetWith = setTimeout
  timer = setTimeout(callback, ms)
}

function clearTimer(): void {
  if (timerSetWith === setTimeout) clearTimeout(timer)
  timer = timerSetWith = undefined
}

/**
 * No frame in the whole period: frames have stopped (a hidden tab), nothing is painted, and every
 * waiting store flushes now. While frames go on, only the stores the budget kept waiting
 * `maxBudgetWaits` periods flush from the timer: a page too loaded to give each store its turn in
 * time still shows what it received, late but not never. Any other flush between frames would render
 * outside every frame's budget and leave layout dirty for the next frame's scroll handlers.
 */
function endPeriod(): void {
  timer = timerSetWith = undefined
  periods++
  if (frames === framesAtPeriodStart) flushAll()
  else catchUp()
}

/**
 * Flushes the overdue stores a round (one budget) per task, so frames can run between the rounds
 * rather than wait for one long task; then counts periods again.
 */
function catchUp(): void {
  timer = timerSetWith = undefined
  const front = waiting.values().next().value
  if (front !== undefined && isOverdue(front)) startRound(false)
  else startPeriod()
}

function flushAll(): void {
  const due = [...waiting]
  waiting.clear()
  for (const queued of due) flushReportingErrors(queued)
  startPeriod()
}

/** What a store's flush throws (a subscriber's error) is reported as uncaught; the other stores still flush. */
function flushReportingErrors(queued: QueuedFlush): void {
  try {
    queued.flush()
  } catch (error) {
    queueMicrotask(() => {
      throw error
    })
  }
}

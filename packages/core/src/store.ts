/**
 * The transcript store: a zustand vanilla store whose updates queue and are reduced in one
 * batch per animation frame (or microtask, or on demand), with one notification per batch.
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import { MessageListeners, registerMessageListeners } from './message-subscriptions'
import { reduceBatch } from './reduce'
import { createInitialState, type TranscriptState } from './state'
import type { AgentUpdate, IssueHandler } from './updates'

/**
 * When queued updates are applied:
 * - `'frame'`: once per animation frame (default where `requestAnimationFrame` exists), so a clear
 *   followed by new text in the same frame is never painted empty; when the page's stores have
 *   used `frameBudgetMs` of the frame, the rest wait for the next one (a dashboard of streams);
 * - `'microtask'`: at the end of the current task (default elsewhere);
 * - `'sync'`: immediately, one notification per `apply` call;
 * - a function: called with `flush` whenever the queue becomes non-empty; call it when you like.
 */
export type Schedule = 'frame' | 'microtask' | 'sync' | ((flush: () => void) => void)

export interface TranscriptStoreOptions {
  schedule?: Schedule
  /** Every dropped or suspicious update is reported here; nothing throws. */
  onIssue?: IssueHandler
  /** Start from this state instead of an empty transcript (e.g. a saved one). */
  initialState?: TranscriptState
  /**
   * With the `'frame'` schedule: once the stores on the page have spent this many ms of the current
   * frame flushing and rendering, this store waits for the next frame (taking what arrives meanwhile
   * into the same batch) rather than make the page drop the frame. Waiting stores go first in the
   * next frame, and the first flush of a frame always happens, so every store gets its turn; the
   * hidden-tab timer flushes once 250 ms pass without a frame, or after 1 s of waiting. Default 4;
   * `Infinity` never waits.
   */
  frameBudgetMs?: number
}

export interface TranscriptActions {
  /** Queue one update or many; they are reduced at the next scheduled flush. */
  apply(update: AgentUpdate | readonly AgentUpdate[]): void
  /** Reduce everything queued now, in one batch with one notification. */
  flush(): void
  /** Drop the queue and return to the initial (empty) transcript. */
  reset(): void
}

export type TranscriptStoreState = TranscriptState & TranscriptActions
export type TranscriptStore = StoreApi<TranscriptStoreState>

/** Frames stop in hidden tabs; this timer flushes anyway, so the queue cannot grow without bound. */
const hiddenTabFlushMs = 250

/**
 * Default of `frameBudgetMs`. A 60 Hz frame is 16.7 ms; style, layout and paint of what the
 * flushes changed, and the app's own work, need the rest (measured with 20 streams in bench/).
 */
const defaultFrameBudgetMs = 4
/** Hidden-tab periods a store the frame budget keeps waiting waits at most before the timer flushes it. */
const maxBudgetWaits = 4

/**
 * When the first store flush of the current frame began (shared by every store on the page), so the
 * budget counts the work stores did in this frame, not a late start caused by something else; and
 * how many frames the stores have seen, so the hidden-tab timer can tell stopped frames from a wait.
 */
const currentFrame = { timestamp: Number.NaN, firstFlushAt: 0, count: 0 }

function frameScheduler(flush: () => void, budgetMs: number): () => void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    flush()
  }
  // Every animation-frame callback of one frame gets the same timestamp. A store over budget asks
  // again; callbacks asked for during a frame run first in the next one, so stores that waited
  // flush before stores with newer updates, and every frame flushes at least its first store.
  const onFrame = (timestamp: number) => {
    const now = performance.now()
    if (timestamp !== currentFrame.timestamp) {
      currentFrame.timestamp = timestamp
      currentFrame.firstFlushAt = now
      currentFrame.count++
    } else if (now - currentFrame.firstFlushAt > budgetMs) {
      frame = requestAnimationFrame(onFrame)
      return
    }
    run()
  }
  // The timer is for frames that stopped (a hidden tab), not for a store the budget made wait: while
  // frames still run it waits again. Flushing between frames would render outside any frame's budget
  // and leave layout dirty for the next frame's scroll handlers (a forced layout per frame with 100
  // streams). A page too loaded to give every store its turn within `maxBudgetWaits` periods gets the
  // flush anyway: what was received shows late, never not at all.
  let framesSeen = currentFrame.count
  let waits = 0
  const onTimer = () => {
    if (currentFrame.count === framesSeen || ++waits >= maxBudgetWaits) return run()
    framesSeen = currentFrame.count
    timer = setTimeout(onTimer, hiddenTabFlushMs)
  }
  let frame = requestAnimationFrame(onFrame)
  let timer = setTimeout(onTimer, hiddenTabFlushMs)
  return run
}

export function createTranscriptStore(options: TranscriptStoreOptions = {}): TranscriptStore {
  const schedule = options.schedule ?? (typeof requestAnimationFrame === 'function' ? 'frame' : 'microtask')
  const frameBudgetMs = options.frameBudgetMs ?? defaultFrameBudgetMs
  const onIssue = options.onIssue
  const report: IssueHandler = (issue) => onIssue?.(issue)
  let queue: AgentUpdate[] = []
  let scheduled = false

  const messageListeners = new MessageListeners()
  /** The state the running flush is setting: its message listeners are told which messages changed. */
  let flushed: TranscriptState | undefined

  const store = createStore<TranscriptStoreState>()((set, get, api) => {
    api.subscribe((state) => {
      if (state !== flushed) messageListeners.notifyAll()
    })

    const flush = () => {
      scheduled = false
      if (queue.length === 0) return
      const batch = queue
      queue = []
      const current = get()
      const { state: next, changedMessageIds } = reduceBatch(current, batch, report)
      if (next === current) return
      flushed = next
      try {
        set(next as TranscriptStoreState, true)
      } finally {
        flushed = undefined
      }
      messageListeners.notify(changedMessageIds)
    }

    const requestFlush = () => {
      if (scheduled) return
      scheduled = true
      if (schedule === 'frame') frameScheduler(flush, frameBudgetMs)
      else if (schedule === 'microtask') queueMicrotask(flush)
      else if (typeof schedule === 'function') schedule(flush)
    }

    return {
      ...(options.initialState ?? createInitialState()),
      apply(update) {
        if (Array.isArray(update)) {
          for (const u of update) queue.push(u)
        } else queue.push(update as AgentUpdate)
        if (schedule === 'sync') flush()
        else requestFlush()
      },
      flush,
      reset() {
        queue = []
        const { apply, flush: flushNow, reset } = get()
        set({ ...(options.initialState ?? createInitialState()), apply, flush: flushNow, reset }, true)
      },
    }
  })
  registerMessageListeners(store, messageListeners)
  return store
}

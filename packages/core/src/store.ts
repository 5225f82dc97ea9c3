/**
 * The transcript store: a zustand vanilla store whose updates queue and are reduced in one
 * batch per animation frame (in the page's shared frame loop, `frame-loop.ts`), or microtask, or on
 * demand, with one notification per batch.
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import { frameLoopTurn } from './frame-loop'
import { MessageListeners, registerMessageListeners } from './message-subscriptions'
import { reduceBatch } from './reduce'
import { createInitialState, type TranscriptState } from './state'
import type { AgentUpdate, IssueHandler } from './updates'

/**
 * When queued updates are applied:
 * - `'frame'`: once per animation frame (default where `requestAnimationFrame` exists), so a clear
 *   followed by new text in the same frame is never painted empty. All such stores on the page share
 *   one frame loop (one animation-frame callback a frame) that flushes them in the order they queued;
 *   once a frame's flushes and renders have used `frameBudgetMs`, the rest wait for the next frame
 *   (a dashboard of streams);
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
   * With the `'frame'` schedule: once this many ms of the current frame have passed since the page's
   * frame loop began flushing stores in it, this store waits for the next frame (taking what arrives
   * meanwhile into the same batch) rather than make the page drop the frame. The loop lets React
   * render each flushed store (its synchronous re-render runs in a microtask) before it reads the
   * clock for the next one, so the budget counts that render. Waiting stores keep their places and go
   * first in the next frame, and the first flush of a frame always happens, so every store gets its
   * turn; `flush()` called directly takes the store out of the line. Frames stop in hidden tabs: a
   * timer flushes once 250 ms pass without a frame; while frames go on, it flushes the stores the
   * budget kept waiting four such periods (1 s), a budget's worth per task. Default 4; `Infinity`
   * never waits.
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

/**
 * Default of `frameBudgetMs`. A 60 Hz frame is 16.7 ms; style, layout and paint of what the
 * flushes changed, and the app's own work, need the rest (measured with 20 streams in bench/).
 */
const defaultFrameBudgetMs = 4

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
      frameTurn?.cancel()
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

    const frameTurn = schedule === 'frame' ? frameLoopTurn(flush, frameBudgetMs) : undefined

    const requestFlush = () => {
      if (scheduled) return
      scheduled = true
      if (frameTurn) frameTurn.request()
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

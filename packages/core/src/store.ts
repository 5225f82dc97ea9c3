/**
 * The transcript store: a zustand vanilla store whose updates queue and are reduced in one
 * batch per animation frame (or microtask, or on demand), with one notification per batch.
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import { reduceAll } from './reduce'
import { createInitialState, type TranscriptState } from './state'
import type { AgentUpdate, IssueHandler } from './updates'

/**
 * When queued updates are applied:
 * - `'frame'`: once per animation frame (default where `requestAnimationFrame` exists), so a clear
 *   followed by new text in the same frame is never painted empty;
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

function frameScheduler(flush: () => void): () => void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    flush()
  }
  const frame = requestAnimationFrame(run)
  const timer = setTimeout(run, hiddenTabFlushMs)
  return run
}

export function createTranscriptStore(options: TranscriptStoreOptions = {}): TranscriptStore {
  const schedule = options.schedule ?? (typeof requestAnimationFrame === 'function' ? 'frame' : 'microtask')
  const onIssue = options.onIssue
  const report: IssueHandler = (issue) => onIssue?.(issue)
  let queue: AgentUpdate[] = []
  let scheduled = false

  return createStore<TranscriptStoreState>()((set, get) => {
    const flush = () => {
      scheduled = false
      if (queue.length === 0) return
      const batch = queue
      queue = []
      const current = get()
      const next = reduceAll(current, batch, report)
      if (next !== current) set(next as TranscriptStoreState, true)
    }

    const requestFlush = () => {
      if (scheduled) return
      scheduled = true
      if (schedule === 'frame') frameScheduler(flush)
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
}

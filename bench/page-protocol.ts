/**
 * What the Node side asks a benchmark page to do and what the page answers (plain JSON, passed
 * through Playwright's `page.evaluate`). Every page exposes the same `window.__bench`.
 */
import type { Splice } from './text-splices'

export interface StreamRequest {
  text: string
  seed: number
  chunksPerFrame: number
  /** Stop streaming after this much wall time (the renderer is then reported as incomplete). */
  budgetMs: number
  /**
   * Clear-heavy stream: after every this many characters, the frame's batch ends with a clear and
   * the next frame re-pushes the whole text so far (a full-state producer), then streaming goes on.
   */
  clearEveryChars?: number
  /** Run the same frame loop but hand the renderer nothing: what the loop and frame production cost alone. */
  dryRun?: boolean
  /** Text rendered in one frame before the streamed frames, untimed: `text` then streams after it. */
  prefix?: string
}

export interface StreamResult {
  frames: number
  /** Synchronous update + render + commit time of each frame's batch, in ms. */
  commitMs: number[]
  /** Durations of long tasks (> 50 ms) seen while streaming. */
  longTasksMs: number[]
  /** Frames whose painted message box was empty after the first content appeared. */
  emptyFrames: number
  clears: number
  streamedChars: number
  totalChars: number
  complete: boolean
  wallMs: number
}

export interface CorrectnessResult {
  /** The streamed DOM's final text equals the renderer's own render of the whole document at once. */
  equal: boolean
  streamedTextChars: number
  referenceTextChars: number
  /** First index where the two texts differ (-1 when equal). */
  firstDifference: number
  /** A few characters either side of the first difference, for the report. */
  excerpt?: { streamed: string; reference: string }
}

export interface DashboardRequest {
  /** What each stream streams (stream i streams texts[i % texts.length]). */
  texts: string[]
  streams: number
  chunksPerSecond: number
  /** Streams run this long before frames are measured (JIT warm-up, first layout of every cell). */
  warmupMs: number
  durationMs: number
  seed: number
}

export interface DashboardResult {
  frames: number
  /** Time between consecutive animation frames, ms. */
  frameIntervalsMs: number[]
  /** Main-thread work of each frame: from the frame's start to the first task after it rendered, ms. */
  frameWorkMs: number[]
  longTasksMs: number[]
  chunksDelivered: number
  /** Frames in which a stream's cell changed, summed over the streams (how fresh each stream's view stays). */
  cellUpdates: number
}

/**
 * One operation of a rewrite step, as the producer sends it: `push` a chunk, `clear`, `replace` the
 * whole text (a `full`) with the current text after `splices`, or `retract` (clear, then re-push the
 * first `keep` characters of the current text, in the same batch).
 */
export type RewriteOp =
  | { kind: 'push'; text: string }
  | { kind: 'clear' }
  | { kind: 'replace'; splices: Splice[] }
  | { kind: 'retract'; keep: number }

/** What arrives during one animation frame; a timed step's synchronous apply + render + commit is measured. */
export interface RewriteStep {
  ops: RewriteOp[]
  timed: boolean
}

export interface RewriteRequest {
  /** Rendered in one untimed commit before the steps (the message as it stood). */
  initial: string
  steps: RewriteStep[]
  /** What the text must be after the steps (a check that the page applied them as planned). */
  final: string
  /** Stop after this much wall time (the renderer is then reported as incomplete). */
  budgetMs: number
}

export interface RewriteResult {
  /** Synchronous apply + render + commit of each timed step, ms. */
  stepMs: number[]
  longTasksMs: number[]
  complete: boolean
  wallMs: number
  /** The final DOM (after the stream ends) against the same renderer's render of the final text on a fresh mount. */
  equalsFreshRender?: MarkupComparison
  /** Palimpsest only: its markdown against whole-text react-markdown's, block pages unwrapped. */
  equalsReactMarkdown?: MarkupComparison
}

export interface MarkupComparison {
  equal: boolean
  /** First index where the two markups differ (-1 when equal), and a few characters either side. */
  firstDifference: number
  excerpt?: { rewritten: string; reference: string }
}

/** Renders `text` on a fresh mount in one timed commit, `repeats` times (a new mount each time). */
export interface FreshRenderRequest {
  text: string
  repeats: number
}

export interface ManyMessagesRequest {
  texts: string[]
}

export interface HistoryRequest {
  /** The finished messages above the streaming one. */
  settled: string[]
  /** Streamed into the message below them, one chunk per frame, each committed at once. */
  text: string
  seed: number
}

export interface HistoryResult {
  /** Time of each chunk's push and commit, ms. */
  commitMs: number[]
}

export interface BenchPageApi {
  renderer: string
  /**
   * Streams other text, untimed, into a view that is then removed: the JIT warms up first, so the
   * first measured frames are not compile time.
   */
  warmup(request: StreamRequest): Promise<void>
  stream(request: StreamRequest): Promise<StreamResult>
  /** After `stream`: finish the stream, render the whole text at once elsewhere, compare texts. */
  check(fullText: string): Promise<CorrectnessResult>
  dashboard(request: DashboardRequest): Promise<DashboardResult>
  /** Applies rewrite steps frame by frame, times the timed ones, then compares the final DOM with fresh renders. */
  rewrite(request: RewriteRequest): Promise<RewriteResult>
  /** Commit time of rendering a text from nothing, once per fresh mount, ms. */
  freshRender(request: FreshRenderRequest): Promise<number[]>
  /** Renders a finished transcript of many messages; resolves once it has painted. */
  renderMany(request: ManyMessagesRequest): Promise<{ elements: number }>
  /** Renders `settled` finished messages, then streams `text` into a message below them; stays mounted. */
  streamBelowHistory(request: HistoryRequest): Promise<HistoryResult>
}

declare global {
  interface Window {
    __bench?: BenchPageApi
  }
}

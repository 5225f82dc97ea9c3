/**
 * What the Node side asks a benchmark page to do and what the page answers (plain JSON, passed
 * through Playwright's `page.evaluate`). Every page exposes the same `window.__bench`.
 */

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

/**
 * Scenarios 1 and 2: one renderer, one document, streamed frame by frame on a fresh page; main-thread
 * time from CDP, per-commit times, long tasks and painted empty frames from the page, then the
 * correctness check against the renderer's own render of the whole document.
 */
import type { Browser } from 'playwright-core'
import { type BenchPage, type MainThreadTime, openBenchPage, subtractTime } from '../browser-session'
import type { RendererName } from '../build-pages'
import type { CorrectnessResult } from '../page-protocol'
import { max, percentile } from '../stats'

export interface StreamSettings {
  seed: number
  chunksPerFrame: number
  budgetMs: number
  clearEveryChars?: number
  warmupText?: string
  dryRun?: boolean
  /** Appended to the page's URL (e.g. `?motion`, which the Palimpsest page reads). */
  pageQuery?: string
  /** Reads the page after the stream (and its check), before it closes: the result is the run's `inspected`. */
  inspect?: (bench: BenchPage) => Promise<Record<string, number>>
}

export interface StreamRun {
  renderer: RendererName
  chars: number
  mainThread: MainThreadTime
  frames: number
  commitP50Ms: number
  commitP95Ms: number
  commitMaxMs: number
  commitMs: number[]
  longTasks: number
  longestTaskMs: number
  emptyFrames: number
  clears: number
  /** False when the renderer ran out of its time budget before the end of the document. */
  complete: boolean
  streamedChars: number
  wallMs: number
  /** Only for complete streams. */
  correctness?: CorrectnessResult
  /** What `StreamSettings.inspect` read. */
  inspected?: Record<string, number>
}

/** Streams `warmupText` (when given), untimed, into a view the page then removes: the JIT warms up first. */
export async function warmUp(
  bench: BenchPage,
  settings: Pick<StreamSettings, 'warmupText' | 'seed' | 'chunksPerFrame' | 'budgetMs'>,
): Promise<void> {
  if (settings.warmupText)
    await bench.call('warmup', {
      text: settings.warmupText,
      seed: settings.seed + 1,
      chunksPerFrame: settings.chunksPerFrame,
      budgetMs: settings.budgetMs,
    })
}

export async function streamOnce(
  browser: Browser,
  origin: string,
  renderer: RendererName,
  text: string,
  settings: StreamSettings,
): Promise<StreamRun> {
  const bench = await openBenchPage(browser, origin, renderer, undefined, settings.pageQuery)
  try {
    await warmUp(bench, settings)
    const before = await bench.mainThread()
    const result = await bench.call('stream', {
      text,
      seed: settings.seed,
      chunksPerFrame: settings.chunksPerFrame,
      budgetMs: settings.budgetMs,
      ...(settings.clearEveryChars !== undefined && { clearEveryChars: settings.clearEveryChars }),
      ...(settings.dryRun && { dryRun: true }),
    })
    const mainThread = subtractTime(await bench.mainThread(), before)
    const correctness = result.complete && !settings.dryRun ? await bench.call('check', text) : undefined
    const inspected = settings.inspect && (await settings.inspect(bench))
    return {
      renderer,
      chars: text.length,
      mainThread,
      frames: result.frames,
      commitP50Ms: percentile(result.commitMs, 50),
      commitP95Ms: percentile(result.commitMs, 95),
      commitMaxMs: max(result.commitMs),
      commitMs: result.commitMs,
      longTasks: result.longTasksMs.length,
      longestTaskMs: result.longTasksMs.length ? max(result.longTasksMs) : 0,
      emptyFrames: result.emptyFrames,
      clears: result.clears,
      complete: result.complete,
      streamedChars: result.streamedChars,
      wallMs: result.wallMs,
      ...(correctness && { correctness }),
      ...(inspected && { inspected }),
    }
  } finally {
    await bench.close()
  }
}

/** Renderer order for one repetition: rotated each time, so none always runs first or last. */
export function alternatingOrder<T>(items: readonly T[], repetition: number): T[] {
  const shift = repetition % items.length
  return [...items.slice(shift), ...items.slice(0, shift)]
}

/**
 * Scenario 4: many concurrent streams in one page, each fed at a fixed chunk rate on the renderer's
 * own schedule, with real 60 Hz frames: frame intervals, per-frame main-thread work, dropped frames
 * and long tasks.
 */
import type { Browser } from 'playwright-core'
import { type MainThreadTime, openBenchPage, subtractTime } from '../browser-session'
import type { RendererName } from '../build-pages'
import { median, percentile } from '../stats'

export interface DashboardSettings {
  streams: number
  chunksPerSecond: number
  warmupMs: number
  durationMs: number
  seed: number
}

export interface DashboardRun {
  renderer: RendererName
  streams: number
  frames: number
  frameIntervalP95Ms: number
  /** Main-thread work from a frame's start until it has rendered. */
  frameWorkP95Ms: number
  /** Frames that should have been produced but were not (intervals beyond the vsync period). */
  droppedFrames: number
  longTasks: number
  chunksPerSecondDelivered: number
  /** How many times a second each stream's cell changed on screen, on average (at most the frame rate). */
  updatesPerStreamPerSecond: number
  mainThread: MainThreadTime
}

/**
 * Each stream's text: a document from its start (a slice from the middle could open a code fence
 * that never closes), long enough for the run at about 44 characters per chunk.
 */
export function dashboardTexts(
  documents: readonly string[],
  settings: Pick<DashboardSettings, 'chunksPerSecond' | 'warmupMs' | 'durationMs'>,
): string[] {
  const perStream = (settings.chunksPerSecond * (settings.warmupMs + settings.durationMs) * 44) / 1000
  return documents.map((text) => text.slice(0, perStream))
}

/** Frames missed in each interval, measured against the median interval (the display's period). */
export function countDroppedFrames(intervals: readonly number[]): number {
  const period = median(intervals)
  if (!Number.isFinite(period) || period <= 0) return 0
  let dropped = 0
  for (const interval of intervals) dropped += Math.max(0, Math.round(interval / period) - 1)
  return dropped
}

export async function dashboardOnce(
  browser: Browser,
  origin: string,
  renderer: RendererName,
  texts: string[],
  settings: DashboardSettings,
): Promise<DashboardRun> {
  const bench = await openBenchPage(browser, origin, renderer, { width: 1600, height: 1400 })
  try {
    const before = await bench.mainThread()
    const result = await bench.call('dashboard', { texts, ...settings })
    const mainThread = subtractTime(await bench.mainThread(), before)
    return {
      renderer,
      streams: settings.streams,
      frames: result.frames,
      frameIntervalP95Ms: percentile(result.frameIntervalsMs, 95),
      frameWorkP95Ms: percentile(result.frameWorkMs, 95),
      droppedFrames: countDroppedFrames(result.frameIntervalsMs),
      longTasks: result.longTasksMs.length,
      chunksPerSecondDelivered: result.chunksDelivered / (settings.durationMs / 1000),
      updatesPerStreamPerSecond: result.cellUpdates / settings.streams / (settings.durationMs / 1000),
      mainThread,
    }
  } finally {
    await bench.close()
  }
}

/**
 * Chromium through playwright-core: one browser per scenario family, a fresh context and page per
 * renderer run, and the CDP measurements (main-thread task time, heap after GC, DOM counters).
 */
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core'
import { chromiumLaunchOptions } from '../scripts/chromium'
import type { RendererName } from './build-pages'
import type { BenchPageApi } from './page-protocol'

export interface BrowserOptions {
  /**
   * Unthrottled frames: each animation frame still runs style, layout and paint, but the next one
   * starts as soon as the main thread is free instead of waiting for a 60 Hz vsync. Used for the
   * long streams (the frame count is fixed by the input); the dashboard needs real vsync.
   */
  unthrottledFrames: boolean
}

export async function launchBrowser({ unthrottledFrames }: BrowserOptions): Promise<Browser> {
  const { executablePath, args } = chromiumLaunchOptions()
  return chromium.launch({
    ...(executablePath && { executablePath }),
    args: [
      ...args,
      ...(unthrottledFrames ? ['--disable-frame-rate-limit', '--disable-gpu-vsync'] : []),
      '--enable-precise-memory-info',
      '--js-flags=--expose-gc',
    ],
  })
}

type PageMethod =
  | 'warmup'
  | 'stream'
  | 'check'
  | 'rewrite'
  | 'freshRender'
  | 'dashboard'
  | 'renderMany'
  | 'streamBelowHistory'

export interface MainThreadTime {
  /** All main-thread tasks, ms. */
  taskMs: number
  scriptMs: number
  layoutMs: number
  styleMs: number
}

export interface BenchPage {
  page: Page
  cdp: CDPSession
  /** Main-thread time so far (CDP Performance metrics). */
  mainThread(): Promise<MainThreadTime>
  /** JS heap in use after a full garbage collection, bytes. */
  heapAfterGc(): Promise<number>
  /** Live DOM nodes (elements and text) counted by Chromium. */
  domNodes(): Promise<number>
  call<M extends PageMethod>(
    method: M,
    arg: Parameters<BenchPageApi[M]>[0],
  ): Promise<Awaited<ReturnType<BenchPageApi[M]>>>
  close(): Promise<void>
}

export async function openBenchPage(
  browser: Browser,
  origin: string,
  renderer: RendererName,
  viewport = { width: 1024, height: 768 },
  query = '',
): Promise<BenchPage> {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${origin}/${renderer}.html${query || (process.env.BENCH_QUERY ?? '')}`)
  await page.waitForFunction(() => window.__bench !== undefined)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
  const metric = async (): Promise<MainThreadTime> => {
    const { metrics } = await cdp.send('Performance.getMetrics')
    const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000
    return {
      taskMs: value('TaskDuration'),
      scriptMs: value('ScriptDuration'),
      layoutMs: value('LayoutDuration'),
      styleMs: value('RecalcStyleDuration'),
    }
  }
  return {
    page,
    cdp,
    mainThread: metric,
    async heapAfterGc() {
      await cdp.send('HeapProfiler.enable')
      await cdp.send('HeapProfiler.collectGarbage')
      await cdp.send('HeapProfiler.collectGarbage')
      const { usedSize } = await cdp.send('Runtime.getHeapUsage')
      return usedSize
    },
    async domNodes() {
      const { nodes } = await cdp.send('Memory.getDOMCounters')
      return nodes
    },
    async call(method, arg) {
      const result = await page.evaluate(
        // biome-ignore lint/suspicious/noExplicitAny: the argument type is checked by `call`'s signature
        ([name, input]) => (window.__bench as any)[name](input),
        [method, arg] as const,
      )
      if (errors.length) throw new Error(`${renderer} page error: ${errors.join('; ')}`)
      return result
    },
    close: () => context.close(),
  }
}

export function subtractTime(after: MainThreadTime, before: MainThreadTime): MainThreadTime {
  return {
    taskMs: after.taskMs - before.taskMs,
    scriptMs: after.scriptMs - before.scriptMs,
    layoutMs: after.layoutMs - before.layoutMs,
    styleMs: after.styleMs - before.styleMs,
  }
}

/**
 * Scenario 6: a long history. Finished messages above one streaming message (a chat hours in): what
 * one chunk costs (push and synchronous commit, one chunk per frame) with few and with many settled
 * messages above it, and the JS heap after GC of the whole page once the stream has finished.
 * Palimpsest's `<Transcript>` against a memoised list of react-markdown messages.
 */
import type { Browser } from 'playwright-core'
import { openBenchPage } from '../browser-session'
import type { RendererName } from '../build-pages'
import { median, percentile } from '../stats'

/** The renderers this scenario compares (the others have no history view). */
export const historyRenderers = ['palimpsest', 'react-markdown'] as const satisfies readonly RendererName[]
export type HistoryRenderer = (typeof historyRenderers)[number]

export interface HistoryRun {
  renderer: HistoryRenderer
  settled: number
  chunks: number
  commitP50Ms: number
  commitP95Ms: number
  /** Heap after GC with the history and the finished message rendered, minus the page's heap before, bytes. */
  heapBytes: number
}

export async function historyOnce(
  browser: Browser,
  origin: string,
  renderer: HistoryRenderer,
  settled: string[],
  text: string,
  seed: number,
  query = '',
): Promise<HistoryRun> {
  const bench = await openBenchPage(browser, origin, renderer, undefined, query)
  try {
    const baseline = await bench.heapAfterGc()
    const { commitMs } = await bench.call('streamBelowHistory', { settled, text, seed })
    const heapBytes = (await bench.heapAfterGc()) - baseline
    return {
      renderer,
      settled: settled.length,
      chunks: commitMs.length,
      commitP50Ms: median(commitMs),
      commitP95Ms: percentile(commitMs, 95),
      heapBytes,
    }
  } finally {
    await bench.close()
  }
}

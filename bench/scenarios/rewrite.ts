/**
 * Scenario 6: rewrites. One renderer, one rewrite plan, on a fresh page: per-step times of the timed
 * steps, main-thread time over all steps, and whether the final DOM equals a fresh render of the
 * final text (for Palimpsest also whole-text react-markdown's markup).
 */
import type { Browser } from 'playwright-core'
import { type MainThreadTime, openBenchPage, subtractTime } from '../browser-session'
import type { RendererName } from '../build-pages'
import type { MarkupComparison } from '../page-protocol'
import { max, median, percentile } from '../stats'
import type { RewritePlan, RewriteScenarioName } from './rewrite-plans'
import { warmUp } from './streamed-render'

export interface RewriteSettings {
  seed: number
  chunksPerFrame: number
  budgetMs: number
  /** Streamed, untimed, into a view that is then removed, before the plan runs (JIT warm-up). */
  warmupText?: string
  /** Citations: how many fresh renders of the changed blocks alone to time. */
  changedBlockRenders?: number
}

export interface RewriteRun {
  renderer: RendererName
  scenario: RewriteScenarioName
  /** The nominal message size this plan was built for, and the final text's length. */
  size: number
  chars: number
  mainThread: MainThreadTime
  steps: number
  stepP50Ms: number
  stepP95Ms: number
  stepMaxMs: number
  longTasks: number
  complete: boolean
  wallMs: number
  equalsFreshRender?: MarkupComparison
  equalsReactMarkdown?: MarkupComparison
  /** Citations: p50 of rendering the changed blocks alone on a fresh mount, ms. */
  changedBlocksP50Ms?: number
}

export async function rewriteOnce(
  browser: Browser,
  origin: string,
  renderer: RendererName,
  plan: RewritePlan,
  size: number,
  settings: RewriteSettings,
): Promise<RewriteRun> {
  const bench = await openBenchPage(browser, origin, renderer)
  try {
    await warmUp(bench, settings)
    const before = await bench.mainThread()
    const result = await bench.call('rewrite', {
      initial: plan.initial,
      steps: plan.steps,
      final: plan.final,
      budgetMs: settings.budgetMs,
    })
    const mainThread = subtractTime(await bench.mainThread(), before)
    const changedBlocks =
      plan.changedBlocks && result.complete
        ? await bench.call('freshRender', { text: plan.changedBlocks, repeats: settings.changedBlockRenders ?? 10 })
        : undefined
    return {
      renderer,
      scenario: plan.scenario,
      size,
      chars: plan.final.length,
      mainThread,
      steps: result.stepMs.length,
      stepP50Ms: percentile(result.stepMs, 50),
      stepP95Ms: percentile(result.stepMs, 95),
      stepMaxMs: max(result.stepMs),
      longTasks: result.longTasksMs.length,
      complete: result.complete,
      wallMs: result.wallMs,
      ...(result.equalsFreshRender && { equalsFreshRender: result.equalsFreshRender }),
      ...(result.equalsReactMarkdown && { equalsReactMarkdown: result.equalsReactMarkdown }),
      ...(changedBlocks && { changedBlocksP50Ms: median(changedBlocks) }),
    }
  } finally {
    await bench.close()
  }
}

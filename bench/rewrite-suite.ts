/**
 * Every rewrite scenario at every size for a set of renderers, repeated, in rotated renderer order:
 * the per-run results, medians per renderer, and the ratios the targets read (taken within each
 * repetition, then the median). Used by `npm run bench` and `bench/rewrite-probe.ts`.
 */
import type { Browser } from 'playwright-core'
import type { RendererName } from './build-pages'
import type { RewriteConfig } from './config'
import type { Corpus } from './corpus'
import { type RewriteRun, rewriteOnce } from './scenarios/rewrite'
import { type RewriteScenarioName, rewritePlan, rewriteScenarioNames } from './scenarios/rewrite-plans'
import { alternatingOrder } from './scenarios/streamed-render'
import { median } from './stats'

/** The renderers compared with Palimpsest on rewrites (the raw `<pre>` floor has no markdown to rewrite). */
export const rewritePeers = ['react-markdown', 'streamdown', 'tanstack-markdown'] as const satisfies RendererName[]

export type MarkupVerdict = 'equal' | 'differs' | 'unchecked'

export interface RewriteSummary {
  renderer: RendererName
  scenario: RewriteScenarioName
  size: number
  chars: number
  runs: number
  steps: number
  stepP50Ms: number
  stepP95Ms: number
  stepMaxMs: number
  taskMs: number
  longTasks: number
  complete: boolean
  equalsFreshRender: MarkupVerdict
  /** Palimpsest only. */
  equalsReactMarkdown?: MarkupVerdict
  /** The first difference found, from a differing run. */
  difference?: { against: 'fresh render' | 'react-markdown'; at: number; rewritten: string; reference: string }
  changedBlocksP50Ms?: number
}

export interface RewriteSuiteSettings {
  config: RewriteConfig
  repetitions: number
  seed: number
  chunksPerFrame: number
  warmupText: string
  renderers: readonly RendererName[]
  scenarios?: readonly RewriteScenarioName[]
}

export interface RewriteSuiteResult {
  summaries: RewriteSummary[]
  runs: RewriteRun[][]
  ratios: Record<string, number>
}

/** The sizes a scenario runs at for a renderer (diffusion has one size of its own). */
export function rewriteSizes(config: RewriteConfig, scenario: RewriteScenarioName, renderer: RendererName): number[] {
  if (scenario === 'diffusion') return [config.diffusion.answerChars]
  return renderer === 'palimpsest' ? [...config.sizes, ...config.palimpsestOnlySizes] : config.sizes
}

const runKey = (scenario: string, size: number, renderer: string) => `${scenario}:${size}:${renderer}`

function verdict(comparisons: ({ equal: boolean } | undefined)[]): MarkupVerdict {
  const checked = comparisons.filter((c) => c !== undefined)
  if (checked.length === 0) return 'unchecked'
  return checked.every((c) => c.equal) ? 'equal' : 'differs'
}

function summarize(runs: RewriteRun[]): RewriteSummary {
  const first = runs[0] as RewriteRun
  const fresh = runs.find((r) => r.equalsFreshRender && !r.equalsFreshRender.equal)?.equalsFreshRender
  const flat = runs.find((r) => r.equalsReactMarkdown && !r.equalsReactMarkdown.equal)?.equalsReactMarkdown
  const differing = fresh
    ? { against: 'fresh render' as const, comparison: fresh }
    : flat && { against: 'react-markdown' as const, comparison: flat }
  const changed = runs.flatMap((r) => (r.changedBlocksP50Ms === undefined ? [] : [r.changedBlocksP50Ms]))
  return {
    renderer: first.renderer,
    scenario: first.scenario,
    size: first.size,
    chars: first.chars,
    runs: runs.length,
    steps: Math.min(...runs.map((r) => r.steps)),
    stepP50Ms: median(runs.map((r) => r.stepP50Ms)),
    stepP95Ms: median(runs.map((r) => r.stepP95Ms)),
    stepMaxMs: median(runs.map((r) => r.stepMaxMs)),
    taskMs: median(runs.map((r) => r.mainThread.taskMs)),
    longTasks: median(runs.map((r) => r.longTasks)),
    complete: runs.every((r) => r.complete),
    equalsFreshRender: verdict(runs.map((r) => r.equalsFreshRender)),
    ...(first.renderer === 'palimpsest' && { equalsReactMarkdown: verdict(runs.map((r) => r.equalsReactMarkdown)) }),
    ...(differing && {
      difference: {
        against: differing.against,
        at: differing.comparison.firstDifference,
        rewritten: differing.comparison.excerpt?.rewritten ?? '',
        reference: differing.comparison.excerpt?.reference ?? '',
      },
    }),
    ...(changed.length > 0 && { changedBlocksP50Ms: median(changed) }),
  }
}

/** Ratio names, shared by the suite (which computes them) and the targets (which read them). */
export const rewriteRatio = {
  peerOverOwn: (scenario: string, size: number) => `rewrite ${scenario} ${size}: fastest peer / palimpsest step p50`,
  growth: (scenario: string, large: number, small: number) =>
    `rewrite ${scenario}: palimpsest step p50 at ${large} / at ${small}`,
  overChangedBlocks: (scenario: string, size: number) =>
    `rewrite ${scenario} ${size}: palimpsest step p50 / changed blocks rendered alone`,
}

function rewriteRatios(config: RewriteConfig, byRepetition: Map<string, RewriteRun>[]): Record<string, number> {
  const ratios: Record<string, number> = {}
  const collect = (key: string, value: (runs: Map<string, RewriteRun>) => number | undefined) => {
    const values = byRepetition.map(value).filter((v): v is number => v !== undefined && Number.isFinite(v))
    if (values.length) ratios[key] = median(values)
  }
  const smallest = Math.min(...config.sizes)
  const largest = Math.max(...config.sizes)
  for (const scenario of rewriteScenarioNames) {
    for (const size of rewriteSizes(config, scenario, 'react-markdown')) {
      const own = (runs: Map<string, RewriteRun>) => {
        const run = runs.get(runKey(scenario, size, 'palimpsest'))
        return run?.complete ? run : undefined
      }
      const fastest = (runs: Map<string, RewriteRun>) =>
        rewritePeers
          .map((peer) => runs.get(runKey(scenario, size, peer)))
          .filter((run): run is RewriteRun => run?.complete === true)
          .sort((a, b) => a.stepP50Ms - b.stepP50Ms)[0]
      collect(rewriteRatio.peerOverOwn(scenario, size), (runs) => {
        const peer = fastest(runs)
        const run = own(runs)
        return peer && run ? peer.stepP50Ms / run.stepP50Ms : undefined
      })
      if (scenario === 'citations' || scenario === 'footnotes')
        collect(rewriteRatio.overChangedBlocks(scenario, size), (runs) => {
          const run = own(runs)
          return run?.changedBlocksP50Ms ? run.stepP50Ms / run.changedBlocksP50Ms : undefined
        })
    }
    if (scenario !== 'diffusion' && largest > smallest)
      collect(rewriteRatio.growth(scenario, largest, smallest), (runs) => {
        const large = runs.get(runKey(scenario, largest, 'palimpsest'))
        const small = runs.get(runKey(scenario, smallest, 'palimpsest'))
        return large?.complete && small?.complete ? large.stepP50Ms / small.stepP50Ms : undefined
      })
  }
  return ratios
}

export async function runRewriteSuite(
  browser: Browser,
  origin: string,
  corpus: Pick<Corpus, 'text'>,
  settings: RewriteSuiteSettings,
  log: (line: string) => void = () => {},
): Promise<RewriteSuiteResult> {
  const { config } = settings
  const byRepetition: Map<string, RewriteRun>[] = Array.from({ length: settings.repetitions }, () => new Map())
  const all = new Map<string, RewriteRun[]>()
  for (const scenario of settings.scenarios ?? rewriteScenarioNames) {
    const sizes = [...new Set(settings.renderers.flatMap((renderer) => rewriteSizes(config, scenario, renderer)))]
    for (const size of sizes.sort((a, b) => a - b)) {
      const plan = rewritePlan(scenario, size, corpus, config, settings.seed, settings.chunksPerFrame)
      const renderers = settings.renderers.filter((r) => rewriteSizes(config, scenario, r).includes(size))
      for (let repetition = 0; repetition < settings.repetitions; repetition++)
        for (const renderer of alternatingOrder(renderers, repetition)) {
          const key = runKey(scenario, size, renderer)
          const previous = all.get(key) ?? []
          // A renderer that could not finish within its budget once is not made to time out again.
          if (previous.some((r) => !r.complete)) continue
          const run = await rewriteOnce(browser, origin, renderer, plan, size, {
            seed: settings.seed,
            chunksPerFrame: settings.chunksPerFrame,
            budgetMs: config.budgetMs,
            warmupText: settings.warmupText,
            changedBlockRenders: config.citations.steps,
          })
          previous.push(run)
          all.set(key, previous)
          byRepetition[repetition]?.set(key, run)
          const same = (c?: { equal: boolean }) => (c === undefined ? '' : c.equal ? ' equal' : ' DIFFERS')
          log(
            `  ${scenario.padEnd(14)} ${String(size).padStart(8)} chars  ${renderer.padEnd(17)} ${run.steps} steps p50/p95/max ` +
              `${run.stepP50Ms.toFixed(2)}/${run.stepP95Ms.toFixed(2)}/${run.stepMaxMs.toFixed(1)} ms  ` +
              `task ${run.mainThread.taskMs.toFixed(0)} (script ${run.mainThread.scriptMs.toFixed(0)} layout ${run.mainThread.layoutMs.toFixed(0)} style ${run.mainThread.styleMs.toFixed(0)}) ms  long ${run.longTasks}  ` +
              (run.complete
                ? `fresh:${same(run.equalsFreshRender)}` +
                  (run.equalsReactMarkdown ? `  react-markdown:${same(run.equalsReactMarkdown)}` : '') +
                  (run.changedBlocksP50Ms === undefined
                    ? ''
                    : `  changed blocks alone p50 ${run.changedBlocksP50Ms.toFixed(1)} ms`)
                : 'incomplete'),
          )
        }
    }
  }
  return {
    summaries: [...all.values()].map(summarize),
    runs: byRepetition.map((runs) => [...runs.values()]),
    ratios: rewriteRatios(config, byRepetition),
  }
}

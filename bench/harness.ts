/**
 * Runs every scenario of a `BenchConfig` and returns plain, JSON-ready results: per-run numbers,
 * per-renderer medians over the repetitions, ratios taken within each repetition, and the targets.
 */
import type { Browser } from 'playwright-core'
import { launchBrowser } from './browser-session'
import { buildPages, type RendererName, rendererNames } from './build-pages'
import type { BenchConfig, ScenarioName } from './config'
import { documentPrefix, loadCorpus } from './corpus'
import { planTurn } from './ingest-events'
import { type RewriteSummary, rewritePeers, runRewriteSuite } from './rewrite-suite'
import { type DashboardRun, dashboardOnce, dashboardTexts } from './scenarios/dashboard'
import { type HistoryRenderer, type HistoryRun, historyOnce, historyRenderers } from './scenarios/history'
import { type IngestPipeline, type IngestRun, ingestOnce, ingestPipelines } from './scenarios/ingest'
import { type MemoryRun, memoryOnce, transcriptTexts } from './scenarios/memory'
import type { RewriteRun } from './scenarios/rewrite'
import { alternatingOrder, type StreamRun, streamOnce } from './scenarios/streamed-render'
import { serveDirectory } from './static-server'
import { median, percentile } from './stats'
import { evaluateTargets, type TargetResult } from './targets'

export interface StreamSummary {
  renderer: RendererName
  chars: number
  runs: number
  taskMs: number
  layoutAndStyleMs: number
  frames: number
  commitP50Ms: number
  commitP95Ms: number
  commitMaxMs: number
  /** p95 over frames of each frame's fastest commit across repetitions (filters noise from other load). */
  steadyCommitP95Ms: number
  longTasks: number
  longestTaskMs: number
  /** Worst run. */
  emptyFrames: number
  clears: number
  complete: boolean
  streamedChars: number
  /** 'equal', 'differs' or 'unchecked' (the stream did not finish in its budget). */
  correctness: 'equal' | 'differs' | 'unchecked'
  renderedTextChars?: number
  referenceTextChars?: number
  difference?: { at: number; streamed: string; reference: string }
}

export interface DashboardSummary {
  renderer: RendererName
  streams: number
  runs: number
  frameIntervalP95Ms: number
  frameWorkP95Ms: number
  droppedFrames: number
  longTasks: number
  taskMsPerSecond: number
  chunksPerSecondDelivered: number
  updatesPerStreamPerSecond: number
}

export interface MemorySummary {
  renderer: RendererName
  messages: number
  chars: number
  heapBytes: number
  domNodes: number
}

export interface HistorySummary {
  renderer: HistoryRenderer
  settled: number
  commitP50Ms: number
  commitP95Ms: number
  heapBytes: number
}

export interface IngestSummary {
  pipeline: IngestPipeline
  updates: number
  updatesPerSecond: number
  bytesPerUpdate: number
  answerComplete: boolean
}

export interface BenchResults {
  config: BenchConfig
  startedAt: string
  durationS: number
  /** `loadAverage`: the 1-minute load average when the run started (other work on the machine). */
  environment: { node: string; chromium: string; cpus: number; loadAverage?: number }
  corpus: { path: string; chars: number }[]
  longMessage: { summaries: StreamSummary[]; runs: Omit<StreamRun, 'commitMs'>[][] }
  clearHeavy: { summaries: StreamSummary[]; runs: Omit<StreamRun, 'commitMs'>[][] }
  ingest: { summaries: IngestSummary[]; runs: IngestRun[] }
  dashboard: { summaries: DashboardSummary[]; runs: DashboardRun[] }
  memory: { summaries: MemorySummary[]; runs: MemoryRun[] }
  /** Absent in results saved before the rewrite scenarios existed. */
  rewrite?: { summaries: RewriteSummary[]; runs: RewriteRun[][] }
  /** Absent from results saved before the scenario existed. */
  history?: { summaries: HistorySummary[]; runs: HistoryRun[] }
  /** Scenarios measured again later with `--only` and merged in (when, which). */
  reruns?: { scenarios: string[]; startedAt: string }[]
  /** Ratios computed inside each repetition, then the median over repetitions. */
  ratios: Record<string, number>
  targets: TargetResult[]
}

export type Log = (line: string) => void

function summarizeStreams(runs: StreamRun[]): StreamSummary {
  const first = runs[0] as StreamRun
  const complete = runs.every((r) => r.complete)
  const checked = runs.filter((r) => r.correctness)
  const differing = checked.find((r) => !r.correctness?.equal)
  const frameCount = complete ? Math.min(...runs.map((r) => r.commitMs.length)) : 0
  const fastest = Array.from({ length: frameCount }, (_, i) => Math.min(...runs.map((r) => r.commitMs[i] as number)))
  const sample = (differing ?? checked[0])?.correctness
  return {
    renderer: first.renderer,
    chars: first.chars,
    runs: runs.length,
    taskMs: median(runs.map((r) => r.mainThread.taskMs)),
    layoutAndStyleMs: median(runs.map((r) => r.mainThread.layoutMs + r.mainThread.styleMs)),
    frames: median(runs.map((r) => r.frames)),
    commitP50Ms: median(runs.map((r) => r.commitP50Ms)),
    commitP95Ms: median(runs.map((r) => r.commitP95Ms)),
    commitMaxMs: median(runs.map((r) => r.commitMaxMs)),
    steadyCommitP95Ms: complete ? percentile(fastest, 95) : Number.NaN,
    longTasks: median(runs.map((r) => r.longTasks)),
    longestTaskMs: Math.max(...runs.map((r) => r.longestTaskMs)),
    emptyFrames: Math.max(...runs.map((r) => r.emptyFrames)),
    clears: median(runs.map((r) => r.clears)),
    complete,
    streamedChars: Math.min(...runs.map((r) => r.streamedChars)),
    correctness: checked.length === 0 ? 'unchecked' : differing ? 'differs' : 'equal',
    ...(sample && { renderedTextChars: sample.streamedTextChars, referenceTextChars: sample.referenceTextChars }),
    ...(differing?.correctness?.excerpt && {
      difference: { at: differing.correctness.firstDifference, ...differing.correctness.excerpt },
    }),
  }
}

const withoutFrames = ({ commitMs: _, ...run }: StreamRun) => run

async function streamScenario(
  browser: Browser,
  origin: string,
  config: BenchConfig,
  corpusText: string,
  sizes: number[],
  budgetMs: (size: number) => number,
  clearEveryChars: number | undefined,
  log: Log,
): Promise<{ summaries: StreamSummary[]; byRepetition: Map<string, StreamRun>[] }> {
  const warmupText = corpusText.slice(corpusText.length - config.warmupChars)
  const summaries: StreamSummary[] = []
  const byRepetition: Map<string, StreamRun>[] = Array.from({ length: config.repetitions }, () => new Map())
  for (const size of sizes) {
    const text = documentPrefix({ text: corpusText }, size)
    const runs = new Map<RendererName, StreamRun[]>(rendererNames.map((name) => [name, []]))
    for (let repetition = 0; repetition < config.repetitions; repetition++) {
      for (const renderer of alternatingOrder(rendererNames, repetition)) {
        const previous = runs.get(renderer) ?? []
        // A renderer that could not finish within its budget once is not made to time out again.
        if (previous.some((r) => !r.complete)) continue
        const run = await streamOnce(browser, origin, renderer, text, {
          seed: config.seed,
          chunksPerFrame: config.chunksPerFrame,
          budgetMs: budgetMs(size),
          warmupText,
          ...(clearEveryChars !== undefined && { clearEveryChars }),
        })
        previous.push(run)
        byRepetition[repetition]?.set(`${size}:${renderer}`, run)
        log(
          `  ${size} chars  ${renderer.padEnd(14)} task ${run.mainThread.taskMs.toFixed(0)} ms  p95 ${run.commitP95Ms.toFixed(1)} ms` +
            `  long ${run.longTasks}  empty ${run.emptyFrames}  ${run.complete ? (run.correctness?.equal ? 'equal' : 'DIFFERS') : 'incomplete'}`,
        )
      }
    }
    for (const renderer of rendererNames) summaries.push(summarizeStreams(runs.get(renderer) ?? []))
  }
  return { summaries, byRepetition }
}

/** Median over repetitions of `numerator / denominator`, each taken within one repetition. */
function ratioWithinRuns(
  byRepetition: Map<string, StreamRun>[],
  numerator: string,
  denominator: string,
  value: (run: StreamRun) => number,
): number {
  const ratios: number[] = []
  for (const runs of byRepetition) {
    const top = runs.get(numerator)
    const bottom = runs.get(denominator)
    if (top?.complete && bottom?.complete) ratios.push(value(top) / value(bottom))
  }
  return median(ratios)
}

export async function runBench(config: BenchConfig, log: Log = () => {}): Promise<BenchResults> {
  const started = Date.now()
  const startLoadAverage = (await import('node:os')).loadavg()[0]
  const largest = Math.max(
    ...config.longMessage.sizes,
    ...config.clearHeavy.sizes,
    ...config.rewrite.sizes,
    ...config.rewrite.palimpsestOnlySizes,
  )
  const corpus = loadCorpus(
    Math.max(largest, (config.memory.messages * config.memory.charsPerMessage) / 4) + config.warmupChars * 2,
  )
  log(`corpus: ${corpus.text.length} chars from ${corpus.sources.length} documents`)
  log('building pages (Vite, production)')
  const server = await serveDirectory(await buildPages({ directory: `pages-${config.name}` }))
  const ratios: Record<string, number> = {}
  const wants = (scenario: ScenarioName) => !config.scenarios || config.scenarios.includes(scenario)
  const none = { summaries: [], byRepetition: [] }
  let chromium = ''
  try {
    const fast = await launchBrowser({ unthrottledFrames: true })
    chromium = fast.version()
    let longMessage: Awaited<ReturnType<typeof streamScenario>>
    let clearHeavy: Awaited<ReturnType<typeof streamScenario>>
    let rewrite: Awaited<ReturnType<typeof runRewriteSuite>> = { summaries: [], runs: [], ratios: {} }
    try {
      log('1. long message render')
      longMessage = !wants('long-message')
        ? none
        : await streamScenario(
            fast,
            server.origin,
            config,
            corpus.text,
            config.longMessage.sizes,
            (size) => config.longMessage.budgetMsBySize?.[size] ?? config.longMessage.budgetMs,
            undefined,
            log,
          )
      log('2. clear-heavy stream')
      clearHeavy = !wants('clear-heavy')
        ? none
        : await streamScenario(
            fast,
            server.origin,
            config,
            corpus.text,
            config.clearHeavy.sizes,
            (size) => config.clearHeavy.budgetMsBySize?.[size] ?? config.clearHeavy.budgetMs,
            config.clearHeavy.clearEveryChars,
            log,
          )
      log('6. rewrites')
      if (wants('rewrite'))
        rewrite = await runRewriteSuite(
          fast,
          server.origin,
          corpus,
          {
            config: config.rewrite,
            repetitions: config.repetitions,
            seed: config.seed,
            chunksPerFrame: config.chunksPerFrame,
            warmupText: corpus.text.slice(corpus.text.length - config.warmupChars),
            renderers: ['palimpsest', ...rewritePeers],
          },
          log,
        )
      Object.assign(ratios, rewrite.ratios)
    } finally {
      await fast.close()
    }
    const smallest = Math.min(...config.longMessage.sizes)
    for (const size of wants('long-message') ? config.longMessage.sizes : []) {
      for (const peer of ['react-markdown', 'streamdown', 'raw-append'] as const) {
        ratios[`long ${size}: ${peer} / palimpsest task time`] = ratioWithinRuns(
          longMessage.byRepetition,
          `${size}:${peer}`,
          `${size}:palimpsest`,
          (r) => r.mainThread.taskMs,
        )
      }
      ratios[`long ${size}: palimpsest commit p95 / at ${smallest}`] = ratioWithinRuns(
        longMessage.byRepetition,
        `${size}:palimpsest`,
        `${smallest}:palimpsest`,
        (r) => r.commitP95Ms,
      )
    }

    log('3. ingest (Node)')
    const answer = documentPrefix(corpus, config.ingest.answerChars)
    const plan = planTurn({
      answer,
      reasoning: corpus.text.slice(-config.ingest.reasoningChars),
      toolCalls: config.ingest.toolCalls,
      seed: config.seed,
    })
    const ingestRepetitions = wants('ingest') ? config.repetitions : 0
    // Warm-up: every pipeline runs the whole turn once, so the optimising compiler has seen it.
    const times = new Map<IngestPipeline, number>()
    if (ingestRepetitions)
      for (const pipeline of ingestPipelines) {
        const warm = await ingestOnce(pipeline, plan, answer)
        times.set(pipeline, Math.max(1, Math.ceil(config.ingest.minMeasureMs / warm.ms)))
      }
    const ingestRuns: IngestRun[] = []
    const ratiosPerRepetition: Record<string, number[]> = {}
    for (let repetition = 0; repetition < ingestRepetitions; repetition++) {
      // Within a repetition the pipelines take turns for several rounds and each keeps its fastest
      // round: the work is identical every round, so a slower round is other load on the machine.
      const byPipeline = new Map<IngestPipeline, IngestRun>()
      for (let round = 0; round < config.ingest.rounds; round++)
        for (const pipeline of alternatingOrder(ingestPipelines, repetition + round)) {
          const run = await ingestOnce(pipeline, plan, answer, times.get(pipeline))
          const best = byPipeline.get(pipeline)
          if (!best || run.ms < best.ms) byPipeline.set(pipeline, run)
        }
      for (const run of byPipeline.values()) {
        ingestRuns.push(run)
        log(
          `  ${run.pipeline.padEnd(14)} ${run.updatesPerSecond.toFixed(0)} updates/s  ${run.bytesPerUpdate.toFixed(0)} B/update`,
        )
      }
      for (const peer of ['ag-ui-client', 'ai-sdk'] as const) {
        const key = `ingest: palimpsest / ${peer} updates per second`
        const own = byPipeline.get('palimpsest')
        const other = byPipeline.get(peer)
        if (own && other) {
          const values = ratiosPerRepetition[key] ?? []
          values.push(own.updatesPerSecond / other.updatesPerSecond)
          ratiosPerRepetition[key] = values
        }
      }
    }
    for (const [key, values] of Object.entries(ratiosPerRepetition)) ratios[key] = median(values)

    const vsync = await launchBrowser({ unthrottledFrames: false })
    const dashboardRuns: DashboardRun[] = []
    const memoryRuns: MemoryRun[] = []
    const historyRuns: HistoryRun[] = []
    try {
      log('4. dashboard')
      const streamTexts = dashboardTexts(corpus.documents, config.dashboard)
      for (const streams of wants('dashboard') ? config.dashboard.streams : [])
        for (let repetition = 0; repetition < config.repetitions; repetition++)
          for (const renderer of alternatingOrder(rendererNames, repetition)) {
            const run = await dashboardOnce(vsync, server.origin, renderer, streamTexts, {
              streams,
              chunksPerSecond: config.dashboard.chunksPerSecond,
              warmupMs: config.dashboard.warmupMs,
              durationMs: config.dashboard.durationMs,
              seed: config.seed,
            })
            dashboardRuns.push(run)
            log(
              `  ${streams} streams ${renderer.padEnd(14)} frame work p95 ${run.frameWorkP95Ms.toFixed(1)} ms  interval p95 ${run.frameIntervalP95Ms.toFixed(1)} ms  dropped ${run.droppedFrames}  long ${run.longTasks}`,
            )
          }
      log('5. memory')
      const texts = transcriptTexts(corpus.text, config.memory.messages, config.memory.charsPerMessage)
      for (let repetition = 0; repetition < (wants('memory') ? config.repetitions : 0); repetition++)
        for (const renderer of alternatingOrder(rendererNames, repetition)) {
          const run = await memoryOnce(vsync, server.origin, renderer, texts)
          memoryRuns.push(run)
          log(`  ${renderer.padEnd(14)} heap ${(run.heapBytes / 1e6).toFixed(1)} MB  DOM nodes ${run.domNodes}`)
        }
      log('6. history')
      const history = config.history
      const streamed = documentPrefix(corpus, history.streamedChars)
      const fewest = Math.min(...history.settled)
      const most = Math.max(...history.settled)
      const historyRatios: Record<string, number[]> = {}
      const addRatio = (key: string, value: number) => {
        historyRatios[key] = [...(historyRatios[key] ?? []), value]
      }
      for (let repetition = 0; repetition < (wants('history') ? config.repetitions : 0); repetition++) {
        const byKey = new Map<string, HistoryRun>()
        for (const count of history.settled) {
          const settled = transcriptTexts(corpus.text, count, history.charsPerMessage)
          for (const renderer of alternatingOrder(historyRenderers, repetition)) {
            const run = await historyOnce(vsync, server.origin, renderer, settled, streamed, config.seed)
            historyRuns.push(run)
            byKey.set(`${count}:${renderer}`, run)
            log(
              `  ${count} settled ${renderer.padEnd(14)} chunk p50 ${run.commitP50Ms.toFixed(2)} ms  p95 ${run.commitP95Ms.toFixed(2)} ms  heap ${(run.heapBytes / 1e6).toFixed(1)} MB`,
            )
          }
        }
        const at = (count: number, renderer: HistoryRenderer) => byKey.get(`${count}:${renderer}`) as HistoryRun
        addRatio(
          `history: palimpsest chunk p50 at ${most} / at ${fewest} settled`,
          at(most, 'palimpsest').commitP50Ms / at(fewest, 'palimpsest').commitP50Ms,
        )
        addRatio(
          `history: palimpsest / react-markdown chunk p50 at ${most} settled`,
          at(most, 'palimpsest').commitP50Ms / at(most, 'react-markdown').commitP50Ms,
        )
        addRatio(
          `history: palimpsest / react-markdown heap at ${most} settled`,
          at(most, 'palimpsest').heapBytes / at(most, 'react-markdown').heapBytes,
        )
      }
      for (const [key, values] of Object.entries(historyRatios)) ratios[key] = median(values)
    } finally {
      await vsync.close()
    }

    const historySummaries: HistorySummary[] = config.history.settled.flatMap((settled) =>
      historyRenderers.map((renderer) => {
        const runs = historyRuns.filter((r) => r.renderer === renderer && r.settled === settled)
        return {
          renderer,
          settled,
          commitP50Ms: median(runs.map((r) => r.commitP50Ms)),
          commitP95Ms: median(runs.map((r) => r.commitP95Ms)),
          heapBytes: median(runs.map((r) => r.heapBytes)),
        }
      }),
    )
    const ingestSummaries: IngestSummary[] = ingestPipelines.map((pipeline) => {
      const runs = ingestRuns.filter((r) => r.pipeline === pipeline)
      return {
        pipeline,
        updates: runs[0]?.updates ?? 0,
        updatesPerSecond: median(runs.map((r) => r.updatesPerSecond)),
        bytesPerUpdate: median(runs.map((r) => r.bytesPerUpdate)),
        answerComplete: runs.every((r) => r.answerComplete),
      }
    })
    const dashboardSummaries: DashboardSummary[] = config.dashboard.streams.flatMap((streams) =>
      rendererNames.map((renderer) => {
        const runs = dashboardRuns.filter((r) => r.renderer === renderer && r.streams === streams)
        return {
          renderer,
          streams,
          runs: runs.length,
          frameIntervalP95Ms: median(runs.map((r) => r.frameIntervalP95Ms)),
          frameWorkP95Ms: median(runs.map((r) => r.frameWorkP95Ms)),
          droppedFrames: median(runs.map((r) => r.droppedFrames)),
          longTasks: median(runs.map((r) => r.longTasks)),
          taskMsPerSecond: median(runs.map((r) => r.mainThread.taskMs / (config.dashboard.durationMs / 1000))),
          chunksPerSecondDelivered: median(runs.map((r) => r.chunksPerSecondDelivered)),
          updatesPerStreamPerSecond: median(runs.map((r) => r.updatesPerStreamPerSecond)),
        }
      }),
    )
    const memorySummaries: MemorySummary[] = rendererNames.map((renderer) => {
      const runs = memoryRuns.filter((r) => r.renderer === renderer)
      return {
        renderer,
        messages: runs[0]?.messages ?? 0,
        chars: runs[0]?.chars ?? 0,
        heapBytes: median(runs.map((r) => r.heapBytes)),
        domNodes: median(runs.map((r) => r.domNodes)),
      }
    })

    const results: Omit<BenchResults, 'targets'> = {
      config,
      startedAt: new Date(started).toISOString(),
      durationS: (Date.now() - started) / 1000,
      environment: {
        node: process.version,
        chromium,
        cpus: (await import('node:os')).cpus().length,
        loadAverage: startLoadAverage,
      },
      corpus: corpus.sources,
      longMessage: {
        summaries: longMessage.summaries,
        runs: longMessage.byRepetition.map((runs) => [...runs.values()].map(withoutFrames)),
      },
      clearHeavy: {
        summaries: clearHeavy.summaries,
        runs: clearHeavy.byRepetition.map((runs) => [...runs.values()].map(withoutFrames)),
      },
      ingest: { summaries: ingestSummaries, runs: ingestRuns },
      dashboard: { summaries: dashboardSummaries, runs: dashboardRuns },
      memory: { summaries: memorySummaries, runs: memoryRuns },
      rewrite: { summaries: rewrite.summaries, runs: rewrite.runs },
      history: { summaries: historySummaries, runs: historyRuns },
      ratios,
    }
    return { ...results, targets: evaluateTargets(results) }
  } finally {
    await server.close()
  }
}

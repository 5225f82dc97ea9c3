/**
 * Probe: streaming a ~50 KB code-heavy answer (TypeScript, Python and diff fences, from the stories'
 * `codeHeavyAnswer`, repeated with numbered identifiers) with code highlighting on, in Chromium:
 * Palimpsest with `@palimpsest/react/code` (`createShikiHighlighter` and `createCodeBlock`) against
 * Streamdown with `@streamdown/code`. Each page loads its grammars before it reports ready, warms up
 * on one copy of the answer, then streams the answer committing once per frame, as the other probes
 * do. Prints main-thread time (CDP TaskDuration), and the highlighted token spans in the final DOM.
 *   npx tsx bench/highlight-stream-probe.ts [repetitions] [chars] [off|no-header|main-thread]
 * `off`: the same pages and answer with highlighting off (plain code blocks), for comparison; `no-header`:
 * Palimpsest highlights without `createCodeBlock` (its header with the language and Copy);
 * `main-thread`: Palimpsest tokenises on the main thread instead of in its worker.
 */
import { loadavg } from 'node:os'
import { type BenchPage, launchBrowser } from './browser-session'
import { buildPages, type RendererName } from './build-pages'
import { codeAnswer, highlightQuery } from './code-answer'
import { fullConfig } from './config'
import { alternatingOrder, type StreamRun, streamOnce } from './scenarios/streamed-render'
import { serveDirectory } from './static-server'

const repetitions = Number(process.argv[2] ?? 3)
const size = Number(process.argv[3] ?? 50_000)
const pageQuery = highlightQuery(process.argv[4])

const text = codeAnswer('total', size)
const warmupText = codeAnswer('warm', 1)
const fences = [...text.matchAll(/^```(\w+)$/gm)].map((match) => match[1])
const renderers: RendererName[] = ['palimpsest', 'streamdown']

/** Highlighted token spans (a colour from the highlighter: a style or a token class) and code blocks in the page once the stream is done. */
async function countHighlighting(bench: BenchPage): Promise<Record<string, number>> {
  await bench.page.waitForTimeout(500)
  return bench.page.evaluate(() => {
    // A colour from an inline style (Streamdown) or from a token class of the stylesheet (Palimpsest).
    const spans = [...document.querySelectorAll('pre span')].filter(
      (span) =>
        /(^|;)\s*(color|--shiki)/.test(span.getAttribute('style') ?? '') ||
        /(^| )palimpsest-code-token-/.test(span.className),
    )
    return { tokenSpans: spans.length, pres: document.querySelectorAll('pre').length }
  })
}

const load = loadavg()
console.log(
  `${new Date().toISOString()}  load average ${load.map((value) => value.toFixed(2)).join(' ')}  answer ${text.length} chars, ${fences.length} fences (${[...new Set(fences)].join(', ')})`,
)
const server = await serveDirectory(await buildPages({ directory: 'pages-highlight', pages: renderers }))
const browser = await launchBrowser({ unthrottledFrames: true })
const runs = new Map<RendererName, StreamRun[]>(renderers.map((renderer) => [renderer, []]))
const floors: number[] = []
try {
  for (let repetition = 0; repetition < repetitions; repetition++) {
    // The frame loop alone (the same frames, nothing rendered): what any renderer pays to be streamed at all.
    const floor = await streamOnce(browser, server.origin, 'palimpsest', text, {
      seed: fullConfig.seed,
      chunksPerFrame: fullConfig.chunksPerFrame,
      budgetMs: 600_000,
      warmupText,
      pageQuery,
      dryRun: true,
    })
    floors.push(floor.mainThread.taskMs)
    console.log(`frame loop  task ${floor.mainThread.taskMs.toFixed(0)} ms  frames ${floor.frames}`)
    for (const renderer of alternatingOrder(renderers, repetition)) {
      const run = await streamOnce(browser, server.origin, renderer, text, {
        seed: fullConfig.seed,
        chunksPerFrame: fullConfig.chunksPerFrame,
        budgetMs: 600_000,
        warmupText,
        pageQuery,
        inspect: countHighlighting,
      })
      runs.get(renderer)?.push(run)
      const { taskMs, scriptMs, layoutMs, styleMs } = run.mainThread
      console.log(
        `${renderer.padEnd(11)} task ${taskMs.toFixed(0)} (over the frame loop ${(taskMs - floor.mainThread.taskMs).toFixed(0)}) script ${scriptMs.toFixed(0)} layout ${layoutMs.toFixed(0)} style ${styleMs.toFixed(0)} ms  frames ${run.frames}  commit p50/p95/max ${run.commitP50Ms.toFixed(1)}/${run.commitP95Ms.toFixed(1)}/${run.commitMaxMs.toFixed(0)}  long ${run.longTasks}  token spans ${run.inspected?.tokenSpans} in ${run.inspected?.pres} pre  ${run.complete ? (run.correctness?.equal ? 'equal' : 'text differs from its own whole render') : 'incomplete'}`,
      )
    }
  }
} finally {
  await browser.close()
  await server.close()
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const taskMedian = (renderer: RendererName) => median((runs.get(renderer) ?? []).map((run) => run.mainThread.taskMs))
const floorMs = median(floors)
const ratio = taskMedian('palimpsest') / taskMedian('streamdown')
const netRatio = (taskMedian('palimpsest') - floorMs) / (taskMedian('streamdown') - floorMs)
console.log(
  `median main-thread task: palimpsest ${taskMedian('palimpsest').toFixed(0)} ms, streamdown ${taskMedian('streamdown').toFixed(0)} ms, frame loop ${floorMs.toFixed(0)} ms: palimpsest / streamdown = ${ratio.toFixed(3)}, over the frame loop ${netRatio.toFixed(3)} (target ≤ 0.333)`,
)

/**
 * One dashboard run per renderer with its main-thread split (script, layout, style):
 *   npx tsx bench/dashboard-probe.ts [streams] [renderer,...]
 */
import { launchBrowser } from './browser-session'
import { buildPages, type RendererName, rendererNames } from './build-pages'
import { fullConfig } from './config'
import { loadCorpus } from './corpus'
import { dashboardOnce, dashboardTexts } from './scenarios/dashboard'
import { serveDirectory } from './static-server'

const streams = Number(process.argv[2] ?? 20)
const renderers = (process.argv[3]?.split(',') ?? rendererNames) as RendererName[]
const { chunksPerSecond, warmupMs, durationMs } = fullConfig.dashboard
const corpus = loadCorpus(512 * 1024)
const texts = dashboardTexts(corpus.documents, fullConfig.dashboard)
const server = await serveDirectory(await buildPages({}))
const browser = await launchBrowser({ unthrottledFrames: false })
try {
  for (const renderer of renderers) {
    const run = await dashboardOnce(browser, server.origin, renderer, texts, {
      streams,
      chunksPerSecond,
      warmupMs,
      durationMs,
      seed: fullConfig.seed,
    })
    const perSecond = (ms: number) => ((ms / (warmupMs + durationMs)) * 1000).toFixed(0)
    const { taskMs, scriptMs, layoutMs, styleMs } = run.mainThread
    console.log(
      `${renderer.padEnd(14)} work p95 ${run.frameWorkP95Ms.toFixed(1)} ms  interval p95 ${run.frameIntervalP95Ms.toFixed(1)}  dropped ${run.droppedFrames}  long ${run.longTasks}  ms/s: task ${perSecond(taskMs)} script ${perSecond(scriptMs)} layout ${perSecond(layoutMs)} style ${perSecond(styleMs)}`,
    )
  }
} finally {
  await browser.close()
  await server.close()
}

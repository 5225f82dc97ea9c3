/**
 * One dashboard run per renderer with its main-thread split (script, layout, style):
 *   npx tsx bench/dashboard-probe.ts [streams] [renderer,...]
 *
 * `palimpsest@<directory>` serves pages built earlier into `bench/.cache/<directory>` (a baseline);
 * repeat names to alternate variants within one invocation.
 */
import { fileURLToPath } from 'node:url'
import { launchBrowser } from './browser-session'
import { buildPages, type RendererName, rendererNames } from './build-pages'
import { fullConfig } from './config'
import { loadCorpus } from './corpus'
import { dashboardOnce, dashboardTexts } from './scenarios/dashboard'
import { serveDirectory } from './static-server'

const streams = Number(process.argv[2] ?? 20)
const variants = process.argv[3]?.split(',') ?? [...rendererNames]
const { chunksPerSecond, warmupMs, durationMs } = fullConfig.dashboard
const corpus = loadCorpus(512 * 1024)
const texts = dashboardTexts(corpus.documents, fullConfig.dashboard)
const servers = new Map<string, Awaited<ReturnType<typeof serveDirectory>>>()
servers.set('', await serveDirectory(await buildPages({})))
for (const variant of variants) {
  const directory = variant.split('@')[1]
  if (directory && !servers.has(directory))
    servers.set(directory, await serveDirectory(fileURLToPath(new URL(`./.cache/${directory}/`, import.meta.url))))
}
const browser = await launchBrowser({ unthrottledFrames: false })
try {
  for (const variant of variants) {
    const [renderer, directory = ''] = variant.split('@') as [RendererName, string | undefined]
    const server = servers.get(directory) as Awaited<ReturnType<typeof serveDirectory>>
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
      `${variant.padEnd(26)} work p95 ${run.frameWorkP95Ms.toFixed(1)} ms  interval p95 ${run.frameIntervalP95Ms.toFixed(1)}  dropped ${run.droppedFrames}  chunks/s ${run.chunksPerSecondDelivered.toFixed(0)}  updates/stream/s ${run.updatesPerStreamPerSecond.toFixed(1)}  long ${run.longTasks}  ms/s: task ${perSecond(taskMs)} script ${perSecond(scriptMs)} layout ${perSecond(layoutMs)} style ${perSecond(styleMs)}  (load ${(await import('node:os')).loadavg()[0]?.toFixed(1)})`,
    )
  }
} finally {
  await browser.close()
  for (const server of servers.values()) await server.close()
}

/**
 * The history scenario for chosen sizes, printed at once (for checking a change before a full run):
 *   npx tsx bench/history-probe.ts [settled,...] [renderer,...] [--baseline=<directory>] [--streamed]
 * `--baseline`: also runs the pages already built in `bench/.cache/<directory>` (e.g. from an earlier
 * commit, with `buildPages({ directory })`), alternating with the current ones, so before and after
 * are measured in the same invocation under the same load.
 */
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { launchBrowser } from './browser-session'
import { buildPages } from './build-pages'
import { fullConfig } from './config'
import { documentPrefix, loadCorpus } from './corpus'
import { type HistoryRenderer, historyOnce, historyRenderers } from './scenarios/history'
import { transcriptTexts } from './scenarios/memory'
import { serveDirectory } from './static-server'

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const baseline = process.argv.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length)
/** `--streamed`: Palimpsest's history is streamed into the mounted transcript message by message (`?streamed-history`). */
const query = process.argv.includes('--streamed') ? '?streamed-history' : ''
const counts = (args[0]?.split(',') ?? fullConfig.history.settled.map(String)).map(Number)
const renderers = (args[1]?.split(',') ?? historyRenderers) as HistoryRenderer[]
const { charsPerMessage, streamedChars } = fullConfig.history
const corpus = loadCorpus(Math.max(...counts) * charsPerMessage + streamedChars)
const streamed = documentPrefix(corpus, streamedChars)
const builds = [{ label: 'current', server: await serveDirectory(await buildPages({ directory: 'history-probe' })) }]
if (baseline)
  builds.push({
    label: baseline,
    server: await serveDirectory(fileURLToPath(new URL(`./.cache/${baseline}/`, import.meta.url))),
  })
const browser = await launchBrowser({ unthrottledFrames: false })
try {
  for (const count of counts) {
    const settled = transcriptTexts(corpus.text, count, charsPerMessage)
    for (const renderer of renderers)
      for (const build of renderer === 'palimpsest' ? builds : builds.slice(0, 1)) {
        const run = await historyOnce(browser, build.server.origin, renderer, settled, streamed, fullConfig.seed, query)
        console.log(
          `${String(count).padStart(5)} settled  ${`${renderer}${build.label === 'current' ? '' : ` (${build.label})`}`.padEnd(34)} chunk p50 ${run.commitP50Ms.toFixed(2)} ms  p95 ${run.commitP95Ms.toFixed(2)} ms  heap ${(run.heapBytes / 1e6).toFixed(1)} MB  (load ${loadavg()[0]?.toFixed(1)})`,
        )
      }
  }
} finally {
  await browser.close()
  for (const build of builds) await build.server.close()
}

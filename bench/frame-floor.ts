/**
 * What a timed stream costs before any renderer does anything: the same frame loop with nothing
 * rendered (style, layout and paint of an unchanged page, the driver, CDP), next to Palimpsest, so
 * the markdown work can be told apart from the cost of producing frames at all.
 *
 *   npx tsx bench/frame-floor.ts [chars=204800] [repetitions=3]
 */

import { launchBrowser } from './browser-session'
import { buildPages } from './build-pages'
import { fullConfig } from './config'
import { documentPrefix, loadCorpus, sizeLabel } from './corpus'
import { streamOnce } from './scenarios/streamed-render'
import { serveDirectory } from './static-server'
import { median } from './stats'

const size = Number(process.argv[2] ?? 204_800)
const repetitions = Number(process.argv[3] ?? 3)
const corpus = loadCorpus(size + fullConfig.warmupChars * 2)
const text = documentPrefix(corpus, size)
const server = await serveDirectory(await buildPages({ directory: 'pages-floor' }))
const browser = await launchBrowser({ unthrottledFrames: true })
const settings = {
  seed: fullConfig.seed,
  chunksPerFrame: fullConfig.chunksPerFrame,
  budgetMs: 600_000,
  warmupText: corpus.text.slice(-fullConfig.warmupChars),
}
try {
  const rows = { 'frame loop only': [] as number[][], palimpsest: [] as number[][] }
  for (let repetition = 0; repetition < repetitions; repetition++) {
    const order =
      repetition % 2 ? (['palimpsest', 'frame loop only'] as const) : (['frame loop only', 'palimpsest'] as const)
    for (const row of order) {
      const run = await streamOnce(browser, server.origin, 'palimpsest', text, {
        ...settings,
        ...(row === 'frame loop only' && { dryRun: true }),
      })
      const { taskMs, layoutMs, styleMs } = run.mainThread
      rows[row].push([taskMs, layoutMs + styleMs, run.frames])
    }
  }
  console.log(`${sizeLabel(size)}, median of ${repetitions}: main-thread ms, of which layout+style, frames`)
  for (const [row, runs] of Object.entries(rows))
    console.log(
      `${row.padEnd(16)} ${[0, 1, 2]
        .map((i) =>
          median(runs.map((r) => r[i] as number))
            .toFixed(0)
            .padStart(7),
        )
        .join(' ')}`,
    )
} finally {
  await browser.close()
  await server.close()
}

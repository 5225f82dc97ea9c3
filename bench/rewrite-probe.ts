/**
 * The rewrite scenarios at one size for chosen renderers, printed as they run — for measuring a
 * change to the rewrite path in about a minute:
 *   npx tsx bench/rewrite-probe.ts 102400 [renderer,...] [scenario,...] [repetitions]
 * Diffusion always runs its own 4 KB answer; DIFFUSION_STEPS=300 repaints it more often (warm figures).
 * CORPUS_SKIP=250000 cuts the message from other documents than the CommonMark spec the corpus starts with;
 * CITATION_STEPS=60 times more citation and footnote passes.
 */
import { launchBrowser } from './browser-session'
import { buildPages, type RendererName } from './build-pages'
import { fullConfig } from './config'
import { loadCorpusFrom } from './corpus'
import { rewriteRatio, runRewriteSuite } from './rewrite-suite'
import { type RewriteScenarioName, rewriteScenarioNames } from './scenarios/rewrite-plans'
import { serveDirectory } from './static-server'

const size = Number(process.argv[2] ?? 102_400)
const renderers = (process.argv[3]?.split(',') ?? ['palimpsest']) as RendererName[]
const scenarios = (process.argv[4]?.split(',') ?? rewriteScenarioNames) as RewriteScenarioName[]
const repetitions = Number(process.argv[5] ?? 1)
if (scenarios.some((s) => !rewriteScenarioNames.includes(s)))
  throw new Error(`scenarios are ${rewriteScenarioNames.join(', ')}`)

const load = (await import('node:os')).loadavg()
console.log(`load average ${load.map((l) => l.toFixed(2)).join(' ')}`)
// CORPUS_SKIP=<chars>: the message is cut from further into the corpus (past the CommonMark spec at
// its start: other documents, package READMEs), from the first line start after that many characters.
const skip = Number(process.env.CORPUS_SKIP ?? 0)
const corpus = loadCorpusFrom(skip, size + fullConfig.warmupChars * 2)
const server = await serveDirectory(await buildPages({ directory: 'pages-probe' }))
const browser = await launchBrowser({ unthrottledFrames: true })
try {
  const steps = Number(process.env.DIFFUSION_STEPS)
  const diffusion = steps > 0 ? { ...fullConfig.rewrite.diffusion, steps } : fullConfig.rewrite.diffusion
  // CITATION_STEPS=60: more timed citation (and footnote) passes than the 12 of the full run, for steadier p50s.
  const citationSteps = Number(process.env.CITATION_STEPS)
  const citations =
    citationSteps > 0 ? { ...fullConfig.rewrite.citations, steps: citationSteps } : fullConfig.rewrite.citations
  const config = { ...fullConfig.rewrite, diffusion, citations, sizes: [size], palimpsestOnlySizes: [] }
  const result = await runRewriteSuite(
    browser,
    server.origin,
    corpus,
    {
      config,
      repetitions,
      seed: fullConfig.seed,
      chunksPerFrame: fullConfig.chunksPerFrame,
      warmupText: corpus.text.slice(-fullConfig.warmupChars),
      renderers,
      scenarios,
    },
    (line) => console.log(line),
  )
  for (const scenario of scenarios) {
    const at = scenario === 'diffusion' ? config.diffusion.answerChars : size
    const ratio = result.ratios[rewriteRatio.peerOverOwn(scenario, at)]
    if (ratio !== undefined) console.log(`${scenario}: fastest peer / palimpsest step p50 = ${ratio.toFixed(2)}×`)
  }
} finally {
  await browser.close()
  await server.close()
}

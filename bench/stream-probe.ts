/**
 * Streams one document size through one or more renderers (fresh page each, as the full run does)
 * and prints main-thread time split and commit percentiles — for checking a change quickly:
 *   npx tsx bench/stream-probe.ts 204800 [renderer,...] [repetitions] [motion|reasoning|footnotes|quote|paragraph|nested|fenced]
 * `motion`: the Palimpsest page streams with `fadeIn` and `caret` on. `reasoning`: the Palimpsest page
 * streams the document as the message's reasoning (its panel open), not as its answer. `footnotes`: the
 * document cites a GFM footnote every 500 characters and ends with their definitions, one per line. `quote`: the
 * document is one block quote (every line after `> `), as an agent quoting a whole file. `paragraph`:
 * the document's prose as one paragraph without line breaks. `nested`: its prose lines as one outline, nested three
 * deep under the last of three items (`nestedOutline`). `fenced`: its code lines as one fence in the last item of a
 * numbered list (`fenceInListItem`). `CORPUS_SKIP=<chars>`: the document from further into the corpus (other READMEs
 * than the CommonMark spec it starts with), as in rewrite-probe.ts.
 */
import { launchBrowser } from './browser-session'
import { buildPages, type RendererName } from './build-pages'
import { fullConfig } from './config'
import {
  documentPrefix,
  fenceInListItem,
  loadCorpusFrom,
  nestedOutline,
  proseParagraph,
  quotedDocument,
} from './corpus'
import { citationsPlan } from './scenarios/rewrite-plans'
import { streamOnce } from './scenarios/streamed-render'
import { serveDirectory } from './static-server'

const size = Number(process.argv[2] ?? 204_800)
const renderers = (process.argv[3]?.split(',') ?? ['palimpsest']) as RendererName[]
const repetitions = Number(process.argv[4] ?? 1)
const pageQuery = process.argv[5] === 'motion' ? '?motion' : process.argv[5] === 'reasoning' ? '?reasoning' : ''
const corpus = loadCorpusFrom(Number(process.env.CORPUS_SKIP ?? 0), size + fullConfig.warmupChars * 2)
const draft = documentPrefix(corpus, size)
const text =
  process.argv[5] === 'quote'
    ? quotedDocument(draft)
    : process.argv[5] === 'paragraph'
      ? proseParagraph(corpus.text, size)
      : process.argv[5] === 'nested'
        ? nestedOutline(corpus.text, size)
        : process.argv[5] === 'fenced'
          ? fenceInListItem(corpus.text, size)
          : process.argv[5] === 'footnotes'
            ? citationsPlan(draft, Math.round(size / 500), 1, 'footnotes').final.replaceAll(
                '\n\n[^palimpsest-',
                '\n[^palimpsest-',
              )
            : draft
const warmupText = corpus.text.slice(-fullConfig.warmupChars)
const server = await serveDirectory(await buildPages({}))
const browser = await launchBrowser({ unthrottledFrames: true })
try {
  for (let repetition = 0; repetition < repetitions; repetition++)
    for (const renderer of renderers) {
      const run = await streamOnce(browser, server.origin, renderer, text, {
        seed: fullConfig.seed,
        chunksPerFrame: fullConfig.chunksPerFrame,
        budgetMs: 600_000,
        warmupText,
        pageQuery,
      })
      const { taskMs, scriptMs, layoutMs, styleMs } = run.mainThread
      console.log(
        `${renderer.padEnd(14)} ${size} chars  task ${taskMs.toFixed(0)} script ${scriptMs.toFixed(0)} layout ${layoutMs.toFixed(0)} style ${styleMs.toFixed(0)} ms  commit p50/p95/max ${run.commitP50Ms.toFixed(1)}/${run.commitP95Ms.toFixed(1)}/${run.commitMaxMs.toFixed(0)}  long ${run.longTasks}  ${run.complete ? (run.correctness?.equal ? 'equal' : 'DIFFERS') : 'incomplete'}`,
      )
    }
} finally {
  await browser.close()
  await server.close()
}

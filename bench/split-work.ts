/**
 * Deterministic work per commit of Palimpsest's streaming markdown over the benchmark documents, no
 * timing involved: characters the block splitter re-parses, and characters handed to react-markdown
 * (the unsettled tail with the link definitions it may use, or the whole text once the document has
 * a footnote definition). Shows where the cost per commit grows with the message.
 *
 *   npx tsx bench/split-work.ts
 *
 * `CORPUS_SKIP=<chars>`: the documents from further into the corpus (other READMEs than the CommonMark
 * spec it starts with), as in rewrite-probe.ts.
 */
import { advanceSplit } from '../packages/react/src/markdown/block-splitter'
import { setMarkdownWorkListener } from '../packages/react/src/markdown/instrumentation'
import { definitionsPrefix, labelSearchKey } from '../packages/react/src/markdown/link-definitions'
import { tailBlock } from '../packages/react/src/markdown/StreamingMarkdown'
import type { SplitState } from '../packages/react/src/markdown/split-state'
import { chunkText, frameBatches } from './chunking'
import { fullConfig } from './config'
import { documentPrefix, loadCorpusFrom, sizeLabel } from './corpus'
import { percentile } from './stats'

const corpus = loadCorpusFrom(Number(process.env.CORPUS_SKIP ?? 0), Math.max(...fullConfig.longMessage.sizes))
let parsed = 0
setMarkdownWorkListener((work) => {
  if (work.kind === 'split-parse') parsed += work.chars
})

console.log(
  'size     frames  split-parse chars/commit p50 / p95 / max  per char streamed   rendered chars/commit p50 / p95 / max   definitions from',
)
for (const size of fullConfig.longMessage.sizes) {
  const text = documentPrefix(corpus, size)
  const frames = frameBatches(chunkText(text, fullConfig.seed), fullConfig.chunksPerFrame)
  const parsedPerCommit: number[] = []
  const renderedPerCommit: number[] = []
  let state: SplitState | undefined
  let streamed = ''
  let definitionsFrom: number | undefined
  let lastTablePage: string | undefined
  for (const frame of frames) {
    streamed += frame.join('')
    parsed = 0
    state = advanceSplit(state, streamed)
    parsedPerCommit.push(parsed)
    if (state.hasDefinitions) definitionsFrom ??= streamed.length
    // Link definitions ride along with the blocks that use them (footnotes' stubs are not counted);
    // a streaming HTML block is shown as its text, not parsed (`tailBlock(...).literal`); a streaming table renders
    // its head with its last row, and a page of settled rows when it changed (`tailBlock(...).tableRows`).
    const current = state
    const withDefinitions = (text: string) =>
      text.length + definitionsPrefix(labelSearchKey(text), current.definitions).length
    renderedPerCommit.push(
      current.tail.reduce((total, block) => {
        const shown = tailBlock(current, block, true)
        if (shown.literal !== undefined) return total
        const rows = shown.tableRows
        if (!rows) return total + withDefinitions(block.text)
        const page = rows.pages[rows.pages.length - 1]
        const pageChanged = page !== undefined && page !== lastTablePage
        lastTablePage = page
        return total + withDefinitions(rows.head + rows.last) + (pageChanged ? withDefinitions(rows.head + page) : 0)
      }, 0),
    )
  }
  const stats = (values: number[]) =>
    [50, 95, 100].map((p) => percentile(values, p).toLocaleString('en-US').padStart(7)).join(' /')
  console.log(
    `${sizeLabel(size).padEnd(8)} ${String(frames.length).padStart(6)}  ${stats(parsedPerCommit).padEnd(40)} ${(sum(parsedPerCommit) / text.length).toFixed(2).padStart(6)}              ${stats(renderedPerCommit).padEnd(38)} ${definitionsFrom === undefined ? 'none' : `char ${definitionsFrom.toLocaleString('en-US')}`}`,
  )
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

/**
 * Characters the block splitter parses per flush in the dashboard's streams, in Node, no timing: each
 * dashboard text chunked as the benchmark chunks it and flushed every `PER` chunks (12 by default,
 * about what a store waits at 100 streams), and the flushes that parse the most per character they
 * append. For finding the blocks a stream re-parses whole:
 *   npx tsx bench/dashboard-split-work.ts   (PER=<chunks per flush>, TOP=<flushes listed>)
 */
import { advanceSplit } from '../packages/react/src/markdown/block-splitter'
import { setMarkdownWorkListener } from '../packages/react/src/markdown/instrumentation'
import type { SplitState } from '../packages/react/src/markdown/split-state'
import { chunkText } from './chunking'
import { fullConfig } from './config'
import { loadCorpus } from './corpus'
import { dashboardTexts } from './scenarios/dashboard'

const chunksPerFlush = Number(process.env.PER ?? 12)
const listed = Number(process.env.TOP ?? 15)
const texts = dashboardTexts(loadCorpus(512 * 1024).documents, fullConfig.dashboard)

let parsed = 0
setMarkdownWorkListener((work) => {
  if (work.kind === 'split-parse') parsed += work.chars
})

interface Flush {
  parsed: number
  appended: number
  where: string
  tail: string
}
const flushes: Flush[] = []
for (const [index, text] of texts.entries()) {
  const chunks = chunkText(text, fullConfig.seed + index)
  let state: SplitState | undefined
  let streamed = ''
  for (let at = 0; at < chunks.length; at += chunksPerFlush) {
    const appended = chunks.slice(at, at + chunksPerFlush).join('')
    streamed += appended
    parsed = 0
    state = advanceSplit(state, streamed)
    const tail = state.tail.map((block) => `${block.type} ${block.text.length}`).join(', ')
    flushes.push({ parsed, appended: appended.length, where: `text ${index} at ${streamed.length}`, tail })
  }
}
const sum = (pick: (flush: Flush) => number) => flushes.reduce((total, flush) => total + pick(flush), 0)
console.log(
  `${texts.length} texts, ${flushes.length} flushes of ${chunksPerFlush} chunks: ${sum((f) => f.parsed)} characters parsed for ${sum((f) => f.appended)} appended`,
)
console.log('parsed  appended  where  (tail blocks after the flush)')
for (const flush of [...flushes].sort((a, b) => b.parsed / b.appended - a.parsed / a.appended).slice(0, listed))
  console.log(`${flush.parsed}  ${flush.appended}  ${flush.where}  (${flush.tail})`)

/**
 * The citations rewrite through the block splitter alone, in Node: time per step of `advanceSplit`
 * from the draft's state to the cited text (best and median of many runs). The draft's blocks keep
 * the trees a render would keep while streaming, as in the browser. For measuring the splitter's
 * rewrite path without a browser (`node --cpu-prof` through tsx for a profile):
 *   npx tsx bench/citations-split.ts [size] [runs]
 */
import { advanceSplit, blockTreeOf, keepBlockTree, settledBlocks } from '../packages/react/src/markdown/block-splitter'
import { parseMarkdown, rootOf } from '../packages/react/src/markdown/markdown-pipeline'
import { fullConfig } from './config'
import { loadCorpus } from './corpus'
import { rewritePlan } from './scenarios/rewrite-plans'

const size = Number(process.argv[2] ?? 102_400)
const runs = Number(process.argv[3] ?? 300)
const corpus = loadCorpus(size + fullConfig.warmupChars * 2)
const plan = rewritePlan('citations', size, corpus, fullConfig.rewrite, fullConfig.seed, fullConfig.chunksPerFrame)
const draft = advanceSplit(undefined, plan.initial)
for (const block of [...settledBlocks(draft), ...draft.tail]) {
  const syntax = blockTreeOf(block)
  keepBlockTree(block, syntax ? rootOf(syntax.nodes, syntax.offset, syntax.line) : parseMarkdown(block.text))
}
const times: number[] = []
for (let run = 0; run < runs; run++) {
  const t0 = performance.now()
  advanceSplit(draft, plan.final)
  times.push(performance.now() - t0)
}
times.sort((a, b) => a - b)
console.log(
  `citations at ${size} chars: advanceSplit best ${times[0]!.toFixed(3)} ms, p50 ${times[Math.floor(runs / 2)]!.toFixed(3)} ms (${runs} runs)`,
)
const back: number[] = []
const cited = advanceSplit(draft, plan.final)
for (let run = 0; run < runs; run++) {
  const t0 = performance.now()
  advanceSplit(cited, plan.initial)
  back.push(performance.now() - t0)
}
back.sort((a, b) => a - b)
console.log(`restore: best ${back[0]!.toFixed(3)} ms, p50 ${back[Math.floor(runs / 2)]!.toFixed(3)} ms`)

/**
 * Deterministic work per timed step of one rewrite scenario, no timing involved: the characters the
 * block splitter parses and the characters its word scan reads, p50, max and sum over the plan's
 * timed steps (the blocks keep the trees a render keeps, as in rewrite-split.ts). Finds documents on
 * which a rewrite parses far more than it changed:
 *
 *   npx tsx bench/rewrite-work.ts <scenario> [size]
 *
 * `CORPUS_SKIP=<chars>`: the message from further into the corpus, as in rewrite-probe.ts.
 */
import { advanceSplit } from '../packages/react/src/markdown/block-splitter'
import { blockTreeOf, keepBlockTree } from '../packages/react/src/markdown/block-trees'
import { setMarkdownWorkListener } from '../packages/react/src/markdown/instrumentation'
import { parseMarkdown, rootOf } from '../packages/react/src/markdown/markdown-pipeline'
import { type SplitState, settledBlocks } from '../packages/react/src/markdown/split-state'
import { fullConfig } from './config'
import { loadCorpusFrom } from './corpus'
import { viewCalls } from './rewrite-ops'
import { type RewriteScenarioName, rewritePlan, rewriteScenarioNames } from './scenarios/rewrite-plans'

const scenario = process.argv[2] as RewriteScenarioName
if (!rewriteScenarioNames.includes(scenario)) throw new Error(`scenarios are ${rewriteScenarioNames.join(', ')}`)
const size = Number(process.argv[3] ?? 102_400)
const corpus = loadCorpusFrom(Number(process.env.CORPUS_SKIP ?? 0), size + fullConfig.warmupChars * 2)
const plan = rewritePlan(scenario, size, corpus, fullConfig.rewrite, fullConfig.seed, fullConfig.chunksPerFrame)
function keepTrees(split: SplitState): void {
  for (const block of [...settledBlocks(split), ...split.tail]) {
    const syntax = blockTreeOf(block)
    keepBlockTree(block, syntax ? rootOf(syntax.nodes, syntax.offset, syntax.line) : parseMarkdown(block.text))
  }
}
let split = advanceSplit(undefined, plan.initial)
keepTrees(split)
let text = plan.initial
const totals: Record<string, number[]> = {}
for (const step of plan.steps) {
  text = viewCalls(step.ops, text).text
  const work: Record<string, number> = {}
  setMarkdownWorkListener((item) => {
    if (item.kind === 'split-parse' || item.kind === 'word-scan') work[item.kind] = (work[item.kind] ?? 0) + item.chars
  })
  split = advanceSplit(split, text)
  setMarkdownWorkListener(undefined)
  if (step.timed) for (const [kind, chars] of Object.entries(work)) totals[kind] = [...(totals[kind] ?? []), chars]
  keepTrees(split)
}
for (const [k, v] of Object.entries(totals)) {
  v.sort((a, b) => a - b)
  console.log(
    k,
    'steps',
    v.length,
    'p50',
    v[Math.floor(v.length / 2)],
    'max',
    v[v.length - 1],
    'sum',
    v.reduce((a, b) => a + b, 0),
  )
}
console.log('text', text.length)

/**
 * One rewrite scenario through the block splitter alone, in Node: the time of `advanceSplit` per
 * timed step of the plan (best and median over every step of every run). After each step the blocks
 * keep the trees a render would keep while the message streams, as in the browser, outside the
 * timing. For measuring the splitter's rewrite path without a browser's noise (`node --cpu-prof`
 * through tsx for a profile):
 *   npx tsx bench/rewrite-split.ts <scenario> [size] [runs]
 * Diffusion always runs its own 4 KB answer. Citations also times the restore (the cited text back
 * to the draft). `CORPUS_SKIP=<chars>`: the message from further into the corpus, as in rewrite-probe.ts.
 */
import { advanceSplit } from '../packages/react/src/markdown/block-splitter'
import { blockTreeOf, keepBlockTree } from '../packages/react/src/markdown/block-trees'
import { parseMarkdown, rootOf } from '../packages/react/src/markdown/markdown-pipeline'
import { type SplitState, settledBlocks } from '../packages/react/src/markdown/split-state'
import { fullConfig } from './config'
import { loadCorpusFrom } from './corpus'
import { viewCalls } from './rewrite-ops'
import { type RewriteScenarioName, rewritePlan, rewriteScenarioNames } from './scenarios/rewrite-plans'

const scenario = process.argv[2] as RewriteScenarioName
if (!rewriteScenarioNames.includes(scenario)) throw new Error(`scenarios are ${rewriteScenarioNames.join(', ')}`)
const size = Number(process.argv[3] ?? 102_400)
const runs = Number(process.argv[4] ?? 30)
const corpus = loadCorpusFrom(Number(process.env.CORPUS_SKIP ?? 0), size + fullConfig.warmupChars * 2)
const plan = rewritePlan(scenario, size, corpus, fullConfig.rewrite, fullConfig.seed, fullConfig.chunksPerFrame)

/** The split of `text` after `previous`, its blocks keeping the trees their render would keep. */
function rendered(previous: SplitState | undefined, text: string): SplitState {
  const split = advanceSplit(previous, text)
  keepTrees(split)
  return split
}

function keepTrees(split: SplitState): void {
  for (const block of [...settledBlocks(split), ...split.tail]) {
    const syntax = blockTreeOf(block)
    keepBlockTree(block, syntax ? rootOf(syntax.nodes, syntax.offset, syntax.line) : parseMarkdown(block.text))
  }
}

const times: number[] = []
for (let run = 0; run < runs; run++) {
  let split = rendered(undefined, plan.initial)
  let text = plan.initial
  for (const step of plan.steps) {
    // A step's calls (a clear and a push, a replace) reach the splitter as the text they leave.
    text = viewCalls(step.ops, text).text
    const t0 = performance.now()
    split = advanceSplit(split, text)
    if (step.timed) times.push(performance.now() - t0)
    keepTrees(split)
  }
}
const summary = (values: number[]) => {
  values.sort((a, b) => a - b)
  return `best ${values[0]!.toFixed(3)} ms, p50 ${values[Math.floor(values.length / 2)]!.toFixed(3)} ms`
}
console.log(`${scenario} at ${size} chars: advanceSplit per step ${summary(times)} (${times.length} steps)`)

if (scenario === 'citations') {
  const draft = rendered(undefined, plan.initial)
  const cited = advanceSplit(draft, plan.final)
  const back: number[] = []
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now()
    advanceSplit(cited, plan.initial)
    back.push(performance.now() - t0)
  }
  console.log(`restore: ${summary(back)}`)
}

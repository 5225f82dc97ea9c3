/**
 * Which frames set Palimpsest's commit p95: streams one size in Chromium (as the full run does),
 * keeps each frame's fastest commit over the repetitions, replays the same frames through the block
 * splitter in Node, and prints the slowest frames grouped by what the streaming tail was.
 *
 *   npx tsx bench/slow-frames.ts 1048576 [repetitions]
 */
import { advanceSplit } from '../packages/react/src/markdown/block-splitter'
import { setMarkdownWorkListener } from '../packages/react/src/markdown/instrumentation'
import type { SplitState } from '../packages/react/src/markdown/split-state'
import { launchBrowser } from './browser-session'
import { buildPages } from './build-pages'
import { chunkText, frameBatches } from './chunking'
import { fullConfig } from './config'
import { documentPrefix, loadCorpus } from './corpus'
import { streamOnce } from './scenarios/streamed-render'
import { serveDirectory } from './static-server'
import { percentile } from './stats'

const size = Number(process.argv[2] ?? 1_048_576)
const repetitions = Number(process.argv[3] ?? 1)
const corpus = loadCorpus(size + fullConfig.warmupChars * 2)
const text = documentPrefix(corpus, size)

const server = await serveDirectory(await buildPages({}))
const browser = await launchBrowser({ unthrottledFrames: true })
let fastest: number[] = []
try {
  for (let repetition = 0; repetition < repetitions; repetition++) {
    const run = await streamOnce(browser, server.origin, 'palimpsest', text, {
      seed: fullConfig.seed,
      chunksPerFrame: fullConfig.chunksPerFrame,
      budgetMs: 600_000,
      warmupText: corpus.text.slice(-fullConfig.warmupChars),
    })
    fastest = run.commitMs.map((ms, frame) => Math.min(ms, fastest[frame] ?? Number.POSITIVE_INFINITY))
    console.log(`run ${repetition + 1}: p50/p95 ${run.commitP50Ms.toFixed(1)}/${run.commitP95Ms.toFixed(1)} ms`)
  }
} finally {
  await browser.close()
  await server.close()
}

let parsed = 0
setMarkdownWorkListener((work) => {
  if (work.kind === 'split-parse') parsed += work.chars
})
interface Frame {
  ms: number
  kind: string
  tailChars: number
  parsedChars: number
  settledBlocks: number
}
const frames: Frame[] = []
let state: SplitState | undefined
let streamed = ''
for (const [index, batch] of frameBatches(chunkText(text, fullConfig.seed), fullConfig.chunksPerFrame).entries()) {
  streamed += batch.join('')
  parsed = 0
  const before = state?.settledCount ?? 0
  state = advanceSplit(state, streamed)
  const last = state.tail[state.tail.length - 1]
  frames.push({
    ms: fastest[index] ?? Number.NaN,
    kind: `${last?.type ?? 'none'}/${state.tailLeaf?.type ?? '-'}${state.tail.length > 1 ? ` +${state.tail.length - 1}` : ''}`,
    tailChars: state.tail.reduce((total, block) => total + block.text.length, 0),
    parsedChars: parsed,
    settledBlocks: state.settledCount - before,
  })
}

const times = frames.map((frame) => frame.ms)
const p95 = percentile(times, 95)
console.log(`\n${frames.length} frames; steady p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`)
const slow = frames.filter((frame) => frame.ms >= percentile(times, 90))
const groups = new Map<string, Frame[]>()
for (const frame of slow) groups.set(frame.kind, [...(groups.get(frame.kind) ?? []), frame])
console.log(`slowest 10% (>= ${percentile(times, 90).toFixed(1)} ms) by tail kind:`)
for (const [kind, group] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
  const all = frames.filter((frame) => frame.kind === kind)
  const median = (values: number[]) => percentile(values, 50).toFixed(0)
  console.log(
    `  ${kind.padEnd(28)} ${String(group.length).padStart(4)} of ${String(all.length).padStart(5)}  median ${percentile(
      group.map((frame) => frame.ms),
      50,
    ).toFixed(1)} ms  tail chars ${median(group.map((frame) => frame.tailChars))}  parsed ${median(
      group.map((frame) => frame.parsedChars),
    )}  settled ${median(group.map((frame) => frame.settledBlocks))}`,
  )
}
const withoutTables = frames.filter((frame) => !frame.kind.startsWith('table')).map((frame) => frame.ms)
console.log(`p95 without table-tail frames: ${percentile(withoutTables, 95).toFixed(1)} ms`)

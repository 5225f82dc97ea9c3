/**
 * What the browser does per frame while a renderer streams: a Chrome trace (`devtools.timeline`)
 * of one timed stream, its main-thread events summed by name (self time, nested events
 * subtracted) and divided by the number of frames.
 *
 *   npx tsx bench/trace-frames.ts palimpsest 204800 [after]
 *
 * With `after`, that many characters of the documents are rendered first (untimed, one frame) and
 * the same `size` characters as without it stream after them: the same frames in a longer document.
 * `CORPUS_SKIP=<chars>`: the documents from further into the corpus, as in rewrite-probe.ts.
 *   npx tsx bench/trace-frames.ts palimpsest highlight [size] [no-header|off]   (the code answer of `highlight-stream-probe.ts`, highlighting on; `no-header`: without `createCodeBlock`, `off`: plain code blocks)
 */
import { launchBrowser, openBenchPage } from './browser-session'
import { buildPages, type RendererName, rendererNames } from './build-pages'
import { codeAnswer, highlightQuery } from './code-answer'
import { fullConfig } from './config'
import { documentPrefix, loadCorpusFrom } from './corpus'
import { type TraceEvent, traceMainThread } from './main-thread-trace'
import { serveDirectory } from './static-server'

const renderer = (process.argv[2] ?? 'palimpsest') as RendererName
if (!rendererNames.includes(renderer)) throw new Error(`renderer must be one of ${rendererNames.join(', ')}`)
const highlight = process.argv[3] === 'highlight'
const size = highlight ? Number(process.argv[4] ?? 50_000) : Number(process.argv[3] ?? 204_800)
const after = highlight ? 0 : Number(process.argv[4] ?? 0)
const corpus = loadCorpusFrom(Number(process.env.CORPUS_SKIP ?? 0), after + size + fullConfig.warmupChars * 2)
const prefix = after > 0 ? `${documentPrefix(corpus, after)}\n\n` : ''
const text = highlight ? codeAnswer('total', size) : documentPrefix(corpus, size)
const server = await serveDirectory(await buildPages({}))
const browser = await launchBrowser({ unthrottledFrames: true })
try {
  const bench = await openBenchPage(
    browser,
    server.origin,
    renderer,
    undefined,
    highlight ? highlightQuery(process.argv[5]) : '',
  )
  const settings = { seed: fullConfig.seed, chunksPerFrame: fullConfig.chunksPerFrame, budgetMs: 300_000 }
  const warmupText = highlight ? codeAnswer('warm', 1) : corpus.text.slice(-fullConfig.warmupChars)
  await bench.call('warmup', { ...settings, text: warmupText })
  const { result, events: onMain } = await traceMainThread(bench.cdp, () =>
    bench.call('stream', { ...settings, text, ...(prefix && { prefix }) }),
  )
  // Self time: each event's duration minus its direct children's.
  const self = new Map<string, { ms: number; count: number }>()
  const open: TraceEvent[] = []
  const selfOf = new Map<TraceEvent, number>()
  for (const event of onMain) {
    while (open.length > 0 && open[open.length - 1]!.ts + (open[open.length - 1]!.dur ?? 0) <= event.ts) open.pop()
    const parent = open[open.length - 1]

    if (parent) selfOf.set(parent, (selfOf.get(parent) ?? 0) - (event.dur ?? 0))
    selfOf.set(event, (selfOf.get(event) ?? 0) + (event.dur ?? 0))
    open.push(event)
  }
  // Frames: from one animation-frame callback to the next. With a prefix, its render (the first
  // frames of the stream call) is left out.
  const frameStarts = onMain.filter((event) => event.name === 'FireAnimationFrame').map((event) => event.ts)
  const skipped = frameStarts.length - result.frames
  const from = frameStarts[Math.max(0, skipped)] ?? 0
  for (const [event, us] of selfOf) {
    if (event.ts < from) continue
    const entry = self.get(event.name) ?? { ms: 0, count: 0 }
    entry.ms += us / 1000
    entry.count++
    self.set(event.name, entry)
  }
  const frames = result.frames
  const total = [...self.values()].reduce((sum, entry) => sum + entry.ms, 0)
  console.log(
    `${renderer} at ${size} chars${after ? ` after ${after}` : ''}: ${frames} frames, ${total.toFixed(0)} ms of traced main-thread work`,
  )
  console.log('event                          ms/frame   count/frame   total ms')
  for (const [name, entry] of [...self].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
    console.log(
      `${name.padEnd(30)} ${(entry.ms / frames).toFixed(3).padStart(8)}   ${(entry.count / frames).toFixed(2).padStart(11)}   ${entry.ms.toFixed(0).padStart(8)}`,
    )
  }
} finally {
  await browser.close()
  await server.close()
}

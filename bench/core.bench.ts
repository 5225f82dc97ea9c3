/**
 * Core benchmark: how fast chunks stream into the store, and whether the cost per update stays flat
 * as the text grows (the reducer must not copy accumulated text). Prints a table; not a timed test.
 *
 *   npx tsx bench/core.bench.ts        (or: npm run bench:core)
 *   npx tsx bench/core.bench.ts --only=history   (only the history-length figure)
 *
 * Every figure is the median of several repeats after a warm-up run, timed with process.hrtime.bigint().
 */
import { type AgentUpdate, createTranscriptStore, type TranscriptStore } from '@palimpsest/core'

const KB = 1024
const MB = 1024 * KB
const repeats = Number(process.env.BENCH_REPEATS ?? 5)
/** Updates per timed window around each measuring point (at ~1 KB and at ~1 MB of accumulated text). */
const window = 256
/** Timed windows per measuring point and repeat. */
const windows = 9
/** Text streamed past 1 MB for the windows at ~1 MB (enough for 64-byte chunks). */
const margin = windows * window * 64

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}
const now = () => process.hrtime.bigint()
const elapsed = (since: bigint) => Number(now() - since)

/** Deterministic pseudo-random sizes in [min, max] (the stream must be the same on every run). */
function sizes(min: number, max: number, seed = 42): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return min + (state % (max - min + 1))
  }
}

const alphabet = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Ünïcödé → ok.\n'

/** Cuts `total` bytes of prose into chunks of `min`..`max` characters. */
function proseChunks(total: number, min: number, max: number): string[] {
  const next = sizes(min, max)
  const chunks: string[] = []
  let offset = 0
  for (let length = 0; length < total; ) {
    const size = Math.min(next(), total - length)
    let chunk = ''
    for (let i = 0; i < size; i++) chunk += alphabet[(offset + i) % alphabet.length]
    offset += size
    length += size
    chunks.push(chunk)
  }
  return chunks
}

/** Cuts a JSON text into deltas of `min`..`max` characters. */
function deltas(json: string, min: number, max: number): string[] {
  const next = sizes(min, max, 7)
  const out: string[] = []
  for (let i = 0; i < json.length; ) {
    const size = next()
    out.push(json.slice(i, i + size))
    i += size
  }
  return out
}

/** Streams `updates[from..to)` into the store, flushing every `flushEvery` updates; returns nanoseconds. */
function streamRange(store: TranscriptStore, updates: AgentUpdate[], from: number, to: number, flushEvery: number) {
  const { apply, flush } = store.getState()
  const start = now()
  for (let i = from; i < to; i++) {
    apply(updates[i] as AgentUpdate)
    if ((i + 1) % flushEvery === 0) flush()
  }
  flush()
  return elapsed(start)
}

const newStore = () => createTranscriptStore({ schedule: () => {} })

/** Index of the first update after which `bytes` characters have been streamed. */
function indexAtBytes(pieces: string[], bytes: number): number {
  let sum = 0
  for (let i = 0; i < pieces.length; i++) {
    sum += (pieces[i] as string).length
    if (sum >= bytes) return i + 1
  }
  return pieces.length
}

/**
 * Throughput: the whole stream into a fresh store, `repeats` times after a warm-up (median), per
 * wall-clock second (hrtime) and per CPU second of this process (process.cpuUsage: on a shared,
 * loaded machine the wall clock also counts time the process was not running).
 * Cost per update at ~1 KB: fresh stores filled to 1 KB, then `window` more updates timed (median of
 * several stores). At ~1 MB: after the whole stream, consecutive windows of `window` updates timed
 * (the text grows a little past 1 MB; median of the windows).
 */
function measure(name: string, pieces: string[], toUpdates: (pieces: string[]) => AgentUpdate[], flushEvery: number) {
  // `pieces` runs past 1 MB; the stream stops at 1 MB and the windows at ~1 MB continue it.
  const all = toUpdates(pieces)
  const lead = all.length - pieces.length
  const updates = all.slice(0, indexAtBytes(pieces, MB) + lead)
  const at1KB = indexAtBytes(pieces, KB) + lead
  const perSecond: number[] = []
  const perCpuSecond: number[] = []
  const nsAt1KB: number[] = []
  const nsAt1MB: number[] = []
  for (let run = 0; run <= repeats; run++) {
    const store = newStore()
    const cpuBefore = process.cpuUsage()
    const total = streamRange(store, all, 0, updates.length, flushEvery)
    const cpu = process.cpuUsage(cpuBefore)
    const tail: number[] = []
    for (let w = 0; w < windows; w++) {
      const from = updates.length + w * window
      tail.push(streamRange(store, all, from, from + window, flushEvery) / window)
    }
    const head: number[] = []
    for (let w = 0; w < windows; w++) {
      const fresh = newStore()
      streamRange(fresh, all, 0, at1KB, flushEvery)
      head.push(streamRange(fresh, all, at1KB, at1KB + window, flushEvery) / window)
    }
    if (run === 0) continue // warm-up
    perSecond.push((updates.length / total) * 1e9)
    perCpuSecond.push((updates.length / (cpu.user + cpu.system)) * 1e6)
    nsAt1MB.push(median(tail))
    nsAt1KB.push(median(head))
  }
  const row = {
    scenario: name,
    updates: updates.length,
    flush: flushEvery === 1 ? 'every update' : `every ${flushEvery}`,
    perSecond: median(perSecond),
    perCpuSecond: median(perCpuSecond),
    nsAt1KB: median(nsAt1KB),
    nsAt1MB: median(nsAt1MB),
  }
  console.log(
    [
      row.scenario,
      row.updates,
      row.flush,
      Math.round(row.perSecond).toLocaleString('en-US'),
      Math.round(row.perCpuSecond).toLocaleString('en-US'),
      row.nsAt1KB.toFixed(0),
      row.nsAt1MB.toFixed(0),
      (row.nsAt1MB / row.nsAt1KB).toFixed(2),
    ].join(' | '),
  )
  return row
}

const oneMessage = (pieces: string[]): AgentUpdate[] => pieces.map((text) => ({ type: 'chunk', messageId: 'm', text }))
const interleaved = (pieces: string[]): AgentUpdate[] =>
  pieces.map((text, i) => ({ type: 'chunk', messageId: `m${i % 100}`, text }))
const toolDeltas = (pieces: string[]): AgentUpdate[] => [
  { type: 'tool-call', messageId: 'm', toolCallId: 't', name: 'write_file' },
  ...pieces.map((inputText): AgentUpdate => ({ type: 'tool-call-delta', toolCallId: 't', inputText })),
]

/** A file-write call: a short path and 1 MB of file content, with the escapes real content has. */
function fileArguments(): string {
  return JSON.stringify({ path: 'src/big.ts', content: proseChunks(MB + margin, 64, 64).join('') })
}

/** A call whose argument is a long array of small records. */
function rowArguments(): string {
  const rows: { id: number; name: string }[] = []
  for (let i = 0, length = 0; length < MB + margin; i++) {
    const row = { id: i, name: `row ${i}` }
    rows.push(row)
    length += JSON.stringify(row).length + 1
  }
  return JSON.stringify({ rows })
}

/** A transcript of `count` settled messages (a question and a 2 KB answer each pair), as a store. */
function settledTranscript(count: number): TranscriptStore {
  const store = newStore()
  const answer = proseChunks(2 * KB, 2 * KB, 2 * KB).join('')
  const updates: AgentUpdate[] = []
  for (let i = 0; i < count; i++) {
    const messageId = `settled-${i}`
    updates.push({ type: 'message-start', messageId, role: i % 2 ? 'assistant' : 'user' })
    updates.push({ type: 'chunk', messageId, text: i % 2 ? answer : 'A question?' })
    updates.push({ type: 'message-done', messageId })
  }
  store.getState().apply(updates)
  store.getState().flush()
  return store
}

/**
 * History length: the cost of one flushed chunk into a live message under `count` settled messages.
 * Each chunk is its own batch (`apply` + `flush`), as a frame that received one chunk; the figure is
 * the median of `windows` windows of `window` chunks, per repeat, after a warm-up repeat.
 */
function measureHistory(count: number) {
  const perChunk: number[] = []
  const chunks = proseChunks(windows * window * 40, 40, 40)
  for (let run = 0; run <= repeats; run++) {
    const store = settledTranscript(count)
    const updates = chunks.map((text): AgentUpdate => ({ type: 'chunk', messageId: 'live', text }))
    const samples: number[] = []
    for (let w = 0; w < windows; w++)
      samples.push(streamRange(store, updates, w * window, (w + 1) * window, 1) / window)
    if (run > 0) perChunk.push(median(samples))
  }
  return median(perChunk)
}

function historyFigure() {
  const counts = [10, 10_000]
  // One untimed pass over both transcripts first: otherwise the first one measured also pays for warming up the JIT.
  for (const count of counts) measureHistory(count)
  console.log('settled messages | ns per flushed chunk')
  console.log('--: | --:')
  const results = counts.map((count) => {
    const ns = measureHistory(count)
    console.log(`${count.toLocaleString('en-US')} | ${ns.toFixed(0)}`)
    return ns
  })
  console.log(`ratio 10,000 / 10: ${((results[1] as number) / (results[0] as number)).toFixed(2)}`)
}

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
if (only === 'history') {
  historyFigure()
  process.exit(0)
}

console.log(
  `node ${process.version}; ${repeats} repeats after a warm-up (medians); ${windows} windows of ${window} updates per point`,
)
console.log(
  'scenario | updates | flush | updates/s (wall) | updates/s (CPU) | ns/update @1KB | ns/update @1MB | ratio 1MB/1KB',
)
console.log('--- | --: | --- | --: | --: | --: | --: | --:')
for (const [min, max] of [
  [1, 1],
  [64, 64],
  [1, 64],
] as const) {
  const pieces = proseChunks(MB + margin, min, max)
  const label = min === max ? `${min}-byte` : `${min}–${max}-byte`
  measure(`one message, ${label} chunks`, pieces, oneMessage, 1)
  measure(`one message, ${label} chunks`, pieces, oneMessage, 64)
  measure(`100 interleaved messages, ${label} chunks`, pieces, interleaved, 1)
  measure(`100 interleaved messages, ${label} chunks`, pieces, interleaved, 64)
}
const toolPieces = deltas(fileArguments(), 1, 64)
measure('tool-call-delta, 1 MB file-write JSON, 1–64-byte deltas', toolPieces, toolDeltas, 1)
const rowPieces = deltas(rowArguments(), 1, 64)
measure('tool-call-delta, 1 MB array-of-rows JSON, 1–64-byte deltas', rowPieces, toolDeltas, 1)
measure('tool-call-delta, 1 MB array-of-rows JSON, 1–64-byte deltas', rowPieces, toolDeltas, 64)
historyFigure()

/**
 * `useChat` state per token: the cost of one streamed token through `createUIMessagesDecoder` +
 * the store, with 10 and with 1,000 earlier messages. As `useChat` does, every token is a new
 * array in which the earlier messages keep their object identity and the live message is a new
 * object with a copy of its parts. The arrays are built before the clock starts (building them is
 * `useChat`'s own work); timed: `decode` + `apply` + `flush` per token.
 *
 *   npx tsx bench/ui-messages.bench.ts
 */
import { createTranscriptStore } from '@palimpsest/core'
import { createUIMessagesDecoder, type UIMessageLike } from '@palimpsest/protocols/ai-sdk'

const tokens = Number(process.env.BENCH_TOKENS ?? 2000)
const repeats = Number(process.env.BENCH_REPEATS ?? 7)
const sentence = 'The forecast for Lisbon is sunny, 24 °C, with a light breeze from the north-west. '

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number

function earlierMessages(count: number): UIMessageLike[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    parts: [{ type: 'text', text: sentence.repeat(3) }],
  }))
}

/** Per token: the snapshot `useChat` hands over. */
function snapshots(earlier: UIMessageLike[]) {
  const out: { messages: UIMessageLike[]; status: 'streaming' }[] = []
  let text = ''
  for (let i = 0; i < tokens; i++) {
    text += `${sentence.slice(i % 40, (i % 40) + 5)}`
    const live = { id: 'live', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text }] }
    out.push({ messages: [...earlier, live], status: 'streaming' })
  }
  return out
}

/** Nanoseconds per token over the whole answer. */
function run(earlierCount: number): { storeAndDecoder: number; decoderOnly: number } {
  const earlier = earlierMessages(earlierCount)
  const frames = snapshots(earlier)
  const store = createTranscriptStore({ schedule: 'sync' })
  const decoder = createUIMessagesDecoder()
  store.getState().apply(decoder.decode({ messages: earlier, status: 'streaming' }))
  let start = process.hrtime.bigint()
  for (const frame of frames) {
    store.getState().apply(decoder.decode(frame))
  }
  const storeAndDecoder = Number(process.hrtime.bigint() - start) / tokens
  const alone = createUIMessagesDecoder()
  alone.decode({ messages: earlier, status: 'streaming' })
  start = process.hrtime.bigint()
  for (const frame of frames) alone.decode(frame)
  const decoderOnly = Number(process.hrtime.bigint() - start) / tokens
  return { storeAndDecoder, decoderOnly }
}

run(10)
run(1000) // warm-up
const results = new Map<number, { storeAndDecoder: number[]; decoderOnly: number[] }>()
for (let r = 0; r < repeats; r++) {
  for (const count of r % 2 === 0 ? [10, 1000] : [1000, 10]) {
    const { storeAndDecoder, decoderOnly } = run(count)
    const entry = results.get(count) ?? { storeAndDecoder: [], decoderOnly: [] }
    entry.storeAndDecoder.push(storeAndDecoder)
    entry.decoderOnly.push(decoderOnly)
    results.set(count, entry)
  }
}
const row = (count: number) => {
  const entry = results.get(count) as { storeAndDecoder: number[]; decoderOnly: number[] }
  return { total: median(entry.storeAndDecoder), decoder: median(entry.decoderOnly) }
}
const small = row(10)
const large = row(1000)
console.log('earlier messages | µs per token (decoder + store) | µs per token (decoder alone)')
console.log('--: | --: | --:')
for (const [count, value] of [
  [10, small],
  [1000, large],
] as const)
  console.log(`${count} | ${(value.total / 1000).toFixed(2)} | ${(value.decoder / 1000).toFixed(2)}`)
console.log(
  `\nratio 1,000 / 10: ${(large.total / small.total).toFixed(2)} (decoder + store), ${(large.decoder / small.decoder).toFixed(2)} (decoder alone); target ≤ 3; ${tokens} tokens, median of ${repeats}`,
)

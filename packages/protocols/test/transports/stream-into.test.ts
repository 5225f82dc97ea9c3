import { type AgentUpdate, createTranscriptStore, type Issue } from '@palimpsest/core'
import { ndjsonLines, type SseEvent, streamInto } from '@palimpsest/protocols/transports'
import { describe, expect, test } from 'vitest'
import { chunksOf } from './collect'
import { createUpdateLinesDecoder } from './update-lines-decoder'

const chunk = (messageId: string, text: string): AgentUpdate => ({ type: 'chunk', messageId, text })
const sse = (data: string, id = ''): SseEvent => ({ event: 'message', data, id })

/** An async iterator whose next read never settles, like a connection that went silent. */
function silentAfter(items: unknown[]) {
  let returned = false
  let index = 0
  const iterable: AsyncIterable<unknown> = {
    [Symbol.asyncIterator]: () => ({
      next: () =>
        index < items.length
          ? Promise.resolve({ done: false, value: items[index++] })
          : new Promise<IteratorResult<unknown>>(() => {}),
      return: async () => {
        returned = true
        return { done: true, value: undefined }
      },
    }),
  }
  return { iterable, wasReturned: () => returned }
}

describe('streamInto', () => {
  test('objects, JSON text and SSE events all reach the decoder, and a clean end completes the stream', async () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const decoder = createUpdateLinesDecoder()
    const source = chunksOf<unknown>(
      chunk('m1', 'Hello'),
      JSON.stringify(chunk('m1', ', ')),
      sse(JSON.stringify(chunk('m1', 'world'))),
      { type: 'turn-end', stopReason: 'end_turn' },
    )
    const result = await streamInto(store, source, decoder)
    expect(result).toEqual({ reason: 'complete', received: 4 })
    expect(decoder.endReasons).toEqual(['complete'])
    expect(store.getState().messages.m1).toMatchObject({ status: 'complete', parts: [{ text: 'Hello, world' }] })
  })

  test('NDJSON lines and EventSource message events reach the decoder as their text', async () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const ndjson = `${JSON.stringify(chunk('m1', 'from '))}\n\n${JSON.stringify(chunk('m1', 'NDJSON'))}`
    await streamInto(store, ndjsonLines(ndjson), createUpdateLinesDecoder())
    const eventSource = [new MessageEvent('message', { data: JSON.stringify(chunk('m2', 'from EventSource')) })]
    await streamInto(store, eventSource, createUpdateLinesDecoder())
    expect(store.getState().messages.m1?.parts).toMatchObject([{ text: 'from NDJSON' }])
    expect(store.getState().messages.m2?.parts).toMatchObject([{ text: 'from EventSource' }])
  })

  test('a plain array of wire messages is a source too', async () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    await streamInto(store, [chunk('m1', 'a'), chunk('m1', 'b')], createUpdateLinesDecoder())
    expect(store.getState().messages.m1?.parts).toMatchObject([{ text: 'ab' }])
  })

  test('bad data is reported and skipped, and the stream goes on', async () => {
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync' })
    const decoder = createUpdateLinesDecoder((issue) => issues.push(issue))
    const throwing = { ...decoder, decode: (wire: unknown) => (wire === 'boom' ? explode() : decoder.decode(wire)) }
    const result = await streamInto(
      store,
      ['{"type":"chunk","messageId":"m1","text":"kept"}', '{not json', 'boom', 42, chunk('m1', ' too')],
      throwing,
      { onIssue: (issue) => issues.push(issue) },
    )
    expect(result.reason).toBe('complete')
    expect(store.getState().messages.m1?.parts).toMatchObject([{ text: 'kept too' }])
    expect(issues.map((issue) => issue.code)).toEqual(['malformed-json', 'decoder-error', 'malformed-message'])
    expect(issues[1]?.message).toMatch(/the decoder threw: Error: decoder bug/)
  })

  test('a decoder that returns something other than an array is reported, not trusted', async () => {
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync' })
    const broken = { decode: () => 'nope' as never, end: () => [] }
    const result = await streamInto(store, ['x'], broken, { onIssue: (issue) => issues.push(issue) })
    expect(result.reason).toBe('complete')
    expect(issues).toMatchObject([
      { code: 'decoder-error', message: 'decoder.decode did not return an array of updates' },
    ])
  })

  test('a broken source marks its streaming message interrupted and keeps its text', async () => {
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync' })
    const decoder = createUpdateLinesDecoder()
    async function* source() {
      yield chunk('m1', 'Half an ')
      yield chunk('m1', 'answer')
      throw new Error('socket hang up')
    }
    const result = await streamInto(store, source(), decoder, { onIssue: (issue) => issues.push(issue) })
    expect(result).toMatchObject({ reason: 'interrupted', received: 2 })
    expect(String(result.error)).toMatch(/socket hang up/)
    expect(decoder.endReasons).toEqual(['interrupted'])
    expect(store.getState().messages.m1).toMatchObject({
      status: 'interrupted',
      parts: [{ kind: 'text', text: 'Half an answer', status: 'done' }],
    })
    expect(issues).toMatchObject([{ code: 'stream-interrupted', message: 'the stream broke: socket hang up' }])
  })

  test('a message the stream finished stays finished; only still-streaming ones are interrupted', async () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    async function* source() {
      yield chunk('m1', 'Done.')
      yield { type: 'message-done', messageId: 'm1' }
      yield chunk('m2', 'Stream')
      throw new Error('reset')
    }
    await streamInto(store, source(), createUpdateLinesDecoder())
    expect(store.getState().messages.m1?.status).toBe('complete')
    expect(store.getState().messages.m2?.status).toBe('interrupted')
  })

  test("another stream's message in the same store is left alone", async () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    store.getState().apply(chunk('other', 'still going'))
    async function* source() {
      yield chunk('mine', 'cut')
      throw new Error('reset')
    }
    await streamInto(store, source(), createUpdateLinesDecoder())
    expect(store.getState().messages.mine?.status).toBe('interrupted')
    expect(store.getState().messages.other?.status).toBe('streaming')
  })

  test('an abort while the source is silent resolves at once as aborted and asks the source to stop', async () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const decoder = createUpdateLinesDecoder()
    const { iterable, wasReturned } = silentAfter([chunk('m1', 'Partial')])
    const controller = new AbortController()
    const done = streamInto(store, iterable, decoder, { signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve, 10))
    controller.abort(new Error('user pressed stop'))
    const result = await done
    expect(result).toMatchObject({ reason: 'aborted', received: 1 })
    expect(String(result.error)).toMatch(/user pressed stop/)
    expect(wasReturned()).toBe(true)
    expect(decoder.endReasons).toEqual(['interrupted'])
    expect(store.getState().messages.m1).toMatchObject({ status: 'interrupted', parts: [{ text: 'Partial' }] })
  })

  test('a signal aborted before the start reads nothing', async () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    let pulled = 0
    async function* source() {
      pulled += 1
      yield chunk('m1', 'never')
    }
    const result = await streamInto(store, source(), createUpdateLinesDecoder(), { signal: AbortSignal.abort() })
    expect(result.reason).toBe('aborted')
    expect(pulled).toBe(0)
    expect(store.getState().messageIds).toEqual([])
  })

  test('updates are applied as they are read, before the stream ends', async () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const { iterable } = silentAfter([chunk('m1', 'visible early')])
    const controller = new AbortController()
    const done = streamInto(store, iterable, createUpdateLinesDecoder(), { signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(store.getState().messages.m1?.parts).toMatchObject([{ text: 'visible early' }])
    controller.abort()
    await done
  })

  test('backpressure: reading pauses while the store has not flushed maxQueuedUpdates updates', async () => {
    let flushStore = () => {}
    const store = createTranscriptStore({
      schedule: (flush) => {
        flushStore = flush
      },
    })
    let pulled = 0
    async function* fastProducer() {
      for (let i = 0; i < 1000; i++) {
        pulled += 1
        yield chunk('m1', 'x')
      }
    }
    const done = streamInto(store, fastProducer(), createUpdateLinesDecoder(), { maxQueuedUpdates: 100 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(pulled).toBe(100)
    flushStore()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(pulled).toBe(200)
    expect(store.getState().messages.m1?.parts).toMatchObject([{ text: 'x'.repeat(100) }])
    while (pulled < 1000) {
      flushStore()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    flushStore()
    expect((await done).reason).toBe('complete')
    store.getState().flush()
    expect(store.getState().messages.m1?.parts).toMatchObject([{ text: 'x'.repeat(1000) }])
  })
})

function explode(): never {
  throw new Error('decoder bug')
}

import { sseEvents, TransportError } from '@palimpsest/protocols/transports'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { chunksOf, collect, splitAt, utf8 } from './collect'

const parse = (...chunks: (string | Uint8Array)[]) => collect(sseEvents(chunksOf(...chunks)))

describe('SSE parsing rules (HTML standard)', () => {
  test('data lines of one event are joined with LF', async () => {
    expect(await parse('data: first\ndata: second\ndata:\n\n')).toEqual([
      { event: 'message', data: 'first\nsecond\n', id: '' },
    ])
  })

  test('one space after the colon is removed, further spaces are kept', async () => {
    expect(await parse('data:  two spaces\n\ndata:none\n\n')).toEqual([
      { event: 'message', data: ' two spaces', id: '' },
      { event: 'message', data: 'none', id: '' },
    ])
  })

  test('comment lines are ignored, including keep-alive pings between events', async () => {
    expect(await parse(':ping\n\ndata: a\n: inside\ndata: b\n\n:ping\n\n')).toEqual([
      { event: 'message', data: 'a\nb', id: '' },
    ])
  })

  test('CRLF, LF and CR all end lines', async () => {
    expect(await parse('data: crlf\r\n\r\ndata: lf\n\ndata: cr\r\rdata: mixed\r\n\n')).toEqual([
      { event: 'message', data: 'crlf', id: '' },
      { event: 'message', data: 'lf', id: '' },
      { event: 'message', data: 'cr', id: '' },
      { event: 'message', data: 'mixed', id: '' },
    ])
  })

  test('a CR at the end of a chunk followed by LF in the next chunk is one line end', async () => {
    expect(await parse('data: a\r', '\ndata: b\r', '\n\r', '\n')).toEqual([{ event: 'message', data: 'a\nb', id: '' }])
  })

  test('a CR at the end of a chunk followed by other text ends the line', async () => {
    expect(await parse('data: a\r', 'data: b\r', '\r')).toEqual([{ event: 'message', data: 'a\nb', id: '' }])
  })

  test('a BOM is removed only at the start of the stream', async () => {
    expect(await parse('\uFEFFdata: a\n\n', 'data: \uFEFFb\n\n')).toEqual([
      { event: 'message', data: 'a', id: '' },
      { event: 'message', data: '\uFEFFb', id: '' },
    ])
    // A second BOM at the start is not a BOM any more: it makes the first line an unknown field.
    expect(await parse(utf8('\uFEFF\uFEFFdata: a\n\ndata: b\n\n'))).toEqual([{ event: 'message', data: 'b', id: '' }])
  })

  test('a BOM split across byte chunks at the stream start is removed', async () => {
    const bytes = utf8('\uFEFFdata: a\n\n')
    expect(await parse(bytes.slice(0, 1), bytes.slice(1, 2), bytes.slice(2))).toEqual([
      { event: 'message', data: 'a', id: '' },
    ])
  })

  test('the event field names the event type; it resets after each event', async () => {
    expect(await parse('event: delta\ndata: a\n\ndata: b\n\n')).toEqual([
      { event: 'delta', data: 'a', id: '' },
      { event: 'message', data: 'b', id: '' },
    ])
  })

  test('an event without data is not dispatched, and its event type does not leak into the next', async () => {
    expect(await parse('event: ping\n\nid: 7\n\ndata: real\n\n')).toEqual([{ event: 'message', data: 'real', id: '7' }])
  })

  test('the id persists for later events until an id field changes it; an empty id resets it', async () => {
    expect(await parse('id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n')).toEqual([
      { event: 'message', data: 'a', id: '1' },
      { event: 'message', data: 'b', id: '1' },
      { event: 'message', data: 'c', id: '' },
    ])
  })

  test('the last event ID is announced when an event ends, even an event without data', async () => {
    const announced: string[] = []
    const events = await collect(
      sseEvents('id: 1\ndata: a\n\nid: 2\n\ndata: b\n\nid\n\n', { onLastEventId: (id) => announced.push(id) }),
    )
    expect(events.map((event) => event.id)).toEqual(['1', '2'])
    expect(announced).toEqual(['1', '2', ''])
  })

  test('an id containing NUL is ignored', async () => {
    expect(await parse('id: 1\ndata: a\n\nid: 2\u00002\ndata: b\n\n')).toEqual([
      { event: 'message', data: 'a', id: '1' },
      { event: 'message', data: 'b', id: '1' },
    ])
  })

  test('retry sets the reconnection time only when it is all ASCII digits', async () => {
    const retries: number[] = []
    const events = await collect(
      sseEvents('retry: 2500\n\ndata: a\n\nretry: 1e3\nretry: -5\nretry: 30 \ndata: b\n\nretry: 0\n\n', {
        onRetry: (ms) => retries.push(ms),
      }),
    )
    expect(retries).toEqual([2500, 0])
    expect(events).toEqual([
      { event: 'message', data: 'a', id: '', retry: 2500 },
      { event: 'message', data: 'b', id: '', retry: 2500 },
    ])
  })

  test('a field without a colon is a field with an empty value; unknown fields are ignored', async () => {
    expect(await parse('data\ndata\n\nfoo: bar\ndata: x\n\n')).toEqual([
      { event: 'message', data: '\n', id: '' },
      { event: 'message', data: 'x', id: '' },
    ])
  })

  test('an event the stream ends in the middle of is not dispatched', async () => {
    expect(await parse('data: complete\n\ndata: cut', ' off\n')).toEqual([
      { event: 'message', data: 'complete', id: '' },
    ])
  })

  test('a UTF-8 sequence split across chunks is joined', async () => {
    const bytes = utf8('data: né 🎉 日本\n\n')
    const pieces = splitAt(
      bytes,
      Array.from({ length: bytes.length }, (_, i) => i),
    )
    expect(await parse(...pieces)).toEqual([{ event: 'message', data: 'né 🎉 日本', id: '' }])
  })

  test('a surrogate pair split across string chunks is joined; UTF-8-encoded surrogates become U+FFFD', async () => {
    const party = '🎉'
    expect(await parse(`data: ${party[0]}`, `${party[1]}\n\n`)).toEqual([{ event: 'message', data: party, id: '' }])
    const encodedSurrogate = new Uint8Array([...utf8('data: '), 0xed, 0xa0, 0x80, ...utf8('\n\n')])
    expect(await parse(encodedSurrogate)).toEqual([{ event: 'message', data: '\uFFFD\uFFFD\uFFFD', id: '' }])
  })

  test('invalid UTF-8 becomes U+FFFD and never throws, also when the stream ends mid-sequence', async () => {
    const invalid = new Uint8Array([...utf8('data: a'), 0xff, 0xc3, ...utf8('b\n\ndata: c'), 0xf0, 0x9f])
    expect(await parse(invalid, utf8('\n\n'))).toEqual([
      { event: 'message', data: 'a\uFFFD\uFFFDb', id: '' },
      { event: 'message', data: 'c\uFFFD', id: '' },
    ])
    expect(await parse(utf8('data: x\n\ndata: y'), new Uint8Array([0xe6, 0x97]))).toEqual([
      { event: 'message', data: 'x', id: '' },
    ])
  })
})

describe('[DONE] in OpenAI-style streams', () => {
  test('by default the stream ends at data: [DONE], which is not yielded, and nothing after it is read', async () => {
    let pulledAfterDone = false
    async function* source() {
      yield 'data: {"a":1}\n\ndata: [DONE]\n\n'
      pulledAfterDone = true
      yield 'data: {"b":2}\n\n'
    }
    expect(await collect(sseEvents(source()))).toEqual([{ event: 'message', data: '{"a":1}', id: '' }])
    expect(pulledAfterDone).toBe(false)
  })

  test('with endOnDone: false, [DONE] is an ordinary event', async () => {
    expect(await collect(sseEvents('data: [DONE]\n\ndata: more\n\n', { endOnDone: false }))).toEqual([
      { event: 'message', data: '[DONE]', id: '' },
      { event: 'message', data: 'more', id: '' },
    ])
  })
})

describe('sources', () => {
  const stream = 'id: 1\nevent: e\ndata: ok\n\n'
  const expected = [{ event: 'e', data: 'ok', id: '1' }]

  test('a fetch Response', async () => {
    expect(await collect(sseEvents(new Response(stream)))).toEqual(expected)
  })

  test('a ReadableStream of bytes', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8(stream.slice(0, 7)))
        controller.enqueue(utf8(stream.slice(7)))
        controller.close()
      },
    })
    expect(await collect(sseEvents(body))).toEqual(expected)
  })

  test('an async iterable of strings, of Node Buffers, and a whole string', async () => {
    expect(await collect(sseEvents(chunksOf(stream.slice(0, 3), stream.slice(3))))).toEqual(expected)
    expect(await collect(sseEvents(chunksOf(Buffer.from(stream))))).toEqual(expected)
    expect(await collect(sseEvents(stream))).toEqual(expected)
  })

  test('a Response with an error status rejects with the status instead of yielding nothing', async () => {
    const failing = collect(sseEvents(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' })))
    await expect(failing).rejects.toThrow(/HTTP 502 Bad Gateway/)
    await expect(failing).rejects.toBeInstanceOf(TransportError)
  })
})

describe('bounded memory', () => {
  test('a line that never ends stops the stream with a clear error', async () => {
    async function* endless() {
      yield 'data: '
      while (true) yield 'x'.repeat(1000)
    }
    await expect(collect(sseEvents(endless(), { maxLineLength: 100_000 }))).rejects.toThrow(
      /a line grew past 100000 characters without ending/,
    )
  })

  test('an event whose data never ends stops the stream with a clear error', async () => {
    async function* endless() {
      while (true) yield 'data: xxxxxxxxxx\n'
    }
    await expect(collect(sseEvents(endless(), { maxLineLength: 10_000 }))).rejects.toMatchObject({
      code: 'event-too-long',
    })
  })

  test('a single 10 MB event arriving in one chunk is delivered whole', async () => {
    const big = 'y'.repeat(10 * 1024 * 1024)
    const [event] = await collect(sseEvents(`data: ${big}\n\n`))
    expect(event?.data.length).toBe(big.length)
  })
})

describe('any chunking of the bytes yields the same events', () => {
  const field = fc.constantFrom('data', 'data', 'data', 'event', 'id', 'retry', 'other', '')
  const value = fc.string({ unit: fc.constantFrom('a', 'é', '🎉', ' ', ':', '\u0000', '1', '日', '[DONE]') })
  const lineEnd = fc.constantFrom('\n', '\r', '\r\n')
  const fieldLine = fc.tuple(field, value, lineEnd).map(([f, v, end]) => `${f}: ${v}${end}`)
  const commentLine = fc.tuple(value, lineEnd).map(([v, end]) => `:${v}${end}`)
  const event = fc
    .tuple(fc.array(fc.oneof({ arbitrary: fieldLine, weight: 4 }, commentLine), { maxLength: 6 }), lineEnd)
    .map(([lines, end]) => lines.join('') + end)
  const stream = fc
    .tuple(fc.boolean(), fc.array(event, { maxLength: 12 }), fc.option(fieldLine))
    .map(([bom, events, cutOff]) => `${bom ? '\uFEFF' : ''}${events.join('')}${cutOff ?? ''}`)

  test('split points are property-tested over bytes', async () => {
    await fc.assert(
      fc.asyncProperty(stream, fc.array(fc.nat(), { maxLength: 60 }), async (text, cuts) => {
        const bytes = utf8(text)
        const offsets = cuts.map((cut) => cut % bytes.length)
        const whole = await collect(sseEvents(chunksOf(bytes), { endOnDone: false }))
        const split = await collect(sseEvents(chunksOf(...splitAt(bytes, offsets)), { endOnDone: false }))
        expect(split).toEqual(whole)
      }),
      { numRuns: 500 },
    )
  })

  test('the whole-stream parse matches the rules for a known stream', async () => {
    const text = '\uFEFFid: 1\r\ndata: é\r\rdata: 🎉\n\n'
    const bytes = utf8(text)
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await parse(...splitAt(bytes, [cut]))).toEqual([
        { event: 'message', data: 'é', id: '1' },
        { event: 'message', data: '🎉', id: '1' },
      ])
    }
  })
})

import { Readable } from 'node:stream'
import { TransportError, textChunks } from '@palimpsest/protocols/transports'
import { describe, expect, test } from 'vitest'
import { chunksOf, collect, utf8 } from './collect'

describe('textChunks', () => {
  test('reads lazily: a chunk is pulled only when the consumer asks for one', async () => {
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 1
          controller.enqueue(utf8(`chunk ${pulled}\n`))
        },
      },
      { highWaterMark: 0 },
    )
    const chunks = textChunks(stream)
    expect((await chunks.next()).value).toBe('chunk 1\n')
    expect((await chunks.next()).value).toBe('chunk 2\n')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(pulled).toBe(2)
    await chunks.return()
  })

  test('a consumer that stops early cancels the stream, releasing the connection', async () => {
    let cancelled = false
    const stream = new ReadableStream<string>({
      pull: (controller) => controller.enqueue('more'),
      cancel: () => {
        cancelled = true
      },
    })
    for await (const _chunk of textChunks(stream)) break
    expect(cancelled).toBe(true)
  })

  test('an abort while waiting for data rejects with the reason and cancels the stream', async () => {
    let cancelledWith: unknown
    const stream = new ReadableStream<string>({
      cancel: (reason) => {
        cancelledWith = reason
      },
    })
    const controller = new AbortController()
    const reading = collect(textChunks(stream, { signal: controller.signal }))
    setTimeout(() => controller.abort(new Error('navigated away')), 5)
    await expect(reading).rejects.toThrow('navigated away')
    expect(String(cancelledWith)).toMatch(/navigated away/)
  })

  test('an idle timeout fires only when no chunk arrives for that long', async () => {
    async function* steady() {
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10))
        yield `${i}`
      }
    }
    expect((await collect(textChunks(steady(), { idleTimeoutMs: 200 }))).join('')).toBe('01234')

    const silent = new ReadableStream<string>({ start: (controller) => controller.enqueue('hello') })
    const reading = collect(textChunks(silent, { idleTimeoutMs: 30 }))
    await expect(reading).rejects.toThrow(
      new TransportError('idle-timeout', 'no data arrived for 30 ms; the stream is considered stalled'),
    )
  })

  test('an error while reading becomes a connection-lost TransportError that keeps the cause', async () => {
    const cause = new TypeError('terminated')
    const stream = new ReadableStream<string>({
      start(controller) {
        controller.enqueue('partial')
        controller.error(cause)
      },
    })
    const reading = collect(textChunks(stream))
    await expect(reading).rejects.toMatchObject({
      code: 'connection-lost',
      message: 'the stream broke while reading: terminated',
      cause,
    })
  })

  test('strings and bytes can be mixed; a sequence cut by a string chunk or by the end becomes U+FFFD', async () => {
    const chunks = await collect(
      textChunks(chunksOf<Uint8Array | string>(utf8('a'), new Uint8Array([0xc3]), 'b', new Uint8Array([0xe2, 0x82]))),
    )
    expect(chunks.join('')).toBe('a\uFFFDb\uFFFD')
  })

  test('a Node Readable, and a node-fetch style response whose body is one, are sources too', async () => {
    expect((await collect(textChunks(Readable.from([utf8('a'), utf8('b')])))).join('')).toBe('ab')
    const nodeFetchResponse = { ok: true, status: 200, body: Readable.from([Buffer.from('body')]) }
    expect((await collect(textChunks(nodeFetchResponse as never))).join('')).toBe('body')
    const failed = { ok: false, status: 500, statusText: 'Internal Server Error', url: 'http://agent/x', body: null }
    await expect(collect(textChunks(failed as never))).rejects.toThrow(
      'HTTP 500 Internal Server Error from http://agent/x: not a stream',
    )
  })

  test('a source of something other than bytes or text is a programming error with a clear message', async () => {
    await expect(collect(textChunks(chunksOf(42 as never)))).rejects.toThrow(
      'a byte source yielded number; expected bytes or a string',
    )
    await expect(collect(textChunks({} as never))).rejects.toThrow(/expected a Response, a ReadableStream/)
  })
})

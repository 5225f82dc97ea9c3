import type { Issue } from '@palimpsest/core'
import { TransportError, type WebSocketLike, webSocketMessages } from '@palimpsest/protocols/transports'
import { describe, expect, test } from 'vitest'
import { collect } from './collect'

/** A stand-in for a socket, speaking the same events as the browser's WebSocket and `ws`. */
class FakeSocket extends EventTarget {
  readyState = 1
  binaryType = 'blob'
  listeners = 0

  override addEventListener(...args: Parameters<EventTarget['addEventListener']>): void {
    this.listeners += 1
    super.addEventListener(...args)
  }

  override removeEventListener(...args: Parameters<EventTarget['removeEventListener']>): void {
    this.listeners -= 1
    super.removeEventListener(...args)
  }

  receive(data: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data }))
  }

  close(code: number, reason = ''): void {
    this.readyState = 3
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason, wasClean: code === 1000 }))
  }

  fail(message?: string): void {
    this.dispatchEvent(Object.assign(new Event('error'), message === undefined ? {} : { message }))
  }
}

/** Checked by `tsc`: the browser's WebSocket is accepted as it is. */
export const browserSocketFits = (socket: WebSocket): WebSocketLike => socket

const later = (run: () => void) => setTimeout(run, 1)

describe('webSocketMessages', () => {
  test('yields text frames in order and ends on a normal close', async () => {
    const socket = new FakeSocket()
    const messages = collect(webSocketMessages(socket))
    socket.receive('{"a":1}')
    later(() => {
      socket.receive('{"b":2}')
      socket.close(1000)
    })
    expect(await messages).toEqual(['{"a":1}', '{"b":2}'])
  })

  test('listening starts at the call, so messages that arrive before the first read are kept', async () => {
    const socket = new FakeSocket()
    const messages = webSocketMessages(socket)
    socket.receive('early')
    await new Promise((resolve) => setTimeout(resolve, 5))
    socket.close(1000)
    expect(await collect(messages)).toEqual(['early'])
  })

  test('a close without a status code is a normal end too', async () => {
    const socket = new FakeSocket()
    const messages = collect(webSocketMessages(socket))
    later(() => socket.close(1005))
    expect(await messages).toEqual([])
  })

  test('binary frames are decoded as UTF-8, and a blob socket is switched to array buffers', async () => {
    const socket = new FakeSocket()
    const messages = collect(webSocketMessages(socket))
    expect(socket.binaryType).toBe('arraybuffer')
    socket.receive(new TextEncoder().encode('né').buffer)
    socket.receive(Buffer.from('🎉'))
    later(() => socket.close(1000))
    expect(await messages).toEqual(['né', '🎉'])
  })

  test('an abnormal close rejects with its code, after the messages received before it', async () => {
    const socket = new FakeSocket()
    const received: string[] = []
    const reading = (async () => {
      for await (const message of webSocketMessages(socket)) received.push(message)
    })()
    socket.receive('before')
    later(() => socket.close(1006, 'connection reset'))
    await expect(reading).rejects.toThrow('the WebSocket closed abnormally (code 1006: connection reset)')
    expect(received).toEqual(['before'])
  })

  test('an error rejects with a clear message, and the close that follows it changes nothing', async () => {
    const socket = new FakeSocket()
    const reading = collect(webSocketMessages(socket))
    later(() => {
      socket.fail('getaddrinfo ENOTFOUND agent.example')
      socket.close(1006)
    })
    await expect(reading).rejects.toThrow(
      new TransportError('websocket-error', 'the WebSocket failed: getaddrinfo ENOTFOUND agent.example'),
    )
  })

  test('frames that cannot be read as text are reported and skipped', async () => {
    const socket = new FakeSocket()
    const issues: Issue[] = []
    const messages = collect(webSocketMessages(socket, { onIssue: (issue) => issues.push(issue) }))
    socket.receive(new Blob(['x']))
    socket.receive('text')
    later(() => socket.close(1000))
    expect(await messages).toEqual(['text'])
    expect(issues).toMatchObject([{ code: 'unsupported-frame' }])
  })

  test('a consumer that falls too far behind gets an error instead of unbounded memory', async () => {
    const socket = new FakeSocket()
    const iterator = webSocketMessages(socket, { maxBufferedMessages: 10 })
    const first = iterator.next()
    for (let i = 0; i < 20; i++) socket.receive(String(i))
    expect(await first).toEqual({ done: false, value: '0' })
    const rest: string[] = []
    await expect(
      (async () => {
        for await (const message of { [Symbol.asyncIterator]: () => iterator }) rest.push(message)
      })(),
    ).rejects.toMatchObject({ code: 'too-many-buffered-messages' })
    expect(rest.length).toBeLessThanOrEqual(10)
  })

  test('ending removes every listener; an abort stops with its reason and leaves the socket to its owner', async () => {
    const socket = new FakeSocket()
    await (async () => {
      const messages = collect(webSocketMessages(socket))
      later(() => socket.close(1000))
      await messages
    })()
    expect(socket.listeners).toBe(0)

    socket.readyState = 1
    const controller = new AbortController()
    const reading = collect(webSocketMessages(socket, { signal: controller.signal }))
    later(() => controller.abort(new Error('leaving the page')))
    await expect(reading).rejects.toThrow('leaving the page')
    expect(socket.listeners).toBe(0)
    expect(socket.readyState).toBe(1)
  })

  test('a socket that is already closed ends at once', async () => {
    const socket = new FakeSocket()
    socket.readyState = 3
    expect(await collect(webSocketMessages(socket))).toEqual([])
  })
})

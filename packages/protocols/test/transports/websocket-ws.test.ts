/**
 * `webSocketMessages` against the real `ws` library (Node's usual WebSocket), client and server on
 * 127.0.0.1. `ws` is not a direct dependency: it is loaded through jsdom, which depends on it.
 */
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { type WebSocketLike, webSocketMessages } from '@palimpsest/protocols/transports'
import { afterEach, describe, expect, test } from 'vitest'
import { collect } from './collect'

interface WsSocket extends WebSocketLike {
  send(data: string | Uint8Array): void
  close(code?: number): void
  terminate(): void
}
interface WsServer {
  address(): AddressInfo
  on(event: 'connection', listener: (socket: WsSocket) => void): void
  once(event: 'listening', listener: () => void): void
  close(callback: () => void): void
  clients: Set<WsSocket>
}
interface WsModule {
  WebSocket: new (url: string) => WsSocket
  WebSocketServer: new (options: { host: string; port: number }) => WsServer
}

const requireFromJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom/package.json'))
const ws = requireFromJsdom('ws') as WsModule

let server: WsServer | undefined
afterEach(async () => {
  for (const client of server?.clients ?? []) client.terminate()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

/** Starts a server and returns a client that is still connecting, as an app would have it. */
async function connect(onConnection: (socket: WsSocket) => void): Promise<WsSocket> {
  server = new ws.WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => server?.once('listening', resolve))
  server.on('connection', onConnection)
  return new ws.WebSocket(`ws://127.0.0.1:${server.address().port}`)
}

describe('webSocketMessages with the ws library', () => {
  test('text and binary frames arrive as text, in order, and a normal close ends the iteration', async () => {
    const client = await connect((socket) => {
      socket.send('{"type":"chunk","messageId":"m1","text":"Hello"}')
      socket.send(new TextEncoder().encode('{"type":"chunk","messageId":"m1","text":" wörld"}'))
      socket.close(1000)
    })
    expect(await collect(webSocketMessages(client))).toEqual([
      '{"type":"chunk","messageId":"m1","text":"Hello"}',
      '{"type":"chunk","messageId":"m1","text":" wörld"}',
    ])
  })

  test('a connection that dies without a close frame rejects with code 1006', async () => {
    const client = await connect((socket) => {
      socket.send('partial')
      setTimeout(() => socket.terminate(), 10)
    })
    const received: string[] = []
    await expect(
      (async () => {
        for await (const message of webSocketMessages(client)) received.push(message)
      })(),
    ).rejects.toMatchObject({ code: 'websocket-closed', message: 'the WebSocket closed abnormally (code 1006)' })
    expect(received).toEqual(['partial'])
  })
})

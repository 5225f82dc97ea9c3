/**
 * Issue 7, "Broken connections": a real HTTP server on 127.0.0.1, started and stopped by each
 * test, sends SSE the way real servers fail.
 */
import type { ServerResponse } from 'node:http'
import { type AgentUpdate, createTranscriptStore, type Issue } from '@palimpsest/core'
import { connectSse, sseEvents, streamInto, TransportError } from '@palimpsest/protocols/transports'
import { afterEach, describe, expect, test } from 'vitest'
import { type LocalServer, openSse, sseFrame, startLocalServer, waitFor } from './local-server'
import { createUpdateLinesDecoder } from './update-lines-decoder'

const chunk = (messageId: string, text: string): AgentUpdate => ({ type: 'chunk', messageId, text })
const turnEnd: AgentUpdate = { type: 'turn-end', stopReason: 'end_turn' }

let server: LocalServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** Writes as fast as the socket takes it, pausing on backpressure; counts the bytes it got rid of. */
function produceForever(response: ServerResponse, frame: (n: number) => string) {
  const stats = { written: 0, stopped: false }
  let n = 0
  const pump = () => {
    while (!response.destroyed) {
      const text = frame(n++)
      stats.written += Buffer.byteLength(text)
      if (!response.write(text)) {
        response.once('drain', pump)
        return
      }
    }
  }
  response.on('close', () => {
    stats.stopped = true
  })
  pump()
  return stats
}

describe('broken connections (real local HTTP server)', () => {
  test('a stream cut mid-message marks the message interrupted and keeps its text', async () => {
    server = await startLocalServer((_request, response) => {
      openSse(response)
      response.write(sseFrame(chunk('m1', 'The answer ')))
      response.write(sseFrame(chunk('m1', 'is 4')))
      setTimeout(() => response.socket?.destroy(), 20)
    })
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync' })
    const decoder = createUpdateLinesDecoder()
    const result = await streamInto(store, sseEvents(await fetch(server.url)), decoder, {
      onIssue: (issue) => issues.push(issue),
    })
    expect(result.reason).toBe('interrupted')
    expect(result.error).toBeInstanceOf(TransportError)
    expect(result.error).toMatchObject({ code: 'connection-lost' })
    expect(store.getState().messages.m1).toMatchObject({
      status: 'interrupted',
      parts: [{ kind: 'text', text: 'The answer is 4' }],
    })
    expect(issues.map((issue) => issue.code)).toEqual(['stream-interrupted'])
  })

  test('reconnecting SSE sends Last-Event-ID, honours retry:, and skips events already applied', async () => {
    const lastEventIds: (string | undefined)[] = []
    const frames = [
      sseFrame(chunk('m1', 'Hello'), '1'),
      sseFrame(chunk('m1', ', '), '2'),
      sseFrame(chunk('m1', 'world'), '3'),
      sseFrame(turnEnd, '4'),
    ]
    server = await startLocalServer((request, response) => {
      lastEventIds.push(request.headers['last-event-id'] as string | undefined)
      openSse(response)
      if (lastEventIds.length === 1) {
        // First connection: ask for a short reconnection delay, send two events, then break.
        response.write('retry: 30\n\n')
        response.write(frames[0])
        response.write(frames[1])
        setTimeout(() => response.socket?.destroy(), 20)
        return
      }
      // A naive server that replays the whole stream instead of resuming after Last-Event-ID.
      response.end(frames.join(''))
    })
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync' })
    const started = Date.now()
    const result = await streamInto(
      store,
      // retryMs is an hour: only the server's retry: lets this test finish.
      connectSse(server.url, { retryMs: 3_600_000, onIssue: (issue) => issues.push(issue) }),
      createUpdateLinesDecoder(),
    )
    expect(result).toEqual({ reason: 'complete', received: 4 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(30)
    expect(lastEventIds).toEqual([undefined, '2'])
    expect(store.getState().messages.m1).toMatchObject({ status: 'complete', parts: [{ text: 'Hello, world' }] })
    expect(issues.map((issue) => issue.code)).toEqual(['reconnecting', 'duplicate-event', 'duplicate-event'])
    expect(issues[0]?.message).toMatch(/reconnecting in 30 ms \(attempt 1 of 5\) after event 2/)
  })

  test('an AbortSignal stops cleanly: the request is closed, the message is interrupted with its text', async () => {
    let serverSawClose = false
    server = await startLocalServer((request, response) => {
      openSse(response)
      response.write(sseFrame(chunk('m1', 'Thinking about it')))
      request.on('close', () => {
        serverSawClose = true
      })
      // …and then nothing: the agent is slow.
    })
    const store = createTranscriptStore({ schedule: 'sync' })
    const controller = new AbortController()
    const unsubscribe = store.subscribe(() => controller.abort(new Error('stopped by the user')))
    const { signal } = controller
    const result = await streamInto(store, connectSse(server.url, { signal }), createUpdateLinesDecoder(), { signal })
    unsubscribe()
    expect(result.reason).toBe('aborted')
    expect(String(result.error)).toMatch(/stopped by the user/)
    expect(store.getState().messages.m1).toMatchObject({
      status: 'interrupted',
      parts: [{ text: 'Thinking about it' }],
    })
    await waitFor(() => serverSawClose)
  })

  test('garbage from the server is reported, never thrown, and the valid messages around it are kept', async () => {
    server = await startLocalServer((_request, response) => {
      openSse(response)
      response.write(sseFrame(chunk('m1', 'before ')))
      response.write(Buffer.from([0xff, 0xfe, 0x00, 0x0a, 0xc3, 0x28, 0x0a, 0x0a]))
      response.write('data: {"type":"chunk","messageId":\n\n')
      response.write('data: [1,2,3]\n\n')
      response.write('event: update\ndata: {"type":"chunk","messageId":"m1","text":"after"}\n\n')
      response.end(sseFrame(turnEnd))
    })
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync', onIssue: (issue) => issues.push(issue) })
    const decoder = createUpdateLinesDecoder((issue) => issues.push(issue))
    const result = await streamInto(store, sseEvents(await fetch(server.url)), decoder)
    expect(result.reason).toBe('complete')
    expect(store.getState().messages.m1).toMatchObject({ status: 'complete', parts: [{ text: 'before after' }] })
    expect(issues.map((issue) => issue.code)).toEqual(['malformed-json', 'malformed-message'])
  })

  test('a server that answers HTML instead of an event stream gets a clear error', async () => {
    server = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<html><body>Login required</body></html>')
    })
    await expect(connectSse(server.url).next()).rejects.toThrow(/answered text\/html, not text\/event-stream/)
  })

  test('a server that stalls gets a clear idle-timeout error instead of hanging', async () => {
    server = await startLocalServer((_request, response) => {
      openSse(response)
      response.write(sseFrame(chunk('m1', 'Started')))
    })
    const store = createTranscriptStore({ schedule: 'sync' })
    const started = Date.now()
    const result = await streamInto(
      store,
      sseEvents(await fetch(server.url), { idleTimeoutMs: 100 }),
      createUpdateLinesDecoder(),
    )
    expect(result.reason).toBe('interrupted')
    expect(result.error).toMatchObject({
      code: 'idle-timeout',
      message: 'no data arrived for 100 ms; the stream is considered stalled',
    })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(store.getState().messages.m1).toMatchObject({ status: 'interrupted', parts: [{ text: 'Started' }] })
  })

  test('a reconnecting client treats a stall as a broken connection and gives up after maxRetries', async () => {
    let connections = 0
    server = await startLocalServer((_request, response) => {
      connections += 1
      openSse(response)
    })
    const issues: Issue[] = []
    const events = connectSse(server.url, {
      idleTimeoutMs: 30,
      retryMs: 1,
      maxRetries: 2,
      onIssue: (issue) => issues.push(issue),
    })
    await expect(events.next()).rejects.toMatchObject({
      code: 'retries-exhausted',
      message: expect.stringMatching(/gave up on .* after 2 reconnects: no data arrived for 30 ms/),
    })
    expect(connections).toBe(3)
    expect(issues.map((issue) => issue.code)).toEqual(['reconnecting', 'reconnecting'])
  })

  test('a line that never ends gets a clear error, and the client stops reading (bounded memory)', async () => {
    let stats: ReturnType<typeof produceForever> | undefined
    server = await startLocalServer((_request, response) => {
      openSse(response)
      response.write('data: ')
      stats = produceForever(response, () => 'x'.repeat(64 * 1024))
    })
    const store = createTranscriptStore({ schedule: 'sync' })
    const maxLineLength = 1024 * 1024
    const result = await streamInto(
      store,
      sseEvents(await fetch(server.url), { maxLineLength }),
      createUpdateLinesDecoder(),
    )
    expect(result.reason).toBe('interrupted')
    expect(result.error).toMatchObject({ code: 'line-too-long' })
    expect(String(result.error)).toMatch(/a line grew past 1048576 characters without ending/)
    await waitFor(() => stats?.stopped === true)
    // The server could only push the line itself plus what the socket buffers hold.
    expect(stats?.written).toBeLessThan(maxLineLength + 16 * 1024 * 1024)
  })

  test('backpressure: a producer faster than the reader is held back by the connection, not buffered', async () => {
    let stats: ReturnType<typeof produceForever> | undefined
    server = await startLocalServer((_request, response) => {
      openSse(response)
      stats = produceForever(response, (n) => sseFrame(chunk('m1', `${n} ${'x'.repeat(1000)}`)))
    })
    const events = sseEvents(await fetch(server.url))
    // Read three events, then stop pulling, like a page busy rendering.
    for (let i = 0; i < 3; i++) await events.next()
    // The producer gets blocked: what left the server stops growing while nobody reads…
    const whilePaused = await steadyValue(() => stats?.written ?? 0)
    // …and is bounded by socket and stream buffers, not by the producer's speed.
    expect(whilePaused).toBeLessThan(32 * 1024 * 1024)
    // Reading again drains the buffers and unblocks the producer.
    let reads = 0
    while (stats?.written === whilePaused && reads < 100_000) {
      await events.next()
      reads += 1
    }
    expect(stats?.written).toBeGreaterThan(whilePaused)
    await events.return()
    await waitFor(() => stats?.stopped === true)
  })

  test('backpressure through the store: reading waits for the store to flush its queue', async () => {
    server = await startLocalServer((_request, response) => {
      openSse(response)
      produceForever(response, (n) => sseFrame(chunk('m1', `${n % 10}`)))
    })
    let flushStore = () => {}
    const store = createTranscriptStore({
      schedule: (flush) => {
        flushStore = flush
      },
    })
    const controller = new AbortController()
    const { signal } = controller
    let decoded = 0
    const decoder = createUpdateLinesDecoder()
    const countingDecoder = {
      ...decoder,
      decode(wire: unknown) {
        decoded += 1
        return decoder.decode(wire)
      },
    }
    const done = streamInto(store, sseEvents(await fetch(server.url), { signal }), countingDecoder, {
      signal,
      maxQueuedUpdates: 500,
    })
    // Frames stopped: reading halts once 500 updates are queued…
    expect(await steadyValue(() => decoded)).toBe(500)
    // …and goes on for another 500 once the store has flushed them.
    flushStore()
    expect(textOf(store)).toBe(500)
    expect(await steadyValue(() => decoded)).toBe(1000)
    flushStore()
    expect(textOf(store)).toBe(1000)
    controller.abort()
    expect((await done).reason).toBe('aborted')
  })
})

/** Waits until `read()` has not changed for `quietMs`, and returns it; fails if it keeps changing. */
async function steadyValue(read: () => number, quietMs = 150, timeoutMs = 4000): Promise<number> {
  const deadline = Date.now() + timeoutMs
  let value = read()
  let since = Date.now()
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`still changing after ${timeoutMs} ms (now ${value})`)
    await new Promise((resolve) => setTimeout(resolve, 10))
    const next = read()
    if (next !== value) {
      value = next
      since = Date.now()
    }
  }
  return value
}

function textOf(store: ReturnType<typeof createTranscriptStore>): number {
  const part = store.getState().messages.m1?.parts[0]
  return part?.kind === 'text' ? part.text.length : 0
}

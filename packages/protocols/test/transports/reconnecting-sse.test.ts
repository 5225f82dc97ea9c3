import type { Issue } from '@palimpsest/core'
import { connectSse, type SseEvent } from '@palimpsest/protocols/transports'
import { afterEach, describe, expect, test } from 'vitest'
import { collect } from './collect'
import { type LocalServer, openSse, startLocalServer } from './local-server'

let server: LocalServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const data = (events: SseEvent[]) => events.map((event) => event.data)

describe('connectSse', () => {
  test('a server that resumes after Last-Event-ID continues where the stream broke', async () => {
    const lastEventIds: (string | undefined)[] = []
    server = await startLocalServer((request, response) => {
      const lastEventId = request.headers['last-event-id'] as string | undefined
      lastEventIds.push(lastEventId)
      openSse(response)
      if (lastEventId === undefined) {
        response.write('id: a\ndata: one\n\nid: b\ndata: two\n\n')
        setTimeout(() => response.socket?.destroy(), 10)
      } else response.end('id: c\ndata: three\n\n')
    })
    const events = await collect(connectSse(server.url, { retryMs: 1 }))
    expect(data(events)).toEqual(['one', 'two', 'three'])
    expect(lastEventIds).toEqual([undefined, 'b'])
  })

  test('an id sent in an event without data still advances Last-Event-ID', async () => {
    const lastEventIds: (string | undefined)[] = []
    server = await startLocalServer((request, response) => {
      lastEventIds.push(request.headers['last-event-id'] as string | undefined)
      openSse(response)
      if (lastEventIds.length === 1) {
        response.write('id: 1\ndata: one\n\nid: 2\n\n')
        setTimeout(() => response.socket?.destroy(), 10)
      } else response.end('id: 3\ndata: three\n\n')
    })
    expect(data(await collect(connectSse(server.url, { retryMs: 1 })))).toEqual(['one', 'three'])
    expect(lastEventIds).toEqual([undefined, '2'])
  })

  test('non-integer ids are deduplicated by value after a reconnect; events without ids cannot be', async () => {
    let connection = 0
    server = await startLocalServer((_request, response) => {
      connection += 1
      openSse(response)
      if (connection === 1) {
        response.write('data: no id\n\nid: x1\ndata: one\n\ndata: inherits x1\n\n')
        setTimeout(() => response.socket?.destroy(), 10)
      } else response.end('data: no id\n\nid: x1\ndata: one\n\ndata: inherits x1\n\nid: x2\ndata: two\n\n')
    })
    const issues: Issue[] = []
    const events = await collect(connectSse(server.url, { retryMs: 1, onIssue: (issue) => issues.push(issue) }))
    expect(data(events)).toEqual(['no id', 'one', 'inherits x1', 'no id', 'two'])
    expect(issues.filter((issue) => issue.code === 'duplicate-event')).toHaveLength(2)
  })

  test('integer ids: anything at or below the highest delivered id is a repeat', async () => {
    let connection = 0
    server = await startLocalServer((_request, response) => {
      connection += 1
      openSse(response)
      if (connection === 1) {
        response.write('id: 5\ndata: five\n\nid: 9\ndata: nine\n\n')
        setTimeout(() => response.socket?.destroy(), 10)
      } else response.end('id: 7\ndata: seven\n\nid: 10\ndata: ten\n\n')
    })
    expect(data(await collect(connectSse(server.url, { retryMs: 1 })))).toEqual(['five', 'nine', 'ten'])
  })

  test('a retryable status is retried; 204 No Content ends the stream without reconnecting', async () => {
    const statuses = [503, 200, 204]
    let requests = 0
    server = await startLocalServer((_request, response) => {
      const status = statuses[requests++] ?? 500
      if (status === 200) {
        openSse(response)
        response.write('id: 1\ndata: hello\n\n')
        setTimeout(() => response.socket?.destroy(), 10)
      } else {
        response.writeHead(status)
        response.end()
      }
    })
    const issues: Issue[] = []
    const events = await collect(connectSse(server.url, { retryMs: 1, onIssue: (issue) => issues.push(issue) }))
    expect(data(events)).toEqual(['hello'])
    expect(requests).toBe(3)
    expect(issues[0]?.message).toMatch(/HTTP 503/)
  })

  test('a client error status fails at once with the status, without retrying', async () => {
    let requests = 0
    server = await startLocalServer((_request, response) => {
      requests += 1
      response.writeHead(401)
      response.end('unauthorized')
    })
    await expect(collect(connectSse(server.url, { retryMs: 1 }))).rejects.toMatchObject({
      code: 'http-status',
      status: 401,
    })
    expect(requests).toBe(1)
  })

  test('a clean end of the stream ends iteration; [DONE] ends it too', async () => {
    server = await startLocalServer((_request, response) => {
      openSse(response)
      response.write('data: {"delta":"hi"}\n\ndata: [DONE]\n\n')
      // The connection stays open after [DONE]; the client must not wait for it.
    })
    expect(data(await collect(connectSse(server.url)))).toEqual(['{"delta":"hi"}'])
  })

  test('headers, method and body are sent on every attempt, with Accept: text/event-stream', async () => {
    const seen: { method?: string; accept?: string; auth?: string; body: string }[] = []
    server = await startLocalServer((request, response) => {
      let body = ''
      request.on('data', (piece) => {
        body += piece
      })
      request.on('end', () => {
        seen.push({ method: request.method, accept: request.headers.accept, auth: request.headers.authorization, body })
        openSse(response)
        if (seen.length === 1) {
          response.write('id: 1\ndata: a\n\n')
          setTimeout(() => response.socket?.destroy(), 10)
        } else response.end('id: 2\ndata: b\n\n')
      })
    })
    const events = await collect(
      connectSse(server.url, {
        method: 'POST',
        body: '{"input":"hi"}',
        headers: { authorization: 'Bearer t' },
        retryMs: 1,
      }),
    )
    expect(data(events)).toEqual(['a', 'b'])
    expect(seen).toEqual([
      { method: 'POST', accept: 'text/event-stream', auth: 'Bearer t', body: '{"input":"hi"}' },
      { method: 'POST', accept: 'text/event-stream', auth: 'Bearer t', body: '{"input":"hi"}' },
    ])
  })

  test('a consumer that stops early closes the connection', async () => {
    let closed = false
    server = await startLocalServer((request, response) => {
      openSse(response)
      response.write('data: first\n\n')
      request.on('close', () => {
        closed = true
      })
    })
    for await (const _event of connectSse(server.url)) break
    const deadline = Date.now() + 2000
    while (!closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5))
    expect(closed).toBe(true)
  })
})

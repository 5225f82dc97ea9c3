/**
 * An SSE client that survives broken connections: it reconnects, sends `Last-Event-ID`, waits the
 * time the server asked for with `retry:`, and skips events it already delivered, so a server that
 * replays from an earlier point never duplicates text.
 */
import type { IssueHandler } from '@palimpsest/core'
import { safeReporter } from '../safe-reporter'
import { type SseEvent, sseEvents } from './sse'
import { TransportError } from './transport-error'

export interface ConnectSseOptions {
  /** The `fetch` to use (default `globalThis.fetch`): for auth wrappers, proxies and tests. */
  fetch?: typeof fetch
  /** Stops at once: the connection is closed and iteration rejects with the signal's reason. */
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Default `GET`. With `POST`, `body` is sent again on every reconnect. */
  method?: string
  body?: string
  /** Resume after this event id on the first connection too. */
  lastEventId?: string
  /** Wait before reconnecting, until the server sets it with `retry:`. Default 1000 ms. */
  retryMs?: number
  /** Give up after this many failed attempts in a row (an attempt that delivers an event resets it). Default 5. */
  maxRetries?: number
  /** A connection that delivers no bytes for this long is treated as broken and reconnected. Off by default. */
  idleTimeoutMs?: number
  /** See `sseEvents`. A line past it is not retried: the server would send it again. */
  maxLineLength?: number
  /** See `sseEvents`. Default true. */
  endOnDone?: boolean
  /** Receives every reconnect and every skipped duplicate event. */
  onIssue?: IssueHandler
}

/** Statuses worth retrying: the server is busy or briefly down. Any other non-2xx fails at once. */
const retryableStatuses = new Set([408, 429, 500, 502, 503, 504])
/** How many delivered ids are remembered for deduplication when ids are not increasing integers. */
const rememberedIds = 10_000

/**
 * Yields the events of `url` across reconnects. Ends when a connection ends cleanly (the server
 * closes the stream, or sends `[DONE]`) or answers 204 No Content; rejects with a `TransportError`
 * when the server answers with a non-retryable status or a non-SSE content type, or after
 * `maxRetries` failures in a row.
 *
 * An event that arrives again after a reconnect (same non-empty id as one delivered on an earlier
 * connection, or, when every id is an integer, an id not above the highest delivered) is skipped
 * and reported. Events without any id cannot be recognised and are delivered.
 */
export async function* connectSse(url: string | URL, options: ConnectSseOptions = {}): AsyncGenerator<SseEvent, void> {
  const { signal } = options
  const fetchStream = options.fetch ?? globalThis.fetch
  const maxRetries = options.maxRetries ?? 5
  const report = safeReporter(options.onIssue)
  const delivered = createDeliveredIds()
  let lastEventId = options.lastEventId ?? ''
  let retryMs = options.retryMs ?? 1000
  let failures = 0

  while (true) {
    signal?.throwIfAborted()
    let failure: unknown
    try {
      const response = await fetchStream(url, {
        method: options.method ?? 'GET',
        headers: requestHeaders(options.headers, lastEventId),
        ...(options.body !== undefined && { body: options.body }),
        ...(signal && { signal }),
        cache: 'no-store',
      })
      if (response.status === 204) {
        response.body?.cancel().catch(() => {})
        return
      }
      if (!response.ok) {
        response.body?.cancel().catch(() => {})
        const error = new TransportError('http-status', `HTTP ${response.status} from ${String(url)}`, {
          status: response.status,
        })
        if (!retryableStatuses.has(response.status)) throw error
        failure = error
      } else {
        checkContentType(response, url)
        delivered.startConnection()
        const events = sseEvents(response, {
          ...(signal && { signal }),
          ...(options.idleTimeoutMs !== undefined && { idleTimeoutMs: options.idleTimeoutMs }),
          ...(options.maxLineLength !== undefined && { maxLineLength: options.maxLineLength }),
          ...(options.endOnDone !== undefined && { endOnDone: options.endOnDone }),
          onRetry: (ms) => {
            retryMs = ms
          },
          onLastEventId: (id) => {
            lastEventId = id
          },
        })
        for await (const event of events) {
          if (delivered.isRepeat(event.id)) {
            report({
              code: 'duplicate-event',
              message: `sse: event ${event.id} was already delivered before the reconnect; skipped`,
              input: event,
              source: 'sse',
            })
            continue
          }
          delivered.add(event.id)
          failures = 0
          yield event
        }
        return
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      if (!isRetryable(error)) throw error
      failure = error
    }
    failures += 1
    const detail = failure instanceof Error ? failure.message : String(failure)
    if (failures > maxRetries) {
      throw new TransportError(
        'retries-exhausted',
        `gave up on ${String(url)} after ${maxRetries} reconnects: ${detail}`,
        { cause: failure },
      )
    }
    report({
      code: 'reconnecting',
      message: `sse: connection to ${String(url)} lost (${detail}); reconnecting in ${retryMs} ms (attempt ${failures} of ${maxRetries})${lastEventId ? ` after event ${lastEventId}` : ''}`,
      source: 'sse',
    })
    await sleep(retryMs, signal)
  }
}

function requestHeaders(extra: Record<string, string> | undefined, lastEventId: string): Headers {
  const headers = new Headers(extra)
  if (!headers.has('accept')) headers.set('accept', 'text/event-stream')
  headers.set('cache-control', 'no-cache')
  if (lastEventId !== '') headers.set('last-event-id', lastEventId)
  return headers
}

function checkContentType(response: Response, url: string | URL): void {
  const type = response.headers.get('content-type')
  if (type === null || /^\s*text\/event-stream\s*(;|$)/i.test(type)) return
  response.body?.cancel().catch(() => {})
  throw new TransportError('content-type', `${String(url)} answered ${type}, not text/event-stream`)
}

/** Stream-level failures that a new connection can fix; a line that is too long would come again. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof TransportError)) return true // fetch's network errors are plain TypeErrors
  return error.code === 'connection-lost' || error.code === 'idle-timeout'
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

const integer = /^[0-9]+$/

/** The ids delivered on earlier connections, to recognise events a server sends again. Bounded. */
function createDeliveredIds() {
  const earlier = new Set<string>()
  let current: string[] = []
  let allIntegers = true
  let highestEarlier = -1
  let highestCurrent = -1
  return {
    startConnection() {
      for (const id of current) {
        earlier.delete(id)
        earlier.add(id)
      }
      for (const id of earlier) {
        if (earlier.size <= rememberedIds) break
        earlier.delete(id)
      }
      current = []
      highestEarlier = Math.max(highestEarlier, highestCurrent)
    },
    isRepeat(id: string): boolean {
      if (id === '') return false
      if (earlier.has(id)) return true
      return allIntegers && integer.test(id) && Number(id) <= highestEarlier
    },
    add(id: string) {
      if (id === '') return
      if (integer.test(id)) highestCurrent = Math.max(highestCurrent, Number(id))
      else allIntegers = false
      if (current[current.length - 1] === id) return
      current.push(id)
      if (current.length > 2 * rememberedIds) current = current.slice(-rememberedIds)
    },
  }
}

/** The text messages of a WebSocket (the browser's `WebSocket`, or Node's `ws`) as an async iterable. */
import type { IssueHandler } from '@palimpsest/core'
import { safeReporter } from '../safe-reporter'
import { TransportError } from './transport-error'

/** What is needed of a WebSocket: the browser's and `ws`'s both fit. */
export interface WebSocketLike {
  readonly readyState: number
  binaryType?: string
  addEventListener(type: string, listener: (event: Event) => void): void
  removeEventListener(type: string, listener: (event: Event) => void): void
}

export interface WebSocketMessagesOptions {
  /** Stops iterating (listeners are removed; the socket is left open, it is the caller's). Rejects with the reason. */
  signal?: AbortSignal
  /**
   * A WebSocket cannot be paused, so messages the consumer has not taken yet wait in a queue; past
   * this many the iteration fails with `too-many-buffered-messages` instead of growing memory. Default 100,000.
   */
  maxBufferedMessages?: number
  /** Receives frames that cannot be read as text (a `Blob`), which are skipped. */
  onIssue?: IssueHandler
}

const closed = 3
/** Close codes of a connection that ended on purpose: normal closure, and closure without a status. */
const normalCloseCodes = new Set([1000, 1005])

/**
 * Yields every message as text: text frames as they are, binary frames decoded as UTF-8 (the
 * socket's `binaryType` is switched from `blob` to `arraybuffer` so they can be read in order).
 * Ends when the socket closes normally; rejects with a `TransportError` on an error or an abnormal
 * close, after the messages received before it.
 *
 * Listening starts when this is called, not at the first read, so call it right after creating
 * the socket: a WebSocket does not keep messages that arrived before anyone listened.
 */
export function webSocketMessages(
  ws: WebSocketLike,
  options: WebSocketMessagesOptions = {},
): AsyncGenerator<string, void> {
  const { signal } = options
  const maxBuffered = options.maxBufferedMessages ?? 100_000
  const report = safeReporter(options.onIssue)
  if (ws.binaryType === 'blob') ws.binaryType = 'arraybuffer'

  let queue: (string | undefined)[] = []
  let head = 0
  let ended = ws.readyState === closed
  let failure: TransportError | undefined
  let wake: (() => void) | undefined
  const notify = () => {
    const resume = wake
    wake = undefined
    resume?.()
  }
  const fail = (error: TransportError) => {
    failure ??= error
    stopListening()
    notify()
  }

  const onMessage = (event: Event) => {
    if (failure || ended) return
    const text = readText((event as MessageEvent).data)
    if (text === undefined) {
      report({
        code: 'unsupported-frame',
        message: 'websocket: a frame that is neither text nor bytes was skipped',
        source: 'websocket',
      })
      return
    }
    queue.push(text)
    if (queue.length - head > maxBuffered) {
      fail(
        new TransportError(
          'too-many-buffered-messages',
          `more than ${maxBuffered} WebSocket messages arrived that the consumer has not read; stopped to keep memory bounded`,
        ),
      )
    }
    notify()
  }
  const onClose = (event: Event) => {
    const { code = 1005, reason: text } = event as Partial<CloseEvent>
    if (normalCloseCodes.has(code)) {
      ended = true
      stopListening()
      notify()
    } else {
      const reason = text ? `: ${text}` : ''
      fail(new TransportError('websocket-closed', `the WebSocket closed abnormally (code ${code}${reason})`))
    }
  }
  const onError = (event: Event) => {
    // Browsers tell nothing about the failure; Node's `ws` passes an ErrorEvent with a message.
    const { message, error } = event as Partial<ErrorEvent>
    const detail = typeof message === 'string' && message !== '' ? `: ${message}` : ''
    fail(new TransportError('websocket-error', `the WebSocket failed${detail}`, { cause: error ?? event }))
  }
  const onAbort = () => notify()

  let listening = false
  const stopListening = () => {
    if (!listening) return
    listening = false
    ws.removeEventListener('message', onMessage)
    ws.removeEventListener('close', onClose)
    ws.removeEventListener('error', onError)
    signal?.removeEventListener('abort', onAbort)
  }

  async function* read(): AsyncGenerator<string, void> {
    try {
      while (true) {
        signal?.throwIfAborted()
        if (head < queue.length) {
          const message = queue[head] as string
          queue[head] = undefined
          head += 1
          if (head > 1024 && head * 2 > queue.length) {
            queue = queue.slice(head)
            head = 0
          }
          yield message
          continue
        }
        if (failure) throw failure
        if (ended) return
        await new Promise<void>((resolve) => {
          wake = resolve
        })
      }
    } finally {
      stopListening()
    }
  }

  if (!ended && !signal?.aborted) {
    listening = true
    ws.addEventListener('message', onMessage)
    ws.addEventListener('close', onClose)
    ws.addEventListener('error', onError)
    signal?.addEventListener('abort', onAbort)
  }
  return read()
}

function readText(data: unknown): string | undefined {
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new TextDecoder().decode(data)
  return undefined
}

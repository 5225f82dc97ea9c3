/**
 * Server-sent events, parsed by the rules of the HTML standard ("Parsing an event stream"):
 * https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */
import { type ByteSource, type ReadOptions, textChunks } from './byte-source'
import { createLineSplitter, defaultMaxLineLength } from './line-splitter'
import { TransportError } from './transport-error'

export interface SseEvent {
  /** The `event:` field; `message` when the event has none. */
  event: string
  /** The `data:` lines joined with `\n`. */
  data: string
  /** The last event ID: set by an `id:` field and kept for later events until another `id:` changes it. */
  id: string
  /** The reconnection time (ms) the server asked for with `retry:`, once it has. */
  retry?: number
}

export interface SseOptions extends ReadOptions {
  /**
   * The longest line (and the largest event data) accepted, in characters. A longer one stops the
   * stream with a `TransportError` instead of growing memory. Default 16 Mi.
   */
  maxLineLength?: number
  /** End the stream at an event whose data is `[DONE]` (OpenAI-style streams), without yielding it. Default true. */
  endOnDone?: boolean
  /** Called whenever a valid `retry:` field arrives, even in an event that is never dispatched. */
  onRetry?: (milliseconds: number) => void
  /**
   * Called when an event ends (its blank line) with a last event ID different from the one before,
   * even when the event has no data and is not yielded — what `Last-Event-ID` must say on reconnect.
   */
  onLastEventId?: (id: string) => void
}

const byteOrderMark = '\uFEFF'
const digits = /^[0-9]+$/

/** Yields the events of an SSE stream, reading the source lazily. Rejects only for transport failures. */
export async function* sseEvents(source: ByteSource, options: SseOptions = {}): AsyncGenerator<SseEvent, void> {
  const maxLength = options.maxLineLength ?? defaultMaxLineLength
  const endOnDone = options.endOnDone ?? true
  const lines = createLineSplitter(maxLength)
  let atStreamStart = true
  let data: string[] = []
  let dataLength = 0
  let eventType = ''
  let lastEventId = ''
  let retry: number | undefined
  let announcedId = ''

  for await (let chunk of textChunks(source, options)) {
    if (atStreamStart) {
      atStreamStart = false
      if (chunk.startsWith(byteOrderMark)) chunk = chunk.slice(1)
    }
    for (const line of lines.push(chunk)) {
      if (line === '') {
        if (lastEventId !== announcedId) {
          announcedId = lastEventId
          options.onLastEventId?.(lastEventId)
        }
        // A blank line dispatches the event; one without any data line is dropped (spec).
        if (data.length > 0) {
          const event: SseEvent = { event: eventType || 'message', data: data.join('\n'), id: lastEventId }
          if (retry !== undefined) event.retry = retry
          data = []
          dataLength = 0
          eventType = ''
          if (endOnDone && event.data === '[DONE]') return
          yield event
        }
        eventType = ''
        continue
      }
      if (line.charCodeAt(0) === 58 /* ':' */) continue // a comment, e.g. a keep-alive `:ping`
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      let value = colon < 0 ? '' : line.slice(colon + 1)
      if (value.charCodeAt(0) === 32 /* ' ' */) value = value.slice(1)
      switch (field) {
        case 'data':
          dataLength += value.length + 1
          if (dataLength > maxLength) {
            throw new TransportError(
              'event-too-long',
              `an event's data grew past ${maxLength} characters without the blank line that ends it; stopped reading to keep memory bounded`,
            )
          }
          data.push(value)
          break
        case 'event':
          eventType = value
          break
        case 'id':
          if (!value.includes('\0')) lastEventId = value
          break
        case 'retry':
          if (digits.test(value)) {
            retry = Number(value)
            options.onRetry?.(retry)
          }
          break
        // Any other field is ignored (spec).
      }
    }
  }
  // An event the stream ended in the middle of is not dispatched (spec), so the rest is dropped.
}

/** Pipes one stream of wire messages through a decoder into a transcript store. */
import type { AgentUpdate, Decoder, EndReason, IssueHandler, TranscriptStore } from '@palimpsest/core'
import { safeReporter } from '../safe-reporter'
import type { SseEvent } from './sse'

/** How the stream ended: `complete` (the source ended), `interrupted` (it broke), `aborted` (the signal fired). */
export type StreamEndReason = 'complete' | 'interrupted' | 'aborted'

export interface StreamResult {
  reason: StreamEndReason
  /** What broke the stream (`interrupted`) or the abort reason (`aborted`). */
  error?: unknown
  /** How many wire messages were read from the source. */
  received: number
}

export interface StreamIntoOptions {
  /** Stops reading at once: the stream ends as `aborted`. Give the same signal to the transport so the connection closes too. */
  signal?: AbortSignal
  /** Receives what the decoder drops, decoder failures, and the error that broke the stream. */
  onIssue?: IssueHandler
  /**
   * Backpressure: after this many updates are queued without the store flushing, reading pauses
   * until it does (a frame later), so a producer faster than the page waits on the connection
   * instead of filling the store's queue. Default 10,000.
   */
  maxQueuedUpdates?: number
}

/** A source item: a wire message (object or JSON text), or an SSE event whose `data` is the wire message. */
export type WireSource = AsyncIterable<unknown> | Iterable<unknown>

/** If the store has not flushed this long after the queue filled up (frames stopped), flush it here. */
const flushFallbackMs = 1000

/**
 * Reads `source` lazily, decodes every item and applies the updates to `store` as they come (the
 * store batches them per frame). Never rejects for bad data or a broken stream; resolves when the
 * stream is over:
 * - the source ends: `decoder.end('complete')` is applied;
 * - the source throws, or the signal aborts: `decoder.end('interrupted')` is applied, then every
 *   message this stream created or addressed that is still streaming is finished as `interrupted`,
 *   keeping its text.
 */
export async function streamInto(
  store: TranscriptStore,
  source: WireSource,
  decoder: Decoder,
  options: StreamIntoOptions = {},
): Promise<StreamResult> {
  const { signal } = options
  const reportTo = safeReporter(options.onIssue)
  const report: IssueHandler = (issue) => reportTo({ ...issue, source: 'stream' })
  const maxQueued = options.maxQueuedUpdates ?? 10_000
  const existingAtStart = new Set(store.getState().messageIds)
  const addressed = new Set<string>()
  let queuedSinceFlush = 0
  let received = 0
  const unsubscribe = store.subscribe(() => {
    queuedSinceFlush = 0
  })

  const applyAll = (updates: unknown, what: string) => {
    if (!Array.isArray(updates)) {
      report({ code: 'decoder-error', message: `${what} did not return an array of updates`, input: updates })
      return
    }
    for (const update of updates as AgentUpdate[]) {
      const messageId = (update as { messageId?: unknown } | null)?.messageId
      if (typeof messageId === 'string') addressed.add(messageId)
    }
    if (updates.length === 0) return
    store.getState().apply(updates as AgentUpdate[])
    queuedSinceFlush += updates.length
  }
  const decode = (item: unknown) => {
    let updates: unknown
    try {
      updates = decoder.decode(wireOf(item) as never)
    } catch (error) {
      report({ code: 'decoder-error', message: `the decoder threw: ${String(error)}`, input: item })
      return
    }
    applyAll(updates, 'decoder.decode')
  }
  const end = (reason: EndReason) => {
    let updates: unknown
    try {
      updates = decoder.end(reason)
    } catch (error) {
      report({ code: 'decoder-error', message: `decoder.end threw: ${String(error)}` })
      return
    }
    applyAll(updates, 'decoder.end')
  }
  const interrupt = (reason: 'interrupted' | 'aborted', error: unknown): StreamResult => {
    end('interrupted')
    store.getState().flush()
    const state = store.getState()
    const done: AgentUpdate[] = []
    for (const id of state.messageIds) {
      if (!addressed.has(id) && existingAtStart.has(id)) continue
      if (state.messages[id]?.status === 'streaming')
        done.push({ type: 'message-done', messageId: id, status: 'interrupted' })
    }
    if (done.length > 0) state.apply(done)
    return { reason, error, received }
  }

  let iterator: AsyncIterator<unknown> | Iterator<unknown>
  try {
    iterator = openIterator(source)
  } catch (error) {
    unsubscribe()
    throw error
  }
  try {
    while (true) {
      if (signal?.aborted) return stop(iterator, () => interrupt('aborted', signal.reason))
      const step = await unlessAborted(Promise.resolve(iterator.next()), signal)
      if (step === aborted) return stop(iterator, () => interrupt('aborted', signal?.reason))
      if (step.done) break
      received += 1
      decode(step.value)
      if (queuedSinceFlush >= maxQueued) await untilFlushed(store, signal)
    }
    end('complete')
    return { reason: 'complete', received }
  } catch (error) {
    if (signal?.aborted) return interrupt('aborted', signal.reason)
    const detail = error instanceof Error ? error.message : String(error)
    report({ code: 'stream-interrupted', message: `the stream broke: ${detail}`, input: error })
    return interrupt('interrupted', error)
  } finally {
    unsubscribe()
  }
}

const aborted = Symbol('aborted')

function openIterator(source: WireSource): AsyncIterator<unknown> | Iterator<unknown> {
  if (typeof source === 'string' || source === null || typeof source !== 'object')
    throw new TypeError('streamInto: the source must be an (async) iterable of wire messages')
  const asyncIterable = source as AsyncIterable<unknown>
  if (typeof asyncIterable[Symbol.asyncIterator] === 'function') return asyncIterable[Symbol.asyncIterator]()
  const iterable = source as Iterable<unknown>
  if (typeof iterable[Symbol.iterator] === 'function') return iterable[Symbol.iterator]()
  throw new TypeError('streamInto: the source must be an (async) iterable of wire messages')
}

/** Asks the source to stop without waiting for it: a read in flight may never settle. */
function stop(iterator: AsyncIterator<unknown> | Iterator<unknown>, finish: () => StreamResult): StreamResult {
  try {
    const result = iterator.return?.()
    if (result instanceof Promise) result.catch(() => {})
  } catch {
    // The source failing to stop changes nothing: we no longer read it.
  }
  return finish()
}

function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof aborted> {
  if (!signal) return promise
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(aborted)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

/** Resolves once the store notifies (it flushed), flushing it here if frames have stopped. */
function untilFlushed(store: TranscriptStore, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      unsubscribe()
      clearTimeout(timer)
      signal?.removeEventListener('abort', finish)
      resolve()
    }
    const unsubscribe = store.subscribe(finish)
    const timer = setTimeout(() => {
      store.getState().flush()
      finish()
    }, flushFallbackMs)
    signal?.addEventListener('abort', finish, { once: true })
  })
}

function wireOf(item: unknown): unknown {
  if (isSseEvent(item)) return item.data
  if (typeof MessageEvent !== 'undefined' && item instanceof MessageEvent) return item.data
  return item
}

const sseEventKeys = new Set(['event', 'data', 'id', 'retry'])

/** An event from `sseEvents` (exactly its fields), whose `data` is the wire message. */
function isSseEvent(item: unknown): item is SseEvent {
  if (typeof item !== 'object' || item === null) return false
  const event = item as Record<string, unknown>
  return (
    typeof event.data === 'string' &&
    typeof event.event === 'string' &&
    typeof event.id === 'string' &&
    Object.keys(event).every((key) => sseEventKeys.has(key))
  )
}

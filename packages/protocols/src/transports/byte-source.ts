/**
 * Any source of stream bytes (a fetch `Response`, a `ReadableStream`, an async iterable of bytes or
 * strings) read lazily as text chunks: UTF-8 sequences split across chunks are joined, invalid
 * bytes become U+FFFD (never an error), and the next chunk is read only when the consumer asks
 * for it, so a fast producer is held back by the connection instead of filling memory.
 */
import { TransportError } from './transport-error'

/** One chunk as producers hand it over: bytes (`Uint8Array`, Node `Buffer`, `ArrayBuffer`) or text. */
export type ByteChunk = Uint8Array | ArrayBuffer | string

/** Where stream bytes come from. A plain string is a whole stream already received. */
export type ByteSource = Response | ReadableStream<ByteChunk> | AsyncIterable<ByteChunk> | string

export interface ReadOptions {
  /** Stops reading: the source is cancelled and iteration rejects with the signal's reason. */
  signal?: AbortSignal
  /** Rejects with a `TransportError` (`idle-timeout`) when no chunk arrives for this long. Off by default. */
  idleTimeoutMs?: number
}

interface ChunkReader {
  read(): Promise<IteratorResult<ByteChunk>>
  cancel(reason?: unknown): void
}

/** Reads `source` as text chunks, pulling one chunk per request. The BOM is kept (the formats decide). */
export async function* textChunks(source: ByteSource, options: ReadOptions = {}): AsyncGenerator<string, void> {
  const { signal, idleTimeoutMs } = options
  signal?.throwIfAborted()
  const reader = openReader(source)
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })
  let finished = false
  try {
    while (true) {
      const result = await nextChunk(reader, signal, idleTimeoutMs)
      if (result.done) break
      const chunk = result.value
      let text: string
      if (typeof chunk === 'string') text = utf8.decode() + chunk
      else if (chunk instanceof Uint8Array || chunk instanceof ArrayBuffer) text = utf8.decode(chunk, { stream: true })
      else throw new TypeError(`a byte source yielded ${describe(chunk)}; expected bytes or a string`)
      if (text !== '') yield text
    }
    finished = true
    const tail = utf8.decode()
    if (tail !== '') yield tail
  } finally {
    // Runs when the consumer stops early, on abort and on errors: release the connection.
    if (!finished) reader.cancel(signal?.reason)
  }
}

function openReader(source: ByteSource): ChunkReader {
  if (typeof source === 'string') {
    let given = false
    return {
      read: async () => {
        if (given) return { done: true, value: undefined }
        given = true
        return { done: false, value: source }
      },
      cancel() {},
    }
  }
  // Duck-typed, so responses and streams of other implementations (node-fetch, polyfills) work too.
  if (isResponse(source)) return responseReader(source)
  if (typeof (source as ReadableStream).getReader === 'function')
    return streamReader(source as ReadableStream<ByteChunk>)
  if (source && typeof (source as AsyncIterable<ByteChunk>)[Symbol.asyncIterator] === 'function') {
    const iterator = (source as AsyncIterable<ByteChunk>)[Symbol.asyncIterator]()
    return {
      read: () => iterator.next(),
      cancel() {
        iterator.return?.()?.catch(() => {})
      },
    }
  }
  throw new TypeError(
    `expected a Response, a ReadableStream, an async iterable of bytes or strings, or a string; got ${describe(source)}`,
  )
}

function cancelBody(response: Response): void {
  const body = response.body as { cancel?: () => Promise<void>; destroy?: () => void } | null
  if (typeof body?.cancel === 'function') body.cancel().catch(() => {})
  else body?.destroy?.()
}

function isResponse(source: unknown): source is Response {
  if (typeof Response !== 'undefined' && source instanceof Response) return true
  const candidate = source as Partial<Response> | null
  return typeof candidate?.ok === 'boolean' && typeof candidate.status === 'number' && 'body' in candidate
}

function responseReader(response: Response): ChunkReader {
  if (!response.ok) {
    cancelBody(response)
    const where = response.url ? ` from ${response.url}` : ''
    throw new TransportError(
      'http-status',
      `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${where}: not a stream`,
      { status: response.status },
    )
  }
  if (response.bodyUsed) throw new TypeError('the response body was already read')
  if (!response.body) return openReader('')
  // A WHATWG stream, or a Node stream (node-fetch), which is an async iterable of Buffers.
  return openReader(response.body as unknown as ByteSource)
}

function streamReader(stream: ReadableStream<ByteChunk>): ChunkReader {
  const reader = stream.getReader()
  return {
    read: () => reader.read() as Promise<IteratorResult<ByteChunk>>,
    cancel(reason) {
      reader.cancel(reason).catch(() => {})
    },
  }
}

/** The next chunk, or the abort reason, or an idle timeout — whichever comes first. */
function nextChunk(
  reader: ChunkReader,
  signal: AbortSignal | undefined,
  idleTimeoutMs: number | undefined,
): Promise<IteratorResult<ByteChunk>> {
  if (!signal && idleTimeoutMs === undefined) return reader.read().catch(connectionLost)
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const onAbort = () => {
      cleanUp()
      reject(signal?.reason)
    }
    const cleanUp = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    if (signal?.aborted) return reject(signal.reason)
    signal?.addEventListener('abort', onAbort, { once: true })
    if (idleTimeoutMs !== undefined) {
      timer = setTimeout(() => {
        cleanUp()
        reject(
          new TransportError(
            'idle-timeout',
            `no data arrived for ${idleTimeoutMs} ms; the stream is considered stalled`,
          ),
        )
      }, idleTimeoutMs)
    }
    reader.read().then(
      (result) => {
        cleanUp()
        resolve(result)
      },
      (error) => {
        cleanUp()
        if (signal?.aborted) reject(signal.reason)
        else connectionLost(error).catch(reject)
      },
    )
  })
}

async function connectionLost(error: unknown): Promise<never> {
  if (error instanceof TransportError) throw error
  const detail = error instanceof Error ? error.message : String(error)
  throw new TransportError('connection-lost', `the stream broke while reading: ${detail}`, { cause: error })
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'an object'
  return typeof value
}

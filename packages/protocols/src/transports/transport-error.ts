/** The one error type the transports reject with, so callers can tell a broken stream from a bug. */

/**
 * Why a transport gave up:
 * - `http-status`: the server answered with a status that is not a stream (4xx, 5xx);
 * - `content-type`: the server answered with something that is not the expected stream format;
 * - `idle-timeout`: no bytes arrived for `idleTimeoutMs`;
 * - `line-too-long`: a line grew past `maxLineLength` without ending;
 * - `event-too-long`: an SSE event's data grew past `maxLineLength` without the blank line that ends it;
 * - `connection-lost`: the connection broke (reset, premature close) while reading;
 * - `websocket-error`, `websocket-closed`: the WebSocket failed or closed abnormally;
 * - `too-many-buffered-messages`: a push source (WebSocket) outran its consumer;
 * - `retries-exhausted`: a reconnecting client failed `maxRetries` times in a row.
 */
export type TransportErrorCode =
  | 'http-status'
  | 'content-type'
  | 'idle-timeout'
  | 'line-too-long'
  | 'event-too-long'
  | 'connection-lost'
  | 'websocket-error'
  | 'websocket-closed'
  | 'too-many-buffered-messages'
  | 'retries-exhausted'

export class TransportError extends Error {
  override readonly name = 'TransportError'
  readonly code: TransportErrorCode
  /** The HTTP status, for `http-status`. */
  readonly status?: number

  constructor(code: TransportErrorCode, message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    if (options.status !== undefined) this.status = options.status
  }
}

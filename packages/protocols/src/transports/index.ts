/**
 * `@palimpsest/protocols/transports`: bytes to wire messages (SSE, NDJSON, WebSocket, JSON-RPC
 * lines), and `streamInto`, which pipes wire messages through a decoder into a transcript store.
 */
export { type ByteChunk, type ByteSource, type ReadOptions, textChunks } from './byte-source'
export {
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcOptions,
  type JsonRpcRequest,
  type JsonRpcResponse,
  jsonRpcMessages,
} from './json-rpc'
export { createLineSplitter, defaultMaxLineLength, type LineSplitter } from './line-splitter'
export { type NdjsonOptions, ndjsonLines } from './ndjson'
export { type ConnectSseOptions, connectSse } from './reconnecting-sse'
export { type SseEvent, type SseOptions, sseEvents } from './sse'
export {
  type StreamEndReason,
  type StreamIntoOptions,
  type StreamResult,
  streamInto,
  type WireSource,
} from './stream-into'
export { TransportError, type TransportErrorCode } from './transport-error'
export { type WebSocketLike, type WebSocketMessagesOptions, webSocketMessages } from './websocket'

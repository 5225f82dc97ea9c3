/**
 * The contract between a protocol decoder and the store. Decoders live in
 * `@palimpsest/protocols`; the contract lives here so that the store, the transports and the
 * React devtools can accept any decoder without knowing a protocol.
 */
import type { AgentUpdate, IssueHandler } from './updates'

/** Why a stream ended: a clean end finishes open messages; the others mark them with that status. */
export type EndReason = 'complete' | 'interrupted' | 'cancelled' | 'error'

export interface Decoder<Wire = unknown> {
  /** Decodes one wire message (a parsed object or its raw JSON text). Never throws. */
  decode(wire: Wire | string): AgentUpdate[]
  /** The stream ended: returns the updates that finish what is still open. */
  end(reason?: EndReason): AgentUpdate[]
}

export interface DecoderOptions {
  /** Receives every dropped or suspicious wire message, with the reason. */
  onIssue?: IssueHandler
}

/** Makes a fresh decoder (a decoder cannot be reset, so starting over takes a new one). */
export type DecoderFactory = (options?: DecoderOptions) => Decoder

/**
 * The shape of a recorded trace as the replayer reads it: wire messages with the delay before
 * each. Structurally the same as `Trace` in `@palimpsest/protocols/traces` (whose fields are all
 * required); it lives here because the React package, which replays traces, must not import
 * protocols.
 */

/** One recorded wire message and the delay before it arrived. */
export interface ReplayEvent {
  /** Milliseconds since the previous message. */
  delayMs?: number
  /** The wire message as the client received it (a parsed JSON value or its raw text). */
  wire: unknown
}

export interface ReplayTrace {
  name?: string
  title?: string
  protocol?: string
  description?: string
  events: ReplayEvent[]
}

export type TraceReadResult = { ok: true; trace: ReplayTrace } | { ok: false; error: string }

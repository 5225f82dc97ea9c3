/** Recorded traces: real wire messages of one stream, replayed by tests, stories and benchmarks. */
import type { DecoderFactory } from '@palimpsest/core'

/** One recorded wire message and the delay before it arrived. */
export interface TraceEvent {
  /** Milliseconds since the previous event (for replay at recorded speed). */
  delayMs?: number
  /** The wire message as the client received it (a parsed JSON value). */
  wire: unknown
}

export interface Trace {
  /** Stable identifier, also the file name. */
  name: string
  /** Key into a decoder registry (`acp`, `agentex`, `agent-framework`, `devui`, …). */
  protocol: string
  title: string
  /** What the scenario shows and which section of `docs/protocols/` it illustrates. */
  description: string
  events: TraceEvent[]
  /** What the transcript must look like after the whole trace: `toMarkdown(state, { reasoning: true, tools: true })`. */
  expected: { markdown: string }
}

export type { DecoderFactory }

/** A protocol's traces and the decoders that read them. */
export interface TraceSet {
  decoders: Record<string, DecoderFactory>
  traces: Trace[]
}

/** Devtools: the trace replayer and the pieces it is made of. */
export { readTrace, readTraceText } from './read-trace'
export type { ReplayEvent, ReplayTrace, TraceReadResult } from './replay-trace'
export { replaySpeeds, TraceReplayer, type TraceReplayerProps } from './TraceReplayer'
export { type DecodedStep, type DecoderFactory, type DecoderSource, TraceReplay } from './trace-replay'

/** Devtools: the trace replayer and the pieces it is made of. */
export {
  type DecodedStep,
  type DecoderFactory,
  type DecoderSource,
  type ReplayEvent,
  type ReplayTrace,
  readTrace,
  readTraceText,
  type TraceReadResult,
  TraceReplay,
} from '@palimpsest/core'
export { replaySpeeds, TraceReplayer, type TraceReplayerProps } from './TraceReplayer'

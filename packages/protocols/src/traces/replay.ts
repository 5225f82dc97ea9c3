import { createTranscriptStore, type IssueHandler, type TranscriptState } from '@palimpsest/core'
import type { DecoderFactory, Trace } from './trace'

/** Replays a whole trace through a decoder into a fresh synchronous store; returns the final state. */
export function replayTrace(trace: Trace, createDecoder: DecoderFactory, onIssue?: IssueHandler): TranscriptState {
  const store = createTranscriptStore({ schedule: 'sync', ...(onIssue && { onIssue }) })
  const decoder = createDecoder(onIssue ? { onIssue } : {})
  for (const event of trace.events) store.getState().apply(decoder.decode(event.wire))
  store.getState().apply(decoder.end())
  return store.getState()
}

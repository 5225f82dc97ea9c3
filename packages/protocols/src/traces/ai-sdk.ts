/** Recorded AI SDK UI message streams: a two-step tool run, and an approval with its continuation. */
import { createAiSdkDecoder } from '../ai-sdk'
import approvalContinuation from './data/ai-sdk-approval-continuation.json'
import weatherSteps from './data/ai-sdk-weather-steps.json'
import type { TraceSet } from './trace'

export const traceSet: TraceSet = {
  decoders: { 'ai-sdk': createAiSdkDecoder },
  traces: [weatherSteps, approvalContinuation],
}

import type { TraceSet } from './trace'

export const traceSet: TraceSet = { decoders: {}, traces: [] }

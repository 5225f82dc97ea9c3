/**
 * Every recorded trace in the repository, with the decoder for each protocol. Stories, tests and
 * benchmarks replay these same files.
 */

import { traceSet as acp } from './acp'
import { traceSet as agUi } from './ag-ui'
import { traceSet as agentFramework } from './agent-framework'
import { traceSet as agentex } from './agentex'
import { traceSet as aiSdk } from './ai-sdk'
import { traceSet as openai } from './openai'
import type { DecoderFactory, Trace, TraceSet } from './trace'

export { replayTrace } from './replay'
export type { DecoderFactory, Trace, TraceEvent, TraceSet } from './trace'

const sets: TraceSet[] = [acp, agentex, agentFramework, agUi, aiSdk, openai]

/** All traces, in a stable order. */
export const traces: Trace[] = sets.flatMap((set) => set.traces)

/** protocol name → decoder factory. */
export const decoders: Record<string, DecoderFactory> = Object.assign({}, ...sets.map((set) => set.decoders))

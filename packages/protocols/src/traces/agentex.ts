import { createAgentexDecoder } from '../agentex'
import citationsOverride from './data/agentex-citations-override.json'
import reasoningToolCall from './data/agentex-reasoning-tool-call.json'
import type { TraceSet } from './trace'

export const traceSet: TraceSet = {
  decoders: { agentex: createAgentexDecoder },
  traces: [citationsOverride, reasoningToolCall],
}

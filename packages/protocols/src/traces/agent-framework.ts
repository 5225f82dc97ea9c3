import { createAgentFrameworkDecoder, createDevUiDecoder } from '../agent-framework'
import dotNetHandoff from './data/agent-framework-dotnet-handoff.json'
import toolLoopApproval from './data/agent-framework-tool-loop-approval.json'
import devUiTravelAgentRun from './data/devui-travel-agent-run.json'
import type { TraceSet } from './trace'

export const traceSet: TraceSet = {
  decoders: { 'agent-framework': createAgentFrameworkDecoder, devui: createDevUiDecoder },
  traces: [toolLoopApproval, dotNetHandoff, devUiTravelAgentRun],
}

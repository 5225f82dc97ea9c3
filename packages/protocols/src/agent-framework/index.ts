/**
 * `@palimpsest/protocols/agent-framework`: decoders for Microsoft Agent Framework streams —
 * `AgentResponseUpdate`s (Python and .NET JSON) and the DevUI server's Responses-style SSE events.
 */

export { type AgentFrameworkDecoderOptions, createAgentFrameworkDecoder } from './agent-framework-decoder'
export type {
  AgentFrameworkWire,
  DotNetAgentResponseUpdate,
  DotNetContent,
  PythonAgentResponseUpdate,
  PythonContent,
} from './agent-framework-wire'
export { approveOptionId, rejectOptionId } from './approval-options'
export { createDevUiDecoder, type DevUiDecoder, type DevUiDecoderOptions } from './devui-decoder'
export type * from './devui-events'

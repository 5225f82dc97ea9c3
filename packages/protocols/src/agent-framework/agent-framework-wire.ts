/**
 * The Agent Framework wire shapes this decoder reads, for typing fixtures and callers' code.
 * Python serialises `to_dict(exclude_none=True)` (snake_case, `type` tags); .NET serialises with
 * `JsonSerializerDefaults.Web` (camelCase, `$type` tags). Only the fields a client needs are listed.
 */

/** Python `Content.to_dict()`: `type` first, always `additional_properties`. */
export interface PythonContent {
  type: string
  additional_properties?: Record<string, unknown>
  [field: string]: unknown
}

/** Python `AgentResponseUpdate.to_dict()` (`agent_run_response_update` before PR #3207). */
export interface PythonAgentResponseUpdate {
  type: 'agent_response_update' | 'agent_run_response_update' | 'chat_response_update'
  contents: PythonContent[]
  /** A plain string since PR #3647; before, `{ type: 'role', value }`. */
  role?: string | { type: 'role'; value: string }
  author_name?: string
  agent_id?: string
  response_id?: string
  message_id?: string
  created_at?: string
  finish_reason?: string
  /** Opaque; OpenAI's is `{ response_id }`. */
  continuation_token?: Record<string, unknown>
  additional_properties?: Record<string, unknown>
}

/** .NET `AIContent` with its `$type` discriminator (`text`, `reasoning`, `functionCall`, …). */
export interface DotNetContent {
  $type: string
  [field: string]: unknown
}

/** .NET `AgentResponseUpdate` (camelCase, nulls omitted). */
export interface DotNetAgentResponseUpdate {
  contents: DotNetContent[]
  role?: string
  authorName?: string
  agentId?: string
  responseId?: string
  messageId?: string
  createdAt?: string
  finishReason?: string
  /** Base64 of the opaque token bytes; absent (null) on the last update of a run. */
  continuationToken?: string | null
  additionalProperties?: Record<string, unknown>
}

/** Everything `createAgentFrameworkDecoder().decode` accepts (bare content items too). */
export type AgentFrameworkWire = PythonAgentResponseUpdate | DotNetAgentResponseUpdate | PythonContent | DotNetContent

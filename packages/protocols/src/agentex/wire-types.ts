/**
 * The Agentex wire shapes this decoder reads, as the server serialises them (see
 * `docs/protocols/agentex.md`). Structural and deliberately loose (every field the server may write as
 * `null` is nullable) so that values typed with the `agentex` npm package's own types are
 * accepted; the decoder validates everything it reads at run time.
 */

export type AgentexAuthor = 'user' | 'agent'

export interface AgentexFileAttachment {
  file_id: string
  name: string
  size: number
  type: string
}

interface ContentBase {
  author: AgentexAuthor
  style?: 'static' | 'active'
}

export interface AgentexTextContent extends ContentBase {
  type?: 'text'
  format?: 'markdown' | 'plain' | 'code'
  content: string
  attachments?: AgentexFileAttachment[] | null
}

export interface AgentexReasoningContent extends ContentBase {
  type?: 'reasoning'
  summary: string[]
  content?: string[] | null
}

export interface AgentexDataContent extends ContentBase {
  type?: 'data'
  data: Record<string, unknown>
}

export interface AgentexToolRequestContent extends ContentBase {
  type?: 'tool_request'
  tool_call_id: string
  name: string
  arguments: Record<string, unknown>
}

export interface AgentexToolResponseContent extends ContentBase {
  type?: 'tool_response'
  tool_call_id: string
  name: string
  content: unknown
  /** Server PR #331; absent from the alpha.9 TypeScript types. */
  is_error?: boolean | null
}

export type AgentexTaskMessageContent =
  | AgentexTextContent
  | AgentexReasoningContent
  | AgentexDataContent
  | AgentexToolRequestContent
  | AgentexToolResponseContent

export type AgentexTaskMessageDelta =
  | { type?: 'text'; text_delta?: string | null }
  | { type?: 'data'; data_delta?: string | null }
  | { type?: 'tool_request'; tool_call_id: string; name: string; arguments_delta?: string | null }
  | { type?: 'tool_response'; tool_call_id: string; name: string; content_delta?: string | null }
  | { type?: 'reasoning_summary'; summary_index: number; summary_delta?: string | null }
  | { type?: 'reasoning_content'; content_index: number; content_delta?: string | null }

/** A persisted message (`GET /messages`), also the `parent_task_message` of every update. */
export interface AgentexTaskMessage {
  id?: string | null
  task_id: string
  content: AgentexTaskMessageContent
  streaming_status?: 'IN_PROGRESS' | 'DONE' | null
  created_at?: string | null
  updated_at?: string | null
}

interface UpdateBase {
  index?: number | null
  parent_task_message?: AgentexTaskMessage | null
}

export type AgentexTaskMessageUpdate =
  | (UpdateBase & { type?: 'start'; content: AgentexTaskMessageContent })
  | (UpdateBase & { type?: 'delta'; delta?: AgentexTaskMessageDelta | null })
  | (UpdateBase & { type?: 'full'; content: AgentexTaskMessageContent })
  | (UpdateBase & { type?: 'done' })

export type AgentexTaskStatus =
  | 'CANCELED'
  | 'COMPLETED'
  | 'FAILED'
  | 'RUNNING'
  | 'INTERRUPTED'
  | 'TERMINATED'
  | 'TIMED_OUT'
  | 'DELETED'

export interface AgentexTask {
  id: string
  name?: string | null
  status?: AgentexTaskStatus | null
  status_reason?: string | null
  [field: string]: unknown
}

/** The non-message events of a task's SSE stream. */
export type AgentexTaskStreamEvent =
  | { type: 'connected'; taskId: string }
  | { type: 'task_updated'; task: AgentexTask | null }
  | { type: 'error'; message: string }

/** One NDJSON line of a streaming `message/send` response. */
export interface AgentexRpcEnvelope {
  jsonrpc?: '2.0'
  id?: string | number | null
  /**
   * An `AgentexTaskMessageUpdate` when streaming, `AgentexTaskMessage[]` otherwise; other results
   * of the RPC (tasks, events) are reported and ignored.
   */
  result: unknown
  /** `{ code, message, data }` on failure (typed `unknown` by the SDK). */
  error?: unknown
}

/**
 * Everything `decode` accepts: an SSE `data:` object, an NDJSON JSON-RPC line, or a list of
 * persisted messages (`GET /messages?task_id=…`) to load before applying live events.
 */
export type AgentexWire = AgentexTaskMessageUpdate | AgentexTaskStreamEvent | AgentexRpcEnvelope | AgentexTaskMessage[]

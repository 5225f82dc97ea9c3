/**
 * Agentex wire fixtures, typed with the `agentex` npm package's own types so `tsc` checks every
 * fixture against the published SDK. Builders write fields in the server's order and write every
 * nullable field, as `model_dump_json()` does.
 */
import type { TaskStreamConnectedEvent, TaskStreamErrorEvent } from 'agentex/lib/task-stream'
import type {
  AgentRpcResponse,
  DataContent,
  ReasoningContent,
  Task,
  TaskMessage,
  TaskMessageContent,
  TaskMessageDelta,
  TaskMessageUpdate,
  TextContent,
  ToolRequestContent,
  ToolResponseContent,
} from 'agentex/resources'

export const taskId = 'task_8f3a'

/** `is_error` (server PR #331) is missing from the alpha.9 types; the wire has it. */
export type ToolResponseContentWithError = ToolResponseContent & { is_error?: boolean | null }

/** `task_updated` is not in the alpha.9 types (`isTaskStreamEvent` does not know it). */
export interface TaskUpdatedEvent {
  type: 'task_updated'
  task: (Omit<Task, 'status'> & { status: Task['status'] | 'INTERRUPTED'; cleaned_at: string | null }) | null
}

export const text = (content: string, extra: Partial<TextContent> = {}): TextContent => ({
  type: 'text',
  author: 'agent',
  style: 'static',
  format: 'plain',
  content,
  attachments: null,
  ...extra,
})

export const reasoning = (summary: string[], content: string[] | null = null): ReasoningContent => ({
  type: 'reasoning',
  author: 'agent',
  style: 'static',
  summary,
  content,
})

export const data = (value: DataContent['data']): DataContent => ({
  type: 'data',
  author: 'agent',
  style: 'static',
  data: value,
})

export const toolRequest = (
  toolCallId: string,
  name: string,
  args: ToolRequestContent['arguments'],
): ToolRequestContent => ({
  type: 'tool_request',
  author: 'agent',
  style: 'static',
  tool_call_id: toolCallId,
  name,
  arguments: args,
})

export const toolResponse = (
  toolCallId: string,
  name: string,
  content: unknown,
  isError: boolean | null = false,
): ToolResponseContentWithError => ({
  type: 'tool_response',
  author: 'agent',
  style: 'static',
  tool_call_id: toolCallId,
  name,
  content,
  is_error: isError,
})

const at = '2026-08-18T09:14:02.481516Z'

export const parent = (
  id: string,
  content: TaskMessageContent,
  status: TaskMessage['streaming_status'] = 'IN_PROGRESS',
): TaskMessage => ({
  id,
  task_id: taskId,
  content,
  streaming_status: status,
  created_at: at,
  updated_at: at,
})

/** Where an update belongs: a parent message (SSE, sync) and/or an index (sync). */
export interface Address {
  parent?: TaskMessage | null
  index?: number | null
}

const envelope = ({ parent = null, index = null }: Address) => ({ index, parent_task_message: parent })

export const start = (address: Address, content: TaskMessageContent): TaskMessageUpdate.StreamTaskMessageStart => ({
  type: 'start',
  ...envelope(address),
  content,
})

export const delta = (address: Address, value: TaskMessageDelta | null): TaskMessageUpdate.StreamTaskMessageDelta => ({
  type: 'delta',
  ...envelope(address),
  delta: value,
})

export const full = (address: Address, content: TaskMessageContent): TaskMessageUpdate.StreamTaskMessageFull => ({
  type: 'full',
  ...envelope(address),
  content,
})

export const done = (address: Address): TaskMessageUpdate.StreamTaskMessageDone => ({
  type: 'done',
  ...envelope(address),
})

export const textDelta = (value: string | null): TaskMessageDelta => ({ type: 'text', text_delta: value })
export const dataDelta = (value: string): TaskMessageDelta => ({ type: 'data', data_delta: value })
export const argumentsDelta = (toolCallId: string, name: string, value: string): TaskMessageDelta => ({
  type: 'tool_request',
  tool_call_id: toolCallId,
  name,
  arguments_delta: value,
})
export const responseDelta = (toolCallId: string, name: string, value: string): TaskMessageDelta => ({
  type: 'tool_response',
  tool_call_id: toolCallId,
  name,
  content_delta: value,
})
export const summaryDelta = (index: number, value: string): TaskMessageDelta => ({
  type: 'reasoning_summary',
  summary_index: index,
  summary_delta: value,
})
export const contentDelta = (index: number, value: string): TaskMessageDelta => ({
  type: 'reasoning_content',
  content_index: index,
  content_delta: value,
})

export const connected: TaskStreamConnectedEvent = { type: 'connected', taskId }

export const streamError = (message: string): TaskStreamErrorEvent => ({ type: 'error', message })

export const taskUpdated = (
  status: NonNullable<TaskUpdatedEvent['task']>['status'],
  reason: string | null = null,
): TaskUpdatedEvent => ({
  type: 'task_updated',
  task: {
    id: taskId,
    name: null,
    status,
    status_reason: reason,
    created_at: at,
    updated_at: at,
    cleaned_at: null,
    params: {},
    task_metadata: null,
  },
})

/** One NDJSON line of a streaming `message/send` response. */
export const rpcLine = (result: TaskMessageUpdate): AgentRpcResponse => ({
  jsonrpc: '2.0',
  result,
  error: null,
  id: 'req-1',
})

export const rpcError = (message: string): AgentRpcResponse => ({
  jsonrpc: '2.0',
  result: null,
  error: { code: -32603, message, data: null },
  id: 'req-1',
})

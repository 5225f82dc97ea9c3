/**
 * The DevUI extensions to the OpenAI Responses stream, as the Python server code emits them
 * (`models/_openai_custom.py`, `_mapper.py`) — not as its README names them. Standard events
 * are the `openai` package's `ResponseStreamEvent`s; these are the rest.
 */

/** A tool's result, streamed because Agent Framework runs functions server-side. */
export interface DevUiFunctionResultCompleteEvent {
  type: 'response.function_result.complete'
  call_id: string
  output: string
  /** `incomplete` when the function raised. */
  status: 'in_progress' | 'completed' | 'incomplete'
  item_id: string
  output_index?: number
  sequence_number: number
  timestamp?: string | null
}

export interface DevUiPolicyViolation {
  reason?: string
  violation_type?: string
  context_label?: string
}

/** The agent asks the user to approve a function call before it runs. */
export interface DevUiFunctionApprovalRequestedEvent {
  type: 'response.function_approval.requested'
  request_id: string
  function_call: { id: string; name: string; arguments: Record<string, unknown> }
  item_id: string
  output_index?: number
  sequence_number: number
  policy_violation?: DevUiPolicyViolation | null
}

/** The answer to an approval request (DevUI sends `request_id: "unknown"`, a known defect). */
export interface DevUiFunctionApprovalRespondedEvent {
  type: 'response.function_approval.responded'
  request_id: string
  approved: boolean
  item_id?: string
  output_index?: number
  sequence_number: number
}

/** Non-displayable debugging data: OpenTelemetry spans, hosted files, workflow status. */
export interface DevUiTraceCompletedEvent {
  /** `response.trace.complete` in older DevUI releases. */
  type: 'response.trace.completed' | 'response.trace.complete'
  data: Record<string, unknown>
  span_id?: string | null
  item_id: string
  output_index?: number
  sequence_number: number
}

/** A workflow event (`_workflows/_events.py`) other than output and request-info. */
export interface DevUiWorkflowEventCompletedEvent {
  /** `response.workflow_event.complete` in older DevUI releases. */
  type: 'response.workflow_event.completed' | 'response.workflow_event.complete'
  data: { event_type?: string; data?: unknown; executor_id?: string | null; timestamp?: string; [key: string]: unknown }
  executor_id?: string | null
  item_id: string
  output_index?: number
  sequence_number: number
}

/** A workflow pauses for human input (`RequestInfoExecutor`). */
export interface DevUiRequestInfoRequestedEvent {
  type: 'response.request_info.requested'
  request_id: string
  source_executor_id: string
  request_type: string
  request_data: Record<string, unknown>
  request_schema: Record<string, unknown>
  response_schema?: Record<string, unknown> | null
  item_id: string
  output_index?: number
  sequence_number: number
  timestamp: string
}

/** DevUI's disconnect notice (no `sequence_number`). */
export interface DevUiResponseCancelledEvent {
  type: 'response.cancelled'
  response_id?: string
  message?: string
  sequence_number?: number
}

/** A workflow executor as an output item. */
export interface DevUiExecutorActionItem {
  type: 'executor_action'
  id: string
  executor_id: string
  status: 'in_progress' | 'completed' | 'failed' | 'cancelled'
  metadata?: Record<string, unknown> | null
  result?: unknown
  error?: Record<string, unknown> | null
}

export interface DevUiOutputImageItem {
  type: 'output_image'
  id: string
  /** A URL or a data URI. */
  image_url: string
  alt_text?: string | null
  mime_type?: string
}

export interface DevUiOutputFileItem {
  type: 'output_file'
  id: string
  filename: string
  file_url?: string | null
  /** Base64. */
  file_data?: string | null
  mime_type?: string
}

export interface DevUiOutputDataItem {
  type: 'output_data'
  id: string
  data: string
  mime_type: string
  description?: string | null
}

export type DevUiOutputItem = DevUiExecutorActionItem | DevUiOutputImageItem | DevUiOutputFileItem | DevUiOutputDataItem

/** `response.output_item.added` / `.done` carrying a DevUI item type. */
export interface DevUiOutputItemEvent {
  type: 'response.output_item.added' | 'response.output_item.done'
  item: DevUiOutputItem
  output_index: number
  sequence_number: number
  created_at?: number
}

/** A fatal server error, written as a bare OpenAI error object. */
export interface DevUiErrorObject {
  id: 'error'
  object: 'error'
  error: { message: string; type?: string; code?: string | null }
}

export type DevUiCustomEvent =
  | DevUiFunctionResultCompleteEvent
  | DevUiFunctionApprovalRequestedEvent
  | DevUiFunctionApprovalRespondedEvent
  | DevUiTraceCompletedEvent
  | DevUiWorkflowEventCompletedEvent
  | DevUiRequestInfoRequestedEvent
  | DevUiResponseCancelledEvent
  | DevUiOutputItemEvent
  | DevUiErrorObject

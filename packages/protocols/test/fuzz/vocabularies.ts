/**
 * Each decoder's vocabulary as wire-message templates: every message of its recorded traces, plus
 * hand-written messages for the kinds the traces do not show (errors, aborts, approvals, upserts,
 * refusals, …). Generators fill the templates' ids and text at random.
 */
import { type Trace, traces } from '@palimpsest/protocols/traces'

const rpc = (update: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 'sess_1', update },
})

/** Messages of each protocol that its recorded traces do not contain. */
const handWritten: Record<string, unknown[]> = {
  acp: [
    rpc({ sessionUpdate: 'agent_thought', messageId: 'msg_01', content: [{ type: 'text', text: 'Thinking again' }] }),
    rpc({ sessionUpdate: 'agent_message_chunk', messageId: 'msg_02', content: { type: 'text', text: 'Second' } }),
    rpc({
      sessionUpdate: 'plan',
      entries: [
        { content: 'Read', status: 'completed', priority: 'high' },
        { content: 'Write', status: 'in_progress', priority: 'low' },
      ],
    }),
    rpc({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', rawOutput: { ok: true }, status: 'failed' }),
    rpc({ sessionUpdate: 'current_mode_update', currentModeId: 'code' }),
    rpc({ sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'web', description: 'Search' }] }),
    rpc({ sessionUpdate: 'session_info_update', title: 'Weather' }),
    {
      jsonrpc: '2.0',
      id: 7,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess_1',
        toolCall: { toolCallId: 'call_1', title: 'Delete file' },
        options: [
          { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
          { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
        ],
      },
    },
    { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal error' } },
    { jsonrpc: '2.0', id: 2, result: { stopReason: 'cancelled' } },
  ],
  'ag-ui': [
    { type: 'REASONING_START', messageId: 'rsn_2' },
    { type: 'REASONING_MESSAGE_START', messageId: 'rsn_2', role: 'reasoning' },
    { type: 'REASONING_MESSAGE_CONTENT', messageId: 'rsn_2', delta: 'Considering' },
    { type: 'REASONING_MESSAGE_END', messageId: 'rsn_2' },
    { type: 'REASONING_END', messageId: 'rsn_2' },
    { type: 'RUN_ERROR', message: 'Model overloaded', code: 'overloaded' },
    { type: 'CUSTOM', name: 'note', value: { a: 1 } },
    { type: 'RAW', event: { anything: true } },
    { type: 'THINKING_START' },
    { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'hmm' },
    { type: 'THINKING_END' },
  ],
  agentex: [
    { type: 'error', message: 'Task failed' },
    {
      type: 'full',
      index: 1,
      parent_task_message: {
        id: 'msg_tool_9',
        content: { type: 'tool_response', author: 'agent', tool_call_id: 'call_1', name: 'f', content: 'done' },
      },
      content: { type: 'tool_response', author: 'agent', tool_call_id: 'call_1', name: 'f', content: 'done' },
    },
    {
      type: 'delta',
      index: 0,
      parent_task_message: { id: 'msg_data_1', content: { type: 'data', author: 'agent', data: {} } },
      delta: { type: 'data', data_delta: '{"k":1}' },
    },
    { type: 'done', index: 0, parent_task_message: { id: 'msg_data_1', content: null } },
  ],
  'ai-sdk': [
    { type: 'error', errorText: 'Rate limited' },
    { type: 'abort' },
    { type: 'file', url: 'https://example.com/a.png', mediaType: 'image/png' },
    { type: 'tool-input-error', toolCallId: 'call_x', toolName: 'f', input: '{bad', errorText: 'bad input' },
    { type: 'tool-output-error', toolCallId: 'call_x', errorText: 'boom' },
    { type: 'tool-output-denied', toolCallId: 'call_x' },
    { type: 'tool-approval-response', approvalId: 'approval_1', approved: false },
    { type: 'message-metadata', messageMetadata: { model: 'x' } },
    { type: 'source-document', sourceId: 'doc_1', mediaType: 'text/plain', title: 'Doc' },
  ],
  devui: [
    { type: 'response.output_text.done', item_id: 'msg_e10ffc54', output_index: 1, content_index: 0, text: 'Final' },
    { type: 'response.refusal.delta', item_id: 'msg_r', output_index: 0, content_index: 0, delta: 'I cannot' },
    { type: 'response.failed', response: { id: 'resp_x', status: 'failed', error: { message: 'boom' }, output: [] } },
    { type: 'error', message: 'Executor failed', code: 'executor' },
    {
      type: 'response.function_approval.requested',
      request_id: 'req_1',
      function_call: { id: 'call_Wq81pXk2', name: 'get_forecast', arguments: { city: 'Lisbon' } },
    },
    { type: 'response.function_approval.responded', request_id: 'req_1', approved: true },
    { type: 'response.workflow_event.completed', data: { event_type: 'ExecutorCompleted', executor_id: 'a' } },
  ],
  'openai-chat': [
    {
      id: 'chatcmpl-9',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { refusal: 'I cannot help' }, finish_reason: null }],
    },
    {
      id: 'chatcmpl-9',
      object: 'chat.completion.chunk',
      choices: [{ index: 1, delta: { content: 'Second choice' }, finish_reason: 'length' }],
    },
    {
      id: 'chatcmpl-9',
      object: 'chat.completion.chunk',
      choices: [],
      usage: { prompt_tokens: 5, completion_tokens: 7 },
    },
  ],
  'openai-responses': [
    { type: 'response.refusal.delta', item_id: 'msg_r', output_index: 0, content_index: 0, delta: 'No' },
    { type: 'response.reasoning_text.delta', item_id: 'rs_01', output_index: 0, content_index: 0, delta: 'Think' },
    { type: 'response.failed', response: { id: 'resp_01', status: 'failed', error: { message: 'x' }, output: [] } },
    { type: 'response.incomplete', response: { id: 'resp_01', status: 'incomplete', output: [] } },
    { type: 'error', code: 'server_error', message: 'boom' },
    { type: 'response.custom_tool_call_input.delta', item_id: 'ct_1', output_index: 3, delta: 'echo hi' },
  ],
  'agent-framework': [
    {
      type: 'agent_response_update',
      role: 'assistant',
      message_id: 'msg_err',
      contents: [{ type: 'error', message: 'Tool crashed', error_code: 'tool' }],
    },
    {
      type: 'agent_response_update',
      role: 'assistant',
      message_id: 'msg_uri',
      contents: [{ type: 'uri', uri: 'https://example.com/a.png', media_type: 'image/png' }],
    },
    {
      role: 'assistant',
      messageId: 'msg_net',
      contents: [
        { $type: 'reasoning', text: '.NET thinking' },
        { $type: 'text', text: '.NET answer' },
      ],
    },
  ],
}

function recordedMessages(protocol: string): unknown[] {
  return traces.filter((trace) => trace.protocol === protocol).flatMap((trace) => trace.events.map((e) => e.wire))
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** The decoders under test, by the name the trace registry uses. */
export const protocols = Object.keys(handWritten)

/**
 * A protocol's templates, deep-frozen: a decoder that modifies a wire message it was given
 * throws here (modules are strict), and the fuzzer reports it.
 */
export function vocabulary(protocol: string): readonly unknown[] {
  return deepFreeze([...recordedMessages(protocol), ...(handWritten[protocol] ?? [])])
}

/** The recorded traces of a protocol, as lists of wire messages (the fuzzer's seeds). */
export function recordedTraces(protocol: string): readonly (readonly unknown[])[] {
  return deepFreeze(
    traces.filter((trace: Trace) => trace.protocol === protocol).map((t) => t.events.map((e) => e.wire)),
  )
}

/** Every other protocol's templates: what a confused server or proxy might splice in. */
export function foreignMessages(protocol: string): readonly unknown[] {
  return protocols.filter((p) => p !== protocol).flatMap((p) => vocabulary(p))
}

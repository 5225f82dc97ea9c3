/**
 * createDevUiDecoder: the DevUI stream of docs/protocols/agent-framework.md §9–10, one test per
 * quirk and known defect. Every fixture event is typed (`satisfies DevUiWireEvent`).
 */
import { createTranscriptStore, type ToolCallPart, toMarkdown } from '@palimpsest/core'
import { createDevUiDecoder } from '@palimpsest/protocols/agent-framework'
import { describe, expect, test } from 'vitest'
import { type DevUiWireEvent, devUiResponse } from './devui-wire'
import { partSummary, runDecoder } from './run-decoder'

const decode = (wires: readonly unknown[], end: Parameters<typeof runDecoder>[2] = 'complete') =>
  runDecoder((options) => createDevUiDecoder(options), wires, end)

const responseId = 'resp_agent_1a2b3c'

let seq = 0
/** Numbers events in order; tests that need exact numbers pass them. */
const n = () => seq++

const created = (sequence = 0, id = responseId) =>
  ({ type: 'response.created', sequence_number: sequence, response: devUiResponse(id) }) satisfies DevUiWireEvent

const textDelta = (delta: string, sequence = n(), itemId = 'msg_e10ffc54') =>
  ({
    type: 'response.output_text.delta',
    item_id: itemId,
    output_index: 0,
    content_index: 0,
    delta,
    logprobs: [],
    sequence_number: sequence,
  }) satisfies DevUiWireEvent

const reasoningDelta = (delta: string, sequence = n(), itemId = 'msg_c32427a5') =>
  ({
    type: 'response.reasoning_text.delta',
    item_id: itemId,
    output_index: 0,
    content_index: 0,
    delta,
    sequence_number: sequence,
  }) satisfies DevUiWireEvent

const callAdded = (callId: string, name: string, sequence = n()) =>
  ({
    type: 'response.output_item.added',
    output_index: 0,
    sequence_number: sequence,
    item: { type: 'function_call', id: callId, call_id: callId, name, arguments: '', status: 'in_progress' },
  }) satisfies DevUiWireEvent

const argsDelta = (itemId: string, delta: string, sequence = n()) =>
  ({
    type: 'response.function_call_arguments.delta',
    item_id: itemId,
    output_index: 0,
    delta,
    sequence_number: sequence,
  }) satisfies DevUiWireEvent

const result = (callId: string, output: string, status: 'completed' | 'incomplete' = 'completed', sequence = n()) =>
  ({
    type: 'response.function_result.complete',
    call_id: callId,
    output,
    status,
    item_id: 'item_c1ce6c59',
    output_index: 0,
    sequence_number: sequence,
  }) satisfies DevUiWireEvent

const completed = (sequence = n(), fields: Parameters<typeof devUiResponse>[1] = {}) =>
  ({
    type: 'response.completed',
    sequence_number: sequence,
    response: devUiResponse(responseId, { status: 'completed', ...fields }),
  }) satisfies DevUiWireEvent

const workflowEvent = (data: Record<string, unknown>, sequence = n()) =>
  ({
    type: 'response.workflow_event.completed',
    data,
    executor_id: (data.executor_id as string | undefined) ?? null,
    item_id: 'msg_wf',
    output_index: 0,
    sequence_number: sequence,
  }) satisfies DevUiWireEvent

const toolCall = (run: ReturnType<typeof decode>): ToolCallPart =>
  run.messages[0]?.parts.find((p): p is ToolCallPart => p.kind === 'tool-call') as ToolCallPart

describe('§9 transport: data-only SSE frames', () => {
  test('data objects (no event lines, nulls written), their raw JSON text, and `data: [DONE]` are accepted', () => {
    const run = decode([JSON.stringify(created(0)), textDelta('It is sunny.', 1), completed(2), '[DONE]'])
    expect(run.state.messageIds).toEqual([responseId])
    expect(partSummary(run.messages[0])).toEqual(['text: It is sunny.'])
    expect(run.messages[0]?.status).toBe('complete')
    expect(run.decoderIssues).toEqual([])
    expect(run.reducerIssues).toEqual([])
  })

  test('events at or below the last sequence_number are dropped, as the DevUI frontend does after a retry', () => {
    const decoder = createDevUiDecoder()
    const first = [created(0), textDelta('Hel', 1), textDelta('lo', 2)].flatMap((e) => decoder.decode(e))
    const replayed = [textDelta('lo', 2), textDelta('Hel', 1)].flatMap((e) => decoder.decode(e))
    const rest = decoder.decode(textDelta(' there', 3))
    expect(replayed).toEqual([])
    expect(decoder.lastSequenceNumber).toBe(3)
    const text = [...first, ...rest].flatMap((u) => (u.type === 'chunk' ? [u.text] : []))
    expect(text.join('')).toBe('Hello there')
  })

  test('a duplicate is reported with the reason', () => {
    const run = decode([created(0), textDelta('A', 1), textDelta('A', 1)])
    expect(partSummary(run.messages[0])).toEqual(['text: A'])
    expect(run.decoderIssues.map((i) => i.code)).toEqual(['duplicate-event'])
  })

  test('a new response restarts the numbering and starts a new message', () => {
    const run = decode([
      created(0, 'resp_agent_1'),
      textDelta('First.', 1),
      {
        type: 'response.completed',
        sequence_number: 2,
        response: devUiResponse('resp_agent_1', { status: 'completed' }),
      } satisfies DevUiWireEvent,
      created(0, 'resp_agent_2'),
      textDelta('Second.', 1),
    ])
    expect(run.state.messageIds).toEqual(['resp_agent_1', 'resp_agent_2'])
    expect(run.messages.map((m) => partSummary(m))).toEqual([['text: First.'], ['text: Second.']])
    expect(run.state.turns.map((t) => t.responseId)).toEqual(['resp_agent_1', 'resp_agent_2'])
  })

  test('without response.created, the id of response.completed names the run (one turn, usage kept)', () => {
    const run = decode([
      textDelta('Hi.', 0),
      completed(1, {
        usage: {
          input_tokens: 3,
          input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
          output_tokens: 2,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 5,
        },
      }),
    ])
    expect(run.state.turns).toHaveLength(1)
    expect(run.state.turns[0]).toMatchObject({ status: 'completed', responseId, usage: { totalTokens: 5 } })
    expect(run.messages[0]?.usage).toMatchObject({ totalTokens: 5 })
  })

  test('malformed input is reported and dropped, never thrown', () => {
    const run = decode([
      '{nope',
      [1, 2],
      { delta: 'no type' },
      { type: 'response.output_text.delta', sequence_number: 0 },
    ])
    expect(run.messages).toEqual([])
    expect(run.decoderIssues.map((i) => i.code)).toEqual([
      'malformed-json',
      'malformed-message',
      'malformed-event',
      'malformed-event',
    ])
  })
})

describe('§9 events', () => {
  test('response.completed carries the usage (never streamed separately): summed into the turn and the message', () => {
    seq = 1
    const run = decode([
      created(0),
      textDelta('Done.'),
      completed(n(), {
        usage: {
          input_tokens: 10,
          input_tokens_details: { cached_tokens: 4, cache_write_tokens: 0 },
          output_tokens: 5,
          output_tokens_details: { reasoning_tokens: 2 },
          total_tokens: 15,
        },
      }),
    ])
    const usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15, reasoningTokens: 2, cachedInputTokens: 4 }
    expect(run.state.turns[0]).toMatchObject({ status: 'completed', responseId, usage })
    expect(run.messages[0]?.usage).toEqual(usage)
  })

  test('response.cancelled (client disconnect) ends the turn cancelled and keeps the text', () => {
    seq = 1
    const run = decode([
      created(0),
      textDelta('Partial answ'),
      { type: 'response.cancelled', response_id: responseId, message: 'Execution cancelled by user' },
    ])
    expect(run.messages[0]).toMatchObject({ status: 'cancelled' })
    expect(run.state.turns[0]).toMatchObject({ status: 'cancelled', stopReason: 'cancelled' })
    expect(partSummary(run.messages[0])).toEqual(['text: Partial answ'])
  })

  test('a fatal error object `{"id":"error","object":"error"}` becomes an error part and fails the turn', () => {
    const run = decode([
      created(0),
      { id: 'error', object: 'error', error: { message: 'Entity TravelAgent not found', type: 'execution_error' } },
    ])
    expect(run.messages[0]?.parts).toMatchObject([
      { kind: 'error', message: 'Entity TravelAgent not found', code: 'execution_error' },
    ])
    expect(run.state.turns[0]).toMatchObject({ status: 'failed', stopReason: 'error' })
  })

  test('response.failed shows its error and fails the turn', () => {
    seq = 1
    const run = decode([
      created(0),
      textDelta('Let me'),
      {
        type: 'response.failed',
        sequence_number: n(),
        response: devUiResponse(responseId, {
          status: 'failed',
          error: { code: 'server_error', message: 'Agent execution failed: RateLimitError' },
        }),
      } satisfies DevUiWireEvent,
    ])
    expect(partSummary(run.messages[0])).toEqual(['text: Let me', 'error: Agent execution failed: RateLimitError'])
    expect(run.messages[0]?.status).toBe('error')
    expect(run.state.turns[0]?.status).toBe('failed')
  })

  test('an `error` event becomes an error part; the run goes on', () => {
    seq = 1
    const run = decode([
      created(0),
      { type: 'error', message: 'Tool get_forecast timed out', code: 'tool_error', param: null, sequence_number: n() },
      textDelta('I could not reach the forecast service.'),
      completed(),
    ])
    expect(partSummary(run.messages[0])).toEqual([
      'error: Tool get_forecast timed out',
      'text: I could not reach the forecast service.',
    ])
    expect(run.state.turns[0]?.status).toBe('completed')
  })

  test('docs vs code: the names the code emits decode; docs-only names are reported, not guessed', () => {
    seq = 1
    const run = decode([
      created(0),
      reasoningDelta('Thinking'),
      { type: 'response.reasoning.delta', delta: 'docs name', sequence_number: n() },
      { type: 'response.usage.complete', data: { total_tokens: 1 }, sequence_number: n() },
      textDelta('Answer'),
    ])
    expect(partSummary(run.messages[0])).toEqual(['reasoning: Thinking', 'text: Answer'])
    expect(run.decoderIssues.map((i) => i.code)).toEqual(['unknown-event', 'unknown-event'])
  })

  test('older DevUI releases emitted `response.workflow_event.complete` and `response.trace.complete`: both decode', () => {
    seq = 1
    const run = decode([
      created(0),
      {
        type: 'response.workflow_event.complete',
        data: { event_type: 'executor_invoked', executor_id: 'writer' },
        item_id: 'x',
        sequence_number: n(),
      } satisfies DevUiWireEvent,
      {
        type: 'response.trace.complete',
        data: { operation_name: 'chat gpt-4o-mini', duration_ms: 950 },
        item_id: 'x',
        sequence_number: n(),
      } satisfies DevUiWireEvent,
    ])
    expect(partSummary(run.messages[0])).toEqual(['status: writer: running', 'status: chat gpt-4o-mini (950 ms)'])
  })

  test('one text item per request: text after a tool call keeps its item id yet shows after the call', () => {
    seq = 1
    const run = decode([
      created(0),
      textDelta('Let me check. '),
      callAdded('call_abc', 'get_weather'),
      argsDelta('call_abc', '{"location":"Paris"}'),
      result('call_abc', 'Sunny, 21C'),
      textDelta('It is sunny.'),
      completed(),
    ])
    expect(partSummary(run.messages[0])).toEqual([
      'text: Let me check. ',
      'tool-call get_weather completed',
      'text: It is sunny.',
    ])
  })

  test('two output text items back to back (the .NET host splits items per message) start a new paragraph', () => {
    seq = 1
    const run = decode([
      created(0),
      textDelta('First message.', n(), 'msg_1'),
      textDelta('Second message.', n(), 'msg_2'),
    ])
    expect(partSummary(run.messages[0])).toEqual(['text: First message.\n\nSecond message.'])
  })

  test('function call arguments stream by item_id (= call_id); an empty item_id means the latest active call', () => {
    seq = 1
    const run = decode([
      created(0),
      callAdded('call_abc', 'get_weather'),
      argsDelta('call_abc', '{"location":'),
      argsDelta('', '"Paris"}'),
    ])
    expect(toolCall(run)).toMatchObject({ name: 'get_weather', input: { location: 'Paris' }, status: 'in_progress' })
  })

  test('response.function_result.complete completes the call; `incomplete` (an exception) fails it', () => {
    seq = 1
    const run = decode([
      created(0),
      callAdded('call_1', 'get_weather'),
      result('call_1', 'Error: weather service unavailable', 'incomplete'),
    ])
    expect(toolCall(run)).toMatchObject({
      status: 'failed',
      output: 'Error: weather service unavailable',
      error: 'Error: weather service unavailable',
    })
  })

  test('response.function_approval.requested → a pending call and an actionable approval part (object arguments)', () => {
    seq = 1
    const run = decode([
      created(0),
      {
        type: 'response.function_approval.requested',
        request_id: 'appr_1',
        function_call: { id: 'call_x', name: 'delete_file', arguments: { path: 'notes.txt' } },
        item_id: 'msg_c32427a5',
        output_index: 1,
        sequence_number: n(),
        policy_violation: { reason: 'Deletes user files', violation_type: 'destructive', context_label: 'files' },
      } satisfies DevUiWireEvent,
    ])
    expect(partSummary(run.messages[0])).toEqual(['tool-call delete_file pending', 'approval-request appr_1 pending'])
    expect(toolCall(run).input).toEqual({ path: 'notes.txt' })
    expect(run.messages[0]?.parts[1]).toMatchObject({
      toolCallId: 'call_x',
      title: 'Allow delete_file?',
      description: 'Deletes user files',
      input: { path: 'notes.txt' },
    })
  })

  test('response.request_info.requested (a workflow waits for a person) is an actionable request', () => {
    seq = 1
    const run = decode([
      created(0),
      {
        type: 'response.request_info.requested',
        request_id: 'req_42',
        source_executor_id: 'reviewer',
        request_type: 'workflows.review:ReviewRequest',
        request_data: { draft: 'Q3 summary', question: 'Approve this draft?' },
        request_schema: { type: 'object' },
        response_schema: null,
        item_id: 'msg_wf',
        output_index: 0,
        sequence_number: n(),
        timestamp: '2026-11-21T17:45:00Z',
      } satisfies DevUiWireEvent,
    ])
    expect(run.messages[0]?.parts).toMatchObject([
      {
        kind: 'approval-request',
        requestId: 'req_42',
        title: 'reviewer needs your input',
        input: { draft: 'Q3 summary', question: 'Approve this draft?' },
        status: 'pending',
      },
    ])
  })

  test('output_image, output_file and output_data items become file and data parts', () => {
    seq = 1
    const run = decode([
      created(0),
      {
        type: 'response.output_item.added',
        output_index: 1,
        sequence_number: n(),
        item: { type: 'output_image', id: 'img_1', image_url: 'data:image/png;base64,iVBORw0KGgo=', alt_text: 'Chart' },
      } satisfies DevUiWireEvent,
      {
        type: 'response.output_item.added',
        output_index: 2,
        sequence_number: n(),
        item: {
          type: 'output_file',
          id: 'file_1',
          filename: 'itinerary.pdf',
          file_url: 'https://example.com/itinerary.pdf',
          mime_type: 'application/pdf',
        },
      } satisfies DevUiWireEvent,
      {
        type: 'response.output_item.added',
        output_index: 3,
        sequence_number: n(),
        item: {
          type: 'output_data',
          id: 'data_1',
          data: '{"temp":24}',
          mime_type: 'application/json',
          description: 'Forecast',
        },
      } satisfies DevUiWireEvent,
    ])
    expect(run.messages[0]?.parts).toMatchObject([
      { kind: 'file', data: 'iVBORw0KGgo=', mimeType: 'image/png', title: 'Chart' },
      { kind: 'file', url: 'https://example.com/itinerary.pdf', name: 'itinerary.pdf', mimeType: 'application/pdf' },
      { kind: 'data', dataId: 'data_1', name: 'Forecast', data: { temp: 24 } },
    ])
  })

  test('output_text annotations become sources', () => {
    seq = 1
    const run = decode([
      created(0),
      textDelta('Lisbon is hilly.'),
      {
        type: 'response.output_text.annotation.added',
        item_id: 'msg_e10ffc54',
        output_index: 0,
        content_index: 0,
        annotation_index: 0,
        sequence_number: n(),
        annotation: {
          type: 'url_citation',
          url: 'https://www.visitlisboa.com',
          title: 'Visit Lisboa',
          start_index: 0,
          end_index: 6,
        },
      } satisfies DevUiWireEvent,
    ])
    expect(toMarkdown(run.state)).toBe(
      '## Assistant\n\nLisbon is hilly.\n\n[Visit Lisboa](https://www.visitlisboa.com)\n',
    )
  })

  test('a refusal streams as answer text and marks the turn a refusal', () => {
    seq = 1
    const run = decode([
      created(0),
      {
        type: 'response.refusal.delta',
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        delta: "I can't help with that.",
        sequence_number: n(),
      },
      completed(),
    ])
    expect(run.messages[0]).toMatchObject({ status: 'refusal' })
    expect(run.state.turns[0]?.stopReason).toBe('refusal')
  })
})

describe('§9 workflows: executors, workflow events and traces are status lines', () => {
  test('executor_action items and executor events share one status line per executor', () => {
    seq = 1
    const run = decode([
      created(0),
      {
        type: 'response.output_item.added',
        output_index: 0,
        sequence_number: n(),
        created_at: 1_763_744_401.5,
        item: { type: 'executor_action', id: 'exec_researcher_3f2a', executor_id: 'researcher', status: 'in_progress' },
      } satisfies DevUiWireEvent,
      {
        type: 'response.output_item.done',
        output_index: 0,
        sequence_number: n(),
        item: {
          type: 'executor_action',
          id: 'exec_researcher_3f2a',
          executor_id: 'researcher',
          status: 'completed',
          result: ['notes'],
        },
      } satisfies DevUiWireEvent,
      workflowEvent({ event_type: 'executor_invoked', executor_id: 'writer', timestamp: '2026-11-21T17:45:01Z' }),
      workflowEvent({ event_type: 'executor_failed', executor_id: 'writer', data: { message: 'model overloaded' } }),
      workflowEvent({ event_type: 'warning', data: 'Checkpoint storage is not configured' }),
      workflowEvent({ event_type: 'warning', data: 'Superstep exceeded 30 s' }),
    ])
    expect(partSummary(run.messages[0])).toEqual([
      'status: researcher: done',
      'status: writer: failed (model overloaded)',
      'status: Checkpoint storage is not configured',
      'status: Superstep exceeded 30 s',
    ])
    expect(run.messages[0]?.parts.map((p) => (p.kind === 'status' ? p.level : p.kind))).toEqual([
      'info',
      'error',
      'warning',
      'warning',
    ])
  })

  test('#1887: a workflow event per token collapses into one status line instead of flooding the message', () => {
    seq = 1
    const perToken = Array.from({ length: 50 }, () =>
      workflowEvent({ event_type: 'agent_run_update', executor_id: 'writer', data: { text: 'tok' } }),
    )
    const run = decode([created(0), ...perToken])
    expect(partSummary(run.messages[0])).toEqual(['status: writer: agent run update'])
  })

  test('workflow output deltas (item_id = executor item) are answer text', () => {
    seq = 1
    const run = decode([created(0), textDelta('Final report: all checks passed.', n(), 'exec_writer_9c1d')])
    expect(partSummary(run.messages[0])).toEqual(['text: Final report: all checks passed.'])
  })
})

describe('§9 the .NET DevUI host', () => {
  test('reasoning summary: deltas, then `…summary_text.done` and the reasoning item done, show the text once', () => {
    seq = 1
    const run = decode([
      created(0),
      {
        type: 'response.output_item.added',
        output_index: 0,
        sequence_number: n(),
        item: { type: 'reasoning', id: 'rs_1', summary: [] },
      } satisfies DevUiWireEvent,
      {
        type: 'response.reasoning_summary_text.delta',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
        delta: 'Comparing flights.',
        sequence_number: n(),
      } satisfies DevUiWireEvent,
      {
        type: 'response.reasoning_summary_text.done',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
        text: 'Comparing flights.',
        sequence_number: n(),
      } satisfies DevUiWireEvent,
      {
        type: 'response.output_item.done',
        output_index: 0,
        sequence_number: n(),
        item: { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Comparing flights.' }] },
      } satisfies DevUiWireEvent,
    ])
    expect(partSummary(run.messages[0])).toEqual(['reasoning: Comparing flights.'])
  })

  test('complete function calls (item with full arguments, one delta, done) keep one copy of the arguments', () => {
    seq = 1
    const args = '{"from":"LIS","to":"OPO"}'
    const item = {
      type: 'function_call',
      id: 'func_1',
      call_id: 'call_9',
      name: 'find_trains',
      arguments: args,
    } as const
    const run = decode([
      created(0),
      {
        type: 'response.output_item.added',
        output_index: 0,
        sequence_number: n(),
        item: { ...item, status: 'in_progress' },
      } satisfies DevUiWireEvent,
      argsDelta('func_1', args),
      {
        type: 'response.function_call_arguments.done',
        item_id: 'func_1',
        output_index: 0,
        name: 'find_trains',
        arguments: args,
        sequence_number: n(),
      } satisfies DevUiWireEvent,
      {
        type: 'response.output_item.done',
        output_index: 0,
        sequence_number: n(),
        item: { ...item, status: 'completed' },
      } satisfies DevUiWireEvent,
    ])
    expect(toolCall(run)).toMatchObject({ toolCallId: 'call_9', inputText: args, input: { from: 'LIS', to: 'OPO' } })
  })

  test('function_call_output items complete the call', () => {
    seq = 1
    const run = decode([
      created(0),
      callAdded('call_9', 'find_trains'),
      {
        type: 'response.output_item.added',
        output_index: 1,
        sequence_number: n(),
        item: {
          type: 'function_call_output',
          id: 'funcout_1',
          call_id: 'call_9',
          output: '3 trains',
          status: 'completed',
        },
      },
    ])
    expect(toolCall(run)).toMatchObject({ status: 'completed', output: '3 trains' })
  })

  test('when no argument delta arrives, `arguments.done` fills in the input', () => {
    seq = 1
    const run = decode([
      created(0),
      callAdded('call_2', 'lookup'),
      {
        type: 'response.function_call_arguments.done',
        item_id: 'call_2',
        output_index: 0,
        name: 'lookup',
        arguments: '{"id":7}',
        sequence_number: n(),
      } satisfies DevUiWireEvent,
    ])
    expect(toolCall(run).input).toEqual({ id: 7 })
  })
})

describe('§10 known DevUI defects', () => {
  test('defect 1: images mis-mapped to an error event or a trace event show as error/status, never as answer text', () => {
    seq = 1
    const run = decode([
      created(0),
      {
        type: 'error',
        message: "'DataContent' object has no attribute 'mime_type'",
        code: null,
        param: null,
        sequence_number: n(),
      },
      {
        type: 'response.trace.completed',
        item_id: 'msg_1',
        sequence_number: n(),
        data: { type: 'uri', uri: 'https://example.com/chart.png', timestamp: '2026-11-21T17:45:00Z' },
      } satisfies DevUiWireEvent,
    ])
    expect(partSummary(run.messages[0])).toEqual([
      "error: 'DataContent' object has no attribute 'mime_type'",
      'status: uri',
    ])
  })

  test('defect 2: `function_approval.responded` with request_id "unknown" answers the open request', () => {
    seq = 1
    const run = decode([
      created(0),
      {
        type: 'response.function_approval.requested',
        request_id: 'appr_1',
        function_call: { id: 'call_x', name: 'delete_file', arguments: { path: 'notes.txt' } },
        item_id: 'msg_1',
        sequence_number: n(),
      } satisfies DevUiWireEvent,
      {
        type: 'response.function_approval.responded',
        request_id: 'unknown',
        approved: true,
        sequence_number: n(),
      } satisfies DevUiWireEvent,
    ])
    expect(partSummary(run.messages[0])).toEqual(['tool-call delete_file pending', 'approval-request appr_1 approved'])
    expect(run.decoderIssues.map((i) => i.code)).toEqual(['approval-id-mismatch'])
  })

  test('an approval answer in a later stream (a new request, a new decoder) still reaches its request', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const first = createDevUiDecoder()
    store.getState().apply([
      ...first.decode(created(0, 'resp_agent_1')),
      ...first.decode({
        type: 'response.function_approval.requested',
        request_id: 'appr_7',
        function_call: { id: 'call_x', name: 'delete_file', arguments: { path: 'notes.txt' } },
        item_id: 'msg_1',
        sequence_number: 1,
      } satisfies DevUiWireEvent),
      ...first.end(),
    ])
    const second = createDevUiDecoder()
    store.getState().apply([
      ...second.decode(created(0, 'resp_agent_2')),
      ...second.decode({
        type: 'response.function_approval.responded',
        request_id: 'appr_7',
        approved: false,
        sequence_number: 1,
      } satisfies DevUiWireEvent),
    ])
    expect(store.getState().messages.resp_agent_1?.parts[1]).toMatchObject({ requestId: 'appr_7', status: 'denied' })
  })

  test('defect 3: "Warning: Unknown content type" text is kept out of the answer and reported', () => {
    seq = 1
    const run = decode([
      created(0),
      textDelta('Here is the chart. '),
      textDelta('Warning: Unknown content type: Content\n'),
      textDelta('It shows rising prices.'),
    ])
    expect(partSummary(run.messages[0])).toEqual(['text: Here is the chart. It shows rising prices.'])
    expect(run.decoderIssues.map((i) => i.code)).toEqual(['unmapped-content'])
  })

  test('defect 4: `output_item.added` repeated for every argument chunk (before PR #7652) makes one call', () => {
    seq = 1
    const run = decode([
      created(0),
      callAdded('call_abc', 'get_weather'),
      argsDelta('call_abc', '{"location":'),
      callAdded('call_abc', 'get_weather'),
      argsDelta('call_abc', '"Paris"}'),
    ])
    expect(run.messages[0]?.parts).toHaveLength(1)
    expect(toolCall(run)).toMatchObject({ inputText: '{"location":"Paris"}', input: { location: 'Paris' } })
  })

  test('PR #5162: a `done` event becomes content only when no delta was seen for its item', () => {
    seq = 1
    const run = decode([
      created(0),
      {
        type: 'response.reasoning_text.done',
        item_id: 'rs_9',
        output_index: 0,
        content_index: 0,
        text: 'Only the done event carried this.',
        sequence_number: n(),
      } satisfies DevUiWireEvent,
      {
        type: 'response.output_text.done',
        item_id: 'msg_9',
        output_index: 1,
        content_index: 0,
        text: 'Answer without deltas.',
        logprobs: [],
        sequence_number: n(),
      } satisfies DevUiWireEvent,
    ])
    expect(partSummary(run.messages[0])).toEqual([
      'reasoning: Only the done event carried this.',
      'text: Answer without deltas.',
    ])
  })

  test('#365: `output_text.done` and the completed message repeat the text; it is not doubled', () => {
    seq = 1
    const run = decode([
      created(0),
      textDelta('Sunny, 21C.'),
      {
        type: 'response.output_text.done',
        item_id: 'msg_e10ffc54',
        output_index: 0,
        content_index: 0,
        text: 'Sunny, 21C.',
        logprobs: [],
        sequence_number: n(),
      } satisfies DevUiWireEvent,
      {
        type: 'response.output_item.done',
        output_index: 0,
        sequence_number: n(),
        item: {
          type: 'message',
          id: 'msg_e10ffc54',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Sunny, 21C.', annotations: [] }],
        },
      } satisfies DevUiWireEvent,
      completed(),
    ])
    expect(partSummary(run.messages[0])).toEqual(['text: Sunny, 21C.'])
  })
})

describe('end of stream', () => {
  test('end("interrupted") before completion marks the message interrupted and keeps its text', () => {
    seq = 1
    const run = decode([created(0), textDelta('Half of the')], 'interrupted')
    expect(run.messages[0]).toMatchObject({ status: 'interrupted' })
    expect(run.state.turns[0]).toMatchObject({ status: 'failed', stopReason: 'interrupted' })
    expect(partSummary(run.messages[0])).toEqual(['text: Half of the'])
  })

  test('end() after response.completed adds nothing', () => {
    seq = 1
    const decoder = createDevUiDecoder()
    decoder.decode(created(0))
    decoder.decode(textDelta('Done.'))
    decoder.decode(completed())
    expect(decoder.end()).toEqual([])
  })

  test('end() on a stream that ended without response.completed finishes the turn', () => {
    seq = 1
    const run = decode([created(0), textDelta('All done.')])
    expect(run.messages[0]?.status).toBe('complete')
    expect(run.state.turns[0]?.status).toBe('completed')
  })
})

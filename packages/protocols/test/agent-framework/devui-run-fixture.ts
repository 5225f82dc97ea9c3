/**
 * The wire of the recorded DevUI trace (`src/traces/data/devui-travel-agent-run.json`), typed:
 * the trace test checks that the JSON file holds exactly these events.
 * Python DevUI, agent `TravelAgent`: reasoning, a tool call with its result, an OpenTelemetry
 * span as a trace event, the answer, completion with usage, `[DONE]`.
 */
import { type DevUiWireEvent, devUiResponse } from './devui-wire'

const responseId = 'resp_agent_6f1e2a9b3c5d'
const reasoningItem = 'msg_5c1d9e20'
const textItem = 'msg_e10ffc54'
const callId = 'call_Wq81pXk2'

const reasoning = [
  'The user flies to Lisbon tomorrow and asks what to pack. ',
  'I should check the two-day forecast ',
  'before suggesting clothes.',
]

const answer = [
  'Lisbon looks **warm and sunny** tomorrow (24 °C), ',
  'with showers likely the day after.\n\n',
  'Pack:\n\n',
  '- light layers and sunglasses\n',
  '- a compact umbrella for the second day\n',
  '- comfortable shoes for the hills',
]

let sequence = 0
const next = () => sequence++

export const devUiRunEvents: (DevUiWireEvent | '[DONE]')[] = [
  { type: 'response.created', sequence_number: next(), response: devUiResponse(responseId) },
  { type: 'response.in_progress', sequence_number: next(), response: devUiResponse(responseId) },
  ...reasoning.map(
    (delta) =>
      ({
        type: 'response.reasoning_text.delta',
        item_id: reasoningItem,
        output_index: 0,
        content_index: 0,
        delta,
        sequence_number: next(),
      }) satisfies DevUiWireEvent,
  ),
  {
    type: 'response.output_item.added',
    output_index: 0,
    sequence_number: next(),
    item: {
      type: 'function_call',
      id: callId,
      call_id: callId,
      name: 'get_forecast',
      arguments: '',
      status: 'in_progress',
    },
  },
  ...['{"city":"Lis', 'bon","days":2}'].map(
    (delta) =>
      ({
        type: 'response.function_call_arguments.delta',
        item_id: callId,
        output_index: 0,
        delta,
        sequence_number: next(),
      }) satisfies DevUiWireEvent,
  ),
  {
    type: 'response.function_result.complete',
    call_id: callId,
    output: 'Tomorrow: 24 °C, sunny. Day after: 19 °C, showers in the afternoon.',
    status: 'completed',
    item_id: 'item_3b7f0d12',
    output_index: 1,
    sequence_number: next(),
    timestamp: '2026-11-21T17:40:02.118Z',
  },
  {
    type: 'response.trace.completed',
    item_id: 'item_3b7f0d12',
    output_index: 0,
    sequence_number: next(),
    span_id: null,
    data: {
      span_id: '9a41c07e5b2d3f18',
      trace_id: '4c8e1f0a2b3d5e6f7a8b9c0d1e2f3a4b',
      operation_name: 'execute_tool get_forecast',
      duration_ms: 412.7,
      status: 'OK',
      attributes: { 'gen_ai.tool.name': 'get_forecast', 'gen_ai.tool.call.id': callId },
      timestamp: '2026-11-21T17:40:02.120Z',
    },
  },
  {
    type: 'response.output_item.added',
    output_index: 1,
    sequence_number: next(),
    item: { type: 'message', id: textItem, role: 'assistant', status: 'in_progress', content: [] },
  },
  {
    type: 'response.content_part.added',
    item_id: textItem,
    output_index: 1,
    content_index: 0,
    sequence_number: next(),
    part: { type: 'output_text', text: '', annotations: [] },
  },
  ...answer.map(
    (delta) =>
      ({
        type: 'response.output_text.delta',
        item_id: textItem,
        output_index: 1,
        content_index: 0,
        delta,
        logprobs: [],
        sequence_number: next(),
      }) satisfies DevUiWireEvent,
  ),
  {
    type: 'response.completed',
    sequence_number: next(),
    response: devUiResponse(responseId, {
      status: 'completed',
      output: [
        {
          type: 'message',
          id: textItem,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: answer.join(''), annotations: [] }],
        },
      ],
      usage: {
        input_tokens: 412,
        input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
        output_tokens: 96,
        output_tokens_details: { reasoning_tokens: 38 },
        total_tokens: 508,
      },
    }),
  },
  '[DONE]',
]

/** Milliseconds before each event, as recorded: model latency, token pacing, the tool's run time. */
export function devUiRunDelay(event: DevUiWireEvent | '[DONE]', index: number): number {
  if (index === 0 || event === '[DONE]' || !('type' in event)) return index === 0 ? 0 : 5
  switch (event.type) {
    case 'response.reasoning_text.delta':
      return index === 2 ? 640 : 70
    case 'response.function_result.complete':
      return 415
    case 'response.output_text.delta':
      return 55
    case 'response.output_item.added':
      return 180
    case 'response.completed':
      return 40
    default:
      return 3
  }
}

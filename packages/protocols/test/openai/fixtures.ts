/**
 * Wire fixtures shaped like the real OpenAI streams, type-checked against the `openai` package,
 * major 6 here and major 7 in `sdk-round-trip.test.ts`. The recorded traces in
 * `src/traces/data/openai-*.json` were written from these.
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions'
import type { Response, ResponseStreamEvent, ResponseUsage } from 'openai/resources/responses/responses'
import type { ChatCompletionChunk as ChatCompletionChunk7 } from 'openai7/resources/chat/completions'
import type {
  Response as Response7,
  ResponseStreamEvent as ResponseStreamEvent7,
} from 'openai7/resources/responses/responses'

/** An event both majors accept: every fixture is checked against openai 6 and openai 7. */
type StreamEvent = ResponseStreamEvent & ResponseStreamEvent7

const model = 'gpt-5'

/** A response object both majors accept: openai 7 added `access_programs` (null: the standard program). */
function response(id: string, fields: Partial<Response & Response7> = {}): Response & Response7 {
  return {
    id,
    access_programs: null,
    object: 'response',
    created_at: 1_763_700_000,
    model,
    output: [],
    output_text: '',
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: null,
    parallel_tool_calls: true,
    temperature: null,
    tool_choice: 'auto',
    tools: [],
    top_p: null,
    status: 'in_progress',
    ...fields,
  }
}

const usage: ResponseUsage = {
  input_tokens: 812,
  input_tokens_details: { cached_tokens: 512, cache_write_tokens: 0 },
  output_tokens: 164,
  output_tokens_details: { reasoning_tokens: 64 },
  total_tokens: 976,
}

let sequence = 0
const seq = () => sequence++

/** Reasoning in two summary parts, a web search, and an answer with a URL citation. */
export const responsesWebSearch = (() => {
  sequence = 0
  const rs = 'rs_01'
  const ws = 'ws_01'
  const msg = 'msg_01'
  return [
    { type: 'response.created', sequence_number: seq(), response: response('resp_01') },
    { type: 'response.in_progress', sequence_number: seq(), response: response('resp_01') },
    {
      type: 'response.output_item.added',
      sequence_number: seq(),
      output_index: 0,
      item: { id: rs, type: 'reasoning', summary: [] },
    },
    {
      type: 'response.reasoning_summary_part.added',
      sequence_number: seq(),
      item_id: rs,
      output_index: 0,
      summary_index: 0,
      part: { type: 'summary_text', text: '' },
    },
    {
      type: 'response.reasoning_summary_text.delta',
      sequence_number: seq(),
      item_id: rs,
      output_index: 0,
      summary_index: 0,
      delta: '**Finding the release date**',
    },
    {
      type: 'response.reasoning_summary_text.done',
      sequence_number: seq(),
      item_id: rs,
      output_index: 0,
      summary_index: 0,
      text: '**Finding the release date**',
    },
    {
      type: 'response.reasoning_summary_text.delta',
      sequence_number: seq(),
      item_id: rs,
      output_index: 0,
      summary_index: 1,
      delta: 'I should search the web for the latest Node.js LTS.',
    },
    {
      type: 'response.output_item.done',
      sequence_number: seq(),
      output_index: 0,
      item: { id: rs, type: 'reasoning', summary: [] },
    },
    {
      type: 'response.output_item.added',
      sequence_number: seq(),
      output_index: 1,
      item: { id: ws, type: 'web_search_call', status: 'in_progress', action: { type: 'search', query: '' } },
    },
    { type: 'response.web_search_call.in_progress', sequence_number: seq(), item_id: ws, output_index: 1 },
    { type: 'response.web_search_call.searching', sequence_number: seq(), item_id: ws, output_index: 1 },
    { type: 'response.web_search_call.completed', sequence_number: seq(), item_id: ws, output_index: 1 },
    {
      type: 'response.output_item.done',
      sequence_number: seq(),
      output_index: 1,
      item: { id: ws, type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'Node.js LTS' } },
    },
    {
      type: 'response.output_item.added',
      sequence_number: seq(),
      output_index: 2,
      item: { id: msg, type: 'message', role: 'assistant', status: 'in_progress', content: [] },
    },
    {
      type: 'response.content_part.added',
      sequence_number: seq(),
      item_id: msg,
      output_index: 2,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [] },
    },
    ...['The current LTS ', 'is **Node.js 24** ', '("Krypton").'].map(
      (delta): StreamEvent => ({
        type: 'response.output_text.delta',
        sequence_number: seq(),
        item_id: msg,
        output_index: 2,
        content_index: 0,
        delta,
        logprobs: [],
      }),
    ),
    {
      type: 'response.output_text.annotation.added',
      sequence_number: seq(),
      item_id: msg,
      output_index: 2,
      content_index: 0,
      annotation_index: 0,
      annotation: {
        type: 'url_citation',
        url: 'https://nodejs.org/en/about/previous-releases',
        title: 'Node.js Releases',
        start_index: 0,
        end_index: 43,
      },
    },
    {
      type: 'response.output_text.done',
      sequence_number: seq(),
      item_id: msg,
      output_index: 2,
      content_index: 0,
      text: 'The current LTS is **Node.js 24** ("Krypton").',
      logprobs: [],
    },
    {
      type: 'response.completed',
      sequence_number: seq(),
      response: response('resp_01', { status: 'completed', usage }),
    },
  ] satisfies StreamEvent[]
})()

/** Text, then a function call whose arguments stream as deltas; the app will run it. */
export const responsesFunctionCall = (() => {
  sequence = 0
  const msg = 'msg_02'
  const fc = 'fc_02'
  return [
    { type: 'response.created', sequence_number: seq(), response: response('resp_02') },
    {
      type: 'response.output_item.added',
      sequence_number: seq(),
      output_index: 0,
      item: { id: msg, type: 'message', role: 'assistant', status: 'in_progress', content: [] },
    },
    {
      type: 'response.output_text.delta',
      sequence_number: seq(),
      item_id: msg,
      output_index: 0,
      content_index: 0,
      delta: 'Checking the forecast.',
      logprobs: [],
    },
    {
      type: 'response.output_item.added',
      sequence_number: seq(),
      output_index: 1,
      item: {
        id: fc,
        type: 'function_call',
        call_id: 'call_weather',
        name: 'get_weather',
        arguments: '',
        status: 'in_progress',
      },
    },
    ...['{"city":', '"Paris",', '"unit":"c"}'].map(
      (delta): StreamEvent => ({
        type: 'response.function_call_arguments.delta',
        sequence_number: seq(),
        item_id: fc,
        output_index: 1,
        delta,
      }),
    ),
    {
      type: 'response.function_call_arguments.done',
      sequence_number: seq(),
      item_id: fc,
      output_index: 1,
      name: 'get_weather',
      arguments: '{"city":"Paris","unit":"c"}',
    },
    {
      type: 'response.completed',
      sequence_number: seq(),
      response: response('resp_02', { status: 'completed' }),
    },
  ] satisfies StreamEvent[]
})()

/** The model refuses. */
export const responsesRefusal = (() => {
  sequence = 0
  const msg = 'msg_03'
  return [
    { type: 'response.created', sequence_number: seq(), response: response('resp_03') },
    ...["I can't help ", 'with that request.'].map(
      (delta): StreamEvent => ({
        type: 'response.refusal.delta',
        sequence_number: seq(),
        item_id: msg,
        output_index: 0,
        content_index: 0,
        delta,
      }),
    ),
    {
      type: 'response.refusal.done',
      sequence_number: seq(),
      item_id: msg,
      output_index: 0,
      content_index: 0,
      refusal: "I can't help with that request.",
    },
    {
      type: 'response.completed',
      sequence_number: seq(),
      response: response('resp_03', { status: 'completed' }),
    },
  ] satisfies StreamEvent[]
})()

/** The response fails mid-stream. */
export const responsesFailed = [
  { type: 'response.created', sequence_number: 0, response: response('resp_04') },
  {
    type: 'response.output_text.delta',
    sequence_number: 1,
    item_id: 'msg_04',
    output_index: 0,
    content_index: 0,
    delta: 'Partial',
    logprobs: [],
  },
  {
    type: 'response.failed',
    sequence_number: 2,
    response: response('resp_04', {
      status: 'failed',
      error: { code: 'server_error', message: 'The server had an error' },
    }),
  },
] satisfies StreamEvent[]

/** `reasoning_content` is what DeepSeek, vLLM and other OpenAI-compatible servers add to the delta. */
type CompatibleDelta = ChatCompletionChunk.Choice.Delta &
  ChatCompletionChunk7.Choice.Delta & { reasoning_content?: string }
type CompatibleChunk = Omit<ChatCompletionChunk & ChatCompletionChunk7, 'choices'> & {
  choices: (Omit<ChatCompletionChunk.Choice & ChatCompletionChunk7.Choice, 'delta'> & { delta: CompatibleDelta })[]
}

function chunk(
  id: string,
  choices: CompatibleChunk['choices'],
  fields: Partial<CompatibleChunk> = {},
): CompatibleChunk {
  return { id, object: 'chat.completion.chunk', created: 1_763_700_000, model, choices, ...fields }
}

const delta = (d: CompatibleDelta, finish: ChatCompletionChunk.Choice['finish_reason'] = null) => ({
  index: 0,
  delta: d,
  finish_reason: finish,
  logprobs: null,
})

/** Reasoning (compatible servers), then the answer, then the usage chunk `stream_options.include_usage` adds. */
export const chatReasoningAnswer = [
  chunk('chatcmpl-1', [delta({ role: 'assistant', content: '' })]),
  chunk('chatcmpl-1', [delta({ reasoning_content: 'Two plus two ' })]),
  chunk('chatcmpl-1', [delta({ reasoning_content: 'is four.' })]),
  chunk('chatcmpl-1', [delta({ content: 'The answer ' })]),
  chunk('chatcmpl-1', [delta({ content: 'is **4**.' })]),
  chunk('chatcmpl-1', [delta({}, 'stop')]),
  chunk('chatcmpl-1', [], {
    usage: {
      prompt_tokens: 14,
      completion_tokens: 9,
      total_tokens: 23,
      completion_tokens_details: { reasoning_tokens: 5 },
    },
  }),
] satisfies CompatibleChunk[]

/** Two parallel function calls; only the first delta of each carries its id and name. */
export const chatParallelToolCalls = [
  chunk('chatcmpl-2', [delta({ role: 'assistant', content: null })]),
  chunk('chatcmpl-2', [
    delta({
      tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } }],
    }),
  ]),
  chunk('chatcmpl-2', [delta({ tool_calls: [{ index: 0, function: { arguments: '{"city":"Par' } }] })]),
  chunk('chatcmpl-2', [
    delta({
      tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '' } }],
    }),
  ]),
  chunk('chatcmpl-2', [delta({ tool_calls: [{ index: 0, function: { arguments: 'is"}' } }] })]),
  chunk('chatcmpl-2', [delta({ tool_calls: [{ index: 1, function: { arguments: '{"zone":"CET"}' } }] })]),
  chunk('chatcmpl-2', [delta({}, 'tool_calls')]),
] satisfies CompatibleChunk[]

/** A refusal streamed in the `refusal` field. */
export const chatRefusal = [
  chunk('chatcmpl-3', [delta({ role: 'assistant', refusal: '' })]),
  chunk('chatcmpl-3', [delta({ refusal: "I'm sorry, " })]),
  chunk('chatcmpl-3', [delta({ refusal: "I can't help with that." })]),
  chunk('chatcmpl-3', [delta({}, 'stop')]),
] satisfies CompatibleChunk[]

const pacing: Record<string, number> = {
  'response.created': 0,
  'response.in_progress': 30,
  'response.output_item.added': 250,
  'response.web_search_call.searching': 60,
  'response.web_search_call.completed': 1400,
  'response.function_call_arguments.delta': 40,
  'response.output_text.delta': 55,
  'response.reasoning_summary_text.delta': 70,
  'response.completed': 120,
}

/** Wire events as a trace: the delay before each is typical for its kind. */
export function pacedEvents(events: readonly unknown[]): { delayMs: number; wire: unknown }[] {
  return events.map((wire, index) => {
    const type = (wire as { type?: string; choices?: unknown[] }).type
    const delayMs = index === 0 ? 0 : type === undefined ? 60 : (pacing[type] ?? 15)
    return { delayMs, wire }
  })
}

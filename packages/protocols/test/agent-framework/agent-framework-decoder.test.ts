/**
 * createAgentFrameworkDecoder: one test per requirement and per quirk in
 * docs/protocols/agent-framework.md (sections in the describe names).
 */
import { createTranscriptStore, type Message, type ToolCallPart, toMarkdown } from '@palimpsest/core'
import { createAgentFrameworkDecoder } from '@palimpsest/protocols/agent-framework'
import { describe, expect, test } from 'vitest'
import { netUpdate, pyCall, pyReasoning, pyResult, pyText, pyUpdate, pyUsage } from './af-wire'
import { partSummary, runDecoder } from './run-decoder'

const decode = (wires: readonly unknown[], end: Parameters<typeof runDecoder>[2] = 'complete') =>
  runDecoder((options) => createAgentFrameworkDecoder(options), wires, end)

const toolCall = (message: Message | undefined, index = 0): ToolCallPart =>
  message?.parts.filter((p): p is ToolCallPart => p.kind === 'tool-call')[index] as ToolCallPart

const transcript = (run: ReturnType<typeof decode>) => toMarkdown(run.state, { reasoning: true, tools: true })

describe('§2–3 update shapes: Python, .NET and legacy', () => {
  test('Python snake_case updates with `type` discriminators', () => {
    const run = decode([
      pyUpdate([pyReasoning('Checking weather tool')]),
      pyUpdate([pyCall('call_abc', 'get_weather', '{"location":"Paris"}')]),
      pyUpdate([pyText('It is sunny')]),
    ])
    expect(run.messages).toHaveLength(1)
    expect(run.messages[0]?.author).toBe('WeatherAgent')
    expect(partSummary(run.messages[0])).toEqual([
      'reasoning: Checking weather tool',
      'tool-call get_weather in_progress',
      'text: It is sunny',
    ])
    expect(toolCall(run.messages[0]).input).toEqual({ location: 'Paris' })
    expect(run.decoderIssues).toEqual([])
    expect(run.reducerIssues).toEqual([])
  })

  test('.NET camelCase updates with `$type` (reasoning, functionCall, functionResult, usage) read like Python', () => {
    const run = decode([
      netUpdate([{ $type: 'reasoning', text: 'Checking the forecast' }], {
        messageId: 'msg_1',
        responseId: 'resp_123',
      }),
      netUpdate(
        [{ $type: 'functionCall', callId: 'call_abc', name: 'get_weather', arguments: { location: 'Paris' } }],
        {
          messageId: 'msg_1',
          finishReason: 'tool_calls',
        },
      ),
      netUpdate([{ $type: 'functionResult', callId: 'call_abc', result: 'Sunny, 21C' }], { role: 'tool' }),
      netUpdate([{ $type: 'text', text: 'It is sunny in Paris.' }], { messageId: 'msg_2' }),
      netUpdate([{ $type: 'usage', details: { inputTokenCount: 10, outputTokenCount: 5, totalTokenCount: 15 } }], {
        messageId: 'msg_2',
        finishReason: 'stop',
      }),
    ])
    expect(run.state.messageIds).toEqual(['msg_1', 'msg_2'])
    expect(partSummary(run.messages[0])).toEqual([
      'reasoning: Checking the forecast',
      'tool-call get_weather completed',
    ])
    expect(toolCall(run.messages[0])).toMatchObject({ input: { location: 'Paris' }, output: 'Sunny, 21C' })
    expect(partSummary(run.messages[1])).toEqual(['text: It is sunny in Paris.'])
    expect(run.state.turns[0]).toMatchObject({
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
      stopReason: 'stop',
      responseId: 'resp_123',
    })
    expect(run.decoderIssues).toEqual([])
  })

  test('legacy `agent_run_response_update` and role objects `{type: "role", value}` (before PRs #3207, #3647)', () => {
    const legacy = (contents: unknown[], role: string) => ({
      type: 'agent_run_response_update',
      contents,
      role: { type: 'role', value: role },
      author_name: 'WeatherAgent',
    })
    const run = decode([
      legacy([pyCall('c1', 'get_weather', '{"location":"Oslo"}')], 'assistant'),
      legacy([{ type: 'function_result', call_id: 'c1', result: 'Rain' }], 'tool'),
      legacy([pyText('Bring an umbrella.')], 'assistant'),
    ])
    expect(run.messages.map((m) => m.role)).toEqual(['assistant', 'assistant'])
    expect(partSummary(run.messages[0])).toEqual(['tool-call get_weather completed'])
    expect(partSummary(run.messages[1])).toEqual(['text: Bring an umbrella.'])
  })

  test('legacy usage `{type: "usage", details: {type: "usage_details"}}` (before PR #3252) sums with the current shape', () => {
    const run = decode([
      pyUpdate([pyText('Hi')]),
      pyUpdate([
        { type: 'usage', details: { type: 'usage_details', input_token_count: 7, output_token_count: 3 } },
      ] as never),
      pyUpdate([pyUsage(50, 20, { reasoning_output_token_count: 12, cache_read_input_token_count: 40 })]),
    ])
    expect(run.state.turns[0]?.usage).toEqual({
      inputTokens: 57,
      outputTokens: 23,
      totalTokens: 70,
      reasoningTokens: 12,
      cachedInputTokens: 40,
    })
  })

  test('`chat_response_update` from a chat client decodes like an agent update', () => {
    const run = decode([{ type: 'chat_response_update', contents: [pyText('Hello')], role: 'assistant' }])
    expect(partSummary(run.messages[0])).toEqual(['text: Hello'])
  })

  test('a bare content item, as in the reference examples, is an update holding just that item', () => {
    const run = decode([
      pyUpdate([pyText('Answer')]),
      { $type: 'reasoning', text: 'Checking the forecast' },
      { type: 'text_reasoning', protected_data: 'enc...', additional_properties: {} },
    ])
    expect(partSummary(run.messages[0])).toEqual(['text: Answer', 'reasoning: Checking the forecast'])
  })

  test('raw JSON text is accepted; malformed input is dropped and reported, never thrown', () => {
    const run = decode([
      JSON.stringify(pyUpdate([pyText('From text')])),
      '{not json',
      42,
      { type: 'agent_response', messages: [] },
      pyUpdate(['oops' as never, pyText('!')]),
    ])
    expect(partSummary(run.messages[0])).toEqual(['text: From text!'])
    expect(run.decoderIssues.map((i) => i.code)).toEqual([
      'malformed-json',
      'malformed-message',
      'unknown-update',
      'malformed-content',
    ])
    expect(run.decoderIssues.every((i) => i.source === 'agent-framework')).toBe(true)
  })
})

describe('§5 grouping updates into messages', () => {
  test('a differing non-empty message_id starts a new message (Chat Completions: message_id = chunk id)', () => {
    const run = decode([
      pyUpdate([pyText('First ')], { message_id: 'chatcmpl-1', response_id: 'chatcmpl-1' }),
      pyUpdate([pyText('answer.')], { message_id: 'chatcmpl-1', response_id: 'chatcmpl-1' }),
      pyUpdate([pyText('Second answer.')], { message_id: 'chatcmpl-2', response_id: 'chatcmpl-2' }),
    ])
    expect(run.state.messageIds).toEqual(['chatcmpl-1', 'chatcmpl-2'])
    expect(run.messages.map((m) => partSummary(m))).toEqual([['text: First answer.'], ['text: Second answer.']])
    expect(run.messages[0]?.status).toBe('complete')
  })

  test('producers that never set message_id: reasoning, call, call, result, text, text → the framework grouping', () => {
    // The reference's example: [assistant: reasoning + call], [tool: result], [assistant: text].
    const run = decode([
      pyUpdate([pyReasoning('Checking weather tool')]),
      pyUpdate([pyCall('call_abc', 'get_weather', '{"location":')]),
      pyUpdate([pyCall('call_abc', 'get_weather', '"Paris"}')]),
      pyResult('call_abc', 'Sunny, 21C'),
      pyUpdate([pyText('It is ')]),
      pyUpdate([pyText('sunny')]),
    ])
    // The tool message is not shown: its result completes the call instead.
    expect(run.messages.map((m) => partSummary(m))).toEqual([
      ['reasoning: Checking weather tool', 'tool-call get_weather completed'],
      ['text: It is sunny'],
    ])
    expect(run.messages.map((m) => m.role)).toEqual(['assistant', 'assistant'])
  })

  test('an update without message_id continues the message whose id it lacks (only two non-empty ids can differ)', () => {
    const run = decode([pyUpdate([pyText('One, ')], { message_id: 'm1' }), pyUpdate([pyText('two.')])])
    expect(run.state.messageIds).toEqual(['m1'])
    expect(partSummary(run.messages[0])).toEqual(['text: One, two.'])
  })

  test('a role change starts a new message (user echo, then assistant)', () => {
    const run = decode([pyUpdate([pyText('What is the weather?')], { role: 'user' }), pyUpdate([pyText('Sunny.')])])
    expect(run.messages.map((m) => [m.role, ...partSummary(m)])).toEqual([
      ['user', 'text: What is the weather?'],
      ['assistant', 'text: Sunny.'],
    ])
  })

  test('an author change between agents starts a new message with a hand-off part and the new author', () => {
    const run = decode([
      pyUpdate([pyText('Routing you to billing.')], { author_name: 'Triage' }),
      pyUpdate([pyText('Your invoice is attached.')], { author_name: 'Billing' }),
    ])
    expect(run.messages.map((m) => m.author)).toEqual(['Triage', 'Billing'])
    expect(partSummary(run.messages[1])).toEqual(['handoff Triage → Billing', 'text: Your invoice is attached.'])
    expect(transcript(run)).toBe(
      '## Assistant (Triage)\n\nRouting you to billing.\n\n## Assistant (Billing)\n\nYour invoice is attached.\n',
    )
  })

  test('splitOnAuthorChange: false keeps the Python grouping (author does not split)', () => {
    const run = runDecoder(
      (options) => createAgentFrameworkDecoder({ ...options, splitOnAuthorChange: false }),
      [pyUpdate([pyText('A ')], { author_name: 'Triage' }), pyUpdate([pyText('B')], { author_name: 'Billing' })],
    )
    expect(run.messages).toHaveLength(1)
    expect(partSummary(run.messages[0])).toEqual(['text: A B'])
  })

  test('a trailing usage-only assistant update after a tool message creates no empty message', () => {
    const run = decode([
      pyUpdate([pyCall('c1', 'get_weather', { location: 'Paris' })]),
      pyResult('c1', 'Sunny'),
      pyUpdate([pyUsage(30, 10)], { finish_reason: 'stop' }),
    ])
    expect(run.messages).toHaveLength(1)
    expect(run.state.turns[0]?.usage).toMatchObject({ inputTokens: 30, outputTokens: 10 })
  })

  test('updates with empty contents set run facts only: no message, no grouping change', () => {
    const run = decode([
      pyUpdate([], { response_id: 'resp_1', continuation_token: { response_id: 'resp_1' }, author_name: 'Other' }),
      pyUpdate([pyText('Hello')]),
      pyUpdate([], { author_name: 'SomeoneElse' }),
      pyUpdate([pyText(' again')]),
    ])
    expect(run.messages).toHaveLength(1)
    expect(run.messages[0]?.author).toBe('WeatherAgent')
    expect(partSummary(run.messages[0])).toEqual(['text: Hello again'])
    expect(run.state.turns[0]?.responseId).toBe('resp_1')
  })

  test('a message_id seen again after another message starts a new message instead of writing into a finished one', () => {
    const run = decode([
      pyUpdate([pyText('A')], { message_id: 'm1' }),
      pyUpdate([pyText('B')], { message_id: 'm2' }),
      pyUpdate([pyText('C')], { message_id: 'm1' }),
    ])
    expect(run.messages.map((m) => partSummary(m))).toEqual([['text: A'], ['text: B'], ['text: C']])
    expect(run.reducerIssues).toEqual([])
  })

  test('generated ids never collide when two runs (two decoders) share a store', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    for (const answer of ['First run.', 'Second run.']) {
      const decoder = createAgentFrameworkDecoder()
      store.getState().apply(decoder.decode(pyUpdate([pyText(answer)])))
      store.getState().apply(decoder.end())
    }
    expect(toMarkdown(store.getState(), { headings: false })).toBe('First run.\n\nSecond run.\n')
  })
})

describe('§6 function calls: ids and argument streaming', () => {
  test('Responses client: call_id and name repeated on every chunk join into one call (output_index, fc_id ignored)', () => {
    const chunk = (args: string) => ({
      ...pyCall('call_abc', 'get_weather', args),
      additional_properties: { output_index: 1, fc_id: 'fc_999' },
    })
    const run = decode([pyUpdate([chunk('{"loca')]), pyUpdate([chunk('tion":"Par')]), pyUpdate([chunk('is"}')])])
    const call = toolCall(run.messages[0])
    expect(run.messages[0]?.parts).toHaveLength(1)
    expect(call).toMatchObject({ name: 'get_weather', inputText: '{"location":"Paris"}', input: { location: 'Paris' } })
  })

  test('Chat Completions: later chunks with `call_id: ""` and `name: ""` belong to the last open call; the name stays', () => {
    const run = decode([
      pyUpdate([pyCall('call_1', 'get_weather', '{"city":')], { message_id: 'chatcmpl-9' }),
      pyUpdate([pyCall('', '', '"Lima"}')], { message_id: 'chatcmpl-9' }),
    ])
    expect(toolCall(run.messages[0])).toMatchObject({
      toolCallId: 'call_1',
      name: 'get_weather',
      input: { city: 'Lima' },
    })
    expect(run.messages[0]?.parts).toHaveLength(1)
  })

  test('an empty call_id with no open call is dropped and reported', () => {
    const run = decode([pyUpdate([pyCall('', '', '{"x":1}')])])
    expect(run.messages).toEqual([])
    expect(run.decoderIssues.map((i) => i.code)).toEqual(['orphan-function-call'])
  })

  test('object arguments are complete and replace what streamed', () => {
    const run = decode([
      pyUpdate([pyCall('c1', 'search', '{"q":"par')]),
      pyUpdate([pyCall('c1', 'search', { q: 'paris weather', top: 3 })]),
    ])
    expect(toolCall(run.messages[0]).input).toEqual({ q: 'paris weather', top: 3 })
  })

  test('a metadata-only repeat without arguments changes nothing', () => {
    const run = decode([pyUpdate([pyCall('c1', 'search', '{"q":"x"}')]), pyUpdate([pyCall('c1', 'search')])])
    expect(toolCall(run.messages[0])).toMatchObject({ inputText: '{"q":"x"}', input: { q: 'x' } })
    expect(run.updates.filter((u) => u.type.startsWith('tool-call'))).toHaveLength(2)
  })

  test('function_result completes its call with the result text instead of becoming a visible message', () => {
    const run = decode([pyUpdate([pyCall('c1', 'get_weather', '{}')]), pyResult('c1', 'Sunny, 21C')])
    expect(run.messages).toHaveLength(1)
    expect(toolCall(run.messages[0])).toMatchObject({ status: 'completed', output: 'Sunny, 21C' })
  })

  test('function_result with `exception` marks the call failed with the error', () => {
    const run = decode([
      pyUpdate([pyCall('c1', 'get_weather', '{}')]),
      pyResult('c1', 'Error: Function failed.', { exception: 'TimeoutError: weather service did not answer' }),
    ])
    expect(toolCall(run.messages[0])).toMatchObject({
      status: 'failed',
      error: 'TimeoutError: weather service did not answer',
    })
    expect(transcript(run)).toContain('- Tool `get_weather` (failed): TimeoutError: weather service did not answer')
  })

  test('function_result without `result` joins the text of its items', () => {
    const run = decode([
      pyUpdate([pyCall('c1', 'lookup', '{}')]),
      {
        type: 'agent_response_update',
        role: 'tool',
        contents: [{ type: 'function_result', call_id: 'c1', items: [pyText('line 1'), pyText('line 2')] }],
      },
    ])
    expect(toolCall(run.messages[0]).output).toBe('line 1\nline 2')
  })

  test('ADR 0044 properties (additional_properties.openai.item_id, hosted) are read defensively', () => {
    const run = decode([
      pyUpdate([
        {
          ...pyCall('call_7', 'get_time', '{}'),
          hosted: true,
          additional_properties: { openai: { item_id: 'fc_7' } },
        },
      ]),
    ])
    expect(toolCall(run.messages[0])).toMatchObject({ toolCallId: 'call_7', name: 'get_time' })
    expect(run.decoderIssues).toEqual([])
  })

  test('a result that arrives in a later run (after an approval) completes the call of the earlier run', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const first = createAgentFrameworkDecoder()
    store.getState().apply(first.decode(pyUpdate([pyCall('call_x', 'delete_file', '{"path":"notes.txt"}')])))
    store.getState().apply(first.end())
    const second = createAgentFrameworkDecoder()
    store.getState().apply(second.decode(pyResult('call_x', 'Deleted notes.txt')))
    store.getState().apply(second.decode(pyUpdate([pyText('Done: notes.txt is gone.')])))
    store.getState().apply(second.end())
    const state = store.getState()
    expect(toMarkdown(state, { tools: true })).toBe(
      '## Assistant (WeatherAgent)\n\n- Tool `delete_file` (completed)\n\n## Assistant (WeatherAgent)\n\nDone: notes.txt is gone.\n',
    )
  })
})

describe('§7 reasoning, usage, approvals', () => {
  test('protected_data (encrypted reasoning) is never displayed', () => {
    const run = decode([
      pyUpdate([{ type: 'text_reasoning', protected_data: 'gAAAAB-secret', additional_properties: {} }]),
      pyUpdate([{ type: 'text_reasoning', id: 'rs_1', text: 'Visible summary', protected_data: 'gAAAAB-secret' }]),
      pyUpdate([pyText('Answer')]),
    ])
    expect(JSON.stringify(run.state)).not.toContain('gAAAAB-secret')
    expect(partSummary(run.messages[0])).toEqual(['reasoning: Visible summary', 'text: Answer'])
  })

  test('reasoning pieces join by id; another id, or raw reasoning beside a summary of the same id, starts a new paragraph', () => {
    const raw = (text: string, id: string) => ({
      ...pyReasoning(text, id),
      additional_properties: { reasoning_text: true },
    })
    const run = decode([
      pyUpdate([pyReasoning('Summary: check ', 'rs_1')]),
      pyUpdate([pyReasoning('the map.', 'rs_1')]),
      pyUpdate([raw('Raw: looking up ', 'rs_1')]),
      pyUpdate([raw('Paris.', 'rs_1')]),
      pyUpdate([pyReasoning('Next: the forecast.', 'rs_2')]),
    ])
    expect(partSummary(run.messages[0])).toEqual([
      'reasoning: Summary: check the map.\n\nRaw: looking up Paris.\n\nNext: the forecast.',
    ])
  })

  test('usage is a content item: summed into the turn, never rendered, even when it shares a chunk with text (#3434)', () => {
    const run = decode([
      pyUpdate([pyText('Partly cloudy.'), pyUsage(12, 4)], { message_id: 'chatcmpl-1' }),
      pyUpdate([pyUsage(20, 6)], { message_id: 'chatcmpl-1' }),
    ])
    expect(partSummary(run.messages[0])).toEqual(['text: Partly cloudy.'])
    expect(run.state.turns[0]?.usage).toEqual({ inputTokens: 32, outputTokens: 10, totalTokens: 42 })
    expect(run.updates.filter((u) => u.type === 'usage')).toHaveLength(2)
  })

  test('approval: the call repeated without arguments plus function_approval_request → a pending call and an actionable request', () => {
    const run = decode([
      pyUpdate([pyCall('call_x', 'delete_file', '{"path":')], { author_name: 'FileAgent' }),
      pyUpdate([pyCall('call_x', 'delete_file', '"notes.txt"}')], { author_name: 'FileAgent' }),
      pyUpdate(
        [
          pyCall('call_x', 'delete_file'),
          {
            type: 'function_approval_request',
            function_call: pyCall('call_x', 'delete_file', '{"path":"notes.txt"}'),
            user_input_request: true,
            id: 'call_x',
            additional_properties: {},
          },
        ],
        { author_name: 'FileAgent' },
      ),
    ])
    const message = run.messages[0]
    expect(partSummary(message)).toEqual(['tool-call delete_file pending', 'approval-request call_x pending'])
    // The nested call repeats arguments that already streamed: they are not appended again.
    expect(toolCall(message)).toMatchObject({ inputText: '{"path":"notes.txt"}', input: { path: 'notes.txt' } })
    expect(message?.parts[1]).toMatchObject({
      kind: 'approval-request',
      toolCallId: 'call_x',
      title: 'Allow delete_file?',
      input: { path: 'notes.txt' },
      options: [
        { optionId: 'approve', kind: 'allow_once' },
        { optionId: 'reject', kind: 'reject_once' },
      ],
    })
    expect(run.state.approvals.call_x).toBe(message?.id)
  })

  test('function_approval_response (sent by the client, echoed in history) marks the request answered', () => {
    const run = decode([
      pyUpdate([
        {
          type: 'function_approval_request',
          function_call: pyCall('call_x', 'delete_file', '{"path":"notes.txt"}'),
          user_input_request: true,
          id: 'call_x',
        },
      ]),
      {
        type: 'function_approval_response',
        function_call: pyCall('call_x', 'delete_file', { path: 'notes.txt' }),
        approved: false,
        id: 'call_x',
        additional_properties: {},
      },
    ])
    expect(partSummary(run.messages[0])).toEqual(['tool-call delete_file pending', 'approval-request call_x denied'])
  })

  test('.NET approvals: older `functionApprovalRequest` and current `toolApprovalRequest {requestId, toolCall}`', () => {
    const run = decode([
      netUpdate([
        {
          $type: 'functionApprovalRequest',
          id: 'req-1',
          functionCall: { callId: 'c1', name: 'CreateReminder', arguments: { title: 'Dentist' } },
        },
      ]),
      netUpdate([
        {
          $type: 'toolApprovalRequest',
          requestId: 'req-2',
          toolCall: { callId: 'c2', name: 'SendEmail', arguments: { to: 'ana@example.com' } },
        },
      ]),
      { $type: 'toolApprovalResponse', requestId: 'req-2', approved: true },
    ])
    expect(partSummary(run.messages[0])).toEqual([
      'tool-call CreateReminder pending',
      'approval-request req-1 pending',
      'tool-call SendEmail pending',
      'approval-request req-2 approved',
    ])
    expect(toolCall(run.messages[0], 1).input).toEqual({ to: 'ana@example.com' })
  })

  test('oauth_consent_request and .NET inputRequest are actionable requests', () => {
    const run = decode([
      pyUpdate([
        {
          type: 'oauth_consent_request',
          consent_link: 'https://login.example.com/consent?client=42',
          user_input_request: true,
          additional_properties: {},
        },
      ]),
      netUpdate([{ $type: 'inputRequest', requestId: 'ask-1' }]),
    ])
    expect(run.messages[0]?.parts).toMatchObject([
      {
        kind: 'approval-request',
        title: 'Sign-in required',
        description: 'https://login.example.com/consent?client=42',
        status: 'pending',
      },
      { kind: 'approval-request', requestId: 'ask-1', title: 'Input requested' },
    ])
  })
})

describe('§4 primary and other content types', () => {
  test('data and uri contents become file parts; a data URI keeps its payload out of links', () => {
    const run = decode([
      pyUpdate([
        { type: 'data', uri: 'data:image/png;base64,iVBORw0KGgo=', media_type: 'image/png' },
        { type: 'uri', uri: 'https://example.com/report.pdf', media_type: 'application/pdf' },
        { type: 'hosted_file', file_id: 'file_123', name: 'chart.png' },
      ]),
    ])
    expect(run.messages[0]?.parts).toMatchObject([
      { kind: 'file', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { kind: 'file', url: 'https://example.com/report.pdf', mimeType: 'application/pdf' },
      { kind: 'file', name: 'chart.png' },
    ])
    expect(transcript(run)).not.toContain('base64')
  })

  test('citations arriving as `{"type":"text","text":""}` with annotations become sources', () => {
    const run = decode([
      pyUpdate([pyText('Paris is the capital of France.')]),
      pyUpdate([
        {
          type: 'text',
          text: '',
          annotations: [
            {
              type: 'citation',
              title: 'Paris — Wikipedia',
              url: 'https://en.wikipedia.org/wiki/Paris',
              annotated_regions: [{ type: 'text_span', start_index: 0, end_index: 5 }],
              additional_properties: {},
            },
          ],
          additional_properties: {},
        },
      ]),
    ])
    expect(transcript(run)).toBe(
      '## Assistant (WeatherAgent)\n\nParis is the capital of France.\n\n[Paris — Wikipedia](https://en.wikipedia.org/wiki/Paris)\n',
    )
  })

  test('error content becomes an error part', () => {
    const run = decode([
      pyUpdate([{ type: 'error', message: 'Rate limit exceeded', error_code: '429', additional_properties: {} }]),
    ])
    expect(run.messages[0]?.parts).toMatchObject([{ kind: 'error', message: 'Rate limit exceeded', code: '429' }])
  })

  test('unknown content types are ignored and reported, never rendered as text', () => {
    const run = decode([pyUpdate([{ type: 'hologram', text: 'do not show me' }, pyText('Shown')])])
    expect(partSummary(run.messages[0])).toEqual(['text: Shown'])
    expect(run.decoderIssues.map((i) => i.code)).toEqual(['unknown-content'])
  })

  test('hosted tool calls are secondary tool-call parts; code interpreter chunks are joined by call_id', () => {
    const run = decode([
      pyUpdate([{ type: 'code_interpreter_tool_call', call_id: 'ci_1', inputs: [pyText('import math\n')] }]),
      pyUpdate([{ type: 'code_interpreter_tool_call', call_id: 'ci_1', inputs: [pyText('print(math.pi)')] }]),
      pyUpdate([{ type: 'code_interpreter_tool_result', call_id: 'ci_1', outputs: [pyText('3.14159')] }]),
      pyUpdate([
        {
          type: 'mcp_server_tool_call',
          call_id: 'mcp_1',
          tool_name: 'list_issues',
          server_name: 'github',
          arguments: '{"repo":"palimpsest"}',
        },
      ]),
    ])
    expect(run.messages[0]?.parts).toMatchObject([
      { kind: 'tool-call', name: 'code_interpreter', toolKind: 'execute', status: 'completed' },
      { kind: 'tool-call', name: 'list_issues', title: 'github: list_issues', input: { repo: 'palimpsest' } },
    ])
    expect(toolCall(run.messages[0]).input).toEqual({ code: 'import math\nprint(math.pi)' })
  })

  test('the function-invocation limit notice is ordinary answer text', () => {
    const run = decode([pyUpdate([pyText('Function invocation limit reached, stopping.')])])
    expect(transcript(run)).toContain('Function invocation limit reached, stopping.')
  })
})

describe('§8 continuation tokens and long-running runs', () => {
  test('Python: the token set by response.created is dropped once the run finishes (the final update has none)', () => {
    const run = decode([
      pyUpdate([], { response_id: 'resp_9', continuation_token: { response_id: 'resp_9' } }),
      pyUpdate([pyText('Done.')]),
      pyUpdate([pyUsage(5, 2)], { response_id: 'resp_9', finish_reason: 'stop' }),
    ])
    expect(run.state.turns).toEqual([
      expect.objectContaining({ status: 'completed', stopReason: 'stop', responseId: 'resp_9' }),
    ])
    expect(run.state.turns[0]?.continuationToken).toBeUndefined()
  })

  test('Python object tokens are kept as JSON text while the run is in progress', () => {
    const run = decode([pyUpdate([], { response_id: 'resp_9', continuation_token: { response_id: 'resp_9' } })], 'none')
    expect(run.state.turns[0]).toMatchObject({ status: 'running', continuationToken: '{"response_id":"resp_9"}' })
  })

  test('.NET: a base64 token on every update but the last; an interrupted stream keeps it so the UI can resume', () => {
    const run = decode(
      [
        netUpdate([{ $type: 'text', text: 'Compiling the quarterly ' }], { continuationToken: 'AQIDBAU=' }),
        netUpdate([{ $type: 'text', text: 'report' }], { continuationToken: 'AQIDBAY=' }),
      ],
      'interrupted',
    )
    expect(run.state.turns[0]).toMatchObject({ status: 'background', continuationToken: 'AQIDBAY=' })
    expect(run.messages[0]).toMatchObject({ status: 'interrupted' })
    expect(partSummary(run.messages[0])).toEqual(['text: Compiling the quarterly report'])
  })

  test('.NET: a clean end whose last update still carries a token leaves the run resumable in the background', () => {
    const run = decode([netUpdate([{ $type: 'text', text: 'Working…' }], { continuationToken: 'AQIDBAU=' })])
    expect(run.state.turns[0]).toMatchObject({ status: 'background', continuationToken: 'AQIDBAU=' })
  })

  test('.NET: the last update without a token finishes the run', () => {
    const run = decode([
      netUpdate([{ $type: 'text', text: 'Working…' }], { continuationToken: 'AQIDBAU=' }),
      netUpdate([{ $type: 'text', text: ' done.' }], { finishReason: 'stop' }),
    ])
    expect(run.state.turns[0]).toMatchObject({ status: 'completed', stopReason: 'stop' })
    expect(run.state.turns[0]?.continuationToken).toBeUndefined()
  })
})

describe('end of stream', () => {
  test('end("cancelled") marks open messages cancelled and keeps their text', () => {
    const run = decode([pyUpdate([pyText('Half an ans')])], 'cancelled')
    expect(run.messages[0]).toMatchObject({ status: 'cancelled' })
    expect(run.state.turns[0]).toMatchObject({ status: 'cancelled', stopReason: 'cancelled' })
    expect(partSummary(run.messages[0])).toEqual(['text: Half an ans'])
  })

  test('end() without any update emits nothing', () => {
    expect(createAgentFrameworkDecoder().end()).toEqual([])
  })

  test('a throwing onIssue handler does not break decoding', () => {
    const decoder = createAgentFrameworkDecoder({
      onIssue: () => {
        throw new Error('handler bug')
      },
    })
    expect(() => decoder.decode('{broken')).not.toThrow()
    expect(decoder.decode(pyUpdate([pyText('still works')]))).toContainEqual(
      expect.objectContaining({ type: 'chunk', text: 'still works' }),
    )
  })
})

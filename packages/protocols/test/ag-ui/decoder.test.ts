import { type Event as AgUiEvent, EventType } from '@ag-ui/core'
import { createTranscriptStore, type Issue, toMarkdown } from '@palimpsest/core'
import { createAgUiDecoder } from '@palimpsest/protocols/ag-ui'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { roundTrip } from './round-trip'

const run = { threadId: 'thread-1', runId: 'run-1' }

describe('AG-UI decoder, fed by @ag-ui/encoder through our SSE transport', () => {
  test('a run with the user prompt, a step, reasoning, a tool call with its result and an answer', async () => {
    const events: AgUiEvent[] = [
      {
        type: EventType.RUN_STARTED,
        ...run,
        input: {
          ...run,
          messages: [{ id: 'u1', role: 'user', content: 'Weather in Paris?' }],
          tools: [],
          context: [],
        },
      },
      { type: EventType.STEP_STARTED, stepName: 'plan' },
      { type: EventType.REASONING_START, messageId: 'r1' },
      { type: EventType.REASONING_MESSAGE_START, messageId: 'r1', role: 'reasoning' },
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'The user wants ' },
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'the forecast.' },
      { type: EventType.REASONING_MESSAGE_END, messageId: 'r1' },
      { type: EventType.REASONING_END, messageId: 'r1' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a1', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'Let me ' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'check.' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a1' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'get_weather', parentMessageId: 'a1' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"city":' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '"Paris"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
      { type: EventType.TOOL_CALL_RESULT, messageId: 't1', toolCallId: 'c1', content: 'Sunny, 21°C', role: 'tool' },
      { type: EventType.STEP_FINISHED, stepName: 'plan' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a2', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a2', delta: 'It is sunny in Paris.' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a2' },
      {
        type: EventType.RUN_FINISHED,
        ...run,
        outcome: { type: 'success' },
        usage: [
          { inputTokens: 10, outputTokens: 4 },
          { inputTokens: 20, outputTokens: 6 },
        ],
      },
    ]
    const { state, issues } = await roundTrip(events)
    expect(issues).toEqual([])
    expect(state.messageIds).toEqual(['u1', 'r1', 'a1', 'a2'])
    expect(state.messages.u1?.role).toBe('user')
    // The step started before any assistant message: its status waits for the first one.
    expect(state.messages.r1?.parts.map((p) => p.kind)).toEqual(['status', 'reasoning'])
    expect(state.messages.r1?.parts[0]).toMatchObject({ kind: 'status', text: 'plan finished' })
    expect(state.messages.a1?.parts[1]).toMatchObject({
      kind: 'tool-call',
      name: 'get_weather',
      status: 'completed',
      input: { city: 'Paris' },
      output: 'Sunny, 21°C',
      content: [{ type: 'text', text: 'Sunny, 21°C' }],
    })
    expect(state.turns).toEqual([
      expect.objectContaining({
        id: 'run-1',
        status: 'completed',
        stopReason: 'end_turn',
        usage: { inputTokens: 30, outputTokens: 10 },
      }),
    ])
    expect(Object.values(state.messages).every((m) => m.status === 'complete')).toBe(true)
    expect(toMarkdown(state, { reasoning: true, tools: true })).toBe(
      [
        '## User\n\nWeather in Paris?',
        '## Assistant\n\n> The user wants the forecast.',
        '## Assistant\n\nLet me check.\n\n- Tool `get_weather` (completed)',
        '## Assistant\n\nIt is sunny in Paris.\n',
      ].join('\n\n'),
    )
  })

  test('a finished text message stops streaming while the next one streams; end() finishes the rest', () => {
    const decoder = createAgUiDecoder()
    const store = createTranscriptStore({ schedule: 'sync' })
    const events: AgUiEvent[] = [
      { type: EventType.RUN_STARTED, ...run },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a1' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'First.' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a1' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a2' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a2', delta: 'Second' },
    ]
    for (const event of events) store.getState().apply(decoder.decode(event))
    expect(store.getState().messages.a1?.status).toBe('complete')
    expect(store.getState().messages.a2?.status).toBe('streaming')
    // The stream ended cleanly without RUN_FINISHED.
    store.getState().apply(decoder.end())
    expect(store.getState().messages.a2?.status).toBe('complete')
    expect(store.getState().turns[0]?.status).toBe('completed')
  })

  test('the *_CHUNK shortcuts open a message on a new id and close the previous one', async () => {
    const decoder = createAgUiDecoder()
    const store = createTranscriptStore({ schedule: 'sync' })
    const feed = (event: AgUiEvent) => store.getState().apply(decoder.decode(event))
    feed({ type: EventType.RUN_STARTED, ...run })
    feed({ type: EventType.REASONING_MESSAGE_CHUNK, messageId: 'r1', delta: 'Thinking' })
    feed({ type: EventType.REASONING_MESSAGE_CHUNK, delta: ' harder' })
    feed({ type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'a1', role: 'assistant', delta: 'Hel' })
    feed({ type: EventType.TEXT_MESSAGE_CHUNK, delta: 'lo' })
    feed({ type: EventType.TOOL_CALL_CHUNK, toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'a1' })
    feed({ type: EventType.TOOL_CALL_CHUNK, delta: '{"q":"ag' })
    feed({ type: EventType.TOOL_CALL_CHUNK, delta: '-ui"}' })
    feed({ type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'a2', delta: 'Next' })
    let state = store.getState()
    expect(state.messages.r1?.parts).toMatchObject([{ kind: 'reasoning', text: 'Thinking harder' }])
    expect(state.messages.a1?.status).toBe('complete')
    expect(state.messages.a1?.parts).toMatchObject([
      { kind: 'text', text: 'Hello' },
      { kind: 'tool-call', toolCallId: 'c1', name: 'search', input: { q: 'ag-ui' }, status: 'in_progress' },
    ])
    expect(state.messages.a2?.status).toBe('streaming')
    feed({ type: EventType.RUN_FINISHED, ...run })
    state = store.getState()
    expect(state.messages.a2).toMatchObject({ status: 'complete', parts: [{ text: 'Next' }] })
  })

  test('MESSAGES_SNAPSHOT replaces streamed text by id, folds tool results, appends new ids, removes omitted ones', async () => {
    const { state, issues } = await roundTrip([
      { type: EventType.RUN_STARTED, ...run },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'old', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'old', delta: 'An earlier note' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'old' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a1', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'Paris is 12 degre' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'get_weather', parentMessageId: 'a1' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"city":"Paris"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
      {
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [
          { id: 'u1', role: 'user', content: 'Weather in Paris?' },
          {
            id: 'a1',
            role: 'assistant',
            content: 'Paris is 21 degrees and sunny.',
            toolCalls: [
              { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            ],
          },
          { id: 't1', role: 'tool', toolCallId: 'c1', content: '{"temp":21}' },
        ],
      },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a1' },
      { type: EventType.RUN_FINISHED, ...run },
    ])
    // Snapshot ids already shown keep their place; new ids are appended; the omitted one is gone.
    expect(state.messageIds).toEqual(['a1', 'u1'])
    expect(state.messages.old).toBeUndefined()
    const a1 = state.messages.a1
    expect(a1?.parts).toMatchObject([
      { kind: 'text', text: 'Paris is 21 degrees and sunny.', epoch: 1 },
      { kind: 'tool-call', toolCallId: 'c1', status: 'completed', output: '{"temp":21}', input: { city: 'Paris' } },
    ])
    // The text part kept its id across the replacement, so its DOM node is reused.
    expect(a1?.parts[0]?.id).toBe('text#0')
    expect(a1?.status).toBe('complete')
    expect(state.messages.u1).toMatchObject({ role: 'user', status: 'complete' })
    expect(issues).toEqual([])
  })

  test('a snapshot outside any run (history on connect) shows finished messages and no running turn', async () => {
    const { state } = await roundTrip([
      {
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [
          { id: 'u1', role: 'user', content: [{ type: 'text', text: 'Hi' }] },
          { id: 'a1', role: 'assistant', content: 'Hello!', name: 'helper' },
        ],
      },
    ])
    expect(toMarkdown(state)).toBe('## User\n\nHi\n\n## Assistant (helper)\n\nHello!\n')
    expect(Object.values(state.messages).map((m) => m.status)).toEqual(['complete', 'complete'])
    expect(state.turns.map((t) => t.status)).toEqual(['completed'])
  })

  test('RUN_ERROR shows the error and fails the turn', async () => {
    const { state } = await roundTrip([
      { type: EventType.RUN_STARTED, ...run },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a1' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'Work' },
      { type: EventType.RUN_ERROR, message: 'Model overloaded', code: 'overloaded' },
    ])
    expect(state.messages.a1?.parts[1]).toMatchObject({
      kind: 'error',
      message: 'Model overloaded',
      code: 'overloaded',
    })
    expect(state.messages.a1?.status).toBe('error')
    expect(state.turns[0]).toMatchObject({ status: 'failed', stopReason: 'error' })
  })

  test('a run error before any message gets a message of its own', async () => {
    const { state } = await roundTrip([
      { type: EventType.RUN_STARTED, ...run },
      { type: EventType.RUN_ERROR, message: 'No API key' },
    ])
    expect(toMarkdown(state)).toBe('## Assistant\n\n**Error:** No API key\n')
  })

  test('agent state: snapshot, then RFC 6902 deltas; a patch that does not apply is reported and skipped', async () => {
    const { state, issues } = await roundTrip([
      { type: EventType.RUN_STARTED, ...run },
      { type: EventType.STATE_SNAPSHOT, snapshot: { todos: ['write'], done: 0 } },
      {
        type: EventType.STATE_DELTA,
        delta: [
          { op: 'add', path: '/todos/-', value: 'test' },
          { op: 'replace', path: '/done', value: 1 },
        ],
      },
      { type: EventType.STATE_DELTA, delta: [{ op: 'remove', path: '/missing' }] },
      { type: EventType.RUN_FINISHED, ...run },
    ])
    expect(state.session.agentState).toEqual({ todos: ['write', 'test'], done: 1 })
    expect(issues.map((i) => i.code)).toEqual(['invalid-patch'])
  })

  test('an activity is a data part of its own message, patched in place', async () => {
    const { state } = await roundTrip([
      { type: EventType.RUN_STARTED, ...run },
      {
        type: EventType.ACTIVITY_SNAPSHOT,
        messageId: 'act1',
        activityType: 'PLAN',
        content: { steps: [{ title: 'Search', done: false }] },
      },
      {
        type: EventType.ACTIVITY_DELTA,
        messageId: 'act1',
        activityType: 'PLAN',
        patch: [{ op: 'replace', path: '/steps/0/done', value: true }],
      },
      { type: EventType.RUN_FINISHED, ...run },
    ])
    expect(state.messages.act1?.parts).toEqual([
      expect.objectContaining({ kind: 'data', name: 'PLAN', data: { steps: [{ title: 'Search', done: true }] } }),
    ])
  })

  test('a step naming a known agent is a handoff; an interrupt asks the user', async () => {
    const { state } = await roundTrip(
      [
        { type: EventType.RUN_STARTED, ...run },
        { type: EventType.STEP_STARTED, stepName: 'supervisor' },
        { type: EventType.TEXT_MESSAGE_START, messageId: 'a1' },
        { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'Routing you.' },
        { type: EventType.TEXT_MESSAGE_END, messageId: 'a1' },
        { type: EventType.STEP_FINISHED, stepName: 'supervisor' },
        { type: EventType.STEP_STARTED, stepName: 'billing' },
        { type: EventType.STEP_FINISHED, stepName: 'billing' },
        {
          type: EventType.RUN_FINISHED,
          ...run,
          outcome: {
            type: 'interrupt',
            interrupts: [{ id: 'i1', reason: 'Approve the refund?', message: 'Refund 40 EUR to card 4242.' }],
          },
        },
      ],
      { agentNames: ['supervisor', 'billing'] },
    )
    const parts = state.messages.a1?.parts ?? []
    expect(parts.filter((p) => p.kind === 'handoff')).toMatchObject([
      { to: 'supervisor' },
      { from: 'supervisor', to: 'billing' },
    ])
    expect(parts.find((p) => p.kind === 'approval-request')).toMatchObject({
      requestId: 'i1',
      title: 'Approve the refund?',
      description: 'Refund 40 EUR to card 4242.',
      status: 'pending',
    })
    expect(state.turns[0]?.stopReason).toBe('interrupt')
  })

  test('a subagent authors its messages and is shown as a handoff', async () => {
    const { state } = await roundTrip([
      { type: EventType.RUN_STARTED, ...run },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a1' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'Asking the researcher.' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a1' },
      { type: EventType.SUBAGENT_STARTED, subagentRunId: 'sub1', name: 'researcher', parentMessageId: 'a1' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 's1', subagentRunId: 'sub1' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 's1', delta: 'Found 3 papers.', subagentRunId: 'sub1' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 's1', subagentRunId: 'sub1' },
      { type: EventType.SUBAGENT_FINISHED, subagentRunId: 'sub1' },
      { type: EventType.RUN_FINISHED, ...run },
    ])
    expect(state.messages.a1?.parts.at(-1)).toMatchObject({ kind: 'handoff', to: 'researcher' })
    expect(state.messages.s1?.author).toBe('researcher')
  })
})

describe('AG-UI decoder, deprecated and malformed input', () => {
  test('THINKING_* events (removed in 1.0) still become reasoning', () => {
    // Hand-written: @ag-ui/core 1.0 has no schemas for these any more.
    const decoder = createAgUiDecoder()
    const store = createTranscriptStore({ schedule: 'sync' })
    for (const event of [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'THINKING_START', title: 'Planning' },
      { type: 'THINKING_TEXT_MESSAGE_START' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Step one, ' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'step two.' },
      { type: 'THINKING_TEXT_MESSAGE_END' },
      { type: 'THINKING_END' },
      { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Done.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ])
      store.getState().apply(decoder.decode(event))
    expect(toMarkdown(store.getState(), { reasoning: true })).toBe(
      '## Assistant\n\n> Step one, step two.\n\n## Assistant\n\nDone.\n',
    )
  })

  test('bad input is dropped and reported, never thrown', () => {
    const issues: Issue[] = []
    const decoder = createAgUiDecoder({ onIssue: (issue) => issues.push(issue) })
    expect(decoder.decode('not json')).toEqual([])
    expect(decoder.decode('[1,2]')).toEqual([])
    expect(decoder.decode({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1' })).toEqual([])
    expect(decoder.decode({ type: 'TOOL_CALL_START', toolCallId: 'c1' })).toEqual([])
    expect(decoder.decode({ type: 'NO_SUCH_EVENT' })).toEqual([])
    expect(decoder.decode({ type: 'TEXT_MESSAGE_CHUNK', delta: 'orphan' })).toEqual([])
    expect(issues.map((i) => i.code)).toEqual([
      'malformed-json',
      'malformed-message',
      'malformed-event',
      'malformed-event',
      'unknown-event',
      'orphan-chunk',
    ])
    expect(issues.every((i) => i.source === 'ag-ui')).toBe(true)
  })

  test('content before its start is shown anyway, and reported', () => {
    const issues: Issue[] = []
    const decoder = createAgUiDecoder({ onIssue: (issue) => issues.push(issue) })
    const store = createTranscriptStore({ schedule: 'sync' })
    store.getState().apply(decoder.decode({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Hi' }))
    store.getState().apply(decoder.end())
    expect(store.getState().messages.a1).toMatchObject({ status: 'complete', parts: [{ text: 'Hi' }] })
    expect(issues.map((i) => i.code)).toEqual(['unopened-message'])
  })

  test('a dropped connection leaves open messages interrupted', () => {
    const decoder = createAgUiDecoder()
    const store = createTranscriptStore({ schedule: 'sync' })
    store.getState().apply(decoder.decode({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }))
    store.getState().apply(decoder.decode({ type: 'TEXT_MESSAGE_START', messageId: 'a1' }))
    store.getState().apply(decoder.decode({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Hal' }))
    store.getState().apply(decoder.end('interrupted'))
    expect(store.getState().messages.a1?.status).toBe('interrupted')
  })

  test('arbitrary JSON never throws out of the decoder', () => {
    const eventTypes = [...Object.values(EventType), 'THINKING_TEXT_MESSAGE_CONTENT', 'BOGUS']
    const event = fc.record(
      {
        type: fc.constantFrom(...eventTypes),
        messageId: fc.oneof(fc.string(), fc.constant('a1'), fc.integer()),
        toolCallId: fc.oneof(fc.string(), fc.constant('c1')),
        toolCallName: fc.string(),
        delta: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        messages: fc.array(fc.jsonValue(), { maxLength: 3 }),
        snapshot: fc.jsonValue(),
        delta_: fc.jsonValue(),
        patch: fc.jsonValue(),
        content: fc.jsonValue(),
        outcome: fc.jsonValue(),
        usage: fc.jsonValue(),
        stepName: fc.string(),
      },
      { requiredKeys: ['type'] },
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const decoder = createAgUiDecoder()
        const store = createTranscriptStore({ schedule: 'sync' })
        for (const e of events) store.getState().apply(decoder.decode(e))
        store.getState().apply(decoder.end())
      }),
      { numRuns: 150 },
    )
  })
})

/** The ACP decoder beyond the reference quirks: content kinds, v2 extras, sessions, end(), bad input. */
import { createAcpDecoder } from '@palimpsest/protocols/acp'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { agentChunk, decodeAll, messagesOf, notification, promptResponse, sessionId, text } from './harness'

const image = { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' }

describe('ContentBlocks', () => {
  test('text streams as answer or reasoning; image, audio, resource_link and resource become file/data parts', () => {
    const { state, issues } = decodeAll([
      agentChunk('Here is the chart:'),
      notification({ sessionUpdate: 'agent_message_chunk', content: image }),
      notification({
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
      }),
      notification({
        sessionUpdate: 'agent_message_chunk',
        content: {
          type: 'resource_link',
          uri: 'file:///project/report.pdf',
          name: 'report.pdf',
          mimeType: 'application/pdf',
          size: 2048,
        },
      }),
      notification({
        sessionUpdate: 'agent_message_chunk',
        content: {
          type: 'resource',
          resource: { uri: 'file:///project/a.ts', mimeType: 'text/x-typescript', text: 'export {}' },
        },
      }),
      notification({
        sessionUpdate: 'agent_message_chunk',
        content: {
          type: 'resource',
          resource: { uri: 'file:///project/logo.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' },
        },
      }),
      notification({ sessionUpdate: 'agent_thought_chunk', content: text('Checking the data.') }),
    ])
    expect(issues).toEqual([])
    expect(messagesOf(state)).toHaveLength(1)
    expect(messagesOf(state)[0]?.parts).toMatchObject([
      { kind: 'text', text: 'Here is the chart:' },
      { kind: 'file', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
      { kind: 'file', mimeType: 'audio/wav', data: 'UklGRg==' },
      { kind: 'file', url: 'file:///project/report.pdf', name: 'report.pdf', mimeType: 'application/pdf', size: 2048 },
      { kind: 'data', name: 'file:///project/a.ts', data: { uri: 'file:///project/a.ts', text: 'export {}' } },
      { kind: 'file', url: 'file:///project/logo.png', data: 'iVBORw0KGgo=' },
      { kind: 'reasoning', text: 'Checking the data.' },
    ])
  })

  test('a malformed block is dropped and reported without starting an empty message', () => {
    const { state, issues } = decodeAll([
      notification({ sessionUpdate: 'agent_message_chunk', content: { type: 'image', mimeType: 'image/png' } }),
      notification({ sessionUpdate: 'agent_message_chunk', content: { type: 'video', data: 'x' } }),
    ])
    expect(state.messageIds).toEqual([])
    expect(issues.map((i) => i.code)).toEqual(['malformed-content', 'malformed-content'])
  })
})

describe('v2 draft extras', () => {
  test('agent_thought and user_message upserts replace their own buffer only', () => {
    const { state } = decodeAll([
      notification({ sessionUpdate: 'user_message', messageId: 'u1', content: [text('Summarise the README')] }),
      notification({ sessionUpdate: 'agent_thought_chunk', messageId: 'm1', content: text('Skimming') }),
      notification({ sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: text('It is a library.') }),
      notification({ sessionUpdate: 'agent_thought', messageId: 'm1', content: [text('Read it all.')] }),
      notification({
        sessionUpdate: 'user_message',
        messageId: 'u1',
        content: [text('Summarise the README, briefly')],
      }),
    ])
    expect(state.messages.u1).toMatchObject({
      role: 'user',
      parts: [{ kind: 'text', text: 'Summarise the README, briefly' }],
    })
    expect(state.messages.m1?.parts).toMatchObject([
      { kind: 'reasoning', text: 'Read it all.' },
      { kind: 'text', text: 'It is a library.' },
    ])
  })

  test('a repeated upsert does not add its image twice', () => {
    const upsert = (caption: string) =>
      notification({ sessionUpdate: 'agent_message', messageId: 'm1', content: [text(caption), image] })
    const { state } = decodeAll([upsert('Chart v1'), upsert('Chart v2')])
    expect(state.messages.m1?.parts).toMatchObject([{ kind: 'text', text: 'Chart v2' }, { kind: 'file' }])
  })

  test('tool_call_content_chunk appends one item to the call content', () => {
    const { state } = decodeAll([
      notification({
        sessionUpdate: 'tool_call_update',
        toolCallId: 't1',
        title: 'Fetch docs',
        kind: 'fetch',
        status: 'in_progress',
      }),
      notification({
        sessionUpdate: 'tool_call_content_chunk',
        toolCallId: 't1',
        content: { type: 'content', content: text('page 1') },
      }),
      notification({
        sessionUpdate: 'tool_call_content_chunk',
        toolCallId: 't1',
        content: { type: 'content', content: text('page 2') },
      }),
    ])
    const part = messagesOf(state)[0]?.parts[0]
    expect(part).toMatchObject({
      kind: 'tool-call',
      title: 'Fetch docs',
      content: [
        { type: 'text', text: 'page 1' },
        { type: 'text', text: 'page 2' },
      ],
    })
  })

  test('with protocolVersion 2, null in a tool call patch clears content; in v1 it leaves it unchanged', () => {
    const wires = [
      notification({
        sessionUpdate: 'tool_call_update',
        toolCallId: 't1',
        title: 'Run',
        content: [{ type: 'content', content: text('out') }],
      }),
      notification({ sessionUpdate: 'tool_call_update', toolCallId: 't1', content: null }),
    ]
    expect(messagesOf(decodeAll(wires, { protocolVersion: 2 }).state)[0]?.parts[0]).toMatchObject({ content: [] })
    expect(messagesOf(decodeAll(wires).state)[0]?.parts[0]).toMatchObject({ content: [{ type: 'text', text: 'out' }] })
  })

  test('plan_update keeps one plan per planId and replaces it in place', () => {
    const plan = (planId: string, ...entries: string[]) =>
      notification({
        sessionUpdate: 'plan_update',
        plan: {
          type: 'items',
          planId,
          entries: entries.map((content) => ({ content, priority: 'low', status: 'pending' })),
        },
      })
    const { state } = decodeAll([plan('p1', 'Read'), plan('p2', 'Write'), plan('p1', 'Read', 'Review')])
    const plans = messagesOf(state).flatMap((m) => m.parts.filter((p) => p.kind === 'plan'))
    expect(plans.map((p) => (p as { entries: { content: string }[] }).entries.map((e) => e.content))).toEqual([
      ['Read', 'Review'],
      ['Write'],
    ])
  })

  test('a v2 permission request names the tool call in its subject', () => {
    const { state } = decodeAll([
      notification({ sessionUpdate: 'tool_call_update', toolCallId: 't1', title: 'Delete build/', kind: 'delete' }),
      {
        jsonrpc: '2.0',
        id: 'perm-1',
        method: 'session/request_permission',
        params: {
          sessionId,
          title: 'Delete the build directory?',
          subject: { type: 'tool_call', toolCall: { toolCallId: 't1', status: 'paused' } },
          options: [{ optionId: 'yes', name: 'Delete', kind: 'allow_once' }],
        },
      },
    ])
    expect(messagesOf(state)[0]?.parts).toMatchObject([
      { kind: 'tool-call', toolCallId: 't1', status: 'pending' },
      { kind: 'approval-request', requestId: 'perm-1', toolCallId: 't1', title: 'Delete the build directory?' },
    ])
  })

  test('state_update idle with an error stopReason shows the error', () => {
    const { state } = decodeAll([
      agentChunk('Working', 'm1'),
      notification({
        sessionUpdate: 'state_update',
        state: 'idle',
        stopReason: 'error',
        error: { code: -32603, message: 'Model overloaded' },
      }),
    ])
    expect(state.messages.m1).toMatchObject({
      status: 'error',
      parts: [{ kind: 'text' }, { kind: 'error', message: 'Model overloaded' }],
    })
    expect(state.turns.at(-1)).toMatchObject({ status: 'failed', stopReason: 'error' })
  })
})

describe('notices and compactions', () => {
  test('a failed compaction shows its error; a later summary chunk keeps the status', () => {
    const { state } = decodeAll([
      agentChunk('Working.'),
      notification({
        sessionUpdate: 'compaction_update',
        compactionId: 'c2',
        status: 'failed',
        error: 'summary too long',
      }),
      notification({ sessionUpdate: 'compaction_summary_chunk', compactionId: 'c2', content: text('Partial.') }),
    ])
    const statuses = messagesOf(state).flatMap((m) => m.parts.filter((p) => p.kind === 'status'))
    expect(statuses).toMatchObject([
      { text: 'Compaction failed: summary too long', level: 'error', data: { summary: 'Partial.' } },
    ])
  })

  test('a notice is a status line; a compaction is one status line that follows its progress', () => {
    const { state } = decodeAll([
      agentChunk('Working.'),
      notification({
        sessionUpdate: 'notice',
        severity: 'warning',
        title: 'Rate limited',
        description: 'retrying in 5s',
      }),
      notification({ sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'in_progress' }),
      notification({
        sessionUpdate: 'compaction_summary_chunk',
        compactionId: 'c1',
        content: text('We fixed the parser.'),
      }),
      notification({ sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'completed' }),
    ])
    const statuses = messagesOf(state).flatMap((m) => m.parts.filter((p) => p.kind === 'status'))
    expect(statuses).toMatchObject([
      { text: 'Rate limited: retrying in 5s', level: 'warning' },
      { text: 'Conversation compacted', data: { summary: 'We fixed the parser.' } },
    ])
  })
})

describe('sessions', () => {
  const other = 'sess_other'
  const wires = [
    agentChunk('Main answer', 'm1'),
    notification({ sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: text('Side answer') }, other),
    notification({ sessionUpdate: 'tool_call', toolCallId: 'call_1', title: 'Side tool' }, other),
    notification({ sessionUpdate: 'tool_call', toolCallId: 'call_1', title: 'Main tool' }),
  ]

  test('updates are keyed by sessionId: equal ids in two sessions stay two messages and two tool calls', () => {
    const { state } = decodeAll(wires)
    const texts = messagesOf(state).flatMap((m) =>
      m.parts.filter((p) => p.kind === 'text').map((p) => (p as { text: string }).text),
    )
    expect(texts).toEqual(['Main answer', 'Side answer'])
    const titles = messagesOf(state).flatMap((m) =>
      m.parts.filter((p) => p.kind === 'tool-call').map((p) => (p as { title: string }).title),
    )
    expect(titles.sort()).toEqual(['Main tool', 'Side tool'])
  })

  test('a cancelled turn: the decoder cancels the open tool calls of that session only', () => {
    // (The store's turn is not per session yet: its turn-end finishes every streaming message.)
    const { updates } = decodeAll([
      notification({ sessionUpdate: 'tool_call', toolCallId: 'build', title: 'Build', status: 'in_progress' }),
      notification({ sessionUpdate: 'tool_call', toolCallId: 'lint', title: 'Lint', status: 'in_progress' }, other),
      notification({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'cancelled' }, other),
    ])
    const cancelled = updates.filter((u) => u.type === 'tool-call-update' && u.status === 'cancelled')
    expect(cancelled.map((u) => (u as { toolCallId: string }).toolCallId)).toEqual(['lint'])
  })

  test('options.sessionId keeps only that session', () => {
    const { state, issues } = decodeAll(wires, { sessionId: other })
    expect(messagesOf(state).map((m) => m.parts.map((p) => p.kind))).toEqual([['text', 'tool-call']])
    expect(messagesOf(state)[0]?.parts[0]).toMatchObject({ text: 'Side answer' })
    expect(issues).toEqual([])
  })
})

describe('prompt requests and responses', () => {
  const prompt = (id: number, value: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'session/prompt',
    params: { sessionId, prompt: [text(value)] },
  })

  test("a fed session/prompt request becomes the user's message", () => {
    const { state, markdown } = decodeAll([
      prompt(2, 'Fix the failing test'),
      agentChunk('On it.'),
      promptResponse('end_turn'),
    ])
    expect(messagesOf(state).map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(markdown).toBe('## User\n\nFix the failing test\n\n## Assistant\n\nOn it.\n')
  })

  test("render the prompt from the client's own session/prompt and avoid duplicating it if echoed (v1 chunks or v2 user_message)", () => {
    const echoedChunks = decodeAll([
      prompt(2, 'Fix the failing test'),
      notification({ sessionUpdate: 'user_message_chunk', content: text('Fix the ') }),
      notification({ sessionUpdate: 'user_message_chunk', content: text('failing test') }),
      agentChunk('On it.'),
      promptResponse('end_turn'),
    ])
    expect(echoedChunks.markdown).toBe('## User\n\nFix the failing test\n\n## Assistant\n\nOn it.\n')
    const echoedUpsert = decodeAll(
      [
        prompt(2, 'Fix the failing test'),
        notification({ sessionUpdate: 'user_message', messageId: 'u1', content: [text('Fix the failing test')] }),
        agentChunk('On it.', 'm1'),
      ],
      { protocolVersion: 2 },
    )
    expect(messagesOf(echoedUpsert.state).map((m) => m.role)).toEqual(['user', 'assistant'])
    // A later user chunk that is not an echo is a message of its own.
    const notEcho = decodeAll([
      prompt(2, 'Hi'),
      agentChunk('Hello!'),
      notification({ sessionUpdate: 'user_message_chunk', content: text('Hi') }),
    ])
    expect(messagesOf(notEcho.state).map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
  })

  test('an error response to a fed prompt ends the turn with the error shown', () => {
    const { state } = decodeAll([
      prompt(4, 'Hi'),
      agentChunk('Let me'),
      { jsonrpc: '2.0', id: 4, error: { code: -32603, message: 'Internal error: model unavailable' } },
    ])
    expect(messagesOf(state).at(-1)).toMatchObject({
      status: 'error',
      parts: [
        { kind: 'text', text: 'Let me' },
        { kind: 'error', message: 'Internal error: model unavailable' },
      ],
    })
  })

  test('responses to other requests are ignored; an unrelated error response is only reported', () => {
    const { state, issues } = decodeAll([
      agentChunk('Still streaming'),
      { jsonrpc: '2.0', id: 0, result: { protocolVersion: 1, agentCapabilities: {} } },
      { jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'Method not found' } },
    ])
    expect(messagesOf(state)[0]?.status).toBe('streaming')
    expect(issues.map((i) => i.code)).toEqual(['error-response'])
  })
})

describe('end(reason)', () => {
  test('end finishes open messages with the status of the reason', () => {
    const { state } = decodeAll([agentChunk('Partial ans', 'm1')], {}, 'interrupted')
    expect(state.messages.m1).toMatchObject({ status: 'interrupted', parts: [{ text: 'Partial ans', status: 'done' }] })
    const decoder = createAcpDecoder()
    decoder.decode(agentChunk('x', 'm1'))
    decoder.decode(promptResponse('end_turn'))
    expect(decoder.end()).toEqual([])
  })

  test('end(cancelled) also shows unfinished tool calls as cancelled', () => {
    const { state } = decodeAll(
      [notification({ sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Build', status: 'in_progress' })],
      {},
      'cancelled',
    )
    expect(messagesOf(state)[0]).toMatchObject({
      status: 'cancelled',
      parts: [{ kind: 'tool-call', status: 'cancelled' }],
    })
  })
})

describe('bad input', () => {
  test('malformed messages are dropped with a reason', () => {
    const { updates, issues } = decodeAll([
      'null',
      { jsonrpc: '2.0', method: 'session/update' },
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: { update: { sessionUpdate: 'agent_message_chunk', content: text('x') } },
      },
      notification({ sessionUpdate: 'tool_call', title: 'no id' }),
      notification({ sessionUpdate: 'usage_update', used: '5', size: 10 }),
      { jsonrpc: '2.0', method: 'fs/read_text_file', id: 3, params: { sessionId, path: '/a' } },
      { jsonrpc: '2.0' },
    ])
    expect(updates).toEqual([])
    expect(issues.map((i) => i.code)).toEqual([
      'malformed-message',
      'malformed-message',
      'malformed-message',
      'malformed-update',
      'malformed-update',
      'ignored-method',
      'malformed-message',
    ])
    expect(issues.every((i) => i.source === 'acp' && i.message.length > 10)).toBe(true)
  })

  test('never throws, and every update it emits is accepted by the store', () => {
    const updateKinds = [
      'agent_message_chunk',
      'agent_thought_chunk',
      'user_message_chunk',
      'tool_call',
      'tool_call_update',
      'plan',
      'agent_message_clear',
      'agent_message',
      'state_update',
      'tool_call_content_chunk',
      'plan_update',
      'usage_update',
    ]
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.jsonValue(), { maxLength: 3 }),
      fc.jsonValue(),
    )
    const update = fc.record(
      {
        sessionUpdate: fc.constantFrom(...updateKinds),
        messageId: fc.constantFrom('m1', 'm2', null, 5),
        toolCallId: fc.constantFrom('t1', 't2', ''),
        content: fc.oneof(value, fc.constant(text('hi')), fc.constant([text('x')])),
        entries: value,
        plan: value,
        state: fc.constantFrom('idle', 'running'),
        status: value,
        used: value,
        size: value,
      },
      { requiredKeys: ['sessionUpdate'] },
    )
    const wire = fc.oneof(
      update.map((u) => notification(u as Record<string, unknown>)),
      fc.jsonValue(),
      fc.constant(promptResponse('end_turn')),
    )
    fc.assert(
      fc.property(fc.array(wire, { maxLength: 25 }), (wires) => {
        const { storeIssues } = decodeAll(wires, {}, 'complete')
        // The reducer may refuse a stale stream update (finished message), never a malformed one.
        expect(storeIssues.filter((i) => i.code === 'malformed-update' || i.code === 'reducer-error')).toEqual([])
      }),
      { numRuns: 200, seed: 20261121 },
    )
  })

  test('a JSON-RPC batch (v2 on stdio) decodes its messages in order, parsed or as text', () => {
    const batch = [agentChunk('One ', 'm1'), agentChunk('two.', 'm1'), promptResponse('end_turn')]
    for (const wire of [batch, JSON.stringify(batch)]) {
      const { state, issues } = decodeAll([wire])
      expect(state.messages.m1).toMatchObject({ status: 'complete', parts: [{ text: 'One two.' }] })
      expect(issues).toEqual([])
    }
    expect(decodeAll([[1, null]]).issues.map((i) => i.code)).toEqual(['malformed-message', 'malformed-message'])
  })

  test('a throwing onIssue does not break decoding', () => {
    const decoder = createAcpDecoder({
      onIssue: () => {
        throw new Error('handler bug')
      },
    })
    expect(() => decoder.decode(notification({ sessionUpdate: '_x' }))).not.toThrow()
    expect(decoder.decode(agentChunk('ok', 'm1'))).toContainEqual({ type: 'chunk', messageId: 'm1', text: 'ok' })
  })
})

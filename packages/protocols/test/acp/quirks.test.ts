/**
 * One test per quirk of `docs/protocols/acp.md`, named after it. Each decodes wire messages into a
 * store and asserts what the user would see.
 */
import { createAcpDecoder } from '@palimpsest/protocols/acp'
import { describe, expect, test } from 'vitest'
import {
  agentChunk,
  decodeAll,
  messagesOf,
  notification,
  promptResponse,
  sessionId,
  text,
  thoughtChunk,
  userChunk,
} from './harness'

const toolCall = (fields: Record<string, unknown>) => notification({ sessionUpdate: 'tool_call', ...fields })
const toolUpdate = (fields: Record<string, unknown>) => notification({ sessionUpdate: 'tool_call_update', ...fields })
const toolPart = (state: ReturnType<typeof decodeAll>['state'], toolCallId: string) => {
  const messageId = state.toolCalls[toolCallId]!
  return state.messages[messageId]!.parts.find((p) => p.kind === 'tool-call' && p.toolCallId === toolCallId)
}

describe('session/update basics', () => {
  test('variant fields sit flat beside the sessionUpdate discriminator', () => {
    const { state } = decodeAll([
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: {
          sessionId: 'sess_abc123def456',
          update: {
            sessionUpdate: 'agent_message_chunk',
            messageId: 'msg_agent_c42b9',
            content: { type: 'text', text: "I'll analyze your code for potential issues..." },
          },
        },
      },
    ])
    expect(state.messages.msg_agent_c42b9?.parts).toMatchObject([
      { kind: 'text', text: "I'll analyze your code for potential issues..." },
    ])
  })

  test('unknown session update variants are ignored and reported, including _-prefixed extensions', () => {
    const { state, issues } = decodeAll([
      agentChunk('Hello'),
      notification({ sessionUpdate: 'future_variant', foo: 1 }),
      notification({ sessionUpdate: '_zed_custom', payload: {} }),
      agentChunk(' world'),
    ])
    expect(messagesOf(state).map((m) => m.parts)).toMatchObject([[{ kind: 'text', text: 'Hello world' }]])
    expect(issues.map((i) => i.code)).toEqual(['unknown-update', 'unknown-update'])
    expect(issues[1]?.message).toContain('extension')
  })

  test('a raw JSON line decodes like the parsed object, and a broken line is reported, not thrown', () => {
    const decoder = createAcpDecoder({ onIssue: () => {} })
    expect(decoder.decode(JSON.stringify(agentChunk('Hi', 'm1')))).toContainEqual({
      type: 'chunk',
      messageId: 'm1',
      text: 'Hi',
    })
    const issues: string[] = []
    const strict = createAcpDecoder({ onIssue: (i) => issues.push(i.code) })
    expect(strict.decode('{"jsonrpc":"2.0","method":"session/upd')).toEqual([])
    expect(issues).toEqual(['malformed-json'])
  })
})

describe('v1 chunks', () => {
  test('chunks are concatenated verbatim, never de-duplicated', () => {
    // Overlapping deltas are real text ("the the"); stripping overlap broke clients (hapi #1023).
    const { state } = decodeAll([agentChunk('Use the '), agentChunk('the '), agentChunk(' tool.\n\n- a')])
    expect(messagesOf(state)[0]?.parts).toMatchObject([{ kind: 'text', text: 'Use the the  tool.\n\n- a' }])
  })

  test('producers that resend the whole text are concatenated, not guessed at', () => {
    const { state } = decodeAll([agentChunk('Hel'), agentChunk('Hello')])
    expect(messagesOf(state)[0]?.parts).toMatchObject([{ kind: 'text', text: 'HelHello' }])
  })

  test('without message ids every consecutive agent chunk merges into one message', () => {
    const { state } = decodeAll([agentChunk('a'), agentChunk('b'), agentChunk('c')])
    expect(messagesOf(state)).toHaveLength(1)
  })

  test('a new message starts exactly when both messageIds are present and differ', () => {
    const { state } = decodeAll([agentChunk('One.', 'm1'), agentChunk(' More.', 'm1'), agentChunk('Two.', 'm2')])
    expect(messagesOf(state).map((m) => [m.id, m.parts[0]])).toMatchObject([
      ['m1', { text: 'One. More.' }],
      ['m2', { text: 'Two.' }],
    ])
    // The id change ended the first message.
    expect(state.messages.m1?.status).toBe('complete')
    expect(state.messages.m2?.status).toBe('streaming')
  })

  test('an agent may start sending ids mid-message without a split: the first id is adopted', () => {
    const { state } = decodeAll([agentChunk('Start '), agentChunk('middle ', 'm7'), agentChunk('end', null)])
    expect(messagesOf(state)).toHaveLength(1)
    expect(messagesOf(state)[0]?.parts).toMatchObject([{ kind: 'text', text: 'Start middle end' }])
    // The adopted id names the message from then on: a clear by that id reaches it.
    const cleared = decodeAll([
      agentChunk('Start '),
      agentChunk('middle', 'm7'),
      notification({ sessionUpdate: 'agent_message_clear', messageId: 'm7' }),
    ])
    expect(messagesOf(cleared.state)[0]?.parts).toMatchObject([{ kind: 'text', text: '' }])
  })

  test('message ids are opaque strings compared exactly', () => {
    const { state } = decodeAll([agentChunk('a', 'Msg-1'), agentChunk('b', 'msg-1')])
    expect(messagesOf(state)).toHaveLength(2)
  })

  test('a message↔thought switch stays in the same assistant message (Zed rule)', () => {
    const { state } = decodeAll([thoughtChunk('Thinking.'), agentChunk('Answer.'), thoughtChunk('More thought.')])
    const [message] = messagesOf(state)
    expect(messagesOf(state)).toHaveLength(1)
    expect(message?.parts.map((p) => p.kind)).toEqual(['reasoning', 'text', 'reasoning'])
  })

  test('a role change starts a new message', () => {
    const { state } = decodeAll([userChunk('Question?'), agentChunk('Answer.'), userChunk('Follow-up?')])
    expect(messagesOf(state).map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
  })

  test('a tool call or plan between chunks makes the next chunk start a new assistant message', () => {
    const plan = notification({
      sessionUpdate: 'plan',
      entries: [{ content: 'Check', priority: 'high', status: 'in_progress' }],
    })
    const { state } = decodeAll([
      agentChunk('Let me look.'),
      toolCall({ toolCallId: 'call_1', title: 'Read file' }),
      agentChunk('Found it.'),
      plan,
      agentChunk('Plan made.'),
    ])
    const messages = messagesOf(state)
    expect(messages.map((m) => m.parts.map((p) => p.kind))).toEqual([['text', 'tool-call'], ['text', 'plan'], ['text']])
  })

  test('a tool_call_update, non-timeline updates and dropped updates do not split a message', () => {
    const { state } = decodeAll([
      toolCall({ toolCallId: 'call_1', title: 'Read' }),
      agentChunk('Reading'),
      toolUpdate({ toolCallId: 'call_1', status: 'completed' }),
      notification({ sessionUpdate: 'usage_update', used: 10, size: 100 }),
      notification({ sessionUpdate: 'current_mode_update', currentModeId: 'code' }),
      notification({ sessionUpdate: '_unknown' }),
      notification({ sessionUpdate: 'agent_message_chunk' }),
      agentChunk(' done.'),
    ])
    expect(messagesOf(state).map((m) => m.parts.map((p) => p.kind))).toEqual([['tool-call'], ['text']])
    expect(messagesOf(state)[1]?.parts[0]).toMatchObject({ text: 'Reading done.' })
  })

  test('the same message id after a tool call continues the same message', () => {
    const { state } = decodeAll([
      agentChunk('Before. ', 'm1'),
      toolCall({ toolCallId: 'call_1', title: 'Run tests' }),
      agentChunk('After.', 'm1'),
    ])
    expect(messagesOf(state)).toHaveLength(1)
    expect(state.messages.m1?.parts.map((p) => p.kind)).toEqual(['text', 'tool-call', 'text'])
  })
})

describe('turn boundaries', () => {
  test('v1 has no per-message done: the session/prompt response ends the turn', () => {
    const streaming = decodeAll([agentChunk('Hi')])
    expect(messagesOf(streaming.state)[0]?.status).toBe('streaming')
    const ended = decodeAll([agentChunk('Hi'), promptResponse('end_turn')])
    expect(messagesOf(ended.state)[0]?.status).toBe('complete')
    expect(ended.state.turns.at(-1)).toMatchObject({ status: 'completed', stopReason: 'end_turn' })
  })

  test('refusal: the turn and the agent answer are marked refused, the prompt is not', () => {
    const { state } = decodeAll([
      userChunk('Do something bad'),
      agentChunk("I can't help with that."),
      promptResponse('refusal'),
    ])
    expect(messagesOf(state).map((m) => m.status)).toEqual(['complete', 'refusal'])
    expect(state.turns.at(-1)?.stopReason).toBe('refusal')
  })

  test('after session/cancel updates keep arriving until the cancelled response, and open tool calls show cancelled', () => {
    const { state } = decodeAll([
      toolCall({ toolCallId: 'call_1', title: 'Long build', kind: 'execute', status: 'in_progress' }),
      agentChunk('Stopping now.'),
      promptResponse('cancelled'),
    ])
    expect(toolPart(state, 'call_1')).toMatchObject({ status: 'cancelled' })
    expect(messagesOf(state).at(-1)).toMatchObject({ status: 'cancelled', parts: [{ text: 'Stopping now.' }] })
  })

  test('updates outside a turn are legal and never dropped', () => {
    const { state, issues } = decodeAll([
      notification({
        sessionUpdate: 'available_commands_update',
        availableCommands: [{ name: 'web', description: 'Search' }],
      }),
      notification({ sessionUpdate: 'session_info_update', title: 'Fix the build' }),
    ])
    expect(state.session).toMatchObject({ commands: [{ name: 'web', description: 'Search' }], title: 'Fix the build' })
    expect(issues).toEqual([])
  })

  test('user_message_chunk of a session/load replay rebuilds the history; the load response finishes it', () => {
    const { state } = decodeAll([
      // The client's own request, fed so its answer (sent after the whole replay) can be recognised.
      { jsonrpc: '2.0', id: 1, method: 'session/load', params: { sessionId, cwd: '/project', mcpServers: [] } },
      userChunk('What does this do?'),
      agentChunk('It parses the config.'),
      userChunk('And this?'),
      agentChunk('It writes it back.'),
      { jsonrpc: '2.0', id: 1, result: {} },
    ])
    expect(messagesOf(state).map((m) => `${m.role}: ${(m.parts[0] as { text: string }).text}`)).toEqual([
      'user: What does this do?',
      'assistant: It parses the config.',
      'user: And this?',
      'assistant: It writes it back.',
    ])
    // Nothing of the history is left streaming.
    expect(messagesOf(state).map((m) => m.status)).toEqual(['complete', 'complete', 'complete', 'complete'])
  })

  test('updates are applied synchronously in arrival order per sessionId', () => {
    const decoder = createAcpDecoder()
    // decode returns the updates of each message at once: nothing is deferred or reordered.
    const first = decoder.decode(agentChunk('a', 'm1'))
    const second = decoder.decode(agentChunk('b', 'm1'))
    expect([...first, ...second].filter((u) => u.type === 'chunk').map((u) => (u as { text: string }).text)).toEqual([
      'a',
      'b',
    ])
  })
})

describe('tool calls', () => {
  test('tool_call_update is a patch: omitted and null leave fields unchanged', () => {
    const { state } = decodeAll([
      toolCall({ toolCallId: 'call_1', title: 'Reading configuration file', kind: 'read', status: 'pending' }),
      toolUpdate({ toolCallId: 'call_1', status: 'in_progress', title: null, kind: null }),
    ])
    expect(toolPart(state, 'call_1')).toMatchObject({
      title: 'Reading configuration file',
      toolKind: 'read',
      status: 'in_progress',
    })
  })

  test('content and locations replace the whole array', () => {
    const { state } = decodeAll([
      toolCall({
        toolCallId: 'call_2',
        title: 'Edit config',
        content: [{ type: 'content', content: text('first') }],
        locations: [{ path: '/project/a.json' }, { path: '/project/b.json' }],
      }),
      toolUpdate({
        toolCallId: 'call_2',
        content: [{ type: 'content', content: text('second') }],
        locations: [{ path: '/project/config.json', line: 1 }],
      }),
    ])
    expect(toolPart(state, 'call_2')).toMatchObject({
      content: [{ type: 'text', text: 'second' }],
      locations: [{ path: '/project/config.json', line: 1 }],
    })
  })

  test('rawInput and rawOutput replace; name is the programmatic tool name; a null line is no line', () => {
    const { state } = decodeAll([
      toolCall({
        toolCallId: 'call_4',
        title: 'Search',
        name: 'grep',
        rawInput: { pattern: 'TODO' },
        locations: [{ path: '/project/a.ts', line: null }],
      }),
      toolUpdate({ toolCallId: 'call_4', rawInput: { pattern: 'FIXME' }, rawOutput: { matches: 2 } }),
      toolUpdate({ toolCallId: 'call_4', rawOutput: { matches: 3 } }),
    ])
    expect(toolPart(state, 'call_4')).toMatchObject({
      name: 'grep',
      input: { pattern: 'FIXME' },
      output: { matches: 3 },
      locations: [{ path: '/project/a.ts' }],
    })
    expect(toolPart(state, 'call_4')).not.toHaveProperty('locations.0.line')
  })

  test('omitted kind and status default to other and pending (the Rust serializer omits them)', () => {
    const { state } = decodeAll([toolCall({ toolCallId: 'call_3', title: 'Think' })])
    expect(toolPart(state, 'call_3')).toMatchObject({ toolKind: 'other', status: 'pending' })
  })

  test('an update for an unknown tool call id is upserted with a placeholder title, and reported', () => {
    const { state, issues } = decodeAll([toolUpdate({ toolCallId: 'call_9', status: 'completed' })])
    expect(toolPart(state, 'call_9')).toMatchObject({ title: 'Tool call', status: 'completed', toolKind: 'other' })
    expect(issues.map((i) => i.code)).toEqual(['unknown-tool-call'])
  })

  test('a repeated tool_call is an update', () => {
    const { state } = decodeAll([
      toolCall({ toolCallId: 'call_1', title: 'Search', kind: 'search', status: 'in_progress' }),
      toolCall({ toolCallId: 'call_1', title: 'Search the repo' }),
    ])
    expect(toolPart(state, 'call_1')).toMatchObject({
      title: 'Search the repo',
      toolKind: 'search',
      status: 'in_progress',
    })
    expect(messagesOf(state)[0]?.parts).toHaveLength(1)
  })

  test('diff and terminal content stay structured; a diff without oldText is a new file', () => {
    const { state } = decodeAll([
      toolCall({
        toolCallId: 'call_2',
        title: 'Edit',
        kind: 'edit',
        content: [
          { type: 'diff', path: '/project/config.json', oldText: '{"debug": false}', newText: '{"debug": true}' },
          { type: 'diff', path: '/project/new.ts', newText: 'export {}' },
          { type: 'terminal', terminalId: 'term_1' },
        ],
      }),
    ])
    expect(toolPart(state, 'call_2')).toMatchObject({
      content: [
        { type: 'diff', path: '/project/config.json', oldText: '{"debug": false}', newText: '{"debug": true}' },
        { type: 'diff', path: '/project/new.ts', oldText: null, newText: 'export {}' },
        { type: 'terminal', terminalId: 'term_1' },
      ],
    })
  })

  test('a bare ContentBlock in tool content is accepted like the content wrapper', () => {
    const { state, issues } = decodeAll([
      toolCall({ toolCallId: 'call_1', title: 'Mode', content: [{ type: 'text', text: 'Switching to code mode' }] }),
    ])
    expect(toolPart(state, 'call_1')).toMatchObject({ content: [{ type: 'text', text: 'Switching to code mode' }] })
    expect(issues).toEqual([])
  })

  test('enums are parsed leniently: an unknown kind is other, switch_mode is known', () => {
    const { state } = decodeAll([
      toolCall({ toolCallId: 'a', title: 'A', kind: '_vendor_kind' }),
      toolCall({ toolCallId: 'b', title: 'B', kind: 'switch_mode' }),
    ])
    expect(toolPart(state, 'a')).toMatchObject({ toolKind: 'other' })
    expect(toolPart(state, 'b')).toMatchObject({ toolKind: 'switch_mode' })
  })

  test('request_permission toolCall is a ToolCallUpdate merged into the shown call, with the approval beside it', () => {
    const { state } = decodeAll([
      toolCall({ toolCallId: 'call_5', title: 'Run npm test', kind: 'execute', status: 'pending' }),
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'session/request_permission',
        params: {
          sessionId,
          toolCall: { toolCallId: 'call_5', title: 'Run `npm test` in /project', rawInput: { command: 'npm test' } },
          options: [
            { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
            { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
          ],
        },
      },
    ])
    const message = messagesOf(state)[0]!
    expect(message.parts).toMatchObject([
      { kind: 'tool-call', toolCallId: 'call_5', title: 'Run `npm test` in /project', input: { command: 'npm test' } },
      {
        kind: 'approval-request',
        requestId: '7',
        toolCallId: 'call_5',
        status: 'pending',
        options: [
          { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
          { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
        ],
      },
    ])
  })
})

describe('session-level updates', () => {
  test('plan: every update carries the full list and replaces the plan', () => {
    const entry = (content: string, status: string) => ({ content, priority: 'medium', status })
    const { state } = decodeAll([
      notification({ sessionUpdate: 'plan', entries: [entry('Analyze', 'in_progress'), entry('Test', 'pending')] }),
      notification({ sessionUpdate: 'plan', entries: [entry('Analyze', 'completed')] }),
    ])
    const plans = messagesOf(state).flatMap((m) => m.parts.filter((p) => p.kind === 'plan'))
    expect(plans).toMatchObject([{ entries: [{ content: 'Analyze', status: 'completed', priority: 'medium' }] }])
  })

  test('current_mode_update reads currentModeId, not the modeId the docs show', () => {
    expect(
      decodeAll([notification({ sessionUpdate: 'current_mode_update', currentModeId: 'architect' })]).state.session,
    ).toMatchObject({ modeId: 'architect' })
    // An agent written from the docs still works, and is reported.
    const fromDocs = decodeAll([notification({ sessionUpdate: 'current_mode_update', modeId: 'ask' })])
    expect(fromDocs.state.session.modeId).toBe('ask')
    expect(fromDocs.issues.map((i) => i.code)).toEqual(['nonstandard-field'])
  })

  test('available_commands_update and config_option_update replace the whole set', () => {
    const { state } = decodeAll([
      notification({
        sessionUpdate: 'available_commands_update',
        availableCommands: [{ name: 'a', description: 'A' }],
      }),
      notification({
        sessionUpdate: 'available_commands_update',
        availableCommands: [{ name: 'b', description: 'B' }],
      }),
      notification({
        sessionUpdate: 'config_option_update',
        configOptions: [{ id: 'model', name: 'Model', type: 'select', currentValue: 'fast', options: [] }],
      }),
    ])
    expect(state.session.commands).toEqual([{ name: 'b', description: 'B' }])
    expect(state.session.configOptions).toEqual([
      { id: 'model', name: 'Model', type: 'select', currentValue: 'fast', options: [] },
    ])
  })

  test('session_info_update: omitted keeps a field, null clears it', () => {
    const { state } = decodeAll([
      notification({ sessionUpdate: 'session_info_update', title: 'Refactor', updatedAt: '2026-11-21T10:00:00Z' }),
      notification({ sessionUpdate: 'session_info_update', updatedAt: '2026-11-21T11:00:00Z' }),
      notification({ sessionUpdate: 'session_info_update', title: null }),
    ])
    expect(state.session.title).toBeUndefined()
    expect(state.session.updatedAt).toBe('2026-11-21T11:00:00Z')
  })

  test('usage_update replaces: tokens in context, window size and cumulative cost', () => {
    const { state } = decodeAll([
      notification({
        sessionUpdate: 'usage_update',
        used: 53000,
        size: 200000,
        cost: { amount: 0.045, currency: 'USD' },
      }),
      notification({
        sessionUpdate: 'usage_update',
        used: 61000,
        size: 200000,
        cost: { amount: 0.051, currency: 'USD' },
      }),
    ])
    expect(state.turns.at(-1)?.usage).toEqual({ totalTokens: 61000, contextWindow: 200000, cost: 0.051 })
    expect(state.session.costCurrency).toBe('USD')
  })
})

describe('agent_message_clear and agent_thought_clear (unmerged RFD, PR #465)', () => {
  test('agent_message_clear without messageId empties the current agent message; later chunks append from empty', () => {
    const { state, markdown } = decodeAll([
      agentChunk('Drafting...'),
      notification({ sessionUpdate: 'agent_message_clear' }),
      agentChunk('The final, polished content.'),
      promptResponse('end_turn'),
    ])
    expect(messagesOf(state)).toHaveLength(1)
    expect(messagesOf(state)[0]?.parts).toMatchObject([
      { kind: 'text', text: 'The final, polished content.', epoch: 1 },
    ])
    expect(markdown).not.toContain('Drafting')
  })

  test('agent_message_clear with messageId empties that message only', () => {
    const { state } = decodeAll([
      agentChunk('First answer.', 'm1'),
      agentChunk('Second draft', 'm2'),
      notification({ sessionUpdate: 'agent_message_clear', messageId: 'm2' }),
      agentChunk('Second answer.', 'm2'),
    ])
    expect(messagesOf(state).map((m) => (m.parts[0] as { text: string }).text)).toEqual([
      'First answer.',
      'Second answer.',
    ])
  })

  test('agent_thought_clear empties the reasoning and keeps the answer', () => {
    const { state } = decodeAll([
      thoughtChunk('Maybe X?'),
      agentChunk('Answer: '),
      notification({ sessionUpdate: 'agent_thought_clear' }),
      thoughtChunk('Y, because Z.'),
    ])
    const parts = messagesOf(state)[0]?.parts
    expect(
      parts
        ?.filter((p) => p.kind === 'reasoning')
        .map((p) => (p as { text: string }).text)
        .join(''),
    ).toBe('Y, because Z.')
    expect(parts?.find((p) => p.kind === 'text')).toMatchObject({ text: 'Answer: ' })
  })

  test('a clear does not affect previously finalized messages', () => {
    const { state, issues } = decodeAll([
      agentChunk('Done.', 'm1'),
      promptResponse('end_turn'),
      notification({ sessionUpdate: 'agent_message_clear', messageId: 'm1' }),
    ])
    expect(state.messages.m1?.parts).toMatchObject([{ text: 'Done.' }])
    expect(issues.map((i) => i.code)).toEqual(['finished-message'])
  })

  test('a clear with no agent message to clear is ignored and reported', () => {
    const { updates, issues } = decodeAll([notification({ sessionUpdate: 'agent_message_clear', messageId: 'nope' })])
    expect(updates).toEqual([])
    expect(issues.map((i) => i.code)).toEqual(['unknown-message'])
  })
})

describe('v2 draft', () => {
  test('agent_message upsert replaces everything the chunks built, and later chunks append', () => {
    const chunk = (value: string) =>
      notification({ sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: text(value) })
    const { state } = decodeAll([
      chunk('A'),
      chunk('B'),
      notification({ sessionUpdate: 'agent_message', messageId: 'm1', content: [text('C')] }),
    ])
    expect(state.messages.m1?.parts).toMatchObject([{ kind: 'text', text: 'C' }])
    const appended = decodeAll([
      chunk('A'),
      notification({ sessionUpdate: 'agent_message', messageId: 'm1', content: [text('C')] }),
      chunk('D'),
    ])
    expect(appended.state.messages.m1?.parts).toMatchObject([{ kind: 'text', text: 'CD' }])
  })

  test('agent_message content null or [] clears; omitted content leaves it unchanged', () => {
    const chunk = notification({ sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: text('Draft') })
    for (const content of [null, []]) {
      const { state } = decodeAll([chunk, notification({ sessionUpdate: 'agent_message', messageId: 'm1', content })])
      expect(state.messages.m1?.parts).toMatchObject([{ kind: 'text', text: '' }])
    }
    const kept = decodeAll([chunk, notification({ sessionUpdate: 'agent_message', messageId: 'm1' })])
    expect(kept.state.messages.m1?.parts).toMatchObject([{ kind: 'text', text: 'Draft' }])
  })

  test('state_update idle with stopReason ends the turn; the v2 prompt response is only an ack', () => {
    const ack = decodeAll([agentChunk('Hi', 'm1'), { jsonrpc: '2.0', id: 3, result: { messageId: 'u1' } }])
    expect(ack.state.messages.m1?.status).toBe('streaming')
    const { state } = decodeAll([
      agentChunk('Hi', 'm1'),
      notification({ sessionUpdate: 'state_update', state: 'running' }),
      notification({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'max_tokens' }),
    ])
    expect(state.messages.m1?.status).toBe('complete')
    expect(state.turns.at(-1)?.stopReason).toBe('max_tokens')
  })
})

/**
 * Run-level facts from every protocol that can express them, read from the recorded traces (and,
 * where a trace lacks a case, from wire messages shaped like them): the turn record (status,
 * response id, continuation token), token usage summed as each protocol requires, hand-offs and
 * message authors.
 */
import {
  createTranscriptStore,
  type Decoder,
  type HandoffPart,
  type Message,
  selectLatestTurn,
  type TranscriptState,
} from '@palimpsest/core'
import { createAcpDecoder } from '@palimpsest/protocols/acp'
import { createAgUiDecoder } from '@palimpsest/protocols/ag-ui'
import { createAgentFrameworkDecoder, createDevUiDecoder } from '@palimpsest/protocols/agent-framework'
import { createAgentexDecoder } from '@palimpsest/protocols/agentex'
import { describe, expect, test } from 'vitest'
import { decoders, replayTrace, type Trace, traces } from '../../src/traces'

const trace = (name: string): Trace => traces.find((t) => t.name === name) as Trace

function replay(name: string): TranscriptState {
  const t = trace(name)
  return replayTrace(t, decoders[t.protocol] as NonNullable<(typeof decoders)[string]>)
}

/** Feeds wires through a decoder into a synchronous store, without ending the stream unless asked. */
function feed(decoder: Decoder, wires: readonly unknown[], end = false): TranscriptState {
  const store = createTranscriptStore({ schedule: 'sync' })
  for (const wire of wires) store.getState().apply(decoder.decode(wire))
  if (end) store.getState().apply(decoder.end())
  return store.getState()
}

const handoffs = (state: TranscriptState) =>
  state.messageIds.flatMap((id) =>
    (state.messages[id] as Message).parts
      .filter((p): p is HandoffPart => p.kind === 'handoff')
      .map((p) => `${p.from ?? '?'} → ${p.to}`),
  )

const authors = (state: TranscriptState) =>
  state.messageIds.map((id) => state.messages[id] as Message).map((m) => `${m.role}:${m.author ?? ''}`)

describe('Agent Framework (AgentResponseUpdate)', () => {
  test('usage contents of both responses in a tool loop are summed into the turn, not shown in a message', () => {
    const state = replay('agent-framework-tool-loop-approval')
    // 318 + 602 input, 64 + 118 output, 382 + 720 total, 41 + 27 reasoning (from the two usage contents).
    expect(state.turns).toHaveLength(1)
    expect(state.turns[0]?.usage).toEqual({
      inputTokens: 920,
      outputTokens: 182,
      totalTokens: 1102,
      reasoningTokens: 68,
    })
    for (const id of state.messageIds) expect(state.messages[id]?.usage).toBeUndefined()
  })

  test('the turn keeps the latest response id; the final update without a token completes it', () => {
    const turn = replay('agent-framework-tool-loop-approval').turns[0]
    expect(turn).toMatchObject({ status: 'completed', responseId: 'resp_4e5f6a7b' })
    expect(turn?.continuationToken).toBeUndefined()
  })

  test('.NET hand-off: Triage → Billing as a handoff part, every message labelled with its agent', () => {
    const state = replay('agent-framework-dotnet-handoff')
    expect(handoffs(state)).toEqual(['Triage → Billing'])
    const assistantAuthors = authors(state).filter((a) => a.startsWith('assistant:'))
    expect(new Set(assistantAuthors)).toEqual(new Set(['assistant:Triage', 'assistant:Billing']))
    expect(state.turns[0]?.usage).toEqual({ inputTokens: 1184, outputTokens: 137, totalTokens: 1321 })
  })

  test('Python: a new author_name in the stream hands off and starts a message of its own', () => {
    const update = (author: string, text: string) => ({
      type: 'agent_response_update',
      contents: [{ type: 'text', text, additional_properties: {} }],
      role: 'assistant',
      author_name: author,
      additional_properties: {},
    })
    const state = feed(createAgentFrameworkDecoder(), [
      update('Researcher', 'Found three sources. '),
      update('Writer', 'Here is the summary.'),
    ])
    expect(authors(state)).toEqual(['assistant:Researcher', 'assistant:Writer'])
    expect(handoffs(state)).toEqual(['Researcher → Writer'])
  })

  test('a background response: Python continuation token while running, background when the stream ends with it', () => {
    const decoder = createAgentFrameworkDecoder()
    const running = feed(decoder, [
      {
        type: 'agent_response_update',
        contents: [],
        role: 'assistant',
        response_id: 'resp_bg',
        continuation_token: { response_id: 'resp_bg' },
        additional_properties: {},
      },
      {
        type: 'agent_response_update',
        contents: [{ type: 'text', text: 'Queued the report.', additional_properties: {} }],
        role: 'assistant',
        response_id: 'resp_bg',
        continuation_token: { response_id: 'resp_bg' },
        additional_properties: {},
      },
    ])
    expect(selectLatestTurn(running)).toMatchObject({
      status: 'running',
      responseId: 'resp_bg',
      continuationToken: '{"response_id":"resp_bg"}',
    })
  })
})

describe('Agent Framework DevUI', () => {
  test('usage of response.completed goes to the turn and the response message', () => {
    const state = replay('devui-travel-agent-run')
    const expected = { inputTokens: 412, outputTokens: 96, totalTokens: 508, reasoningTokens: 38, cachedInputTokens: 0 }
    expect(state.turns[0]).toMatchObject({
      status: 'completed',
      responseId: 'resp_agent_6f1e2a9b3c5d',
      usage: expected,
    })
    expect(state.messages.resp_agent_6f1e2a9b3c5d?.usage).toEqual(expected)
  })

  test('a handoff_sent workflow event is a handoff part, not a status line', () => {
    const state = feed(
      createDevUiDecoder(),
      [
        { type: 'response.created', sequence_number: 0, response: { id: 'resp_wf', status: 'in_progress' } },
        {
          type: 'response.workflow_event.completed',
          sequence_number: 1,
          data: { event_type: 'handoff_sent', executor_id: 'triage', data: { source: 'triage', target: 'billing' } },
        },
        {
          type: 'response.workflow_event.completed',
          sequence_number: 2,
          data: { event_type: 'executor_invoked', executor_id: 'billing', data: null },
        },
      ],
      true,
    )
    const message = state.messages.resp_wf as Message
    expect(handoffs(state)).toEqual(['triage → billing'])
    expect(message.parts.filter((p) => p.kind === 'status').map((p) => (p.kind === 'status' ? p.text : ''))).toEqual([
      'billing: running',
    ])
  })
})

describe('ACP', () => {
  test('state_update running keeps the turn going; idle ends it with its stop reason', () => {
    const t = trace('acp-iterative-refinement')
    const idle = t.events.findIndex((e) => JSON.stringify(e.wire).includes('"state":"idle"'))
    const decoder = createAcpDecoder({ protocolVersion: 2 })
    const before = feed(
      decoder,
      t.events.slice(0, idle).map((e) => e.wire),
    )
    expect(selectLatestTurn(before)?.status).toBe('running')
    const after = replay('acp-iterative-refinement')
    expect(after.turns.at(-1)).toMatchObject({ status: 'completed', stopReason: 'end_turn' })
  })

  test('usage_update replaces the context usage (tokens in context of the window), it is not summed', () => {
    expect(replay('acp-iterative-refinement').turns.at(-1)?.usage).toEqual({ totalTokens: 1830, contextWindow: 128000 })
    const usage = (used: number, amount: number) => ({
      jsonrpc: '2.0',
      method: 'session/update',
      params: {
        sessionId: 's',
        update: { sessionUpdate: 'usage_update', used, size: 200000, cost: { amount, currency: 'USD' } },
      },
    })
    const state = feed(createAcpDecoder(), [usage(41000, 0.03), usage(53000, 0.045)])
    expect(selectLatestTurn(state)?.usage).toEqual({ totalTokens: 53000, contextWindow: 200000, cost: 0.045 })
    expect(state.session.costCurrency).toBe('USD')
  })
})

describe('ACP sub-agents (unstable subagent_update)', () => {
  const notify = (sessionId: string, update: Record<string, unknown>) => ({
    jsonrpc: '2.0',
    method: 'session/update',
    params: { sessionId, update },
  })
  const say = (sessionId: string, text: string) =>
    notify(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } })

  test('announcing a child session hands off to it once; the child’s messages carry its title as author', () => {
    const state = feed(createAcpDecoder(), [
      say('parent', 'I will ask the test runner. '),
      notify('parent', {
        sessionUpdate: 'subagent_update',
        sessionId: 'child-1',
        title: 'Test runner',
        description: 'Runs the failing suite',
      }),
      say('child-1', 'Running 42 tests…'),
      // Later updates patch the association: no second hand-off.
      notify('parent', { sessionUpdate: 'subagent_update', sessionId: 'child-1', state: { state: 'running' } }),
      say('parent', 'The runner is on it.'),
    ])
    const parts = state.messageIds.flatMap((id) =>
      (state.messages[id] as Message).parts.filter((p): p is HandoffPart => p.kind === 'handoff'),
    )
    expect(parts.map((p) => [p.to, p.reason])).toEqual([['Test runner', 'Runs the failing suite']])
    expect(authors(state)).toEqual(['assistant:', 'assistant:Test runner', 'assistant:'])
  })

  test('a subagent_update without a session id is reported and dropped', () => {
    const issues: string[] = []
    const decoder = createAcpDecoder({ onIssue: (issue) => issues.push(issue.code) })
    const state = feed(decoder, [notify('parent', { sessionUpdate: 'subagent_update', title: 'Nameless' })])
    expect(handoffs(state)).toEqual([])
    expect(issues).toEqual(['malformed-update'])
  })
})

describe('Agentex', () => {
  test('task_updated RUNNING keeps the turn running; COMPLETED completes it', () => {
    const t = trace('agentex-citations-override')
    const completed = t.events.findIndex((e) => JSON.stringify(e.wire).includes('"COMPLETED"'))
    const before = feed(
      createAgentexDecoder(),
      t.events.slice(0, completed).map((e) => e.wire),
    )
    expect(selectLatestTurn(before)?.status).toBe('running')
    expect(replay('agentex-citations-override').turns.at(-1)?.status).toBe('completed')
  })

  test.each([
    ['FAILED', 'failed'],
    ['TIMED_OUT', 'failed'],
    ['CANCELED', 'cancelled'],
    ['TERMINATED', 'cancelled'],
  ])('task_updated %s ends the turn as %s', (status, turnStatus) => {
    const state = feed(createAgentexDecoder(), [
      { type: 'task_updated', task: { id: 'task_1', status: 'RUNNING', status_reason: null } },
      {
        type: 'delta',
        index: 0,
        parent_task_message: { id: 'msg_1', task_id: 'task_1' },
        delta: { type: 'text', text_delta: 'Working on it' },
      },
      { type: 'task_updated', task: { id: 'task_1', status, status_reason: null } },
    ])
    expect(selectLatestTurn(state)?.status).toBe(turnStatus)
  })
})

describe('AG-UI', () => {
  test('a step named after an agent of the graph is a hand-off between agents', () => {
    const state = feed(createAgUiDecoder({ agentNames: ['planner', 'writer'] }), [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'STEP_STARTED', stepName: 'planner' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Outline ready.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'STEP_FINISHED', stepName: 'planner' },
      { type: 'STEP_STARTED', stepName: 'writer' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: 'Draft follows.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm2' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ])
    expect(handoffs(state)).toEqual(['? → planner', 'planner → writer'])
    expect(state.turns.at(-1)).toMatchObject({ id: 'r', status: 'completed' })
  })

  test('RUN_FINISHED usage (one entry per provider call) is summed into the turn', () => {
    expect(replay('ag-ui-snapshot-replaces-draft').turns.at(-1)?.usage).toMatchObject({
      inputTokens: 412,
      outputTokens: 96,
      totalTokens: 508,
    })
  })
})

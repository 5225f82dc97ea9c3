/**
 * Bad input: events out of their protocol's order — deltas before `start`, deltas after `full` or
 * `done`, duplicated and reordered events, replayed sequence numbers. Text that was valid is
 * never lost; what cannot apply is dropped and reported.
 */
import { type AgentUpdate, createInitialState, type Issue, reduce } from '@palimpsest/core'
import { createAgentexDecoder } from '@palimpsest/protocols/agentex'
import { describe, expect, test } from 'vitest'
import { fixtures } from './protocol-fixtures'
import { runStream } from './run-stream'

function reduceAll(updates: AgentUpdate[]) {
  const issues: Issue[] = []
  const state = updates.reduce((s, u) => reduce(s, u, (issue) => issues.push(issue)), createInitialState())
  return { state, codes: issues.map((issue) => issue.code) }
}

describe('reducer', () => {
  test('a chunk before message-start creates the message (repaired); the later start changes nothing', () => {
    const { state, codes } = reduceAll([
      { type: 'chunk', messageId: 'm1', text: 'early' },
      { type: 'message-start', messageId: 'm1', role: 'assistant' },
    ])
    expect(state.messages.m1?.parts).toMatchObject([{ kind: 'text', text: 'early' }])
    expect(codes).toEqual([])
  })

  test('chunks, clears and dones after a final full are dropped and reported (sealed-message)', () => {
    const { state, codes } = reduceAll([
      { type: 'chunk', messageId: 'm1', text: 'draft' },
      { type: 'full', messageId: 'm1', text: 'Final answer.', final: true },
      { type: 'chunk', messageId: 'm1', text: ' late' },
      { type: 'clear', messageId: 'm1', target: 'text' },
      { type: 'message-done', messageId: 'm1', status: 'error' },
    ])
    expect(state.messages.m1).toMatchObject({ status: 'complete', parts: [{ kind: 'text', text: 'Final answer.' }] })
    expect(codes).toEqual(['sealed-message', 'sealed-message', 'sealed-message'])
  })

  test('chunks after message-done are dropped and reported (finished-message); a second done too', () => {
    const { state, codes } = reduceAll([
      { type: 'chunk', messageId: 'm1', text: 'Answer' },
      { type: 'message-done', messageId: 'm1' },
      { type: 'chunk', messageId: 'm1', text: ' late' },
      { type: 'message-done', messageId: 'm1', status: 'error' },
    ])
    expect(state.messages.m1).toMatchObject({ status: 'complete', parts: [{ text: 'Answer' }] })
    expect(codes).toEqual(['finished-message', 'finished-message'])
  })

  test('duplicated starts, tool calls and data are idempotent; duplicated chunks cannot be told apart', () => {
    const start: AgentUpdate = { type: 'message-start', messageId: 'm1' }
    const call: AgentUpdate = { type: 'tool-call', messageId: 'm1', toolCallId: 't1', name: 'f' }
    const data: AgentUpdate = { type: 'data', messageId: 'm1', dataId: 'd1', data: { n: 1 } }
    const { state } = reduceAll([start, start, call, call, data, data])
    expect(state.messageIds).toEqual(['m1'])
    expect(state.messages.m1?.parts.map((p) => p.kind)).toEqual(['tool-call', 'data'])
  })
})

describe.each(fixtures)('$protocol decoder', (f) => {
  const id = 'msg_1'

  test('a delta before its message opened is kept (the message opens implicitly)', () => {
    const run = runStream(f.protocol, [f.delta(id, 'early '), ...f.open(id), f.delta(id, 'Hello'), ...f.finish(id)])
    expect(run.text()).toBe('early Hello')
  })

  test('a duplicated open and a duplicated finish change nothing', () => {
    const run = runStream(f.protocol, [
      ...f.open(id),
      ...f.open(id),
      f.delta(id, 'Hello'),
      ...f.finish(id),
      ...f.finish(id),
    ])
    expect(run.text()).toBe('Hello')
    expect(run.state.messages[f.storeId(id)]?.status).toBe('complete')
  })

  test('a delta after the message finished never changes the finished text', () => {
    const run = runStream(f.protocol, [...f.open(id), f.delta(id, 'Hello'), ...f.finish(id), f.delta(id, ' late')])
    const message = run.state.messages[f.storeId(id)]
    expect(message?.status).toBe('complete')
    const texts = message?.parts.filter((p) => p.kind === 'text').map((p) => (p as { text: string }).text)
    // Decided per protocol (README table): dropped and reported, or shown as the start of a new
    // message, or — where the protocol has no message end (Agent Framework) or the server keeps
    // such deltas (Agentex over SSE) — appended. Never lost, never mixed into another message.
    if (['agentex', 'agent-framework'].includes(f.protocol)) expect(texts).toEqual(['Hello late'])
    else {
      expect(texts).toEqual(['Hello'])
      const elsewhere = run.state.messageIds.filter((m) => m !== f.storeId(id))
      if (elsewhere.length > 0) expect(run.text()).toBe('Hello late')
      else expect(run.issues.map((issue) => issue.code)).toContain('finished-message')
    }
  })
})

test('Agentex: deltas after a full that sealed the message are dropped and reported', () => {
  const issues: Issue[] = []
  const decoder = createAgentexDecoder({ onIssue: (issue) => issues.push(issue) })
  const parent = { id: 'msg_1', content: { type: 'text', author: 'agent', content: '' } }
  const updates = [
    { type: 'delta', index: 0, parent_task_message: parent, delta: { type: 'text', text_delta: 'draft' } },
    {
      type: 'full',
      index: 0,
      parent_task_message: parent,
      content: { type: 'text', author: 'agent', content: 'Final.' },
    },
    { type: 'delta', index: 0, parent_task_message: parent, delta: { type: 'text', text_delta: ' late' } },
  ].flatMap((wire) => decoder.decode(wire as never))
  const { state } = reduceAll(updates)
  expect(state.messages.msg_1?.parts).toMatchObject([{ kind: 'text', text: 'Final.' }])
  expect(issues.map((issue) => issue.code)).toContain('sealed-message')
})

describe('replayed sequence numbers', () => {
  test('DevUI: an event at or below the last sequence_number is a replay: dropped and reported', () => {
    const delta = (n: number, text: string) => ({
      type: 'response.output_text.delta',
      item_id: 'msg_1',
      output_index: 0,
      delta: text,
      sequence_number: n,
    })
    const run = runStream('devui', [
      { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', status: 'in_progress', output: [] } },
      delta(1, 'Hello'),
      delta(2, ' world'),
      delta(1, 'Hello'),
      delta(2, ' world'),
      delta(3, '!'),
    ])
    expect(run.text()).toBe('Hello world!')
    expect(run.issues.map((issue) => issue.code).filter((code) => code === 'duplicate-event')).toHaveLength(2)
  })

  test('AG-UI: a replayed RUN_STARTED of the open run is ignored and reported, not a new run', () => {
    const f = fixtures.find((fixture) => fixture.protocol === 'ag-ui')!
    const run = runStream('ag-ui', [...f.open('m1'), ...f.open('m1'), f.delta('m1', 'Hello'), ...f.finish('m1')])
    expect(run.text()).toBe('Hello')
    expect(run.state.turns).toHaveLength(1)
    expect(run.issues.map((issue) => issue.code)).toContain('duplicate-event')
  })
})

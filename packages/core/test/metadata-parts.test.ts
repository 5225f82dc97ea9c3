import { reduce } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { reduceCollecting } from './reduce-collecting'

const start = { type: 'chunk', messageId: 'm', text: 'answer' } as const

describe('usage', () => {
  test('adds into the message and the turn by default; replace overwrites', () => {
    const { state } = reduceCollecting([
      start,
      { type: 'usage', messageId: 'm', usage: { inputTokens: 5, outputTokens: 1, contextWindow: 1000 } },
      { type: 'usage', messageId: 'm', usage: { outputTokens: 2, contextWindow: 2000 } },
    ])
    expect(state.messages.m?.usage).toEqual({ inputTokens: 5, outputTokens: 3, contextWindow: 2000 })
    expect(state.turns[0]?.usage).toEqual({ inputTokens: 5, outputTokens: 3, contextWindow: 2000 })
    const replaced = reduce(state, { type: 'usage', messageId: 'm', usage: { totalTokens: 9 }, mode: 'replace' })
    expect(replaced.messages.m?.usage).toEqual({ totalTokens: 9 })
  })

  test('usage for an unknown message is reported', () => {
    const { issues } = reduceCollecting([{ type: 'usage', messageId: 'x', usage: { inputTokens: 1 } }])
    expect(issues).toMatchObject([{ code: 'unknown-message' }])
  })
})

describe('primary parts', () => {
  test('an error becomes an error part of the latest message', () => {
    const { state } = reduceCollecting([start, { type: 'error', message: 'rate limited', code: '429' }])
    expect(state.messages.m?.parts[1]).toEqual({ id: 'error#0', kind: 'error', message: 'rate limited', code: '429' })
  })

  test('data with a known dataId replaces that part in place', () => {
    const { state } = reduceCollecting([
      start,
      { type: 'data', messageId: 'm', dataId: 'chart', name: 'sales', data: [1] },
      { type: 'data', messageId: 'm', dataId: 'other', data: 'x' },
      { type: 'data', messageId: 'm', dataId: 'chart', name: 'sales', data: [1, 2] },
    ])
    expect(state.messages.m?.parts.slice(1)).toEqual([
      { id: 'data=chart', kind: 'data', dataId: 'chart', name: 'sales', data: [1, 2] },
      { id: 'data=other', kind: 'data', dataId: 'other', data: 'x' },
    ])
  })

  test('files and sources', () => {
    const { state } = reduceCollecting([
      start,
      { type: 'file', messageId: 'm', url: 'https://x/a.png', mimeType: 'image/png', name: 'a.png' },
      { type: 'source', messageId: 'm', sourceId: 's1', url: 'https://a', title: 'A' },
      { type: 'source', messageId: 'm', sourceId: 's1', url: 'https://a', title: 'A, renamed' },
    ])
    expect(state.messages.m?.parts.slice(1)).toEqual([
      { id: 'file#0', kind: 'file', url: 'https://x/a.png', mimeType: 'image/png', name: 'a.png' },
      { id: 'source=s1', kind: 'source', sourceId: 's1', url: 'https://a', title: 'A, renamed' },
    ])
  })

  test('an approval request goes to the message of its tool call and records the answer', () => {
    const { state, issues } = reduceCollecting([
      { type: 'tool-call', messageId: 'tools', toolCallId: 't', name: 'rm' },
      { type: 'chunk', messageId: 'later', text: 'meanwhile' },
      {
        type: 'approval-request',
        requestId: 'r',
        toolCallId: 't',
        title: 'Delete files?',
        options: [
          { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
          { optionId: 'no', name: 'Deny', kind: 'reject_once' },
        ],
      },
      { type: 'approval-response', requestId: 'r', approved: false, optionId: 'no' },
      { type: 'approval-response', requestId: 'missing', approved: true },
    ])
    expect(state.approvals).toEqual({ r: 'tools' })
    expect(state.messages.tools?.parts[1]).toMatchObject({
      id: 'approval-request=r',
      kind: 'approval-request',
      toolCallId: 't',
      status: 'denied',
      selectedOptionId: 'no',
    })
    expect(issues).toMatchObject([{ code: 'unknown-approval' }])
  })
})

describe('secondary parts and session', () => {
  test('a handoff and status lines; a known statusId replaces its line', () => {
    const { state } = reduceCollecting([
      start,
      { type: 'handoff', from: 'triage', to: 'billing', reason: 'refund' },
      { type: 'status', messageId: 'm', statusId: 'step', text: 'Step 1 of 2' },
      { type: 'status', messageId: 'm', statusId: 'step', text: 'Step 2 of 2', level: 'warning' },
    ])
    expect(state.messages.m?.parts.slice(1)).toEqual([
      { id: 'handoff#0', kind: 'handoff', from: 'triage', to: 'billing', reason: 'refund' },
      { id: 'status=step', kind: 'status', statusId: 'step', text: 'Step 2 of 2', level: 'warning' },
    ])
  })

  test('session updates merge shallowly; run facts land on the running turn', () => {
    const { state } = reduceCollecting([
      { type: 'session-update', session: { title: 'Fix the bug', modeId: 'ask' } },
      { type: 'session-update', session: { modeId: 'code' } },
      { type: 'run', responseId: 'resp_1', continuationToken: 'tok' },
      { type: 'run', continuationToken: null },
    ])
    expect(state.session).toEqual({ title: 'Fix the bug', modeId: 'code' })
    expect(state.turns).toEqual([{ id: 'turn-1', status: 'running', responseId: 'resp_1' }])
  })

  test('metadata for one message leaves the others untouched', () => {
    const before = reduceCollecting([start, { type: 'chunk', messageId: 'n', text: 'other' }]).state
    const after = reduce(before, { type: 'data', messageId: 'n', data: 1 })
    expect(after.messages.m).toBe(before.messages.m)
  })
})

describe('malformed updates', () => {
  test.each([
    [null, 'an update must be an object'],
    [{ type: 'nonsense' }, 'unknown update type "nonsense"'],
    [{ type: 'chunk', messageId: 'm' }, 'chunk: "text" must be a string'],
    [{ type: 'chunk', messageId: '', text: 'x' }, 'chunk: "messageId" must not be empty'],
    [{ type: 'chunk', messageId: 'm', text: 'x', role: 'robot' }, 'chunk: unknown role "robot"'],
    [{ type: 'clear', messageId: 'm', target: 'all' }, 'clear: "target" must be "text" or "thought"'],
    [{ type: 'message-done', messageId: 'm', status: 'finished' }, 'message-done: unknown status "finished"'],
    [{ type: 'tool-call-update', toolCallId: 't', status: 'ok' }, 'tool-call-update: unknown status "ok"'],
    [{ type: 'turn-end', usage: null }, 'turn-end: "usage" must be an object when present'],
  ])('%j is dropped and reported: %s', (update, reason) => {
    const before = reduceCollecting([start]).state
    const { state, issues } = reduceCollecting([update as never], before)
    expect(state).toBe(before)
    expect(issues).toEqual([{ code: 'malformed-update', message: reason, source: 'reducer', input: update }])
  })
})

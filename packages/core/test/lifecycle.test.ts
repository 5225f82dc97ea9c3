import { reduce, type ToolCallPart } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { reduceCollecting } from './reduce-collecting'

describe('plan', () => {
  test('a new plan replaces the whole plan, in the same part', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'Working on it' },
      {
        type: 'plan',
        messageId: 'm',
        entries: [
          { content: 'Read the code', status: 'in_progress' },
          { content: 'Write the fix', status: 'pending' },
        ],
      },
      { type: 'plan', messageId: 'm', entries: [{ content: 'Write the fix', status: 'completed', priority: 'high' }] },
    ])
    const plans = state.messages.m?.parts.filter((p) => p.kind === 'plan')
    expect(plans).toEqual([
      { id: 'plan#0', kind: 'plan', entries: [{ content: 'Write the fix', status: 'completed', priority: 'high' }] },
    ])
  })

  test('without a message id the plan goes to the latest message; entries without content are dropped', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'a', text: 'x' },
      { type: 'chunk', messageId: 'b', text: 'y' },
      { type: 'plan', entries: [{ content: 'step', status: 'pending' }, { status: 'pending' } as never, 7 as never] },
    ])
    expect(state.messages.b?.parts[1]).toMatchObject({ kind: 'plan', entries: [{ content: 'step' }] })
    expect(state.messages.a?.parts).toHaveLength(1)
  })

  test('a plan before any message starts an assistant message for it', () => {
    const { state } = reduceCollecting([{ type: 'plan', entries: [{ content: 'one', status: 'pending' }] }])
    expect(state.messageIds).toHaveLength(1)
    const only = state.messages[state.messageIds[0] as string]
    expect(only).toMatchObject({ role: 'assistant', parts: [{ kind: 'plan' }] })
  })
})

describe('message-done', () => {
  test('finishes the message and settles its streaming parts', () => {
    const { state } = reduceCollecting([
      { type: 'thought', messageId: 'm', text: 'why' },
      { type: 'chunk', messageId: 'm', text: 'answer' },
      { type: 'message-done', messageId: 'm' },
    ])
    expect(state.messages.m?.status).toBe('complete')
    expect(state.messages.m?.parts.map((p) => 'status' in p && p.status)).toEqual(['done', 'done'])
    expect(state.messages.m?.activePartId).toBeUndefined()
  })

  test('carries how the message ended', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'partial' },
      { type: 'message-done', messageId: 'm', status: 'cancelled' },
    ])
    expect(state.messages.m?.status).toBe('cancelled')
  })

  test('chunks after message-done are ignored and reported', () => {
    const { state, issues } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'done.' },
      { type: 'message-done', messageId: 'm' },
      { type: 'chunk', messageId: 'm', text: ' late' },
      { type: 'message-done', messageId: 'm' },
    ])
    expect(state.messages.m?.parts[0]).toMatchObject({ text: 'done.' })
    expect(issues.map((i) => i.code)).toEqual(['finished-message', 'finished-message'])
  })

  test('an interrupted message resumes streaming when text arrives again', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'first half' },
      { type: 'message-done', messageId: 'm', status: 'interrupted' },
      { type: 'chunk', messageId: 'm', text: ', second half' },
    ])
    expect(state.messages.m).toMatchObject({ status: 'streaming', parts: [{ text: 'first half, second half' }] })
  })

  test('message-done for an unknown message is reported', () => {
    const { state, issues } = reduceCollecting([{ type: 'message-done', messageId: 'nope' }])
    expect(state.messageIds).toEqual([])
    expect(issues).toMatchObject([{ code: 'unknown-message', input: { messageId: 'nope' } }])
  })
})

describe('turns', () => {
  test('turn-end finishes every message still streaming and leaves finished ones as they are', () => {
    const before = reduceCollecting([
      { type: 'chunk', messageId: 'u', text: 'question', role: 'user' },
      { type: 'message-done', messageId: 'u' },
      { type: 'chunk', messageId: 'a', text: 'answer' },
      { type: 'thought', messageId: 'b', text: 'thinking' },
    ]).state
    const after = reduce(before, { type: 'turn-end', stopReason: 'end_turn' })
    expect(after.messages.u).toBe(before.messages.u)
    expect(after.messages.a?.status).toBe('complete')
    expect(after.messages.b?.status).toBe('complete')
    expect(after.messages.a?.parts[0]).toMatchObject({ status: 'done' })
    expect(after.turns).toMatchObject([{ id: 'turn-1', status: 'completed', stopReason: 'end_turn' }])
  })

  test('a cancelled turn cancels its streaming messages and their open tool calls', () => {
    const { state } = reduceCollecting([
      { type: 'tool-call', messageId: 'm', toolCallId: 'open', status: 'in_progress' },
      { type: 'tool-call', messageId: 'm', toolCallId: 'done', status: 'completed' },
      { type: 'turn-end', stopReason: 'cancelled' },
    ])
    expect(state.messages.m?.status).toBe('cancelled')
    const statuses = state.messages.m?.parts.map((p) => (p as ToolCallPart).status)
    expect(statuses).toEqual(['cancelled', 'completed'])
    expect(state.turns[0]?.status).toBe('cancelled')
  })

  test('a refusal marks the answer, not the prompt', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'u', role: 'user', text: 'do something bad' },
      { type: 'chunk', messageId: 'a', text: 'I will not' },
      { type: 'turn-end', stopReason: 'refusal' },
    ])
    expect(state.messages.u?.status).toBe('complete')
    expect(state.messages.a?.status).toBe('refusal')
  })

  test('usage at the end of a turn is summed into the turn; a continuation token leaves it in the background', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'a', text: 'x' },
      { type: 'usage', usage: { inputTokens: 10, outputTokens: 2 } },
      { type: 'turn-end', usage: { outputTokens: 3 }, continuationToken: 'resume-me' },
    ])
    expect(state.turns).toMatchObject([
      { status: 'background', continuationToken: 'resume-me', usage: { inputTokens: 10, outputTokens: 5 } },
    ])
  })

  test('messages belong to the turn they were created in; the first update after a turn end starts a new one', () => {
    const { state } = reduceCollecting([
      { type: 'turn-start', turnId: 'first' },
      { type: 'chunk', messageId: 'a', text: 'one' },
      { type: 'turn-end' },
      { type: 'chunk', messageId: 'b', text: 'two' },
    ])
    expect(state.messages.a?.turnId).toBe('first')
    expect(state.messages.b?.turnId).toBe('turn-2')
    expect(state.turns.map((t) => [t.id, t.status])).toEqual([
      ['first', 'completed'],
      ['turn-2', 'running'],
    ])
  })

  test('a sealed message is not changed by turn-end', () => {
    const before = reduceCollecting([{ type: 'full', messageId: 'm', text: 'final', final: true }]).state
    const after = reduce(before, { type: 'turn-end', stopReason: 'cancelled' })
    expect(after.messages.m).toBe(before.messages.m)
  })
})

describe('message-remove', () => {
  test('takes the message, its tool calls and approvals out; other messages keep identity', () => {
    const { state: before } = reduceCollecting([
      { type: 'chunk', messageId: 'keep', text: 'Kept answer' },
      { type: 'chunk', messageId: 'draft', text: 'Speculative draft' },
      { type: 'tool-call', messageId: 'draft', toolCallId: 't1', name: 'search' },
      { type: 'approval-request', messageId: 'draft', requestId: 'r1', toolCallId: 't1' },
    ])
    const { state, issues } = reduceCollecting([{ type: 'message-remove', messageId: 'draft' }], before)
    expect(issues).toEqual([])
    expect(state.messageIds).toEqual(['keep'])
    expect(state.messages.draft).toBeUndefined()
    expect(state.toolCalls.t1).toBeUndefined()
    expect(state.approvals.r1).toBeUndefined()
    expect(state.messages.keep).toBe(before.messages.keep)
  })

  test('removing an unknown message is reported and changes nothing', () => {
    const { state: before } = reduceCollecting([{ type: 'chunk', messageId: 'm', text: 'x' }])
    const { state, issues } = reduceCollecting([{ type: 'message-remove', messageId: 'nope' }], before)
    expect(state).toBe(before)
    expect(issues.map((i) => i.code)).toEqual(['unknown-message'])
  })

  test('a removed id can be used again for a new message', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'old' },
      { type: 'message-remove', messageId: 'm' },
      { type: 'chunk', messageId: 'm', text: 'new' },
    ])
    expect(state.messageIds).toEqual(['m'])
    expect(state.messages.m?.parts).toMatchObject([{ kind: 'text', text: 'new' }])
  })
})

describe('message-start with resume', () => {
  test('reopens a finished message so the continuation appends to it', () => {
    const { state, issues } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'Needs approval.' },
      { type: 'tool-call', messageId: 'm', toolCallId: 't', name: 'delete' },
      { type: 'turn-end', stopReason: 'tool-calls' },
      { type: 'message-start', messageId: 'm', resume: true },
      { type: 'chunk', messageId: 'm', text: 'Done.' },
      { type: 'turn-end', stopReason: 'stop' },
    ])
    expect(issues).toEqual([])
    expect(state.messageIds).toEqual(['m'])
    expect(state.messages.m?.status).toBe('complete')
    expect(state.messages.m?.parts.map((p) => p.kind)).toEqual(['text', 'tool-call', 'text'])
  })

  test('without resume a finished message stays finished, and a sealed one never reopens', () => {
    const { state, issues } = reduceCollecting([
      { type: 'full', messageId: 'sealed', text: 'Final.', final: true },
      { type: 'chunk', messageId: 'done', text: 'Done.' },
      { type: 'message-done', messageId: 'done' },
      { type: 'message-start', messageId: 'done' },
      { type: 'message-start', messageId: 'sealed', resume: true },
      { type: 'chunk', messageId: 'done', text: ' more' },
      { type: 'chunk', messageId: 'sealed', text: ' more' },
    ])
    expect(state.messages.done?.parts).toMatchObject([{ text: 'Done.' }])
    expect(state.messages.sealed?.parts).toMatchObject([{ text: 'Final.' }])
    expect(issues.map((i) => i.code)).toEqual(['finished-message', 'sealed-message'])
  })
})

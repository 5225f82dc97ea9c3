/** Counterexamples the fuzzers found, kept as fixed regression tests. */
import { type AgentUpdate, createInitialState, type Issue, reduce } from '@palimpsest/core'
import { expect, test } from 'vitest'
import { assertInvariants } from './assert-invariants'

test('a plan entry without a status (a dropped field) reads as pending instead of an empty badge', () => {
  const entries = [
    { content: 'read the file' },
    { content: 'edit it', status: 'done?', priority: 'urgent' },
    { content: 'test it', status: 'completed', priority: 'high' },
  ]
  const state = reduce(createInitialState(), { type: 'plan', entries } as unknown as AgentUpdate)
  assertInvariants(state)
  const plan = state.messages['message-1']?.parts[0]
  expect(plan).toMatchObject({
    kind: 'plan',
    entries: [
      { content: 'read the file', status: 'pending' },
      { content: 'edit it', status: 'pending' },
      { content: 'test it', status: 'completed', priority: 'high' },
    ],
  })
  expect(plan && 'entries' in plan && plan.entries[1]).not.toHaveProperty('priority')
})

test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
  'an update whose id is %s (a member of Object.prototype) is dropped and reported, and nothing breaks',
  (id) => {
    const issues: Issue[] = []
    const updates: AgentUpdate[] = [
      { type: 'full', messageId: id, target: 'text', text: 'x' },
      { type: 'chunk', messageId: id, text: 'x' },
      { type: 'tool-call', messageId: 'm1', toolCallId: id },
      { type: 'approval-request', messageId: 'm1', requestId: id },
      { type: 'chunk', messageId: 'm1', text: 'kept' },
    ]
    const state = updates.reduce((s, u) => reduce(s, u, (issue) => issues.push(issue)), createInitialState())
    assertInvariants(state)
    expect(state.messageIds).toEqual(['m1'])
    expect(state.messages.m1?.parts).toEqual([expect.objectContaining({ kind: 'text', text: 'kept' })])
    expect(issues.map((issue) => issue.code)).toEqual(Array(4).fill('malformed-update'))
    expect(issues[0]?.message).toContain('Object.prototype')
    expect(Object.getPrototypeOf(state.messages)).toBe(Object.prototype)
  },
)

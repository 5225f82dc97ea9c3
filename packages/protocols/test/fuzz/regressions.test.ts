/** Counterexamples the decoder fuzzer found, kept as fixed regression tests. */
import { type AgentUpdate, findUpdateProblem, type Issue } from '@palimpsest/core'
import { createAcpDecoder } from '@palimpsest/protocols/acp'
import { createAgUiDecoder } from '@palimpsest/protocols/ag-ui'
import { createAiSdkDecoder } from '@palimpsest/protocols/ai-sdk'
import { expect, test } from 'vitest'

const wellFormed = (updates: AgentUpdate[]) => updates.map((u) => findUpdateProblem(u)).filter(Boolean)

test('ACP: a tool call status named "constructor" is an unknown status, not an inherited function', () => {
  const issues: Issue[] = []
  const decoder = createAcpDecoder({ onIssue: (issue) => issues.push(issue) })
  const updates = decoder.decode({
    jsonrpc: '2.0',
    method: 'session/update',
    params: {
      sessionId: 's',
      update: { sessionUpdate: 'tool_call', toolCallId: 'call_1', title: 'Read', status: 'constructor' },
    },
  })
  expect(wellFormed(updates)).toEqual([])
  expect(updates).toContainEqual(expect.objectContaining({ type: 'tool-call', toolCallId: 'call_1' }))
  expect(updates.some((u) => 'status' in u && typeof u.status !== 'string')).toBe(false)
  expect(issues.map((issue) => issue.code)).toContain('unknown-status')
})

test.each(['constructor', 'toString', '__proto__'])(
  'AG-UI: a text message role named %s is reported as malformed, never emitted',
  (role) => {
    const issues: Issue[] = []
    const decoder = createAgUiDecoder({ onIssue: (issue) => issues.push(issue) })
    const updates = [
      ...decoder.decode({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role }),
      ...decoder.decode({ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm2', role, content: 'hi' }] }),
    ]
    expect(wellFormed(updates)).toEqual([])
    expect(updates.some((u) => 'role' in u && typeof u.role !== 'string')).toBe(false)
    expect(issues.length).toBeGreaterThan(0)
  },
)

test('AG-UI: an ACTIVITY_SNAPSHOT without content is reported instead of emitting a data part without data', () => {
  const issues: Issue[] = []
  const decoder = createAgUiDecoder({ onIssue: (issue) => issues.push(issue) })
  const updates = decoder.decode({ type: 'ACTIVITY_SNAPSHOT', messageId: 'activity_1', activityType: 'PROGRESS' })
  expect(updates).toEqual([])
  expect(issues).toContainEqual(expect.objectContaining({ code: 'malformed-event' }))
})

test('AI SDK: a start with an empty messageId streams into a generated id, never an empty one', () => {
  const decoder = createAiSdkDecoder()
  const updates = [
    ...decoder.decode({ type: 'start', messageId: '' }),
    ...decoder.decode({ type: 'text-start', id: 't' }),
    ...decoder.decode({ type: 'text-delta', id: 't', delta: 'Hello' }),
  ]
  expect(wellFormed(updates)).toEqual([])
  expect(updates).toContainEqual(expect.objectContaining({ type: 'chunk', text: 'Hello' }))
})

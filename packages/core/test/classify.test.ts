import { isPrimary, isSecondary, type Part } from '@palimpsest/core'
import { expect, test } from 'vitest'

const parts: Record<Part['kind'], Part> = {
  text: { id: '1', kind: 'text', text: 'a', epoch: 0, status: 'done' },
  data: { id: '2', kind: 'data', data: 1 },
  file: { id: '3', kind: 'file', url: 'u' },
  source: { id: '4', kind: 'source', sourceId: 's' },
  'approval-request': { id: '5', kind: 'approval-request', requestId: 'r', options: [], status: 'pending' },
  error: { id: '6', kind: 'error', message: 'x' },
  reasoning: { id: '7', kind: 'reasoning', text: 'a', epoch: 0, status: 'done' },
  'tool-call': { id: '8', kind: 'tool-call', toolCallId: 't', toolKind: 'other', status: 'pending', inputText: '' },
  plan: { id: '9', kind: 'plan', entries: [] },
  handoff: { id: '10', kind: 'handoff', to: 'b' },
  status: { id: '11', kind: 'status', statusId: 's', text: 'x', level: 'info' },
}

test('the answer (text, data, files, sources, confirmation requests, errors) is primary', () => {
  const primary = Object.values(parts)
    .filter(isPrimary)
    .map((p) => p.kind)
  expect(primary).toEqual(['text', 'data', 'file', 'source', 'approval-request', 'error'])
})

test('how the agent got there (reasoning, tool activity, plans, handoffs, status) is secondary', () => {
  const secondary = Object.values(parts)
    .filter(isSecondary)
    .map((p) => p.kind)
  expect(secondary).toEqual(['reasoning', 'tool-call', 'plan', 'handoff', 'status'])
})

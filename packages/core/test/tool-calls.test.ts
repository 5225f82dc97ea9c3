import { type AgentUpdate, reduce, type ToolCallPart } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { reduceCollecting } from './reduce-collecting'

const delta = (inputText: string, toolCallId = 't'): AgentUpdate => ({ type: 'tool-call-delta', toolCallId, inputText })
const toolPart = (state: ReturnType<typeof reduceCollecting>['state'], messageId = 'm', toolCallId = 't') =>
  state.messages[messageId]?.parts.find((p): p is ToolCallPart => p.kind === 'tool-call' && p.toolCallId === toolCallId)

describe('tool-call', () => {
  test('creates a pending tool call of kind other, indexed by its id', () => {
    const { state, issues } = reduceCollecting([{ type: 'tool-call', messageId: 'm', toolCallId: 't', name: 'read' }])
    expect(toolPart(state)).toEqual({
      id: 'tool-call=t',
      kind: 'tool-call',
      toolCallId: 't',
      name: 'read',
      toolKind: 'other',
      status: 'pending',
      inputText: '',
    })
    expect(state.toolCalls).toEqual({ t: 'm' })
    expect(issues).toEqual([])
  })

  test('a second tool-call with the same id upserts: given fields change, omitted ones stay', () => {
    const { state } = reduceCollecting([
      { type: 'tool-call', messageId: 'm', toolCallId: 't', name: 'read', title: 'Read a.ts', toolKind: 'read' },
      { type: 'tool-call', messageId: 'm', toolCallId: 't', status: 'in_progress', input: { path: 'a.ts' } },
    ])
    expect(state.messages.m?.parts).toHaveLength(1)
    expect(toolPart(state)).toMatchObject({
      name: 'read',
      title: 'Read a.ts',
      toolKind: 'read',
      status: 'in_progress',
      input: { path: 'a.ts' },
    })
  })
})

describe('tool-call-delta', () => {
  test('appends argument text and keeps a parsed input that grows with it', () => {
    const steps = ['{"path": "src/', 'a.ts", "lines": [1, ', '2], "opts": {"deep": tr', 'ue}}']
    let state = reduceCollecting([{ type: 'tool-call', messageId: 'm', toolCallId: 't' }]).state
    const inputs: unknown[] = []
    for (const step of steps) {
      state = reduce(state, delta(step))
      inputs.push(structuredClone(toolPart(state)?.input))
    }
    expect(inputs).toEqual([
      { path: 'src/' },
      { path: 'src/a.ts', lines: [1] },
      { path: 'src/a.ts', lines: [1, 2], opts: {} },
      { path: 'src/a.ts', lines: [1, 2], opts: { deep: true } },
    ])
    expect(toolPart(state)).toMatchObject({ inputText: steps.join(''), status: 'in_progress' })
  })

  test('escapes split across deltas, including unicode escapes, decode once complete', () => {
    const { state } = reduceCollecting([
      { type: 'tool-call', messageId: 'm', toolCallId: 't' },
      delta('{"text": "line\\'),
      delta('nnext \\u00'),
      delta('e9t\\u00e'),
      delta('9 \\"q\\""}'),
    ])
    expect(toolPart(state)?.input).toEqual({ text: 'line\nnext été "q"' })
  })

  test('an earlier state keeps the input it had: later deltas do not change it', () => {
    const first = reduceCollecting([
      { type: 'tool-call', messageId: 'm', toolCallId: 't' },
      delta('{"items": [{"a": 1}, {"b": '),
    ]).state
    const earlier = toolPart(first)?.input
    const snapshot = structuredClone(earlier)
    const later = reduce(reduce(first, delta('2}, {"c": 3')), delta('}], "more": "x"}'))
    expect(toolPart(later)?.input).toEqual({ items: [{ a: 1 }, { b: 2 }, { c: 3 }], more: 'x' })
    expect(earlier).toEqual(snapshot)
    expect(toolPart(later)?.input).not.toBe(earlier)
  })

  test('two different continuations of the same state each parse their own text', () => {
    const base = reduceCollecting([{ type: 'tool-call', messageId: 'm', toolCallId: 't' }, delta('{"q": "ab')]).state
    const left = reduce(base, delta('c"}'))
    const right = reduce(base, delta('x", "n": 1}'))
    expect(toolPart(left)?.input).toEqual({ q: 'abc' })
    expect(toolPart(right)?.input).toEqual({ q: 'abx', n: 1 })
  })

  test('arguments that are not JSON are kept as text and reported once', () => {
    const { state, issues } = reduceCollecting([
      { type: 'tool-call', messageId: 'm', toolCallId: 't' },
      delta('{"a": 1}'),
      delta(' trailing'),
      delta(' garbage'),
    ])
    expect(toolPart(state)).toMatchObject({ inputText: '{"a": 1} trailing garbage', input: { a: 1 } })
    expect(issues.map((i) => i.code)).toEqual(['invalid-tool-input'])
  })

  test('a delta for an unknown tool call creates it in the given message, and is reported', () => {
    const { state, issues } = reduceCollecting([
      { type: 'message-start', messageId: 'm' },
      { type: 'tool-call-delta', toolCallId: 'late', inputText: '{"x":1}', messageId: 'm' },
    ])
    expect(toolPart(state, 'm', 'late')).toMatchObject({ inputText: '{"x":1}', input: { x: 1 } })
    expect(state.toolCalls).toEqual({ late: 'm' })
    expect(issues).toMatchObject([{ code: 'unknown-tool-call' }])
  })

  test('without a message id, an unknown tool call goes to the latest message', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'a', text: 'x' },
      { type: 'chunk', messageId: 'b', text: 'y' },
      delta('{}', 'orphan'),
    ])
    expect(state.toolCalls).toEqual({ orphan: 'b' })
  })
})

describe('tool-call-update', () => {
  test('merges: omitted fields unchanged, given fields replace, arrays replace rather than concatenate', () => {
    const { state } = reduceCollecting([
      {
        type: 'tool-call',
        messageId: 'm',
        toolCallId: 't',
        name: 'edit',
        title: 'Edit a.ts',
        toolKind: 'edit',
        input: { path: 'a.ts' },
        locations: [{ path: 'a.ts', line: 1 }],
        content: [{ type: 'text', text: 'first' }],
      },
      {
        type: 'tool-call-update',
        toolCallId: 't',
        status: 'completed',
        content: [{ type: 'diff', path: 'a.ts', oldText: 'x', newText: 'y' }],
        output: { ok: true },
      },
    ])
    expect(toolPart(state)).toEqual({
      id: 'tool-call=t',
      kind: 'tool-call',
      toolCallId: 't',
      name: 'edit',
      title: 'Edit a.ts',
      toolKind: 'edit',
      status: 'completed',
      input: { path: 'a.ts' },
      inputText: '',
      locations: [{ path: 'a.ts', line: 1 }],
      content: [{ type: 'diff', path: 'a.ts', oldText: 'x', newText: 'y' }],
      output: { ok: true },
    })
  })

  test('records a failure', () => {
    const { state } = reduceCollecting([
      { type: 'tool-call', messageId: 'm', toolCallId: 't' },
      { type: 'tool-call-update', toolCallId: 't', status: 'failed', error: 'permission denied' },
    ])
    expect(toolPart(state)).toMatchObject({ status: 'failed', error: 'permission denied' })
  })

  test('an update for an unknown tool call creates it and is reported', () => {
    const { state, issues } = reduceCollecting([
      { type: 'tool-call-update', toolCallId: 'ghost', messageId: 'm', status: 'completed', title: 'Ran' },
    ])
    expect(toolPart(state, 'm', 'ghost')).toMatchObject({ status: 'completed', title: 'Ran', toolKind: 'other' })
    expect(issues).toMatchObject([{ code: 'unknown-tool-call', source: 'reducer' }])
  })

  test('only the message holding the tool call changes', () => {
    const before = reduceCollecting([
      { type: 'tool-call', messageId: 'a', toolCallId: 't' },
      { type: 'chunk', messageId: 'b', text: 'later message' },
    ]).state
    const after = reduce(before, { type: 'tool-call-update', toolCallId: 't', status: 'completed' })
    expect(toolPart(after, 'a')?.status).toBe('completed')
    expect(after.messages.b).toBe(before.messages.b)
  })

  test('an explicit input replaces the streamed one', () => {
    const { state } = reduceCollecting([
      { type: 'tool-call', messageId: 'm', toolCallId: 't' },
      delta('{"path": "dra'),
      { type: 'tool-call-update', toolCallId: 't', input: { path: 'final.ts' } },
    ])
    expect(toolPart(state)?.input).toEqual({ path: 'final.ts' })
  })
})

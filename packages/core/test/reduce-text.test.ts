import { type AgentUpdate, createInitialState, reduce, reduceAll } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { reduceCollecting } from './reduce-collecting'

const chunk = (text: string, messageId = 'm'): AgentUpdate => ({ type: 'chunk', messageId, text })
const thought = (text: string, messageId = 'm'): AgentUpdate => ({ type: 'thought', messageId, text })

describe('chunk and thought', () => {
  test('the first chunk creates an assistant message with a streaming text part', () => {
    const { state, issues } = reduceCollecting([chunk('Hel')])
    expect(state.messageIds).toEqual(['m'])
    expect(state.messages.m).toMatchObject({ id: 'm', role: 'assistant', status: 'streaming', sealed: false })
    expect(state.messages.m?.parts).toEqual([
      { id: 'text#0', kind: 'text', text: 'Hel', epoch: 0, status: 'streaming' },
    ])
    expect(issues).toEqual([])
  })

  test('later chunks append to the same part', () => {
    const { state } = reduceCollecting([chunk('Hel'), chunk('lo, '), chunk('world')])
    expect(state.messages.m?.parts).toHaveLength(1)
    expect(state.messages.m?.parts[0]).toMatchObject({ kind: 'text', text: 'Hello, world' })
  })

  test('a chunk may give the role and author of the message it creates', () => {
    const { state } = reduceCollecting([{ type: 'chunk', messageId: 'u', text: 'hi', role: 'user', author: 'ada' }])
    expect(state.messages.u).toMatchObject({ role: 'user', author: 'ada' })
  })

  test('thoughts create and append to a reasoning part', () => {
    const { state } = reduceCollecting([thought('Let me '), thought('think')])
    expect(state.messages.m?.parts).toEqual([
      { id: 'reasoning#0', kind: 'reasoning', text: 'Let me think', epoch: 0, status: 'streaming' },
    ])
  })

  test('reasoning then answer: the reasoning part is done once the answer starts', () => {
    const { state } = reduceCollecting([thought('plan'), chunk('answer')])
    expect(state.messages.m?.parts).toMatchObject([
      { kind: 'reasoning', text: 'plan', status: 'done' },
      { kind: 'text', text: 'answer', status: 'streaming' },
    ])
  })

  test('text after a tool call starts a new text part, keeping the order of arrival', () => {
    const { state } = reduceCollecting([
      chunk('Looking it up. '),
      { type: 'tool-call', messageId: 'm', toolCallId: 't1', name: 'search' },
      chunk('Found it.'),
    ])
    expect(state.messages.m?.parts.map((p) => [p.kind, 'text' in p ? p.text : p.id])).toEqual([
      ['text', 'Looking it up. '],
      ['tool-call', 'tool-call=t1'],
      ['text', 'Found it.'],
    ])
    expect(state.messages.m?.parts[2]?.id).toBe('text#1')
  })

  test('a message that the update does not address keeps its object identity', () => {
    const before = reduceCollecting([chunk('a', 'one'), chunk('b', 'two')]).state
    const after = reduce(before, chunk('c', 'two'))
    expect(after.messages.one).toBe(before.messages.one)
    expect(after.messages.two).not.toBe(before.messages.two)
    expect(after.messageIds).toBe(before.messageIds)
  })

  test('reduce does not modify the state it is given', () => {
    const before = reduceCollecting([chunk('a')]).state
    const snapshot = structuredClone(before)
    reduce(before, chunk('b'))
    reduce(before, { type: 'clear', messageId: 'm', target: 'text' })
    expect(before).toEqual(snapshot)
  })

  test('appending does not copy other parts of the message', () => {
    const before = reduceCollecting([thought('why'), chunk('a')]).state
    const after = reduce(before, chunk('b'))
    expect(after.messages.m?.parts[0]).toBe(before.messages.m?.parts[0])
  })

  test('revision increments once per update applied to the message', () => {
    const { state } = reduceCollecting([chunk('a'), chunk('b'), chunk('c')])
    const batched = reduceAll(createInitialState(), [chunk('a'), chunk('b'), chunk('c')])
    expect(state.messages.m?.revision).toBe(3)
    expect(batched.messages.m?.revision).toBe(3)
  })

  test('revision grows by one for an update that also names the author, resumes the message or adds a tool call', () => {
    const updates: AgentUpdate[] = [
      { type: 'message-start', messageId: 'm' },
      chunk('a'),
      { type: 'chunk', messageId: 'm', text: 'b', author: 'Coder' },
      { type: 'message-done', messageId: 'm', status: 'interrupted' },
      chunk('c'),
      { type: 'tool-call-delta', toolCallId: 't1', messageId: 'm', inputText: '{' },
    ]
    const { state } = reduceCollecting(updates)
    const batched = reduceAll(createInitialState(), updates)
    expect(state.messages.m?.revision).toBe(5)
    expect(batched.messages.m?.revision).toBe(5)
  })
})

describe('clear', () => {
  test('empties the answer text and increments its epoch; later chunks append from empty', () => {
    const { state, issues } = reduceCollecting([
      chunk('Draft answer'),
      { type: 'clear', messageId: 'm', target: 'text' },
      chunk('Final'),
    ])
    expect(state.messages.m?.parts).toEqual([
      { id: 'text#0', kind: 'text', text: 'Final', epoch: 1, status: 'streaming' },
    ])
    expect(issues).toEqual([])
  })

  test('clearing the text leaves reasoning, tool calls and other messages untouched', () => {
    const before = reduceCollecting([
      thought('because'),
      chunk('draft'),
      { type: 'tool-call', messageId: 'm', toolCallId: 't', name: 'ls' },
      chunk('x', 'other'),
    ]).state
    const after = reduce(before, { type: 'clear', messageId: 'm', target: 'text' })
    const [reasoning, text, tool] = after.messages.m?.parts ?? []
    expect(reasoning).toBe(before.messages.m?.parts[0])
    expect(text).toMatchObject({ kind: 'text', text: '', epoch: 1 })
    expect(tool).toBe(before.messages.m?.parts[2])
    expect(after.messages.other).toBe(before.messages.other)
  })

  test('target thought empties the reasoning only', () => {
    const { state } = reduceCollecting([
      thought('first idea'),
      chunk('answer'),
      { type: 'clear', messageId: 'm', target: 'thought' },
    ])
    expect(state.messages.m?.parts).toMatchObject([
      { kind: 'reasoning', text: '', epoch: 1 },
      { kind: 'text', text: 'answer', epoch: 0 },
    ])
  })

  test('a re-push after a clear refills the cleared part in place, before a later tool call', () => {
    const { state } = reduceCollecting([
      chunk('draft'),
      { type: 'tool-call', messageId: 'm', toolCallId: 't' },
      { type: 'clear', messageId: 'm', target: 'text' },
      chunk('fin'),
      chunk('al'),
    ])
    expect(state.messages.m?.parts.map((p) => p.kind)).toEqual(['text', 'tool-call'])
    expect(state.messages.m?.parts[0]).toMatchObject({ id: 'text#0', text: 'final', epoch: 1 })
  })

  test('clearing an empty buffer is harmless', () => {
    const { state, issues } = reduceCollecting([
      thought('only reasoning'),
      { type: 'clear', messageId: 'm', target: 'text' },
      chunk('answer'),
    ])
    expect(issues).toEqual([])
    expect(state.messages.m?.parts).toMatchObject([
      { kind: 'reasoning', text: 'only reasoning' },
      { kind: 'text', text: 'answer', epoch: 0 },
    ])
  })

  test('clearing a finished message is reported and changes nothing', () => {
    const done = reduceCollecting([chunk('kept'), { type: 'message-done', messageId: 'm' }]).state
    const { state, issues } = reduceCollecting([{ type: 'clear', messageId: 'm', target: 'text' }], done)
    expect(state).toBe(done)
    expect(issues).toMatchObject([{ code: 'finished-message', source: 'reducer' }])
  })

  test('clearing a sealed message is reported and changes nothing', () => {
    const sealed = reduceCollecting([{ type: 'full', messageId: 'm', text: 'final', final: true }]).state
    const { state, issues } = reduceCollecting([{ type: 'clear', messageId: 'm', target: 'text' }], sealed)
    expect(state).toBe(sealed)
    expect(issues).toMatchObject([{ code: 'sealed-message' }])
  })

  test('clearing an unknown message is reported', () => {
    const { state, issues } = reduceCollecting([{ type: 'clear', messageId: 'nope', target: 'text' }])
    expect(state.messageIds).toEqual([])
    expect(issues).toMatchObject([{ code: 'unknown-message' }])
  })
})

describe('full', () => {
  test('without a target replaces all parts in one step and increments the epoch', () => {
    const { state } = reduceCollecting([
      thought('hmm'),
      chunk('draft'),
      { type: 'full', messageId: 'm', parts: [{ kind: 'text', text: 'Polished answer' }] },
    ])
    expect(state.messages.m?.parts).toEqual([
      { id: 'text#0', kind: 'text', text: 'Polished answer', epoch: 1, status: 'streaming' },
    ])
    expect(state.messages.m?.status).toBe('streaming')
  })

  test('text and thought stand for a text and a reasoning part', () => {
    const { state } = reduceCollecting([{ type: 'full', messageId: 'm', text: 'answer', thought: 'why' }])
    expect(state.messages.m?.parts).toMatchObject([
      { kind: 'reasoning', text: 'why', epoch: 1 },
      { kind: 'text', text: 'answer', epoch: 1 },
    ])
  })

  test('with a target replaces only that buffer and keeps the other parts', () => {
    const before = reduceCollecting([
      thought('reasoning'),
      chunk('draft'),
      { type: 'tool-call', messageId: 'm', toolCallId: 't' },
    ]).state
    const after = reduce(before, { type: 'full', messageId: 'm', target: 'text', text: 'replaced' })
    expect(after.messages.m?.parts).toMatchObject([
      { kind: 'reasoning', text: 'reasoning', epoch: 0 },
      { kind: 'text', text: 'replaced', epoch: 1 },
      { kind: 'tool-call', toolCallId: 't' },
    ])
    expect(after.messages.m?.parts[0]).toBe(before.messages.m?.parts[0])
  })

  test('with a target, the replaced buffer keeps one part: later parts of that kind go', () => {
    const { state } = reduceCollecting([
      chunk('one'),
      { type: 'tool-call', messageId: 'm', toolCallId: 't' },
      chunk('two'),
      { type: 'full', messageId: 'm', target: 'text', text: 'only' },
    ])
    expect(state.messages.m?.parts).toMatchObject([{ kind: 'text', text: 'only' }, { kind: 'tool-call' }])
  })

  test('final seals the message: later chunk, thought, clear and message-done are ignored and reported', () => {
    const { state, issues } = reduceCollecting([
      chunk('draft'),
      { type: 'full', messageId: 'm', text: 'Final answer', final: true },
      chunk(' more'),
      thought('late'),
      { type: 'clear', messageId: 'm', target: 'text' },
      { type: 'message-done', messageId: 'm', status: 'error' },
      { type: 'full', messageId: 'm', text: 'again' },
    ])
    expect(state.messages.m).toMatchObject({ status: 'complete', sealed: true })
    expect(state.messages.m?.parts).toEqual([
      { id: 'text#0', kind: 'text', text: 'Final answer', epoch: 1, status: 'done' },
    ])
    expect(issues.map((i) => [i.code, (i.input as AgentUpdate).type])).toEqual([
      ['sealed-message', 'chunk'],
      ['sealed-message', 'thought'],
      ['sealed-message', 'clear'],
      ['sealed-message', 'message-done'],
      ['sealed-message', 'full'],
    ])
  })

  test('a full for an unknown message creates it', () => {
    const { state, issues } = reduceCollecting([{ type: 'full', messageId: 'x', role: 'user', text: 'hello' }])
    expect(state.messages.x).toMatchObject({ role: 'user', parts: [{ kind: 'text', text: 'hello' }] })
    expect(issues).toEqual([])
  })

  test('replacement parts keep the ids of the parts they replace, so their views are reused', () => {
    const { state } = reduceCollecting([
      chunk('a'),
      { type: 'tool-call', messageId: 'm', toolCallId: 't' },
      chunk('b'),
      {
        type: 'full',
        messageId: 'm',
        parts: [
          { kind: 'text', text: 'A' },
          { kind: 'tool-call', toolCallId: 't', status: 'completed' },
          { kind: 'text', text: 'B' },
        ],
      },
    ])
    expect(state.messages.m?.parts.map((p) => p.id)).toEqual(['text#0', 'tool-call=t', 'text#1'])
    expect(state.messages.m?.parts[1]).toMatchObject({ status: 'completed', toolKind: 'other', inputText: '' })
  })

  test('a part of unknown kind or a second part with the same id is dropped and reported', () => {
    const { state, issues } = reduceCollecting([
      {
        type: 'full',
        messageId: 'm',
        parts: [
          { kind: 'text', text: 'ok' },
          { kind: 'bogus' } as never,
          { kind: 'tool-call', toolCallId: 't' },
          { kind: 'tool-call', toolCallId: 't' },
          { kind: 'tool-call' } as never,
        ],
      },
    ])
    expect(state.messages.m?.parts.map((p) => p.id)).toEqual(['text#0', 'tool-call=t'])
    expect(issues.map((i) => i.code)).toEqual(['malformed-part', 'duplicate-part', 'malformed-part'])
  })

  test('a tool call that a full removes is no longer indexed', () => {
    const { state } = reduceCollecting([
      { type: 'tool-call', messageId: 'm', toolCallId: 't' },
      { type: 'full', messageId: 'm', text: 'no tools any more' },
    ])
    expect(state.toolCalls).toEqual({})
  })

  test("a text part re-created under a removed part's id continues its epoch", () => {
    const { state } = reduceCollecting([
      chunk('draft'),
      { type: 'clear', messageId: 'm', target: 'text' },
      chunk('second draft'),
      { type: 'full', messageId: 'm', parts: [{ kind: 'reasoning', text: 'thinking again' }] },
      chunk('third'),
    ])
    expect(state.messages.m?.parts.find((p) => p.id === 'text#0')).toMatchObject({ text: 'third', epoch: 2 })
  })
})

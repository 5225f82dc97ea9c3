/**
 * A new turn's `message-start` naming a message that already finished — a producer that reused an
 * id, e.g. one decoder per request counting from 1 — must not pour the new answer into the old
 * message, where every update of it would be dropped.
 */
import { type AgentUpdate, createTranscriptStore, type Issue, type TranscriptState } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { reduceCollecting } from './reduce-collecting'

/** One turn of an answer in message `id`, with a tool call, as a decoder per request emits it. */
const answerTurn = (id: string, text: string, toolCallId: string): AgentUpdate[] => [
  { type: 'turn-start' },
  { type: 'message-start', messageId: id, role: 'assistant' },
  { type: 'tool-call', messageId: id, toolCallId, name: 'search', status: 'completed' },
  { type: 'chunk', messageId: id, text },
  { type: 'message-done', messageId: id },
  { type: 'turn-end', stopReason: 'stop' },
]

const answers = (state: TranscriptState) =>
  state.messageIds.map((id) => ({
    id,
    turnId: state.messages[id]?.turnId,
    status: state.messages[id]?.status,
    parts: state.messages[id]?.parts.map((p) =>
      p.kind === 'text' ? p.text : p.kind === 'tool-call' ? p.toolCallId : p.kind,
    ),
  }))

describe('a message-start reusing the id of a message finished in an earlier turn', () => {
  test('opens a new message that gets the new answer and its tool call; reported once, not per update', () => {
    const { state, issues } = reduceCollecting([
      ...answerTurn('answer-1', 'Paris.', 'call-a'),
      ...answerTurn('answer-1', 'Oslo.', 'call-b'),
    ])
    expect(answers(state)).toEqual([
      { id: 'answer-1', turnId: 'turn-1', status: 'complete', parts: ['call-a', 'Paris.'] },
      { id: 'answer-1~2', turnId: 'turn-2', status: 'complete', parts: ['call-b', 'Oslo.'] },
    ])
    expect(state.toolCalls).toEqual({ 'call-a': 'answer-1', 'call-b': 'answer-1~2' })
    expect(issues.map((i: Issue) => i.code)).toEqual(['reused-message-id'])
  })

  test('a third turn reusing it again gets a third message', () => {
    const { state } = reduceCollecting([
      ...answerTurn('a', 'One.', 'c1'),
      ...answerTurn('a', 'Two.', 'c2'),
      ...answerTurn('a', 'Three.', 'c3'),
    ])
    expect(answers(state).map((m) => [m.id, m.parts])).toEqual([
      ['a', ['c1', 'One.']],
      ['a~2', ['c2', 'Two.']],
      ['a~3', ['c3', 'Three.']],
    ])
  })

  test('through the store too, and without a turn-start (the turn starts implicitly)', () => {
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync', onIssue: (issue) => issues.push(issue) })
    const { apply } = store.getState()
    apply([{ type: 'chunk', messageId: 'm', text: 'First answer.' }, { type: 'turn-end' }])
    apply([
      { type: 'message-start', messageId: 'm' },
      { type: 'chunk', messageId: 'm', text: 'Second answer.' },
    ])
    expect(answers(store.getState()).map((m) => [m.id, m.status, m.parts])).toEqual([
      ['m', 'complete', ['First answer.']],
      ['m~2', 'streaming', ['Second answer.']],
    ])
    expect(issues.map((i) => i.code)).toEqual(['reused-message-id'])
  })

  test('with resume: true the finished message continues (a protocol that means the same message)', () => {
    const { state, issues } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'Before approval. ' },
      { type: 'turn-end' },
      { type: 'turn-start' },
      { type: 'message-start', messageId: 'm', resume: true },
      { type: 'chunk', messageId: 'm', text: 'After approval.' },
    ])
    expect(state.messageIds).toEqual(['m'])
    expect(state.messages.m?.parts).toMatchObject([{ kind: 'text', text: 'Before approval. After approval.' }])
    expect(issues).toEqual([])
  })

  test('within one turn a repeated message-start stays idempotent (a duplicated start event)', () => {
    const { state, issues } = reduceCollecting([
      { type: 'message-start', messageId: 'm' },
      { type: 'chunk', messageId: 'm', text: 'Done.' },
      { type: 'message-done', messageId: 'm' },
      { type: 'message-start', messageId: 'm' },
    ])
    expect(state.messageIds).toEqual(['m'])
    expect(issues).toEqual([])
  })
})

import { type AgentUpdate, createInitialState, reduceAll, responseWait } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'

const state = (...updates: AgentUpdate[]) => reduceAll(createInitialState(), updates)

describe('responseWait', () => {
  test('nothing is awaited before any turn or after the turn ended', () => {
    expect(responseWait(createInitialState())).toBeUndefined()
    expect(responseWait(state({ type: 'turn-start' }, { type: 'turn-end' }))).toBeUndefined()
  })

  test('a running turn whose assistant has shown nothing awaits its first token', () => {
    expect(responseWait(state({ type: 'turn-start', turnId: 't' }))).toEqual({ reason: 'first-token', turnId: 't' })
    expect(
      responseWait(
        state(
          { type: 'turn-start', turnId: 't' },
          { type: 'chunk', messageId: 'u', role: 'user', text: 'hi' },
          { type: 'message-start', messageId: 'a' },
          { type: 'thought', messageId: 'a', text: '' },
        ),
      ),
    ).toEqual({ reason: 'first-token', turnId: 't' })
  })

  test('content of an earlier turn does not count for the current one', () => {
    const s = state(
      { type: 'chunk', messageId: 'a', text: 'earlier answer' },
      { type: 'turn-end' },
      { type: 'turn-start', turnId: 'second' },
    )
    expect(responseWait(s)).toEqual({ reason: 'first-token', turnId: 'second' })
  })

  test('a background turn is not awaited here (nothing streams)', () => {
    expect(responseWait(state({ type: 'turn-start' }, { type: 'run', status: 'background' }))).toBeUndefined()
  })

  test('a streaming answer emptied by a clear awaits its new text; a finished one does not', () => {
    const cleared = state(
      { type: 'turn-start', turnId: 't' },
      { type: 'chunk', messageId: 'a', text: 'draft' },
      { type: 'clear', messageId: 'a', target: 'text' },
    )
    expect(responseWait(cleared)).toEqual({
      reason: 'cleared',
      turnId: 't',
      messageId: 'a',
      partId: 'text#0',
      epoch: 1,
    })
    expect(responseWait(reduceAll(cleared, [{ type: 'chunk', messageId: 'a', text: 'new' }]))).toBeUndefined()
    // A finished message waits for nothing; the turn still runs with nothing of it on screen.
    expect(responseWait(reduceAll(cleared, [{ type: 'message-done', messageId: 'a' }]))).toEqual({
      reason: 'first-token',
      turnId: 't',
    })
  })

  test('a full replacement by empty text awaits too; a cleared reasoning buffer does not', () => {
    const base: AgentUpdate[] = [
      { type: 'turn-start', turnId: 't' },
      { type: 'chunk', messageId: 'a', text: 'x' },
    ]
    expect(responseWait(state(...base, { type: 'full', messageId: 'a', target: 'text', text: '' }))?.reason).toBe(
      'cleared',
    )
    expect(
      responseWait(
        state(
          ...base,
          { type: 'thought', messageId: 'a', text: 'hmm' },
          { type: 'clear', messageId: 'a', target: 'thought' },
        ),
      ),
    ).toBeUndefined()
  })
})

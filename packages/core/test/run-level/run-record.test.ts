import { type AgentUpdate, createInitialState, reduceAll, selectLatestTurn } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'

const run = (...updates: AgentUpdate[]) => reduceAll(createInitialState(), updates)

describe('the run record of a turn', () => {
  test('run updates fill the response id and token mid-stream; null removes the token', () => {
    const running = run(
      { type: 'chunk', messageId: 'm', text: 'Working' },
      { type: 'run', responseId: 'resp_1', continuationToken: 'tok-1' },
    )
    expect(selectLatestTurn(running)).toMatchObject({
      status: 'running',
      responseId: 'resp_1',
      continuationToken: 'tok-1',
    })
    const cleared = reduceAll(running, [{ type: 'run', continuationToken: null }])
    expect(selectLatestTurn(cleared)?.continuationToken).toBeUndefined()
  })

  test('a background turn is continued by the next updates (no new turn); status running resumes it', () => {
    const background = run(
      { type: 'chunk', messageId: 'm', text: 'Compiling the report' },
      { type: 'message-done', messageId: 'm', status: 'interrupted' },
      { type: 'turn-end', stopReason: 'interrupted', continuationToken: 'tok-2', status: 'background' },
    )
    expect(background.turns).toMatchObject([{ status: 'background', continuationToken: 'tok-2' }])
    const resumed = reduceAll(background, [
      { type: 'run', status: 'running' },
      { type: 'chunk', messageId: 'm', text: ': done.' },
      { type: 'turn-end', stopReason: 'stop' },
    ])
    expect(resumed.turns).toHaveLength(1)
    expect(resumed.turns[0]).toMatchObject({ status: 'completed', stopReason: 'stop' })
    expect(resumed.messages.m).toMatchObject({ status: 'complete', turnId: resumed.turns[0]?.id })
    expect(resumed.messages.m?.parts).toMatchObject([{ kind: 'text', text: 'Compiling the report: done.' }])
  })

  test('after a completed turn the next update starts a new turn', () => {
    const state = run(
      { type: 'chunk', messageId: 'a', text: 'one' },
      { type: 'turn-end' },
      { type: 'run', status: 'running' },
    )
    expect(state.turns.map((t) => t.status)).toEqual(['completed', 'running'])
  })

  test('usage: add sums into the message and the turn; replace overwrites the turn (context usage)', () => {
    const state = run(
      { type: 'chunk', messageId: 'm', text: 'x' },
      { type: 'usage', messageId: 'm', usage: { inputTokens: 10, outputTokens: 2 } },
      { type: 'usage', usage: { inputTokens: 5 } },
    )
    expect(state.messages.m?.usage).toEqual({ inputTokens: 10, outputTokens: 2 })
    expect(state.turns[0]?.usage).toEqual({ inputTokens: 15, outputTokens: 2 })
    const replaced = reduceAll(state, [
      { type: 'usage', mode: 'replace', usage: { totalTokens: 900, contextWindow: 128000 } },
      { type: 'usage', mode: 'replace', usage: { totalTokens: 1200, contextWindow: 128000 } },
    ])
    expect(replaced.turns[0]?.usage).toEqual({ totalTokens: 1200, contextWindow: 128000 })
  })

  test('a handoff is a part on the message of the agent that takes over', () => {
    const state = run(
      { type: 'message-start', messageId: 'b', role: 'assistant', author: 'Billing' },
      { type: 'handoff', messageId: 'b', from: 'Triage', to: 'Billing', reason: 'billing question' },
    )
    expect(state.messages.b).toMatchObject({ author: 'Billing' })
    expect(state.messages.b?.parts).toEqual([
      { id: 'handoff#0', kind: 'handoff', from: 'Triage', to: 'Billing', reason: 'billing question' },
    ])
  })
})

import { type AgentUpdate, type Decoder, type Issue, type TextPart, TraceReplay } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { clearTrace, createCountingFactory } from './fake-decoder'

function answer(replay: TraceReplay): string | undefined {
  const part = replay.store.getState().messages.m1?.parts.find((p): p is TextPart => p.kind === 'text')
  return part?.text
}

describe('TraceReplay', () => {
  test('steps one wire message at a time, then the end of the stream', () => {
    const factory = createCountingFactory()
    const replay = new TraceReplay(clearTrace.events, () => factory)
    expect(replay.length).toBe(6)
    replay.advance(true)
    replay.advance(true)
    expect(answer(replay)).toBe('Draft text')
    replay.advance(true)
    expect(answer(replay)).toBe('')
    replay.advance(true)
    replay.advance(true)
    expect(answer(replay)).toBe('Final answer')
    expect(replay.store.getState().messages.m1?.status).toBe('streaming')
    expect(replay.advance(true)?.updates).toEqual([{ type: 'turn-end', stopReason: 'end_turn' }])
    expect(replay.store.getState().messages.m1?.status).toBe('complete')
    expect(replay.finished).toBe(true)
    expect(replay.advance(true)).toBeUndefined()
  })

  test('remembers what each wire message decoded to', () => {
    const replay = new TraceReplay(clearTrace.events, createCountingFactory)
    replay.seek(3)
    expect(replay.step(0)?.updates).toEqual([{ type: 'chunk', messageId: 'm1', text: 'Draft ' }])
    expect(replay.step(2)?.updates).toEqual([{ type: 'clear', messageId: 'm1', target: 'text' }])
    expect(replay.step(3)).toBeUndefined()
  })

  test('seeking re-decodes from the start with a fresh decoder from a factory', () => {
    const factory = createCountingFactory()
    const replay = new TraceReplay(clearTrace.events, () => factory)
    replay.seek(5)
    expect(answer(replay)).toBe('Final answer')
    replay.seek(2)
    expect(answer(replay)).toBe('Draft text')
    expect(replay.position).toBe(2)
    expect(factory.created).toBe(2)
    expect(factory.decodeCalls).toBe(7)
    replay.seek(0)
    expect(replay.store.getState().messageIds).toEqual([])
  })

  test('a decoder instance decodes each message once; seeking back re-applies its updates', () => {
    const factory = createCountingFactory()
    const instance = factory()
    const replay = new TraceReplay(clearTrace.events, () => instance)
    replay.seek(5)
    replay.seek(1)
    expect(answer(replay)).toBe('Draft ')
    replay.advance(true)
    expect(answer(replay)).toBe('Draft text')
    expect(factory.decodeCalls).toBe(5)
  })

  test('clamps positions out of range', () => {
    const replay = new TraceReplay(clearTrace.events, createCountingFactory)
    replay.seek(99)
    expect(replay.position).toBe(6)
    replay.seek(-3)
    expect(replay.position).toBe(0)
    replay.seek(Number.NaN)
    expect(replay.position).toBe(0)
  })

  test("keeps the decoder's issues with the step that caused them", () => {
    const seen: Issue[] = []
    const replay = new TraceReplay([{ wire: { say: 'a' } }, { wire: { nonsense: 1 } }], createCountingFactory, (i) =>
      seen.push(i),
    )
    replay.seek(2)
    expect(replay.step(0)?.issues).toEqual([])
    expect(replay.step(1)?.issues.map((i) => i.code)).toEqual(['malformed-message'])
    expect(seen.map((i) => i.code)).toEqual(['malformed-message'])
  })

  test('a throwing decoder is reported and the replay goes on', () => {
    let calls = 0
    const throwing: Decoder = {
      decode(): AgentUpdate[] {
        calls += 1
        if (calls === 1) throw new Error('boom')
        return [{ type: 'chunk', messageId: 'm1', text: 'after' }]
      },
      end: () => [],
    }
    const seen: Issue[] = []
    const replay = new TraceReplay(
      [{ wire: 1 }, { wire: 2 }],
      () => throwing,
      (i) => seen.push(i),
    )
    replay.seek(2)
    expect(replay.step(0)?.issues[0]?.message).toBe('the decoder threw on step 1: boom')
    expect(seen.map((i) => i.code)).toEqual(['decoder-threw'])
    expect(answer(replay)).toBe('after')
  })
})

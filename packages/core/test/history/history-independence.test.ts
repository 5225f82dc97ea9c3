import {
  type AgentUpdate,
  createInitialState,
  createTranscriptStore,
  getMessage,
  reduceAll,
  selectMessage,
  subscribeToMessage,
  subscribeToMessages,
  type TranscriptState,
} from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { createStore } from 'zustand/vanilla'

const settled = (count: number): AgentUpdate[] =>
  Array.from({ length: count }, (_, i): AgentUpdate[] => [
    { type: 'chunk', messageId: `m${i}`, text: `answer ${i}` },
    { type: 'message-done', messageId: `m${i}` },
  ]).flat()

const textOf = (state: TranscriptState, id: string) => {
  const part = getMessage(state, id)?.parts[0]
  return part && 'text' in part ? part.text : undefined
}

/** Whether `state.messages` has been built yet (it is an accessor until its first read). */
const recordBuilt = (state: TranscriptState) => Object.getOwnPropertyDescriptor(state, 'messages')?.get === undefined

describe('messages of a long transcript', () => {
  test('a chunk for one message neither builds nor copies the record of every message', () => {
    const history = reduceAll(createInitialState(), settled(2000))
    const next = reduceAll(history, [{ type: 'chunk', messageId: 'live', text: 'token' }])
    expect(recordBuilt(history)).toBe(false)
    expect(recordBuilt(next)).toBe(false)
    expect(textOf(next, 'live')).toBe('token')
    expect(getMessage(next, 'm1999')).toBe(getMessage(history, 'm1999'))
  })

  test('state.messages reads as the plain record of every message, in display order, and each state keeps its own', () => {
    const before = reduceAll(createInitialState(), settled(3))
    const after = reduceAll(before, [
      { type: 'chunk', messageId: 'live', text: 'token' },
      { type: 'message-remove', messageId: 'm0' },
    ])
    expect(Object.keys(after.messages)).toEqual(['m1', 'm2', 'live'])
    expect(Object.keys(before.messages)).toEqual(['m0', 'm1', 'm2'])
    expect(after.messages).not.toBe(before.messages)
    expect(after.messages.m1).toBe(before.messages.m1)
    expect(after.messages).toBe(after.messages) // built once, then kept
    expect(JSON.parse(JSON.stringify(after)).messages.live.parts[0].text).toBe('token')
    expect({ ...after }.messages).toEqual(after.messages)
  })

  test('a plain state (a saved transcript) is reduced as before, and a replaced record wins over the old map', () => {
    const saved = JSON.parse(JSON.stringify(reduceAll(createInitialState(), settled(2)))) as TranscriptState
    const next = reduceAll(saved, [{ type: 'chunk', messageId: 'm2', text: 'more' }])
    expect(Object.keys(next.messages)).toEqual(['m0', 'm1', 'm2'])
    expect(textOf(next, 'm0')).toBe('answer 0')
    const edited = reduceAll(next, [{ type: 'chunk', messageId: 'm3', text: 'x' }])
    edited.messages = {}
    expect(getMessage(edited, 'm3')).toBeUndefined()
    expect(selectMessage('m0')(edited)).toBeUndefined()
  })
})

describe('subscribeToMessage', () => {
  test('a flush tells only the listeners of the messages it changed', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    store.getState().apply(settled(3))
    const told: string[] = []
    for (const id of ['m0', 'm1', 'm2', 'live']) subscribeToMessage(store, id, () => told.push(id))
    store.getState().apply([
      { type: 'chunk', messageId: 'live', text: 'a' },
      { type: 'message-remove', messageId: 'm1' },
    ])
    expect(told.sort()).toEqual(['live', 'm1'])
    told.length = 0
    store.getState().apply({ type: 'chunk', messageId: 'unknown-to-listeners', text: 'b' })
    expect(told).toEqual([])
  })

  test('reset and setState from outside tell every listener; unsubscribing stops them', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    store.getState().apply(settled(2))
    const told: string[] = []
    const stop = subscribeToMessage(store, 'm0', () => told.push('m0'))
    subscribeToMessage(store, 'm1', () => told.push('m1'))
    store.getState().reset()
    expect(told.sort()).toEqual(['m0', 'm1'])
    store.setState({ session: { title: 'renamed' } })
    expect(told).toHaveLength(4)
    stop()
    store.getState().apply({ type: 'chunk', messageId: 'm0', text: 'again' })
    expect(told).toHaveLength(4)
  })

  test('a store made some other way is watched whole: the listener hears when its message changes', () => {
    const store = createStore<TranscriptState>()(() => createInitialState())
    const told: number[] = []
    subscribeToMessage(store, 'm', () => told.push(1))
    store.setState(reduceAll(store.getState(), [{ type: 'chunk', messageId: 'other', text: 'x' }]), true)
    expect(told).toEqual([])
    store.setState(reduceAll(store.getState(), [{ type: 'chunk', messageId: 'm', text: 'x' }]), true)
    expect(told).toEqual([1])
  })
})

describe('subscribeToMessages', () => {
  test('one listener hears a flush that changed any of its messages; others, and unsubscribing, leave it alone', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    store.getState().apply(settled(4))
    let told = 0
    const stop = subscribeToMessages(store, ['m0', 'm1'], () => told++)
    const m1Told: string[] = []
    // A second listener on one of the same messages: both are told, and each unsubscribes alone.
    const stopM1 = subscribeToMessage(store, 'm1', () => m1Told.push('m1'))
    store.getState().apply({ type: 'full', messageId: 'm2', target: 'text', text: 'changed' })
    expect(told).toBe(0)
    store.getState().apply({ type: 'full', messageId: 'm1', target: 'text', text: 'changed' })
    expect(told).toBe(1)
    expect(m1Told).toEqual(['m1'])
    stopM1()
    store.getState().apply({ type: 'full', messageId: 'm0', target: 'text', text: 'changed' })
    expect(told).toBe(2)
    stop()
    store.getState().apply([
      { type: 'full', messageId: 'm0', target: 'text', text: 'again' },
      { type: 'full', messageId: 'm1', target: 'text', text: 'again' },
    ])
    expect(told).toBe(2)
    expect(m1Told).toEqual(['m1'])
  })

  test('a store made some other way is watched whole', () => {
    const store = createStore<TranscriptState>()(() => createInitialState())
    let told = 0
    subscribeToMessages(store, ['a', 'b'], () => told++)
    store.setState(reduceAll(store.getState(), [{ type: 'chunk', messageId: 'other', text: 'x' }]), true)
    expect(told).toBe(0)
    store.setState(reduceAll(store.getState(), [{ type: 'chunk', messageId: 'b', text: 'x' }]), true)
    expect(told).toBe(1)
  })
})

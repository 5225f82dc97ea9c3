import { createTranscriptStore, type TranscriptStore } from '@palimpsest/core'
import { expect, test } from 'vitest'

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))
const textOf = (store: TranscriptStore) => {
  const part = store.getState().messages.m?.parts[0]
  return part && 'text' in part ? part.text : undefined
}

test('in a browser the store applies queued updates once per animation frame, with one notification', async () => {
  const store = createTranscriptStore()
  let notifications = 0
  store.subscribe(() => notifications++)
  const { apply } = store.getState()
  apply({ type: 'chunk', messageId: 'm', text: 'old' })
  apply({ type: 'clear', messageId: 'm', target: 'text' })
  apply({ type: 'chunk', messageId: 'm', text: 'new' })
  expect(store.getState().messages.m).toBeUndefined()
  await nextFrame()
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(notifications).toBe(1)
  expect(store.getState().messages.m?.parts[0]).toMatchObject({ kind: 'text', text: 'new', epoch: 1 })
})

test('updates that arrive in different frames are reduced in different batches; a subscriber never sees the cleared buffer', async () => {
  const store = createTranscriptStore()
  const seen: (string | undefined)[] = []
  store.subscribe(() => seen.push(textOf(store)))
  const { apply } = store.getState()
  apply({ type: 'chunk', messageId: 'm', text: 'draft' })
  await nextFrame()
  await nextFrame()
  apply({ type: 'clear', messageId: 'm', target: 'text' })
  apply({ type: 'chunk', messageId: 'm', text: 'final ' })
  apply({ type: 'chunk', messageId: 'm', text: 'answer' })
  await nextFrame()
  await nextFrame()
  expect(seen).toEqual(['draft', 'final answer'])
})

test('a hundred streaming stores ask for one animation frame at a time, and every one of them flushes', async () => {
  const requestFrame = window.requestAnimationFrame
  const waitFrame = () => new Promise((resolve) => requestFrame.call(window, resolve))
  let requests = 0
  window.requestAnimationFrame = (callback) => {
    requests++
    return requestFrame.call(window, callback)
  }
  try {
    const stores = Array.from({ length: 100 }, () => createTranscriptStore())
    for (const [index, store] of stores.entries())
      store.getState().apply({ type: 'chunk', messageId: 'm', text: `stream ${index}` })
    expect(requests).toBe(1)
    let frames = 0
    while (stores.some((store) => textOf(store) === undefined) && frames < 100) {
      await waitFrame()
      frames++
    }
    expect(stores.map(textOf)).toEqual(stores.map((_, index) => `stream ${index}`))
    expect(requests).toBeLessThanOrEqual(frames)
  } finally {
    window.requestAnimationFrame = requestFrame
  }
})

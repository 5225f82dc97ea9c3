import { createTranscriptStore } from '@palimpsest/core'
import { expect, test } from 'vitest'

test('in a browser the store applies queued updates once per animation frame, with one notification', async () => {
  const store = createTranscriptStore()
  let notifications = 0
  store.subscribe(() => notifications++)
  const { apply } = store.getState()
  apply({ type: 'chunk', messageId: 'm', text: 'old' })
  apply({ type: 'clear', messageId: 'm', target: 'text' })
  apply({ type: 'chunk', messageId: 'm', text: 'new' })
  expect(store.getState().messages.m).toBeUndefined()
  await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(notifications).toBe(1)
  expect(store.getState().messages.m?.parts[0]).toMatchObject({ kind: 'text', text: 'new', epoch: 1 })
})

import { createTranscriptStore, toMarkdown } from '@palimpsest/core'
import { expect, test } from 'vitest'

test('a cleared draft is replaced by the re-pushed text', () => {
  const store = createTranscriptStore({ schedule: 'sync' })
  const { apply } = store.getState()
  apply({ type: 'chunk', messageId: 'm1', text: 'Draft ' })
  apply({ type: 'chunk', messageId: 'm1', text: 'answer' })
  apply({ type: 'clear', messageId: 'm1', target: 'text' })
  apply({ type: 'chunk', messageId: 'm1', text: 'Final answer' })
  apply({ type: 'turn-end', stopReason: 'end_turn' })
  const message = store.getState().messages.m1
  expect(message?.parts).toMatchObject([{ kind: 'text', text: 'Final answer', epoch: 1, status: 'done' }])
  expect(message?.status).toBe('complete')
  expect(toMarkdown(store.getState())).toBe('## Assistant\n\nFinal answer\n')
})

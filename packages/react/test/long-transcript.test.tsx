import type { AgentUpdate } from '@palimpsest/core'
import { render, screen } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { type MessageComponentProps, Transcript } from '../src'
import { applyNow, syncStore } from './render-helpers'

function PlainMessage({ message }: MessageComponentProps) {
  return <p data-testid={message.id}>{message.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('')}</p>
}
const components = { Message: PlainMessage }

function settled(count: number): AgentUpdate[] {
  const updates: AgentUpdate[] = []
  for (let i = 0; i < count; i++) {
    updates.push({ type: 'chunk', messageId: `m${i}`, text: `answer ${i}` })
    updates.push({ type: 'message-done', messageId: `m${i}` })
  }
  return updates
}

/** How many times the mounted Transcript reads the store while one chunk is flushed into the live message. */
function readsPerChunk(settledCount: number): number {
  const store = syncStore()
  applyNow(store, [...settled(settledCount), { type: 'chunk', messageId: 'live', text: 'start' }])
  const { unmount } = render(<Transcript store={store} components={components} />)
  const getState = vi.spyOn(store, 'getState')
  applyNow(store, { type: 'chunk', messageId: 'live', text: ' and more' })
  const reads = getState.mock.calls.length
  expect(screen.getByTestId('live').textContent).toBe('start and more')
  getState.mockRestore()
  unmount()
  return reads
}

test('a chunk costs the mounted transcript the same reads of the store under 300 settled messages as under 3', () => {
  const few = readsPerChunk(3)
  const many = readsPerChunk(300)
  expect(few).toBeGreaterThan(0)
  expect(many).toBe(few)
})

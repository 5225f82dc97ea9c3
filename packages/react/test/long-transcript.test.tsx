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

test('settled messages keep no resize observer: only the streaming message and the scroller are observed', () => {
  const observed = new Set<Element>()
  class CountingResizeObserver {
    private readonly elements = new Set<Element>()
    observe(element: Element) {
      this.elements.add(element)
      observed.add(element)
    }
    unobserve(element: Element) {
      this.elements.delete(element)
      observed.delete(element)
    }
    disconnect() {
      for (const element of this.elements) observed.delete(element)
      this.elements.clear()
    }
  }
  vi.stubGlobal('ResizeObserver', CountingResizeObserver)
  try {
    const store = syncStore()
    applyNow(store, [...settled(50), { type: 'chunk', messageId: 'live', text: 'streaming' }])
    const { container } = render(<Transcript store={store} />)
    const live = container.querySelector('[data-message-id="live"]')
    const inLive = [...observed].filter((element) => live?.contains(element))
    expect(inLive).toHaveLength(1)
    // The scroller and its content (stick-to-bottom), and the live message's text.
    expect(observed.size).toBe(3)
    applyNow(store, { type: 'message-done', messageId: 'live' })
    expect(observed.size).toBe(2)
  } finally {
    vi.unstubAllGlobals()
  }
})

test('a transcript longer than one group of the list shows every message once, in order, through removals and additions', () => {
  const store = syncStore()
  applyNow(store, settled(150))
  const { container } = render(<Transcript store={store} components={components} />)
  const shownIds = () => [...container.querySelectorAll('p[data-testid]')].map((p) => p.getAttribute('data-testid'))
  const expected = Array.from({ length: 150 }, (_, i) => `m${i}`)
  expect(shownIds()).toEqual(expected)
  applyNow(store, { type: 'message-remove', messageId: 'm10' })
  applyNow(store, { type: 'chunk', messageId: 'new', text: 'latest' })
  expect(shownIds()).toEqual([...expected.filter((id) => id !== 'm10'), 'new'])
  expect(screen.getByTestId('new').textContent).toBe('latest')
})

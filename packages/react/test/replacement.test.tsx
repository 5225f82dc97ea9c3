import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { Transcript } from '../src'
import { applyNow, syncStore } from './render-helpers'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function setup(holdMs?: number) {
  const store = syncStore()
  const view = render(<Transcript store={store} {...(holdMs !== undefined && { holdMs })} />)
  const textPart = () => view.container.querySelector('[data-palimpsest-part="text"]') as HTMLElement
  return { store, textPart }
}

test('a cleared text stays visible, marked replacing, until its new text arrives; old and new never mix', () => {
  const { store, textPart } = setup()
  applyNow(store, { type: 'chunk', messageId: 'm', text: 'Old draft answer' })
  const element = textPart()
  applyNow(store, { type: 'clear', messageId: 'm', target: 'text' })
  expect(textPart()).toBe(element)
  expect(element.dataset.state).toBe('replacing')
  expect(element.textContent).toBe('Old draft answer')

  act(() => vi.advanceTimersByTime(100))
  applyNow(store, { type: 'chunk', messageId: 'm', text: 'New' })
  expect(element.dataset.state).toBe('streaming')
  expect(element.textContent).toBe('New')
  applyNow(store, { type: 'chunk', messageId: 'm', text: ' final answer' })
  expect(element.textContent).toBe('New final answer')
  expect(textPart()).toBe(element)
})

test('after the hold the cleared text goes; the hold length is configurable', () => {
  const { store, textPart } = setup(1000)
  applyNow(store, { type: 'chunk', messageId: 'm', text: 'Draft' })
  applyNow(store, { type: 'clear', messageId: 'm', target: 'text' })
  act(() => vi.advanceTimersByTime(999))
  expect(textPart().textContent).toBe('Draft')
  act(() => vi.advanceTimersByTime(1))
  expect(textPart().dataset.state).toBe('streaming')
  expect(textPart().textContent).toBe('')
  applyNow(store, { type: 'chunk', messageId: 'm', text: 'Rewritten' })
  expect(textPart().textContent).toBe('Rewritten')
})

test('repeated clears keep showing the last real content and do not extend the hold', () => {
  const { store, textPart } = setup(400)
  applyNow(store, { type: 'chunk', messageId: 'm', text: 'Shown' })
  applyNow(store, { type: 'clear', messageId: 'm', target: 'text' })
  act(() => vi.advanceTimersByTime(300))
  applyNow(store, [
    { type: 'chunk', messageId: 'm', text: '' },
    { type: 'clear', messageId: 'm', target: 'text' },
  ])
  expect(textPart().textContent).toBe('Shown')
  act(() => vi.advanceTimersByTime(100))
  expect(textPart().textContent).toBe('')
})

test('a full replacement swaps the content in one render, in the same element', () => {
  const { store, textPart } = setup()
  applyNow(store, { type: 'chunk', messageId: 'm', text: 'Streaming words' })
  const element = textPart()
  applyNow(store, { type: 'full', messageId: 'm', text: 'Complete replacement', final: true })
  expect(textPart()).toBe(element)
  expect(element.textContent).toBe('Complete replacement')
  expect(element.dataset.state).toBe('done')
  expect(element.dataset.epoch).toBe('1')
})

test('a message that finishes while its text is cleared shows the cleared state at once', () => {
  const { store, textPart } = setup()
  applyNow(store, { type: 'chunk', messageId: 'm', text: 'Retracted draft' })
  applyNow(store, { type: 'clear', messageId: 'm', target: 'text' })
  expect(textPart().textContent).toBe('Retracted draft')
  applyNow(store, { type: 'message-done', messageId: 'm' })
  expect(textPart().textContent).toBe('')
  expect(textPart().dataset.state).toBe('done')
})

test('cleared reasoning is held the same way inside its panel', () => {
  const { store } = setup()
  applyNow(store, { type: 'thought', messageId: 'm', text: 'First idea' })
  const panel = document.querySelector('[data-palimpsest-part="reasoning"] [data-epoch]') as HTMLElement
  applyNow(store, { type: 'clear', messageId: 'm', target: 'thought' })
  expect(panel.dataset.state).toBe('replacing')
  expect(panel.textContent).toBe('First idea')
  applyNow(store, { type: 'thought', messageId: 'm', text: 'Better idea' })
  expect(panel.textContent).toBe('Better idea')
})

import type { AgentUpdate, TranscriptStore } from '@palimpsest/core'
import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ResponseIndicator, Transcript, TranscriptProvider } from '../../src'
import { applyNow, syncStore } from '../render-helpers'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const user: AgentUpdate = { type: 'chunk', messageId: 'u1', role: 'user', text: 'Plan my trip' }
const answer = (text: string): AgentUpdate => ({ type: 'chunk', messageId: 'a1', text })

function setup(holdMs = 400) {
  const store: TranscriptStore = syncStore()
  const view = render(
    <TranscriptProvider store={store}>
      <Transcript holdMs={holdMs} />
      <ResponseIndicator />
    </TranscriptProvider>,
  )
  const indicator = () => view.container.querySelector('[data-palimpsest-response-indicator]') as HTMLElement
  const live = () => indicator().querySelector('[role="status"]') as HTMLElement
  const answerText = () => view.container.querySelector('[data-message-id="a1"] [data-palimpsest-part="text"]')
  return { store, indicator, live, answerText }
}

describe('ResponseIndicator', () => {
  test('shows from the start of a turn until the first visible token, then never beside the text', () => {
    const { store, indicator, answerText } = setup()
    expect(indicator().dataset.state).toBe('hidden')
    applyNow(store, [{ type: 'turn-start' }, user])
    expect(indicator().dataset.state).toBe('visible')
    expect(indicator().dataset.reason).toBe('first-token')
    // A message with nothing in it yet is not a visible token.
    applyNow(store, { type: 'message-start', messageId: 'a1', role: 'assistant' })
    expect(indicator().dataset.state).toBe('visible')
    applyNow(store, answer('Sure'))
    expect(indicator().dataset.state).toBe('hidden')
    expect(answerText()?.textContent).toBe('Sure')
  })

  test('reasoning or a tool call is visible content too', () => {
    const { store, indicator } = setup()
    applyNow(store, [{ type: 'turn-start' }, user])
    applyNow(store, { type: 'tool-call', messageId: 'a1', toolCallId: 't1', name: 'search' })
    expect(indicator().dataset.state).toBe('hidden')
  })

  test('a cleared answer: hidden while the old text is held, shown after the hold, hidden when new text arrives', () => {
    const { store, indicator, answerText } = setup(400)
    applyNow(store, [{ type: 'turn-start' }, user, answer('First draft')])
    applyNow(store, { type: 'clear', messageId: 'a1', target: 'text' })
    expect(answerText()?.getAttribute('data-state')).toBe('replacing')
    expect(indicator().dataset.state).toBe('hidden')
    act(() => vi.advanceTimersByTime(399))
    expect(indicator().dataset.state).toBe('hidden')
    act(() => vi.advanceTimersByTime(50))
    expect(answerText()?.textContent).toBe('')
    expect(indicator().dataset.state).toBe('visible')
    expect(indicator().dataset.reason).toBe('cleared')
    applyNow(store, answer('Better answer'))
    expect(indicator().dataset.state).toBe('hidden')
    expect(answerText()?.textContent).toBe('Better answer')
  })

  test('new text within the hold never shows the indicator', () => {
    const { store, indicator } = setup(400)
    applyNow(store, [{ type: 'turn-start' }, user, answer('First draft')])
    applyNow(store, { type: 'clear', messageId: 'a1', target: 'text' })
    act(() => vi.advanceTimersByTime(200))
    applyNow(store, answer('Second'))
    act(() => vi.advanceTimersByTime(1000))
    expect(indicator().dataset.state).toBe('hidden')
  })

  test('hidden once the turn ends, even with nothing shown', () => {
    const { store, indicator } = setup()
    applyNow(store, [{ type: 'turn-start' }, user])
    applyNow(store, { type: 'turn-end', stopReason: 'end_turn' })
    expect(indicator().dataset.state).toBe('hidden')
  })

  test('announced once per turn through role="status", not again when a cleared answer waits', () => {
    const { store, live, indicator } = setup(100)
    // Every change of the live region's text is one announcement.
    const announcements: string[] = []
    const step = (run: () => void) => {
      run()
      const text = live().textContent ?? ''
      if (text !== (announcements.at(-1) ?? '')) announcements.push(text)
    }
    step(() => applyNow(store, [{ type: 'turn-start' }, user]))
    expect(live().textContent).toBe('Assistant is responding')
    step(() => applyNow(store, answer('Draft')))
    step(() => applyNow(store, { type: 'clear', messageId: 'a1', target: 'text' }))
    step(() => act(() => vi.advanceTimersByTime(500)))
    expect(indicator().dataset.reason).toBe('cleared')
    step(() => applyNow(store, answer('Final')))
    step(() => applyNow(store, { type: 'turn-end' }))
    step(() =>
      applyNow(store, [{ type: 'turn-start' }, { type: 'chunk', messageId: 'u2', role: 'user', text: 'Thanks' }]),
    )
    expect(announcements.filter((text) => text !== '')).toEqual(['Assistant is responding', 'Assistant is responding'])
  })
})

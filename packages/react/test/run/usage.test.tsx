import { render } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { Transcript, TranscriptProvider, Usage } from '../../src'
import { applyNow, syncStore } from '../render-helpers'

const rows = (root: ParentNode | null | undefined) =>
  [...(root?.querySelectorAll('[data-usage]') ?? [])].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ])

describe('Usage', () => {
  test('shows the latest turn’s summed usage, outside the message list', () => {
    const store = syncStore()
    const view = render(
      <TranscriptProvider store={store}>
        <Transcript />
        <Usage locale="en-US" />
      </TranscriptProvider>,
    )
    expect(view.container.querySelector('[data-palimpsest-usage]')).toBeNull()
    applyNow(store, [
      { type: 'chunk', messageId: 'm', text: 'Answer' },
      { type: 'usage', usage: { inputTokens: 1000, outputTokens: 20 } },
      { type: 'usage', usage: { inputTokens: 184, outputTokens: 117, totalTokens: 1321 } },
    ])
    const usage = view.container.querySelector('[data-palimpsest-usage]')
    expect(usage?.closest('[data-palimpsest-messages]')).toBeNull()
    expect(view.container.querySelector('[data-palimpsest-messages] [data-palimpsest-usage]')).toBeNull()
    expect(rows(usage)).toEqual([
      ['Input', '1,184'],
      ['Output', '137'],
      ['Total', '1,321'],
    ])
  })

  test('per message, per turn and for the whole session', () => {
    const store = syncStore()
    const view = render(
      <TranscriptProvider store={store}>
        <div data-scope="message">
          <Usage messageId="a" locale="en-US" />
        </div>
        <div data-scope="first">
          <Usage turnId="turn-1" locale="en-US" />
        </div>
        <div data-scope="session">
          <Usage turnId="session" locale="en-US" />
        </div>
      </TranscriptProvider>,
    )
    applyNow(store, [
      { type: 'chunk', messageId: 'a', text: 'one' },
      { type: 'usage', messageId: 'a', usage: { outputTokens: 5 } },
      { type: 'turn-end', usage: { inputTokens: 10 } },
      { type: 'chunk', messageId: 'b', text: 'two' },
      { type: 'turn-end', usage: { inputTokens: 30, outputTokens: 7 } },
    ])
    const scope = (name: string) => view.container.querySelector(`[data-scope="${name}"]`)
    expect(rows(scope('message'))).toEqual([['Output', '5']])
    expect(rows(scope('first'))).toEqual([
      ['Input', '10'],
      ['Output', '5'],
    ])
    expect(rows(scope('session'))).toEqual([
      ['Input', '40'],
      ['Output', '12'],
    ])
  })

  test('ACP context usage: tokens in context of the window, and the cost in the session currency', () => {
    const store = syncStore()
    const view = render(
      <TranscriptProvider store={store}>
        <Usage locale="en-US" />
      </TranscriptProvider>,
    )
    applyNow(store, [
      { type: 'session-update', session: { costCurrency: 'USD' } },
      { type: 'usage', mode: 'replace', usage: { totalTokens: 53000, contextWindow: 200000, cost: 0.045 } },
    ])
    expect(rows(view.container)).toEqual([
      ['Total', '53,000'],
      ['Context', '53,000 / 200,000'],
      ['Cost', '$0.045'],
    ])
  })

  test('an unknown currency code does not break rendering', () => {
    const store = syncStore()
    const view = render(
      <TranscriptProvider store={store}>
        <Usage locale="en-US" />
      </TranscriptProvider>,
    )
    applyNow(store, [
      { type: 'session-update', session: { costCurrency: 'not a currency' } },
      { type: 'usage', usage: { cost: 1.5 } },
    ])
    expect(rows(view.container)).toEqual([['Cost', '1.5 not a currency']])
  })
})

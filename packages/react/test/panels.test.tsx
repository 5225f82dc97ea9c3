import type { ReasoningPart } from '@palimpsest/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { memo } from 'react'
import { expect, test } from 'vitest'
import { type PartProps, Reasoning, Transcript } from '../src'
import { everyPartKind } from './every-part-kind'
import { applyNow, syncStore } from './render-helpers'

const reasoningTrigger = (name: RegExp | string = /Thinking…|Reasoning/) => screen.getByRole('button', { name })

test('reasoning is open while it streams and closes when done', () => {
  const store = syncStore()
  render(<Transcript store={store} />)
  applyNow(store, { type: 'thought', messageId: 'm', text: 'Let me think' })
  const trigger = reasoningTrigger('Thinking…')
  expect(trigger.getAttribute('aria-expanded')).toBe('true')
  expect(trigger.dataset.state).toBe('open')
  const content = document.getElementById(trigger.getAttribute('aria-controls') as string) as HTMLElement
  expect(content.hidden).toBe(false)
  expect(content.textContent).toContain('Let me think')

  applyNow(store, { type: 'chunk', messageId: 'm', text: 'The answer' })
  expect(reasoningTrigger('Reasoning').getAttribute('aria-expanded')).toBe('false')
  expect(content.hidden).toBe(true)
  expect(content.dataset.state).toBe('closed')
})

test('a panel the app composes follows its streaming part, even where the app memoised its children', () => {
  // Nothing re-renders `Thoughts` from above: it reads the part from the panel as the part changes.
  const Thoughts = memo(function Thoughts() {
    return <Reasoning.Content data-testid="thoughts" />
  })
  function AppReasoning(props: PartProps<ReasoningPart>) {
    return (
      <Reasoning.Root {...props}>
        <Reasoning.Trigger />
        <Thoughts />
      </Reasoning.Root>
    )
  }
  const store = syncStore()
  render(<Transcript store={store} components={{ reasoning: AppReasoning }} />)
  applyNow(store, { type: 'thought', messageId: 'm', text: 'Let me' })
  applyNow(store, { type: 'thought', messageId: 'm', text: ' think **harder**' })
  expect(screen.getByTestId('thoughts').textContent).toBe('Let me think harder')
  applyNow(store, { type: 'full', messageId: 'm', target: 'thought', text: 'Settled on an answer' })
  expect(screen.getByTestId('thoughts').textContent).toBe('Settled on an answer')
})

test('the user wins: a panel closed while streaming stays closed, one opened after stays open across remounts', async () => {
  const store = syncStore()
  const { unmount } = render(<Transcript store={store} />)
  applyNow(store, { type: 'thought', messageId: 'm', text: 'Hmm' })
  await userEvent.click(reasoningTrigger())
  expect(reasoningTrigger().getAttribute('aria-expanded')).toBe('false')
  applyNow(store, { type: 'thought', messageId: 'm', text: ' still thinking' })
  expect(reasoningTrigger().getAttribute('aria-expanded')).toBe('false')

  applyNow(store, [
    { type: 'chunk', messageId: 'm', text: 'Done.' },
    { type: 'message-done', messageId: 'm' },
  ])
  await userEvent.click(reasoningTrigger())
  expect(reasoningTrigger().getAttribute('aria-expanded')).toBe('true')

  // Remounting (a route change, a virtualised row) keeps the user's choice.
  unmount()
  render(<Transcript store={store} />)
  expect(reasoningTrigger().getAttribute('aria-expanded')).toBe('true')
})

test('a new message streaming its reasoning does not re-open earlier reasoning panels', () => {
  const store = syncStore()
  render(<Transcript store={store} />)
  applyNow(store, [
    { type: 'thought', messageId: 'a', text: 'first thoughts' },
    { type: 'chunk', messageId: 'a', text: 'first answer' },
    { type: 'message-done', messageId: 'a' },
    { type: 'thought', messageId: 'b', text: 'second thoughts' },
  ])
  const triggers = screen.getAllByRole('button', { name: /Thinking…|Reasoning/ })
  expect(triggers.map((t) => t.getAttribute('aria-expanded'))).toEqual(['false', 'true'])
})

test('a transcript restored from a saved state shows finished reasoning closed (no flash open)', () => {
  const source = syncStore()
  applyNow(source, [
    { type: 'thought', messageId: 'a', text: 'old thoughts' },
    { type: 'chunk', messageId: 'a', text: 'answer' },
    { type: 'turn-end' },
  ])
  const { container } = render(<Transcript store={source} />)
  expect(container.querySelector('[data-palimpsest-part="reasoning"]')?.getAttribute('data-state')).toBe('closed')
})

test('every panel is operable from the keyboard: Tab to the trigger, Enter and Space toggle it', async () => {
  const store = syncStore()
  applyNow(store, everyPartKind)
  render(<Transcript store={store} />)
  const user = userEvent.setup()
  const triggers = screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-expanded'))
  expect(triggers.length).toBe(7) // reasoning, plan, five tool calls
  for (const trigger of triggers) {
    const before = trigger.getAttribute('aria-expanded')
    const after = before === 'true' ? 'false' : 'true'
    trigger.focus()
    await user.keyboard('{Enter}')
    expect(trigger.getAttribute('aria-expanded')).toBe(after)
    await user.keyboard(' ')
    expect(trigger.getAttribute('aria-expanded')).toBe(before)
  }
  // Focus reaches the triggers with Tab, in document order.
  ;(document.activeElement as HTMLElement).blur()
  await user.tab() // the log itself is focusable for keyboard scrolling
  expect(document.activeElement?.getAttribute('role')).toBe('log')
  await user.tab()
  expect(document.activeElement).toBe(triggers[0])
})

test('tool calls show the streamed input pretty-printed, a line diff, terminal placeholder and locations', async () => {
  const store = syncStore()
  applyNow(store, everyPartKind)
  const { container } = render(<Transcript store={store} />)
  for (const name of [/Read src\/sum.ts/, /Edit src\/sum.ts/, /npm test/])
    await userEvent.click(screen.getByRole('button', { name }))
  const edit = container.querySelector('[data-tool-name="edit_file"]') as HTMLElement
  expect(edit.querySelector('[data-palimpsest-tool-section="input"] code')?.textContent).toBe(
    '{\n  "path": "src/sum.ts",\n  "patch": {\n    "op": "replace"',
  )
  const rows = [...edit.querySelectorAll('[data-change]')].map(
    (r) => `${r.getAttribute('data-change')}:${r.textContent}`,
  )
  expect(rows).toEqual(['delete:-export const sum = (a, b) => a - b', 'insert:+export const sum = (a, b) => a + b'])
  const run = container.querySelector('[data-tool-name="run_tests"]') as HTMLElement
  expect(run.dataset.status).toBe('failed')
  expect(run.querySelector('[data-terminal-id="term-1"]')?.textContent).toContain('Terminal term-1')
  expect(run.textContent).toContain('exit code 1')
  const read = container.querySelector('[data-tool-name="read_file"]') as HTMLElement
  expect(read.querySelector('[data-path="src/sum.ts"]')?.textContent).toBe('src/sum.ts:1')
})

test('the input of a streaming tool call grows in place as deltas arrive', async () => {
  const store = syncStore()
  render(<Transcript store={store} panels={{ 'tool-call': 'while-streaming' }} />)
  applyNow(store, { type: 'tool-call', messageId: 'm', toolCallId: 't', name: 'search', status: 'in_progress' })
  const chunks = ['{"que', 'ry": "rea', 'ct", "tags": [1, ', '2]}']
  for (const inputText of chunks) applyNow(store, { type: 'tool-call-delta', toolCallId: 't', inputText })
  const code = document.querySelector('[data-palimpsest-tool-section="input"] code')
  expect(code?.textContent).toBe(JSON.stringify({ query: 'react', tags: [1, 2] }, null, 2))
  expect(screen.getByRole('button', { name: /search/ }).getAttribute('aria-expanded')).toBe('true')
  applyNow(store, { type: 'tool-call-update', toolCallId: 't', status: 'completed', output: 'found 3' })
  expect(screen.getByRole('button', { name: /search/ }).getAttribute('aria-expanded')).toBe('false')
})

import { render } from '@testing-library/react'
import { createRef } from 'react'
import { expect, test } from 'vitest'
import { Message, TranscriptProvider } from '../src'
import { applyNow, syncStore } from './render-helpers'

test('a message and its parts forward refs to their elements, so an app can measure or scroll to them', () => {
  const store = syncStore()
  applyNow(store, [
    { type: 'thought', messageId: 'm', text: 'thinking' },
    { type: 'chunk', messageId: 'm', text: 'the answer' },
  ])
  const byId = createRef<HTMLElement>()
  const root = createRef<HTMLElement>()
  const header = createRef<HTMLElement>()
  const primary = createRef<HTMLDivElement>()
  const secondary = createRef<HTMLDivElement>()
  const message = store.getState().messages.m
  if (!message) throw new Error('no message')
  render(
    <TranscriptProvider store={store}>
      <Message ref={byId} messageId="m" />
      <Message.Root ref={root} message={message}>
        <Message.Header ref={header} />
        <Message.Secondary ref={secondary} />
        <Message.Primary ref={primary} />
      </Message.Root>
    </TranscriptProvider>,
  )
  expect(byId.current?.getAttribute('data-message-id')).toBe('m')
  expect(root.current?.tagName).toBe('ARTICLE')
  expect(header.current?.hasAttribute('data-palimpsest-message-header')).toBe(true)
  expect(secondary.current?.querySelector('[data-palimpsest-part="reasoning"]')).not.toBeNull()
  expect(primary.current?.textContent).toBe('the answer')
})

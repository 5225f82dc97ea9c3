/** `fadeIn`, `caret` and `autoDirection` on a `Transcript` reach the markdown of the part that streams. */
import { render } from '@testing-library/react'
import { expect, test } from 'vitest'
import { Transcript } from '../src'
import { applyNow, syncStore } from './render-helpers'

test('streaming reasoning and answer fade in with a caret and dir="auto"; the finished message is plain markdown', () => {
  const store = syncStore()
  const view = render(<Transcript store={store} fadeIn caret autoDirection />)
  const part = (kind: string) => view.container.querySelector(`[data-palimpsest-part="${kind}"]`)!
  const fading = (element: Element) =>
    [...element.querySelectorAll('[data-palimpsest-fade]')].map((span) => span.textContent)
  applyNow(store, { type: 'thought', messageId: 'm', text: 'Checking the forecast' })
  expect(fading(part('reasoning'))).toEqual(['Checking', 'the', 'forecast'])
  expect(part('reasoning').querySelectorAll('[data-palimpsest-caret]')).toHaveLength(1)
  applyNow(store, { type: 'chunk', messageId: 'm', text: 'مرحبا. The answer' })
  expect([...part('text').querySelectorAll('[data-palimpsest-fade]')].map((span) => span.textContent)).toEqual([
    'مرحبا.',
    'The',
    'answer',
  ])
  expect(part('text').querySelectorAll('[data-palimpsest-caret]')).toHaveLength(1)
  expect(part('text').querySelector('p')!.getAttribute('dir')).toBe('auto')
  expect(view.container.querySelectorAll('[data-palimpsest-caret]')).toHaveLength(1)

  applyNow(store, { type: 'message-done', messageId: 'm', status: 'complete' })
  expect(view.container.querySelector('[data-palimpsest-fade], [data-palimpsest-caret]')).toBeNull()
  expect(part('text').querySelector('p')!.outerHTML).toBe('<p dir="auto">مرحبا. The answer</p>')
})

test('without the options nothing is added', () => {
  const store = syncStore()
  const view = render(<Transcript store={store} />)
  applyNow(store, { type: 'chunk', messageId: 'm', text: 'The answer so far' })
  expect(view.container.querySelector('[data-palimpsest-fade], [data-palimpsest-caret], [dir]')).toBeNull()
})

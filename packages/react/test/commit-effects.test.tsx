/**
 * A commit that runs a passive effect makes React schedule a task after it. A streaming answer
 * commits on every chunk and a rewriting one on every step (a diffusion-style model repaints
 * dozens of times a second), so neither may run one: only what changes the page's state does (a
 * message starting or finishing, a clear held on screen).
 */
import type * as React from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { answerLines } from './markdown/word-swaps'

/** Passive effects that ran, by the component file that declared them (read from the stack). */
const ran: string[] = []

vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof React>()
  const useEffect: typeof react.useEffect = (effect, deps) => {
    const caller = new Error().stack?.split('\n')[2]?.trim() ?? 'unknown'
    return react.useEffect(() => {
      ran.push(caller)
      return effect()
    }, deps)
  }
  return { ...react, default: { ...react, useEffect }, useEffect }
})

const { render } = await import('@testing-library/react')
const { Transcript } = await import('../src')
const { applyNow, syncStore } = await import('./render-helpers')

afterEach(() => {
  ran.length = 0
})

const answer = answerLines.join('\n')

function streamingAnswer() {
  const store = syncStore()
  const view = render(<Transcript store={store} />)
  applyNow(store, { type: 'message-start', messageId: 'm', role: 'assistant' })
  applyNow(store, { type: 'chunk', messageId: 'm', text: answer.slice(0, 40) })
  applyNow(store, { type: 'chunk', messageId: 'm', text: answer.slice(40, 80) })
  ran.length = 0
  return { store, view }
}

test('a chunk streamed into an answer runs no effect', () => {
  const { store } = streamingAnswer()
  for (let at = 80; at < answer.length; at += 17)
    applyNow(store, { type: 'chunk', messageId: 'm', text: answer.slice(at, at + 17) })
  expect(ran).toEqual([])
})

test('a rewrite of a streaming answer (a `full` with words swapped) runs no effect, step after step', () => {
  const { store, view } = streamingAnswer()
  applyNow(store, { type: 'full', messageId: 'm', target: 'text', text: answer })
  let text = answer
  for (const [from, to] of [
    ['words', 'terms'],
    ['emphasis', 'stress'],
    ['another', 'a second'],
  ] as const) {
    text = text.replace(from, to)
    applyNow(store, { type: 'full', messageId: 'm', target: 'text', text })
  }
  expect(ran).toEqual([])
  expect(view.container.querySelector('[data-palimpsest-part="text"]')?.textContent).toContain('a second item')
})

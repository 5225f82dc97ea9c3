/**
 * A transcript that follows its store flush by flush shows what a transcript mounted on that store
 * afresh shows: random batches of the whole update vocabulary (chunks, thoughts, clears, `full`s,
 * tool calls, plans, approvals, removals, turn ends, errors) over a few shared ids. What only a live
 * transcript has is left out of the comparison: the status region's announcements, the flicker-free
 * hold of a cleared text (timers run past it), the generated ids, the order React added attributes
 * to a reused element in, and the empty `style` it leaves when a style is removed.
 */
import { createTranscriptStore, type TranscriptStore } from '@palimpsest/core'
import fc from 'fast-check'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { updateArbitrary } from '../../core/test/fuzz/update-vocabulary'
import { Transcript } from '../src'
import { canonicalHtml } from './markdown/markdown-harness'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function mounted(store: TranscriptStore) {
  const element = document.createElement('div')
  document.body.append(element)
  const root = createRoot(element)
  act(() => root.render(<Transcript store={store} />))
  return {
    html: () =>
      canonicalHtml(element.innerHTML)
        .replace(/(<div[^>]*role="status"[^>]*>)[^<]*</g, '$1<')
        .replace(/ (?:id|aria-controls|aria-labelledby|aria-describedby|for)="[^"]*"/g, '')
        .replace(/ style=""/g, ''),
    unmount() {
      act(() => root.unmount())
      element.remove()
    },
  }
}

it('a live transcript shows after every flush what a fresh one shows of the same store', { timeout: 120_000 }, () => {
  const batches = fc.array(fc.array(updateArbitrary, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 })
  fc.assert(
    fc.property(batches, (updates) => {
      const store = createTranscriptStore({ schedule: () => {} })
      const live = mounted(store)
      try {
        for (const batch of updates) {
          act(() => {
            store.getState().apply(batch)
            store.getState().flush()
          })
          act(() => vi.advanceTimersByTime(60_000))
          const fresh = mounted(store)
          const expected = fresh.html()
          fresh.unmount()
          expect(live.html(), JSON.stringify(updates)).toBe(expected)
        }
      } finally {
        live.unmount()
      }
    }),
    { numRuns: 100, seed: 5 },
  )
})

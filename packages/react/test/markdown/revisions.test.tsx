/**
 * `markRevisions`: a rewrite marks the words it gained (`data-revised`), growing text marks nothing,
 * a mark never changes what the text renders, and a burst of rewrites is announced once.
 */
import fc from 'fast-check'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { revisionBurstMs } from '../../src/markdown/revisions'
import { exampleDocuments } from './example-documents'
import { freshHtml, liveMarkdown, markdownHtml } from './markdown-harness'
import { swapWords } from './word-swaps'

const revised = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-revised]')].map((element) => element.textContent)
const status = (container: HTMLElement) => container.querySelector('[role="status"]')

describe('marked revisions', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('marks exactly the words an in-place edit changed, in the block that changed', () => {
    const live = liveMarkdown()
    const before = 'The first paragraph stays.\n\nThe answer is **forty** two.\n\n- a list\n- stays too'
    live.render({ text: before, markRevisions: true })
    expect(revised(live.container)).toEqual([])
    live.render({ text: before.replace('**forty** two', '**forty-two**, as checked'), markRevisions: true })
    expect(revised(live.container)).toEqual(['forty-two', ',', 'as', 'checked.'])
    expect(live.container.querySelector('strong')?.textContent).toBe('forty-two')
    live.unmount()
  })

  it('marks nothing while text only grows, and marks a block a rewrite inserted', () => {
    const live = liveMarkdown()
    let text = ''
    for (const chunk of ['Streaming ', 'an *answer*', ' word by word.\n\n', 'Second', ' paragraph.']) {
      text += chunk
      live.render({ text, streaming: true, markRevisions: true })
      expect(revised(live.container)).toEqual([])
    }
    live.render({ text: text.replace('\n\nSecond', '\n\nA new block.\n\nSecond'), markRevisions: true })
    expect(revised(live.container)).toEqual(['A', 'new', 'block.'])
    live.unmount()
  })

  it('marks nothing and renders no live region without the option', () => {
    const live = liveMarkdown()
    live.render({ text: 'One two three.' })
    live.render({ text: 'One four three.' })
    expect(revised(live.container)).toEqual([])
    expect(status(live.container)).toBeNull()
    live.unmount()
  })

  it('announces a burst of rewrites once, and the next burst again', () => {
    const live = liveMarkdown()
    live.render({ text: 'Step 0 of the answer.', markRevisions: true })
    const region = status(live.container)!
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.textContent).toBe('')
    const observer = new MutationObserver(() => {})
    observer.observe(region, { childList: true, characterData: true, subtree: true })
    const shown: string[] = []
    for (let step = 1; step <= 20; step++) {
      live.render({ text: `Step ${step} of the answer.`, markRevisions: true })
      act(() => vi.advanceTimersByTime(100))
      shown.push(region.textContent ?? '')
    }
    // Said once: the region's text changed once during the whole burst.
    expect(shown.every((text) => text === 'Answer revised')).toBe(true)
    expect(observer.takeRecords().length).toBe(1)
    act(() => vi.advanceTimersByTime(revisionBurstMs))
    expect(region.textContent).toBe('')
    live.render({ text: 'The final answer.', markRevisions: true })
    act(() => vi.advanceTimersByTime(10))
    expect(region.textContent).toBe('Answer revised')
    observer.disconnect()
    live.unmount()
  })
})

describe('marked revisions of random rewrites', () => {
  const documents = exampleDocuments.filter((markdown) => /\p{L}/u.test(markdown))
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('swap' as const),
      picks: fc.array(fc.record({ index: fc.nat(), word: fc.nat() }), { minLength: 1, maxLength: 4 }),
    }),
    fc.record({
      kind: fc.constant('splice' as const),
      at: fc.nat(),
      length: fc.nat(12),
      insert: fc.constantFrom('', 'new words', '\n\n', '**x** ', '- '),
    }),
    fc.record({
      kind: fc.constant('append' as const),
      text: fc.constantFrom(' more', '\n\nA new paragraph.', '\n- item'),
    }),
  )
  type Step = typeof step extends fc.Arbitrary<infer S> ? S : never
  const next = (text: string, change: Step): string => {
    if (change.kind === 'swap') return swapWords(text, change.picks, ['alpha', 'Über', 'one2', 'x'])
    if (change.kind === 'append') return text + change.text
    const at = change.at % (text.length + 1)
    return text.slice(0, at) + change.insert + text.slice(at + change.length)
  }
  /** The markdown's blocks as HTML with every mark unwrapped: what the text renders, marks aside. */
  const unmarkedHtml = (container: HTMLElement) => {
    const copy = container.cloneNode(true) as HTMLElement
    for (const mark of copy.querySelectorAll('[data-revised]')) mark.replaceWith(...mark.childNodes)
    copy.normalize()
    return markdownHtml(copy)
  }

  it('render every step as a fresh render without marks does, once the marks are unwrapped', {
    timeout: 120_000,
  }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...documents),
        fc.array(step, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (document, steps, streaming) => {
          const live = liveMarkdown()
          let text = document
          live.render({ text, streaming, markRevisions: true })
          for (const change of steps) {
            text = next(text, change)
            live.render({ text, streaming, markRevisions: true })
            expect(unmarkedHtml(live.container), JSON.stringify(text)).toBe(freshHtml({ text, streaming }))
          }
          live.unmount()
        },
      ),
      { numRuns: 300, seed: 2611 },
    )
  })
})

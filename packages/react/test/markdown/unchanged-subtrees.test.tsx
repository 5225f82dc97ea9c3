/**
 * A block that renders again (its text grew, or a rewrite changed a word in it) hands React the
 * same element for every part of it that did not change, so React renders nothing below it: a
 * user's component for a link or a list item earlier in a streaming block renders once, not once
 * per chunk. The render still equals react-markdown's.
 */
import type { ComponentProps } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { MarkdownComponents } from '../../src/markdown'
import { type LiveMarkdown, liveMarkdown, referenceHtml, renderedHtml } from './markdown-harness'

let live: LiveMarkdown | undefined
afterEach(() => {
  live?.unmount()
  live = undefined
})

function countingComponents() {
  const renders = { a: 0, li: 0 }
  const components: MarkdownComponents = {
    a: ({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) => {
      renders.a++
      return <a {...props} />
    },
    li: ({ node: _node, ...props }: ComponentProps<'li'> & { node?: unknown }) => {
      renders.li++
      return <li {...props} />
    },
  }
  return { renders, components }
}

describe('a block rendered again re-renders only what changed', () => {
  it('a link earlier in a streaming paragraph renders once while words are appended after it', () => {
    const { renders, components } = countingComponents()
    live = liveMarkdown()
    let text = 'See [the docs](https://example.com/docs) for'
    live.render({ text, streaming: true, components })
    for (const word of [' more', ' on', ' how', ' it', ' works.']) {
      text += word
      live.render({ text, streaming: true, components })
    }
    expect(renders.a).toBe(1)
    live.render({ text, streaming: false, components })
    expect(renderedHtml(live)).toBe(referenceHtml(text, { components }))
  })

  it('a rewrite re-renders the link whose words it changed, and not the one before it', () => {
    const { renders, components } = countingComponents()
    live = liveMarkdown()
    const before = 'Read [the guide](/guide) and [the docs](/docs) today.'
    live.render({ text: before, streaming: true, components })
    expect(renders.a).toBe(2)
    const after = 'Read [the guide](/guide) and [the manual](/docs) today.'
    live.render({ text: after, streaming: true, components })
    expect(renders.a).toBe(3)
    live.render({ text: after, streaming: false, components })
    expect(renderedHtml(live)).toBe(referenceHtml(after, { components }))
  })

  it('the items of a streaming list render once each, however many items follow them', () => {
    const { renders, components } = countingComponents()
    live = liveMarkdown()
    let text = ''
    for (let item = 1; item <= 12; item++) {
      text += `- item number ${item}\n`
      live.render({ text, streaming: true, components })
    }
    // A streaming list renders its last two items live and the others in pages of settled items:
    // an item renders when it appears, when the next one makes it the first live item (components
    // get `node`, and its position in the live items moved), and when it joins a page; never again
    // while the rest of the list streams.
    expect(renders.li).toBeLessThanOrEqual(12 * 3)
    live.render({ text, streaming: false, components })
    expect(renderedHtml(live)).toBe(referenceHtml(text, { components }))
  })
})

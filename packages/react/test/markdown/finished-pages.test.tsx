/**
 * A message that mounts finished renders its pages through `finishedPages` (one element per page,
 * `FinishedMarkdown.tsx`): the same HTML as a message streamed to the same text, the same work
 * accounting, and a message that starts streaming again goes on through the block path.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { type MarkdownWork, setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { gfmExamples } from './gfm-examples'
import { chunksAt, liveMarkdown } from './markdown-harness'

afterEach(() => setMarkdownWorkListener(undefined))

const long = Array.from(
  { length: 150 },
  (_, index) => `## Part ${index}\n\nParagraph ${index} with [a link][ref] and \`code\`.\n`,
).join('\n')
const documents = [
  ...gfmExamples.map((example) => [example.name, example.markdown] as const),
  ['150 blocks over three pages, a definition at the end', `${long}\n[ref]: https://example.com\n`] as const,
]

function streamedHtml(text: string): string {
  const live = liveMarkdown()
  const cuts = Array.from({ length: Math.min(40, text.length) }, (_, i) => Math.round(((i + 1) * text.length) / 41))
  let received = ''
  for (const chunk of chunksAt(text, cuts)) {
    received += chunk
    live.render({ text: received, streaming: true })
  }
  live.render({ text, streaming: false })
  const html = live.container.innerHTML
  live.unmount()
  return html
}

describe('a message that mounts finished', () => {
  it.each(documents)('renders the HTML a streamed message ends with: %s', (_name, text) => {
    const live = liveMarkdown()
    live.render({ text, streaming: false })
    expect(live.container.innerHTML).toBe(streamedHtml(text))
    live.unmount()
  })

  it('renders each block once, and a re-render with the same text renders none', () => {
    const rendered: number[] = []
    setMarkdownWorkListener((work: MarkdownWork) => {
      if (work.kind === 'block-render') rendered.push(work.blockKey)
    })
    const live = liveMarkdown()
    live.render({ text: long, streaming: false })
    const blocks = live.container.querySelectorAll('h2, p').length
    expect(rendered).toHaveLength(blocks)
    live.render({ text: long, streaming: false, className: 'other' })
    expect(rendered).toHaveLength(blocks)
    live.unmount()
  })

  it('goes on streaming through the block path: a chunk renders only the tail block', () => {
    const live = liveMarkdown()
    live.render({ text: long, streaming: false })
    live.render({ text: `${long}\nMore`, streaming: true })
    const rendered: number[] = []
    setMarkdownWorkListener((work: MarkdownWork) => {
      if (work.kind === 'block-render') rendered.push(work.blockKey)
    })
    live.render({ text: `${long}\nMore text`, streaming: true })
    expect(rendered).toHaveLength(1)
    live.render({ text: `${long}\nMore text.`, streaming: false })
    expect(live.container.innerHTML).toBe(streamedHtml(`${long}\nMore text.`))
    live.unmount()
  })
})

/**
 * Block pages (`data-palimpsest-block-page`, 64 top-level blocks each) keep the browser's per-frame
 * layout from walking every block of a long document. They must be invisible: every element sits
 * exactly where react-markdown's own render of the same text puts it, margins collapsing across
 * page boundaries as they do between siblings; and streaming more text leaves full pages untouched.
 */
import '../../src/styles.css'
import { flushSync } from 'react-dom'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { expect, test } from 'vitest'
import { StreamingMarkdown } from '../../src/markdown'
import { mountHost } from './mounted-hosts'

const mount = () => mountHost(600)

/** Headings, paragraphs, lists, quotes, code and rules: every kind of top-level margin meets every other. */
function longDocument(blocks: number): string {
  const kinds = [
    (i: number) => `## Section ${i}`,
    (i: number) => `Paragraph ${i} with **strong** text and a [link](https://example.com/${i}).`,
    (i: number) => `- item ${i}\n- another item`,
    (i: number) => `> quoted ${i}`,
    (i: number) => `\`\`\`\ncode ${i}\n\`\`\``,
    () => '---',
    (i: number) => `| a | b |\n| - | - |\n| ${i} | x |`,
  ]
  return Array.from({ length: blocks }, (_, i) => kinds[i % kinds.length]!(i)).join('\n\n')
}

/** Top and height of every element in the render, relative to the host, in document order. */
function boxes(host: HTMLElement): string[] {
  const origin = host.getBoundingClientRect().top
  return [...host.querySelectorAll('*')]
    .filter(
      (element) =>
        !element.hasAttribute('data-palimpsest-block-page') && !element.hasAttribute('data-palimpsest-markdown'),
    )
    .map((element) => {
      const box = element.getBoundingClientRect()
      return `${element.tagName} ${(box.top - origin).toFixed(2)} ${box.height.toFixed(2)}`
    })
}

test('every element sits where react-markdown puts it, across page boundaries', () => {
  const text = longDocument(200)
  const ours = mount()
  const reference = mount()
  flushSync(() => ours.root.render(<StreamingMarkdown text={text} />))
  // Inside the same wrapper, so the stylesheet's markdown rules style both alike.
  flushSync(() =>
    reference.root.render(
      <div data-palimpsest-markdown="">
        <Markdown remarkPlugins={[remarkGfm]}>{text}</Markdown>
      </div>,
    ),
  )
  expect(ours.host.querySelectorAll('[data-palimpsest-block-page]').length).toBe(Math.ceil(200 / 64))
  const expected = boxes(reference.host)
  expect(expected.length).toBeGreaterThan(500)
  expect(boxes(ours.host)).toEqual(expected)
  expect(ours.host.getBoundingClientRect().height).toBe(reference.host.getBoundingClientRect().height)
})

test('streaming on leaves full pages and their elements untouched', () => {
  const text = longDocument(150)
  const { host, root } = mount()
  const cut = text.indexOf('\n\n', Math.floor(text.length * 0.9))
  flushSync(() => root.render(<StreamingMarkdown text={text.slice(0, cut)} streaming />))
  const pages = [...host.querySelectorAll('[data-palimpsest-block-page]')]
  const firstPageChildren = [...pages[0]!.children]
  expect(firstPageChildren.length).toBe(64)
  for (let end = cut + 7; end < text.length; end += 7)
    flushSync(() => root.render(<StreamingMarkdown text={text.slice(0, end)} streaming />))
  flushSync(() => root.render(<StreamingMarkdown text={text} />))
  const after = [...host.querySelectorAll('[data-palimpsest-block-page]')]
  expect(after.slice(0, 2)).toEqual(pages.slice(0, 2))
  expect([...after[0]!.children]).toEqual(firstPageChildren)
})

test('pages are stacking contexts, but for the one the tail grows in while the message streams', () => {
  const text = longDocument(150)
  const { host, root } = mount()
  const isolation = () =>
    [...host.querySelectorAll('[data-palimpsest-block-page]')].map((page) => getComputedStyle(page).isolation)
  flushSync(() => root.render(<StreamingMarkdown text={text} streaming />))
  expect(isolation()).toEqual(['isolate', 'isolate', 'auto'])
  flushSync(() => root.render(<StreamingMarkdown text={`${text}\n\nOne more paragraph.`} streaming />))
  expect(isolation()).toEqual(['isolate', 'isolate', 'auto'])
  flushSync(() => root.render(<StreamingMarkdown text={`${text}\n\nOne more paragraph.`} />))
  expect(isolation()).toEqual(['isolate', 'isolate', 'isolate'])
})

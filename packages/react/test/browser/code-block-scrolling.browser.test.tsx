/**
 * A code block keeps its lines and scrolls sideways inside its frame, and the box that scrolls paints
 * no background: Chromium gives a scroller with an opaque background a compositor layer of its own,
 * which splits the page around every such block into more layers (with many streams on a page,
 * building them took longer than a frame).
 */
import '../../src/styles.css'
import { flushSync } from 'react-dom'
import { expect, test } from 'vitest'
import { CodeBlock } from '../../src/code'
import { StreamingMarkdown } from '../../src/markdown'
import { nextFrame } from './frame-sampler'
import { mountHost } from './mounted-hosts'

const longLine = `const line = [${Array.from({ length: 40 }, (_, i) => `'value ${i}'`).join(', ')}]`
const codeBlocks = (count: number) =>
  Array.from({ length: count }, (_, i) => `Block ${i}:\n\n\`\`\`ts\n${longLine}\n${i}\n\`\`\``).join('\n\n')
const components = { pre: CodeBlock }

/** A scrolling box of 240 × 300 px (a dashboard tile) with `text` rendered in it. */
function renderInTile(text: string, withCodeBlock: boolean) {
  const { host, root } = mountHost(240)
  host.style.height = '300px'
  host.style.overflowY = 'auto'
  flushSync(() =>
    root.render(
      <div data-palimpsest-part="text">
        <StreamingMarkdown text={text} {...(withCodeBlock && { components })} />
      </div>,
    ),
  )
  return host
}

test('a wide line scrolls inside the code block while the frame stays put', async () => {
  const host = renderInTile(codeBlocks(1), false)
  const pre = host.querySelector('pre') as HTMLElement
  const code = pre.querySelector('code') as HTMLElement
  expect(code.scrollWidth).toBeGreaterThan(code.clientWidth * 2)
  const frameBefore = pre.getBoundingClientRect()
  const textRange = document.createRange()
  textRange.selectNodeContents(code)
  const textLeft = textRange.getBoundingClientRect().left
  code.scrollLeft = 100
  await nextFrame()
  expect(code.scrollLeft).toBe(100)
  expect(textRange.getBoundingClientRect().left).toBeCloseTo(textLeft - 100, 0)
  expect(pre.getBoundingClientRect().toJSON()).toEqual(frameBefore.toJSON())
  expect(getComputedStyle(pre).backgroundColor).not.toBe('rgba(0, 0, 0, 0)')
  expect(getComputedStyle(code).backgroundColor).toBe('rgba(0, 0, 0, 0)')
})

test('in a code block with a header the pre scrolls and takes the focus to scroll by keyboard', async () => {
  const host = renderInTile(codeBlocks(1), true)
  const pre = host.querySelector('[data-palimpsest-code-block] pre') as HTMLElement
  expect(pre.scrollWidth).toBeGreaterThan(pre.clientWidth * 2)
  expect(pre.tabIndex).toBe(0)
  pre.focus()
  expect(document.activeElement).toBe(pre)
  pre.scrollLeft = 100
  await nextFrame()
  expect(pre.scrollLeft).toBe(100)
  expect(getComputedStyle(pre).backgroundColor).toBe('rgba(0, 0, 0, 0)')
})

test('no box that scrolls sideways in rendered markdown paints a background', () => {
  const table = `| ${Array.from({ length: 12 }, (_, i) => `column ${i}`).join(' | ')} |\n|${' - |'.repeat(12)}\n|${' x |'.repeat(12)}`
  const text = `${codeBlocks(3)}\n\n${table}`
  const scrollers = [renderInTile(text, false), renderInTile(text, true)].flatMap((tile) =>
    [...tile.querySelectorAll<HTMLElement>('[data-palimpsest-markdown] *')].filter(
      (element) =>
        ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth,
    ),
  )
  expect(scrollers.map((element) => element.tagName)).toEqual([
    'CODE',
    'CODE',
    'CODE',
    'TABLE',
    'PRE',
    'PRE',
    'PRE',
    'TABLE',
  ])
  for (const scroller of scrollers) expect(getComputedStyle(scroller).backgroundColor).toBe('rgba(0, 0, 0, 0)')
})

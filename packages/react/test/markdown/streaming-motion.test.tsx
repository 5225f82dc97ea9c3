/**
 * Motion and direction options of `StreamingMarkdown`: `fadeIn` wraps the streaming blocks' words
 * (only new words get new spans), `caret` follows the last word while streaming, and both leave
 * react-markdown's DOM once the text settles; `autoDirection` sets `dir="auto"` on top-level blocks.
 */
import type { Root } from 'hast'
import { renderToStaticMarkup } from 'react-dom/server'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { describe, expect, it } from 'vitest'
import { markdownOptions } from '../../src/markdown/render-options'
import {
  canonicalHtml,
  liveMarkdown,
  referenceElementAttributes,
  referenceHtml,
  renderedHtml,
  streamThrough,
} from './markdown-harness'

const fading = (element: Element) =>
  [...element.querySelectorAll('[data-palimpsest-fade]')].map((span) => span.textContent)
const carets = (element: Element) => element.querySelectorAll('[data-palimpsest-caret]')

describe('fadeIn', () => {
  it('wraps the streaming words, and a new chunk inserts spans only for its new words', () => {
    const live = liveMarkdown()
    live.render({ text: 'The quick brown', streaming: true, fadeIn: true })
    expect(fading(live.container)).toEqual(['The', 'quick', 'brown'])
    const before = [...live.container.querySelectorAll('[data-palimpsest-fade]')]

    const inserted: Node[] = []
    const observer = new MutationObserver((records) => {
      for (const record of records) inserted.push(...record.addedNodes)
    })
    observer.observe(live.container, { childList: true, subtree: true })
    live.render({ text: 'The quick brown fox jumps *over*', streaming: true, fadeIn: true })
    const insertedSpans = observer
      .takeRecords()
      .flatMap((record) => [...record.addedNodes])
      .concat(inserted)
      .flatMap((node) =>
        node instanceof Element
          ? [
              ...(node.matches('[data-palimpsest-fade]') ? [node] : []),
              ...node.querySelectorAll('[data-palimpsest-fade]'),
            ]
          : [],
      )
    observer.disconnect()

    expect(fading(live.container)).toEqual(['The', 'quick', 'brown', 'fox', 'jumps', 'over'])
    const after = [...live.container.querySelectorAll('[data-palimpsest-fade]')]
    // The words already shown keep their elements (so their animation does not play again).
    expect(after.slice(0, 3)).toEqual(before)
    expect(insertedSpans.map((span) => span.textContent)).toEqual(['fox', 'jumps', 'over'])
    live.unmount()
  })

  it('keeps the spans off settled blocks and off code', () => {
    const live = liveMarkdown()
    const text = 'First paragraph here.\n\n```js\nconst answer = 42\n```\n\nSecond `inline code` and more'
    live.render({ text, streaming: true, fadeIn: true })
    const [first, , second] = live.container.querySelectorAll('p, pre')
    expect(fading(first!)).toEqual([])
    expect(live.container.querySelector('pre')!.querySelectorAll('span')).toHaveLength(0)
    expect(fading(second!)).toEqual(['Second', 'and', 'more'])
    expect(second!.querySelector('code')!.innerHTML).toBe('inline code')
    live.unmount()
  })

  it('renders exactly react-markdown once streaming stops', () => {
    const live = liveMarkdown()
    const text =
      '# Title\n\nSome *emphasis* and a [link](https://example.com).\n\n- one item\n- two **items**\n\n> quoted words\n\n| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\n\nLast words.'
    const chunks = text.match(/[\s\S]{1,7}/g)!
    const final = streamThrough(live, chunks, { fadeIn: true, caret: true })
    expect(final).toBe(referenceHtml(text))
    expect(fading(live.container)).toEqual([])
    expect(carets(live.container)).toHaveLength(0)
    live.unmount()
  })

  it('adds nothing without the option', () => {
    const live = liveMarkdown()
    live.render({ text: 'Plain streaming words', streaming: true })
    expect(fading(live.container)).toEqual([])
    expect(carets(live.container)).toHaveLength(0)
    live.unmount()
  })
})

describe('caret', () => {
  it('follows the last word while streaming, without adding text, and goes when the text settles', () => {
    const live = liveMarkdown()
    live.render({ text: 'First block.\n\n- an item\n- the last **wor', streaming: true, caret: true })
    const caret = carets(live.container)
    expect(caret).toHaveLength(1)
    expect(caret[0]!.getAttribute('aria-hidden')).toBe('true')
    expect(caret[0]!.textContent).toBe('')
    // Right after the last text, inside the element holding it.
    expect(caret[0]!.previousSibling?.textContent).toBe('wor')
    expect(caret[0]!.parentElement!.tagName).toBe('STRONG')

    live.render({ text: 'First block.\n\n- an item\n- the last **words**\n\nNext', streaming: true, caret: true })
    expect(carets(live.container)).toHaveLength(1)
    expect(carets(live.container)[0]!.previousSibling?.textContent).toBe('Next')

    live.render({ text: 'First block.\n\n- an item\n- the last **words**\n\nNext', streaming: false, caret: true })
    expect(carets(live.container)).toHaveLength(0)
    live.unmount()
  })

  it('goes after a streaming code block, never into its code', () => {
    const live = liveMarkdown()
    live.render({ text: 'Code:\n\n```py\nprint("hi")\nx = 1', streaming: true, caret: true })
    const pre = live.container.querySelector('pre')!
    expect(pre.querySelector('[data-palimpsest-caret]')).toBeNull()
    expect(pre.textContent).toBe('print("hi")\nx = 1\n')
    expect(pre.nextElementSibling?.matches('[data-palimpsest-caret]')).toBe(true)
    live.unmount()
  })

  it('shows alone before any text, and after a streaming table', () => {
    const live = liveMarkdown()
    live.render({ text: '', streaming: true, caret: true })
    expect(carets(live.container)).toHaveLength(1)
    live.render({ text: '| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\n| 5 |', streaming: true, caret: true })
    expect(carets(live.container)).toHaveLength(1)
    expect(live.container.querySelector('table + [data-palimpsest-caret]')).not.toBeNull()
    live.unmount()
  })
})

/** react-markdown's render with `dir="auto"` on every top-level element but code blocks and rules. */
function directedReference(text: string): string {
  const directTopLevel = () => (tree: Root) => {
    for (const child of tree.children)
      if (child.type === 'element' && child.tagName !== 'pre' && child.tagName !== 'hr') child.properties.dir = 'auto'
  }
  const options = markdownOptions({ components: undefined, highlight: undefined })
  return renderToStaticMarkup(
    <Markdown {...options} remarkPlugins={[remarkGfm]} rehypePlugins={[directTopLevel, referenceElementAttributes]}>
      {text}
    </Markdown>,
  )
}

describe('autoDirection', () => {
  const text =
    'مرحبا بالعالم، هذه فقرة.\n\nAn English paragraph.\n\n- עברית\n- second\n\n```\ncode\n```\n\n---\n\n| ع | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\n\n> اقتباس'

  it('sets dir="auto" on each top-level block (not on code or rules), streaming and settled', () => {
    const live = liveMarkdown()
    const final = streamThrough(live, text.match(/[\s\S]{1,5}/g)!, { autoDirection: true })
    expect(canonicalHtml(final)).toBe(canonicalHtml(directedReference(text)))
    const markdown = live.container.querySelector('[data-palimpsest-markdown]')!
    const tags = [...markdown.querySelectorAll('[dir="auto"]')].map((element) => element.tagName)
    expect(tags).toEqual(['P', 'P', 'UL', 'TABLE', 'BLOCKQUOTE'])
    live.unmount()
  })

  it('marks a streaming table too', () => {
    const live = liveMarkdown()
    live.render({ text: '| ع | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\n| 5 |', streaming: true, autoDirection: true })
    expect(live.container.querySelector('table')!.getAttribute('dir')).toBe('auto')
    live.unmount()
  })

  it('is off by default: the final render is react-markdown with no dir', () => {
    const live = liveMarkdown()
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    expect(live.container.querySelector('[dir]')).toBeNull()
    live.unmount()
  })
})

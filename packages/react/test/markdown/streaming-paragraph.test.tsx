/**
 * A long paragraph streaming as the tail is parsed from its last safe split point on
 * (`paragraphTreeFromEarlier`): every step must render as a fresh render of its text, positions
 * included, and a long paragraph must not be parsed whole at every chunk.
 */
import fc from 'fast-check'
import type { Components } from 'react-markdown'
import { describe, expect, it } from 'vitest'
import { gfmSyntax } from '../../src/markdown'
import { paragraphTreeFromEarlier } from '../../src/markdown/paragraph-tail'
import { charsParsedBy, freshHtml, liveMarkdown, positionLabel, renderedHtml, streamChecked } from './markdown-harness'

const words = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor'.split(' ')

/** `length` characters of plain words, wrapped every `wrap` words (never, with 0). */
function plainText(length: number, wrap: number): string {
  let text = ''
  for (let index = 0; text.length < length; index++)
    text += `${words[index % words.length]}${wrap > 0 && index % wrap === wrap - 1 ? '\n' : ' '}`
  return text
}

/** Inline pieces, constructs that may open early and close late, and lines that change the block. */
const piece = fc.constantFrom(
  ...['word ', 'more words here ', 'Capital ', '\n', 'a\n', '  \n', '\\\n', 'x\t', '1986. ', 'end. '],
  ...['*em* ', '*open ', 'close* ', '_under_ ', '__strong ', '**bold** ', 'a*b ', '* star ', '~~del~~ ', '~one '],
  ...['`code` ', '``tick ', '` ', '[link](/u) ', '[open ', 'text] ', '](/late) ', '![img](/i) ', '<span> ', '<'],
  ...['<http://a.b> ', 'www.example.com ', 'mail@example.com ', '&amp; ', '\\* ', '\\[ ', 'https://x.y/z '],
  // Lines that end the paragraph, make it a heading or a table, or may not interrupt it.
  ...['\n===', '\n---', '\n| a | b |\n| - | - |', '\n- item', '\n2. two', '\n1. one', '\n> quote', '\n```'],
  ...['two~ ', 'b_ ', '`` ', 'x> ', '_start ', 'snake_case ', 'x_ ', '~~', '*'],
  ...['[t](/u "a title ', 'words") ', '[t](<a b ', 'c>) ', '[t] (/u) ', '(paren) '],
  ...['\n\nNext paragraph ', '\n    indented', '\n# Heading', '\n<div>', '\n[x]: /u', ' | pipe | '],
)

const longParagraph = fc
  .record({
    // Constructs may stand early (no split point after them) or late, after a kept text.
    early: fc.array(piece, { maxLength: 3 }),
    plain: fc.integer({ min: 1000, max: 1600 }),
    wrap: fc.constantFrom(0, 9),
    late: fc.array(piece, { maxLength: 24 }),
  })
  .map(({ early, plain, wrap, late }) => `Start ${early.join('')}${plainText(plain, wrap)}${late.join('')}`)

/** Overrides that write where their node starts and ends, so a position a kept tree got wrong shows. */
const positionsShown: Components = {
  p: ({ node, ...props }) => <p data-at={positionLabel(node)} {...props} />,
  em: ({ node, ...props }) => <em data-at={positionLabel(node)} {...props} />,
  strong: ({ node, ...props }) => <strong data-at={positionLabel(node)} {...props} />,
  a: ({ node, ...props }) => <a data-at={positionLabel(node)} {...props} />,
  code: ({ node, ...props }) => <code data-at={positionLabel(node)} {...props} />,
  br: ({ node, ...props }) => <br data-at={positionLabel(node)} {...props} />,
}

const chunkSizes = fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 4 })

describe('a long streaming paragraph', () => {
  it('renders every step as a fresh render of its text, in random paragraphs and chunkings', {
    timeout: 240_000,
  }, () => {
    fc.assert(
      fc.property(longParagraph, chunkSizes, (text, sizes) => streamChecked(text, sizes)),
      { numRuns: 60, seed: 401 },
    )
  })

  it('gives components nodes with the positions of a fresh parse at every step', { timeout: 240_000 }, () => {
    fc.assert(
      fc.property(longParagraph, chunkSizes, (text, sizes) => streamChecked(text, sizes, positionsShown)),
      { numRuns: 40, seed: 403 },
    )
  })

  it('parses the text after its last split point at each chunk, not the paragraph', { timeout: 60_000 }, () => {
    for (const wrap of [0, 9]) {
      const paragraph = `${plainText(20_000, wrap)}with *emphasis* and [a link](/u) at the end`
      const live = liveMarkdown()
      let largest = 0
      let total = 0
      for (let end = 40; end < paragraph.length + 40; end += 40) {
        const text = paragraph.slice(0, Math.min(end, paragraph.length))
        for (const parsed of charsParsedBy(() => live.render({ text, streaming: true }))) {
          total += parsed
          // The first kilobyte is parsed whole; after it, from a split point a word or two back.
          if (end > 1200) largest = Math.max(largest, parsed)
        }
      }
      expect(largest, `wrap ${wrap}`).toBeLessThan(200)
      // 500 chunks: about 20 KB in all, against 5 MB for a parse of the whole paragraph at each.
      expect(total, `wrap ${wrap}`).toBeLessThan(80_000)
      expect(renderedHtml(live)).toBe(freshHtml({ text: paragraph, streaming: true }))
      live.unmount()
    }
  })

  it('parses the whole paragraph again when an opener early on may still be closed', () => {
    const paragraph = `An *opener ${plainText(3000, 0)}`
    const live = liveMarkdown()
    live.render({ text: paragraph, streaming: true })
    const text = `${paragraph}closed* now`
    const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
    expect(Math.max(...parsed)).toBeGreaterThan(3000)
    // The emphasis reaches back to the start.
    expect(renderedHtml(live)).toContain('<em>opener ')
    expect(renderedHtml(live)).toBe(freshHtml({ text, streaming: true }))
    live.unmount()
  })
})

describe('paragraphTreeFromEarlier', () => {
  const parse = (text: string) => gfmSyntax.parse(text)
  /** A later text: the earlier one with more pieces, or with its end replaced by them. */
  const texts = fc
    .record({
      earlier: longParagraph,
      cut: fc.nat({ max: 40 }),
      more: fc.array(piece, { minLength: 1, maxLength: 12 }),
    })
    .map(({ earlier, cut, more }) => ({ earlier, later: earlier.slice(0, earlier.length - cut) + more.join('') }))

  it('makes the tree a parse of the later text gives, positions included, or leaves it to a parse', {
    timeout: 120_000,
  }, () => {
    let made = 0
    fc.assert(
      fc.property(texts, ({ earlier, later }) => {
        const tree = paragraphTreeFromEarlier({ source: earlier, tree: parse(earlier) }, later, parse)
        if (!tree) return
        made++
        expect(tree.children, JSON.stringify(later.slice(-120))).toEqual(parse(later).children)
      }),
      { numRuns: 3000, seed: 409 },
    )
    // The generator reaches the split path in at least a tenth of the runs, not only the parse.
    expect(made).toBeGreaterThan(300)
  })

  it('leaves a link whose title or destination is still open to a parse', () => {
    for (const [open, close] of [
      ['[t](/u "a title with words ', 'end") done'],
      ["![alt](/i 'its title goes on ", "here') done"],
      ['[t](<a destination ', 'with spaces>) done'],
    ]) {
      const earlier = `${plainText(1200, 0)}${open}more words here `
      const later = `${earlier}${close}`
      const tree = paragraphTreeFromEarlier({ source: earlier, tree: parse(earlier) }, later, parse)
      expect(tree?.children ?? parse(later).children, open).toEqual(parse(later).children)
      expect(JSON.stringify(parse(later).children), open).toMatch(/"type":"(link|image)"/)
    }
  })

  it('leaves a paragraph whose last line becomes a table header to a parse', () => {
    const earlier = `${plainText(1200, 0)}one | two | three`
    for (const row of ['\n--- | --- | ---', '\n| - | - | - |', '\n:-: | - | -:']) {
      const later = earlier + row
      const tree = paragraphTreeFromEarlier({ source: earlier, tree: parse(earlier) }, later, parse)
      expect(tree?.children ?? parse(later).children, row).toEqual(parse(later).children)
      expect(parse(later).children.map((node) => node.type)).toContain('table')
    }
  })
})

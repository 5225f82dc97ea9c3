/**
 * A top-level block quote streaming as the tail is parsed by its last children (`growQuote` in the
 * splitter, `quoteTreeFromEarlier` in the render): every step must render as a fresh render of its
 * text, and a long quote must not be parsed whole at every chunk.
 */
import fc from 'fast-check'
import type { Components } from 'react-markdown'
import { describe, expect, it } from 'vitest'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { blockTreeOf, keepBlockTree } from '../../src/markdown/block-trees'
import { type MarkdownWork, setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { rootOf } from '../../src/markdown/markdown-pipeline'
import { splitFrom } from '../../src/markdown/split-region'
import { type SplitState, settledBlocks } from '../../src/markdown/split-state'
import { parseTopLevelBlocks } from '../../src/markdown/top-level-blocks'
import {
  charsParsedBy,
  freshHtml,
  liveMarkdown,
  positionLabel,
  referenceHtml,
  renderedHtml,
  streamChecked,
} from './markdown-harness'

/** Lines of a quote: paragraphs, blank quote lines, lists, fences, headings, lazy and nested lines, definitions. */
const line = fc.constantFrom(
  ...['> text line', '>', '> - item', '>   more of it', '> ```', '>     code', '> # Heading', '> > nested'],
  ...['> | a | b |', '> | - | - |', '> ---', '> <div>', 'lazy line', '> a  ', '>\ttab', '  > b', '> 1. one'],
  ...['> ~~~', '> ===', '> *em* and `code`', '> **bold', '> [link](/u', '> <span', '>>deep', '', '> $$'],
  // Lists that go on, loosen, nest or change their marker.
  ...['> - item', '> - item', '> 2. two', '> * star', '> 1) paren', '>   - nested', '>   text of the item', '> -'],
  // Definitions in the quote, and references to them before and after.
  ...['> [x]: /u', '> see [x]', '> [^n]: note', '> a note[^n]', '>     [x]: /code'],
)

const quoteDocument = fc
  .record({
    before: fc.constantFrom('', 'Intro.\n\n', '- item\n\n', '# Title\n'),
    lines: fc.array(line, { minLength: 2, maxLength: 14 }),
    after: fc.constantFrom('', '\n', '\n\nAfter.', '\nlazy', '\n\n> another quote', '\n```'),
  })
  .map(({ before, lines, after }) => `${before}> first line\n>\n${lines.join('\n')}${after}`)

/** Overrides that write where their node starts and ends, so a position a kept tree got wrong shows. */
const positionsShown: Components = {
  p: ({ node, ...props }) => <p data-at={positionLabel(node)} {...props} />,
  li: ({ node, ...props }) => <li data-at={positionLabel(node)} {...props} />,
  blockquote: ({ node, ...props }) => <blockquote data-at={positionLabel(node)} {...props} />,
  pre: ({ node, ...props }) => <pre data-at={positionLabel(node)} {...props} />,
}

/** What a render of the split depends on, blocks by text and type. */
function observable(state: SplitState) {
  const blocks = (list: readonly { text: string; type: string }[]) => list.map(({ text, type }) => ({ text, type }))
  return {
    settledEnd: state.settledEnd,
    settled: blocks(settledBlocks(state)),
    tail: blocks(state.tail),
    tailLeaf: state.tailLeaf,
  }
}

describe('a streaming block quote', () => {
  it('splits as a fresh split at every step, its tree a parse of its text', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        quoteDocument,
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }),
        (markdown, sizes) => {
          let state: SplitState | undefined
          let end = 0
          for (let step = 0; end < markdown.length; step++) {
            end = Math.min(markdown.length, end + sizes[step % sizes.length]!)
            const text = markdown.slice(0, end)
            // What a render of the tail keeps: the tree of its text.
            for (const block of state?.tail ?? [])
              keepBlockTree(block, rootOf(parseTopLevelBlocks(block.text).nodes, 0, 1))
            state = advanceSplit(state, text)
            expect(observable(state), JSON.stringify(text)).toEqual(observable(splitFrom(undefined, text)))
            for (const block of state.tail) {
              const syntax = blockTreeOf(block)
              if (syntax)
                expect(rootOf(syntax.nodes, syntax.offset, syntax.line).children, JSON.stringify(text)).toEqual(
                  parseTopLevelBlocks(block.text).nodes,
                )
            }
          }
        },
      ),
      { numRuns: 400, seed: 317 },
    )
  })

  it('renders every step as a fresh render of its text, in random quotes and chunkings', { timeout: 240_000 }, () => {
    fc.assert(
      fc.property(
        quoteDocument,
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }),
        (text, sizes) => streamChecked(text, sizes),
      ),
      { numRuns: 300, seed: 311 },
    )
  })

  it('gives components nodes with the positions of a fresh parse at every step', { timeout: 240_000 }, () => {
    fc.assert(
      fc.property(
        quoteDocument,
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }),
        (text, sizes) => streamChecked(text, sizes, positionsShown),
      ),
      { numRuns: 200, seed: 313 },
    )
  })

  it("keeps the HTML of a long quote's first children while it grows, and patches their words after", () => {
    const paragraphs = Array.from({ length: 200 }, (_, i) => `> paragraph ${i} with [a link](/u${i}) and *words*`)
    let text = `Intro.\n\n${paragraphs.join('\n>\n')}`
    const live = liveMarkdown()
    live.render({ text, streaming: true })
    const trees: Extract<MarkdownWork, { kind: 'html-tree' }>[] = []
    setMarkdownWorkListener((work) => {
      if (work.kind === 'html-tree') trees.push(work)
    })
    try {
      const kept: number[] = []
      for (const chunk of [
        '\n>\n> a new',
        ' paragraph <b>bold</b>',
        '\n> - a list',
        '\n> - [item](/i)',
        '\n> - third',
      ]) {
        text += chunk
        trees.length = 0
        live.render({ text, streaming: true })
        // The intro does not render again; the quote's HTML keeps its paragraphs before the changed ones.
        expect(trees.length, JSON.stringify(chunk)).toBe(1)
        expect(trees[0]?.patched, JSON.stringify(chunk)).toBe(false)
        kept.push(trees[0]?.kept ?? 0)
        expect(renderedHtml(live), JSON.stringify(chunk)).toBe(freshHtml({ text, streaming: true }))
      }
      // The last paragraph took the first chunk; then the new paragraph, which a list without a blank line
      // before it may join (parsed with the list), then the list's last item alone.
      expect(kept).toEqual([199, 200, 200, 200, 201])
      // Words changed in the kept children: their HTML is patched, not converted again.
      for (const [from, to] of [
        ['paragraph 50 with', 'paragraph fifty with'],
        ['/u120', '/u-changed'],
        // And in the children converted last, whose leaves were given their paths then.
        ['bold</b>', 'bolder</b>'],
        ['(/i)', '(/item)'],
      ]) {
        text = text.replace(from!, to!)
        trees.length = 0
        live.render({ text, streaming: true })
        expect(trees, to).toEqual([{ kind: 'html-tree', patched: true }])
        expect(renderedHtml(live), to).toBe(freshHtml({ text, streaming: true }))
      }
    } finally {
      setMarkdownWorkListener(undefined)
      live.unmount()
    }
  })

  it("a rewrite of the marker of a quote's last list item starts another list, as a fresh render shows", () => {
    const live = liveMarkdown()
    for (const [before, after] of [
      ['> a\n>\n> - x\n> - y', '> a\n>\n> - x\n> * y'],
      ['> a\n>\n> 1. x\n> 2. y', '> a\n>\n> 1. x\n> 2) y'],
      ['> a\n>\n> - x\n> - y\n> - z', '> a\n>\n> - x\n> - y\n> + z'],
    ]) {
      live.render({ text: before!, streaming: true })
      live.render({ text: after!, streaming: true })
      expect(renderedHtml(live), after).toBe(freshHtml({ text: after!, streaming: true }))
      // Two lists: the item with another marker starts its own.
      expect(renderedHtml(live).match(/<[ou]l[ >]/g), after).toHaveLength(2)
    }
    live.unmount()
  })

  it("grows an open fence that is a quote's last child by its new lines, its tree that of a parse at every step", {
    timeout: 120_000,
  }, () => {
    const codeLine = fc.constantFrom(
      ...['> code line', '>', '> ', '>   indented', '>no space', '> a `tick`', '>  two spaces', '> # not a heading'],
      ...['> ```', '> ~~~', '>     ```', '> ````', '>\ttab', 'lazy', '', '  > spaced', '> > nested', '> - item'],
      ...['> a\tb', '> \tx', '>  \ty', '>\t\tz', '>   \t'],
    )
    const document = fc
      .record({
        before: fc.constantFrom('', 'Intro.\n\n', '> para\n>\n', '> para\n'),
        opening: fc.constantFrom('> ```js', '>```', '> ~~~', '> ````', '>  ```', '> > ```'),
        lines: fc.array(codeLine, { minLength: 1, maxLength: 10 }),
        after: fc.constantFrom('', '\n', '\n\nAfter.'),
      })
      .map(({ before, opening, lines, after }) => `${before}${opening}\n${lines.join('\n')}${after}`)
    fc.assert(
      fc.property(
        document,
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 }),
        (markdown, sizes) => {
          let state: SplitState | undefined
          let end = 0
          for (let step = 0; end < markdown.length; step++) {
            end = Math.min(markdown.length, end + sizes[step % sizes.length]!)
            const text = markdown.slice(0, end)
            for (const block of state?.tail ?? [])
              if (!blockTreeOf(block)) keepBlockTree(block, rootOf(parseTopLevelBlocks(block.text).nodes, 0, 1))
            state = advanceSplit(state, text)
            expect(observable(state), JSON.stringify(text)).toEqual(observable(splitFrom(undefined, text)))
            for (const block of state.tail) {
              const syntax = blockTreeOf(block)
              if (syntax)
                expect(rootOf(syntax.nodes, syntax.offset, syntax.line).children, JSON.stringify(text)).toEqual(
                  parseTopLevelBlocks(block.text).nodes,
                )
            }
          }
        },
      ),
      { numRuns: 600, seed: 331 },
    )
  })

  it("keeps a quoted list item's end where a parse puts it when the next item's text begins after a fence it closed", () => {
    // micromark ends such an item after the next line's markers: that item is parsed again with the next.
    const before = '> > ```\n> - item\n>     ```\n> -'
    const state = splitFrom(undefined, before)
    keepBlockTree(state.tail[0]!, rootOf(parseTopLevelBlocks(before).nodes, 0, 1))
    const text = `${before} i`
    const grown = advanceSplit(state, text)
    const syntax = blockTreeOf(grown.tail[0]!)!
    expect(rootOf(syntax.nodes, syntax.offset, syntax.line).children).toEqual(parseTopLevelBlocks(text).nodes)
  })

  it('parses only the new lines of a long fence that ends a quote, not the fence', () => {
    let text = `Intro.\n\n> \`\`\`ts\n${Array.from({ length: 400 }, (_, i) => `> const x${i} = compute(${i})`).join('\n')}`
    const live = liveMarkdown()
    live.render({ text, streaming: true })
    for (const chunk of ['\n> next', '(line)', '\n>', '\n>   indented', ' more', '\n', '> last']) {
      text += chunk
      const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
      expect(Math.max(0, ...parsed), JSON.stringify(chunk)).toBe(0)
      expect(renderedHtml(live), JSON.stringify(chunk)).toBe(freshHtml({ text, streaming: true }))
    }
    // The closing fence, then a paragraph in the quote: parsed again, as a fresh render shows.
    for (const chunk of ['\n> ```', '\n> after the code']) {
      text += chunk
      live.render({ text, streaming: true })
      expect(renderedHtml(live), JSON.stringify(chunk)).toBe(freshHtml({ text, streaming: true }))
    }
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })

  it('parses the last paragraphs or list items of a long quote at each chunk, not the quote', {
    timeout: 60_000,
  }, () => {
    const paragraphs = Array.from({ length: 300 }, (_, i) => `> quoted paragraph ${i} with words`)
    let text = `Intro.\n\n${paragraphs.join('\n>\n')}`
    const live = liveMarkdown()
    live.render({ text, streaming: true })
    const chunks = ['\n>', '\n', '> a new', ' paragraph', '\n> its second', ' line', '\n>\n> - a list', '\n> - item']
    for (const chunk of [...chunks, '\n>\n> ```js', '\n> code', '\n> ```', '\n>\n> | a | b |', '\n> | - | - |']) {
      text += chunk
      const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
      // The quote is 10 KB: each parse here is of its last children only.
      expect(parsed.length, JSON.stringify(chunk)).toBeGreaterThan(0)
      expect(Math.max(...parsed), JSON.stringify(chunk)).toBeLessThan(120)
      expect(renderedHtml(live), JSON.stringify(chunk)).toBe(freshHtml({ text, streaming: true }))
    }
    // A long list as the quote's last child grows by its last items: tight, then loosened by an item after a blank line.
    for (let item = 0; item < 200; item++) text += `\n> - item ${item} of the list`
    live.render({ text, streaming: true })
    for (const chunk of ['\n> - one more', ' item', '\n>\n> - after a blank line', '\n>   - nested', ' text']) {
      text += chunk
      const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
      expect(Math.max(...parsed), JSON.stringify(chunk)).toBeLessThan(120)
      expect(renderedHtml(live), JSON.stringify(chunk)).toBe(freshHtml({ text, streaming: true }))
    }
    // A paragraph after the quote ends it: the general path parses the tail once.
    text += '\n\nAfter.'
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })
})

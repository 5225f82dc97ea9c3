/**
 * A streaming tail that nothing repaired is rendered from the splitter's syntax tree instead of
 * being parsed a second time (`MarkdownBlock.syntax`). It must render exactly as parsing does, and
 * the tree it hands over must be the one a parse of the block alone gives, positions included, at
 * every prefix of every CommonMark and GFM example.
 */
import { tests as commonmarkExamples } from 'commonmark-spec'
import { describe, expect, it } from 'vitest'
import { advanceSplit, type MarkdownBlock, type SplitState, takeSettledSyntax } from '../../src/markdown/block-splitter'
import { tailBlock, tailTree } from '../../src/markdown/StreamingMarkdown'
import { parseTopLevelBlocks } from '../../src/markdown/top-level-blocks'
import { gfmExamples } from './gfm-examples'
import { staticSplitHtml } from './markdown-harness'

const documents = [...commonmarkExamples.map((example) => example.markdown), ...gfmExamples.map((e) => e.markdown)]

function* prefixes(markdown: string, size: number): Generator<string> {
  for (let end = size; end < markdown.length + size; end += size)
    yield markdown.slice(0, Math.min(end, markdown.length))
}

describe('tail rendered from the splitter tree', () => {
  it.each([1, 16])(
    'renders and hands over exactly what a parse gives, in chunks of %i',
    { timeout: 60_000 },
    (size) => {
      let used = 0
      for (const markdown of documents) {
        let state: SplitState | undefined
        for (const text of prefixes(markdown, size)) {
          state = advanceSplit(state, text)
          const last = state.tail[state.tail.length - 1]
          const syntax = last && tailBlock(state, last, true).syntax
          if (!last || !syntax) continue
          used++
          const context = JSON.stringify(text)
          expect(tailTree(syntax).children, context).toEqual(parseTopLevelBlocks(last.text).nodes)
          expect(staticSplitHtml(state, true), context).toBe(staticSplitHtml({ ...state, tailSyntax: undefined }, true))
        }
      }
      expect(used).toBeGreaterThan(size === 1 ? 3_000 : 100)
    },
  )
})

describe('settled blocks rendered from the tree of the parse that settled them', () => {
  it.each([1, 16])(
    'get exactly the tree a parse of the block alone gives, in chunks of %i',
    { timeout: 60_000 },
    (size) => {
      let used = 0
      for (const markdown of documents) {
        let state: SplitState | undefined
        for (const text of prefixes(markdown, size)) {
          const before = state?.settledCount ?? 0
          state = advanceSplit(state, text)
          const settled: MarkdownBlock[] = state.settledPages.flat().slice(before)
          for (const block of settled) {
            const syntax = takeSettledSyntax(block)
            if (!syntax) continue
            used++
            expect(tailTree(syntax).children, JSON.stringify(block.text)).toEqual(parseTopLevelBlocks(block.text).nodes)
          }
        }
      }
      expect(used).toBeGreaterThan(100)
    },
  )

  it('serve a block once: its next render parses', () => {
    const state = advanceSplit(undefined, 'One.\n\nTwo.\n\nThree')
    const [first] = state.settledPages.flat()
    expect(first && takeSettledSyntax(first)).toBeDefined()
    expect(first && takeSettledSyntax(first)).toBeUndefined()
  })

  it('are not kept when the region defines a link: blocks render with the definitions published so far', () => {
    const trees = (text: string) => advanceSplit(undefined, text).settledPages.flat().map(takeSettledSyntax)
    expect(trees('See [a].\n\n# A heading\n\nMore\n')).toEqual([expect.anything(), expect.anything()])
    expect(trees('See [a].\n\n[a]: /u\n\n# A heading\n\nMore\n')).toEqual([undefined, undefined, undefined])
  })
})

/**
 * A streaming tail that nothing repaired is rendered from the splitter's syntax tree instead of
 * being parsed a second time (`MarkdownBlock.syntax`). It must render exactly as parsing does, and
 * the tree it hands over must be the one a parse of the block alone gives, positions included, at
 * every prefix of every CommonMark and GFM example.
 */
import fc from 'fast-check'
import { act, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type MarkdownComponents, StreamingMarkdown } from '../../src/markdown'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { takeBlockSyntax } from '../../src/markdown/block-trees'
import { streamingListOf } from '../../src/markdown/list-items'
import { renderMarkdown, renderSyntaxTree, rootOf } from '../../src/markdown/markdown-pipeline'
import { markdownOptions } from '../../src/markdown/render-options'
import { tailBlock } from '../../src/markdown/StreamingMarkdown'
import { splitFrom } from '../../src/markdown/split-region'
import { type BlockSyntax, type MarkdownBlock, type SplitState, settledBlocks } from '../../src/markdown/split-state'
import { parseTopLevelBlocks } from '../../src/markdown/top-level-blocks'
import { exampleDocuments } from './example-documents'
import {
  charsParsedBy,
  freshHtml,
  liveMarkdown,
  referenceHtml,
  renderedHtml,
  staticSplitHtml,
} from './markdown-harness'

const treeOf = (syntax: BlockSyntax) => rootOf(syntax.nodes, syntax.offset, syntax.line)

const documents = exampleDocuments

/** Streams every example in chunks of `size`, handing each step's states (before and after) to `check`. */
function streamEveryExample(
  size: number,
  check: (previous: SplitState | undefined, state: SplitState, text: string) => void,
): void {
  for (const markdown of documents) {
    let state: SplitState | undefined
    for (let end = size; end < markdown.length + size; end += size) {
      const text = markdown.slice(0, Math.min(end, markdown.length))
      const previous = state
      state = advanceSplit(previous, text)
      check(previous, state, text)
    }
  }
}

describe('tail rendered from the splitter tree', () => {
  it.each([1, 16])(
    'renders and hands over exactly what a parse gives, in chunks of %i',
    { timeout: 60_000 },
    (size) => {
      let used = 0
      streamEveryExample(size, (previous, state, text) => {
        const last = state.tail[state.tail.length - 1]
        // The tail renders from its tree when the repair left it as it is.
        const syntax = last && tailBlock(state, last, true).text === last.text ? takeBlockSyntax(last) : undefined
        if (!last || !syntax) return
        used++
        const context = JSON.stringify(text)
        expect(treeOf(syntax).children, context).toEqual(parseTopLevelBlocks(last.text).nodes)
        // The same split again, with its trees: the first render takes them, the second parses.
        const fresh = splitFrom(previous, text)
        expect(staticSplitHtml(fresh, true), context).toBe(staticSplitHtml(fresh, true))
      })
      // Fewer at every character since a list of three items or more grows item by item, without a
      // tree of the whole list (3,000 before; `streaming-list.test.tsx` checks that path), and
      // indented code grows from the tree it rendered from (2,900 before; see "streaming indented code").
      expect(used).toBeGreaterThan(size === 1 ? 2_500 : 100)
    },
  )
})

/** Streams `markdown` into a live render in chunks of `sizes` (in turn), each chunk's render equal to a fresh one. */
function streamedAsFresh(markdown: string, sizes: readonly number[], props: { components?: MarkdownComponents }) {
  const live = liveMarkdown()
  for (let end = 0, step = 0; end < markdown.length; step++) {
    end = Math.min(markdown.length, end + sizes[step % sizes.length]!)
    const text = markdown.slice(0, end)
    live.render({ ...props, text, streaming: true })
    expect(renderedHtml(live), JSON.stringify(text)).toBe(freshHtml({ ...props, text, streaming: true }))
  }
  return live
}

/** Renders `text` streaming, then each of `chunks` appended in turn: none parses anything, and the last render is a fresh one's. */
function appendsParsingNothing(text: string, chunks: readonly string[]): void {
  const live = liveMarkdown()
  live.render({ text, streaming: true })
  let streamed = text
  for (const chunk of chunks) {
    streamed += chunk
    expect(
      charsParsedBy(() => live.render({ text: streamed, streaming: true })),
      JSON.stringify(chunk),
    ).toEqual([])
  }
  expect(renderedHtml(live)).toBe(freshHtml({ text: streamed, streaming: true }))
}

// A component that shows where its node ends: a grown tree must place the code where a parse does.
const components = {
  pre: ({
    node,
    children,
  }: {
    node?: { position?: { end: { line: number; column: number; offset?: number } } }
    children?: unknown
  }) => {
    const end = node?.position?.end
    return <pre data-end={end && `${end.line}:${end.column}:${end.offset}`}>{children as never}</pre>
  },
} as unknown as MarkdownComponents

describe('streaming indented code', () => {
  // Lines of code, of whitespace after the code's four columns, of only those columns, and blank
  // lines (which the code takes only when a line of it follows), with tabs reaching column four.
  const codeLine = fc.constantFrom(
    '    code()',
    '      deeper',
    '\tTab',
    '  \tspaces then a tab',
    '   \t\ttab after the indentation',
    '    ',
    '      ',
    '\t',
    ' \t',
    '  ',
    '',
    '    x ```',
  )

  it('grows its tree from the one it rendered from: appending parses nothing', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `    const value${i} = compute(${i}) // words here`)
    appendsParsingNothing(`Intro\n\n${rows.join('\n')}\n`, [
      '    const ',
      'more = 1',
      '\n',
      '      ',
      '\n\n',
      '\tz',
      '\n  ',
      '  y',
    ])
  })

  it('closes before a long run of CRLF blank lines as a fresh split does, at once', () => {
    // Each CRLF read as one line ending or two doubled the ways the run could be split: 40 hung.
    const open = 'Intro\n\n```\ncode\n'
    for (const after of ['', 'next', 'next line\r\n']) {
      const text = `${open}\`\`\`\n${'\r\n'.repeat(40)}${after}`
      const state = advanceSplit(advanceSplit(undefined, open), text)
      const fresh = splitFrom(undefined, text)
      expect(settledBlocks(state).map((block) => block.text)).toEqual(settledBlocks(fresh).map((block) => block.text))
      expect(state.tail.map((block) => block.text)).toEqual(fresh.tail.map((block) => block.text))
    }
  })

  it('renders every chunk as a fresh render does, the positions components are given included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', 'Intro text.\n\n', '# Title\n'),
        fc.array(codeLine, { maxLength: 14 }),
        fc.constantFrom('', '\n', '\nAfter.', '\n\n- item'),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (before, body, after, sizes, withComponents) => {
          const markdown = `${before}    first()\n${body.join('\n')}${after}`
          streamedAsFresh(markdown, sizes, withComponents ? { components } : {}).unmount()
        },
      ),
      { numRuns: 400, seed: 23 },
    )
  }, 60_000)

  it('keeps the CR of the blank lines before a line that goes on with the code (CRLF or CR line endings)', () => {
    // The code went on with a line feed where the text had a CRLF: `code\r\n\ni` for `code\r\n\r\ni`.
    for (const [open, added] of [
      ['    code\r\n\r\n    ', 'i'],
      ['    code\n    \r\n\r\n    ', 'i'],
      ['    code\r\r    ', 'i'],
      ['    a\r\n\t', 'b\n    c'],
    ] as const) {
      streamedAsFresh(open + added, [open.length, added.length], {}).unmount()
    }
  })

  it('renders every chunk as a fresh render does when its lines end in CRLF, CR or LF', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(codeLine, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        (lines, sizes) => {
          const markdown = `    first()\r\n${lines.map(([line, ending]) => line + ending).join('')}    last`
          streamedAsFresh(markdown, sizes, {}).unmount()
        },
      ),
      { numRuns: 400, seed: 24 },
    )
  }, 60_000)
})

describe('a streaming fence', () => {
  const codeLine = fc.constantFrom(
    'const a = 1',
    '  indented',
    '\tTab',
    '',
    '  ',
    'a `tick` b',
    'x ```',
    'y  ',
    'é ü',
    '  ~~',
  )
  it('grows its tree from the one it rendered from: appending parses nothing', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `const value${i} = compute(${i}) // words here`)
    appendsParsingNothing(`Intro\n\n\`\`\`ts\n${rows.join('\n')}\n`, [
      'const ',
      'more = 1',
      '\n',
      'x',
      '\n',
      '\tz',
      '  y',
    ])
  })

  it('renders every chunk as a fresh render does, the positions components are given included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', 'Intro text.\n\n', '- item\n\n'),
        fc.constantFrom('```', '~~~', '```ts', '~~~ js x', '  ```', '````'),
        fc.array(codeLine, { maxLength: 10 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (before, fence, body, sizes, withComponents) => {
          const markdown = `${before}${fence}\n${body.join('\n')}`
          streamedAsFresh(markdown, sizes, withComponents ? { components } : {}).unmount()
        },
      ),
      { numRuns: 300, seed: 17 },
    )
  }, 60_000)

  it('closes without parsing its code again: only its fence lines and the text after it are parsed', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `const value${i} = compute(${i}) // words here`)
    let text = `Intro\n\n\`\`\`ts\n${rows.join('\n')}\n`
    const live = liveMarkdown()
    live.render({ text, streaming: true })
    const after = '\nAfter the code.\n'
    text += `\`\`\`\n${after}`
    const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
    // The opening and closing lines (`\n\n```ts\n````), then the text after the fence; not its 13 KB of code.
    expect(parsed.reduce((sum, chars) => sum + chars, 0)).toBeLessThanOrEqual(
      '\n\n```ts\n```'.length + after.length + 1,
    )
    expect(renderedHtml(live)).toBe(freshHtml({ text, streaming: true }))
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })

  it('renders every chunk up to its closing and after it as a fresh render does, positions included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', 'Intro text.\n\n', '- item\n\n', 'A paragraph\n'),
        fc.constantFrom('```', '~~~', '```ts', '~~~ js x', '````', '`````'),
        fc.array(codeLine, { maxLength: 8 }),
        fc.constantFrom('```', '~~~', '````', '  ```', '``` \t', '```x', '   ````', '\t```', '``'),
        fc.constantFrom(
          '',
          '\n',
          '\nAfter.\n',
          '\n\n- item\n',
          '\n\n\n  text\nmore',
          '\n```\nnext\n',
          '\n  \n# Title\n',
        ),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (before, fence, body, closer, after, sizes, withComponents) => {
          const markdown = `${before}${fence}\n${body.join('\n')}${body.length > 0 ? '\n' : ''}${closer}${after}`
          const props = withComponents ? { components } : {}
          const live = streamedAsFresh(markdown, sizes, props)
          live.render({ ...props, text: markdown, streaming: false })
          expect(renderedHtml(live), JSON.stringify(markdown)).toBe(
            freshHtml({ ...props, text: markdown, streaming: false }),
          )
          live.unmount()
        },
      ),
      { numRuns: 400, seed: 41 },
    )
  }, 120_000)

  it('takes a line added, removed or edited in its code without parsing it, open or closed', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `const value${i} = compute(${i}) // words here`)
    const code = `\`\`\`ts\n${rows.join('\n')}`
    const edits: [string, (text: string, at: number) => string][] = [
      ['a line repeated', (text, at) => `${text.slice(0, at)}${rows[150]}\n${text.slice(at)}`],
      ['a line removed', (text, at) => text.slice(0, at) + text.slice(text.indexOf('\n', at) + 1)],
      ['a line start deleted', (text, at) => text.slice(0, at) + text.slice(at + 'const '.length)],
      ['a call deleted', (text, at) => text.slice(0, at) + text.replace('compute(', '').slice(at)],
      ['a blank line inserted', (text, at) => `${text.slice(0, at)}\n${text.slice(at)}`],
      ['a line replaced', (text, at) => `${text.slice(0, at)}  return x\n${text.slice(text.indexOf('\n', at) + 1)}`],
    ]
    for (const [name, document] of [
      ['open', `Intro\n\n${code}`],
      ['closed, settled', `Intro\n\n${code}\n\`\`\`\n\nAfter the code.`],
      ['closed, last', `Intro\n\n${code}\n\`\`\``],
    ] as const) {
      for (const props of [{}, { components }]) {
        let text: string = document
        const live = liveMarkdown()
        live.render({ ...props, text, streaming: true })
        for (const [edit, change] of edits) {
          // At the start of a line in the middle of the code.
          text = change(text, text.indexOf('\nconst value', text.length / 2) + 1)
          const label = `${name}: ${edit}`
          expect(
            charsParsedBy(() => live.render({ ...props, text, streaming: true })),
            label,
          ).toEqual([])
          expect(renderedHtml(live), label).toBe(freshHtml({ ...props, text, streaming: true }))
        }
        live.render({ ...props, text, streaming: false })
        // The reference places positions in the whole text (a block's are relative to the block).
        if (!('components' in props)) expect(renderedHtml(live), name).toBe(referenceHtml(text))
        live.unmount()
      }
    }
  })

  it('renders every rewrite of a fenced document as a fresh render does, the positions components are given included', () => {
    // Edits anywhere: in the code (lines added and removed, fence-like lines, carriage returns), in
    // its fences, around it.
    const inserted = fc.constantFrom('', '\n', 'x = 2\n', '\n  ', '```\n', '\n```', '~~~', 'word', '\r\n', '\t', '\n\n')
    const edit = fc.record({ at: fc.nat(10_000), remove: fc.nat(12), insert: inserted })
    let linesWithoutParse = 0
    fc.assert(
      fc.property(
        fc.constantFrom('', 'Intro text.\n\n', '- item\n\n', 'A paragraph\n', '```\nx\n```\n'),
        fc.constantFrom('```', '~~~', '```ts', '~~~ js x', '  ```', '````'),
        fc.array(codeLine, { maxLength: 10 }),
        fc.constantFrom(undefined, '```', '~~~', '````', '  ```'),
        fc.constantFrom('', '\n', '\n\nAfter.', '\n- item'),
        fc.array(edit, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (before, fence, body, closer, after, edits, withComponents) => {
          let text = `${before}${fence}\n${body.join('\n')}${closer === undefined ? '' : `\n${closer}`}${after}`
          const props = withComponents ? { components } : {}
          const live = liveMarkdown()
          live.render({ ...props, text, streaming: true })
          for (const { at, remove, insert } of edits) {
            const from = at % (text.length + 1)
            const removed = text.slice(from, from + remove)
            const next = text.slice(0, from) + insert + text.slice(from + remove)
            if (next === text) continue
            text = next
            const parsed = charsParsedBy(() => live.render({ ...props, text, streaming: true }))
            if (parsed.length === 0 && (removed.includes('\n') || insert.includes('\n'))) linesWithoutParse++

            expect(renderedHtml(live), JSON.stringify(text)).toBe(freshHtml({ ...props, text, streaming: true }))
          }
          live.unmount()
        },
      ),
      { numRuns: 400, seed: 29 },
    )
    // Lines added to or removed from code, taken without a parse.
    expect(linesWithoutParse).toBeGreaterThan(100)
  }, 60_000)
})

describe('settled blocks rendered from the tree of the parse that settled them', () => {
  it.each([1, 16])(
    'are the tail object already rendered, or get exactly the tree a parse of the block alone gives, in chunks of %i',
    { timeout: 60_000 },
    (size) => {
      let used = 0
      let kept = 0
      streamEveryExample(size, (previous, state) => {
        const settled: MarkdownBlock[] = settledBlocks(state).slice(previous?.settledCount ?? 0)
        for (const block of settled) {
          // The tail as it was rendered, unchanged: its element is kept, nothing renders again.
          if (previous?.tail.includes(block)) {
            kept++
            continue
          }
          const syntax = takeBlockSyntax(block)
          // Without a tree only where the region defined links or footnotes, or the block renders
          // nothing, or it is a list that streamed item by item and renders by its items.
          if (!syntax) {
            const byItems = streamingListOf(block) !== undefined
            expect(block.rendersNothing || state.hasDefinitions || byItems, JSON.stringify(block.text)).toBe(true)
            continue
          }
          used++
          expect(treeOf(syntax).children, JSON.stringify(block.text)).toEqual(parseTopLevelBlocks(block.text).nodes)
        }
      })
      // One character at a time a block settles as the very tail object last rendered; in larger
      // chunks many settle in the parse that made them, with its tree.
      expect(kept).toBeGreaterThan(size === 1 ? 200 : 100)
      if (size > 1) expect(used).toBeGreaterThan(50)
    },
  )
})

describe('settled block trees', () => {
  it('serve a block once: its next render parses', () => {
    const state = advanceSplit(undefined, 'One.\n\nTwo.\n\nThree')
    const [first] = settledBlocks(state)
    expect(first && takeBlockSyntax(first)).toBeDefined()
    expect(first && takeBlockSyntax(first)).toBeUndefined()
  })

  it('are not kept when the region defines a link: blocks render with the definitions published so far', () => {
    const trees = (text: string) => settledBlocks(advanceSplit(undefined, text)).map(takeBlockSyntax)
    expect(trees('See [a].\n\n# A heading\n\nMore\n')).toEqual([expect.anything(), expect.anything()])
    expect(trees('See [a].\n\n[a]: /u\n\n# A heading\n\nMore\n')).toEqual([undefined, undefined, undefined])
  })

  it('are taken by the first render (not kept for the life of the blocks); a second render parses alike', () => {
    const state = advanceSplit(undefined, 'One *a*.\n\nTwo **b**.\n\nThree\n')
    const withTrees = staticSplitHtml(state, true)
    expect(settledBlocks(state).map(takeBlockSyntax)).toEqual([undefined, undefined])
    expect(staticSplitHtml(state, true)).toBe(withTrees)
  })

  it("render the same under React's StrictMode (its discarded first render takes the trees, the second parses)", () => {
    const text = 'One *a*.\n\n- two\n- **b**\n\n```js\nthree\n```\n\nFour'
    const container = document.createElement('div')
    const root = createRoot(container)
    let streamed = ''
    for (const chunk of text.match(/[\s\S]{1,7}/g) ?? []) {
      streamed += chunk
      act(() =>
        root.render(
          <StrictMode>
            <StreamingMarkdown text={streamed} streaming />
          </StrictMode>,
        ),
      )
    }
    act(() =>
      root.render(
        <StrictMode>
          <StreamingMarkdown text={text} />
        </StrictMode>,
      ),
    )
    const markdown = container.firstElementChild
    for (const page of markdown?.querySelectorAll(':scope > [data-palimpsest-block-page]') ?? []) {
      page.replaceWith(...page.childNodes)
    }
    expect(markdown?.innerHTML).toBe(referenceHtml(text))
    act(() => root.unmount())
  })

  it('a tree renders exactly what it renders parsing the source', () => {
    const source = 'Some *emphasis*, `code` and a [link](https://example.com).'
    const state = advanceSplit(undefined, source)
    const syntax = state.tail[0] && takeBlockSyntax(state.tail[0])
    expect(syntax).toBeDefined()
    const options = markdownOptions({ components: undefined, highlight: undefined })
    const fromTree = renderToStaticMarkup(<div>{syntax && renderSyntaxTree(treeOf(syntax), options)}</div>)
    const parsed = renderToStaticMarkup(<div>{renderMarkdown(source, options)}</div>)
    expect(fromTree).toBe(parsed)
    expect(parsed).toContain('<em>emphasis</em>')
  })

  it('a streaming code block whose last line is blank renders the same from its tree as from a parse', () => {
    // The tree of the text with its final line ending has the blank line as a line of the code;
    // the render drops that line ending (as the block will once settled), so it parses instead.
    const text = 'Text\n\n```\ncode\n\n'
    const grown = advanceSplit(advanceSplit(undefined, 'Text\n\n```\ncode\n'), text)
    const fresh = advanceSplit(undefined, text)
    expect(staticSplitHtml(fresh, true)).toBe(staticSplitHtml(grown, true))
    expect(staticSplitHtml(fresh, true)).toContain('<code>code\n</code>')
  })

  it('so does one whose last line is spaces its indented fence takes, live as in a fresh render', () => {
    // `  ` under a fence indented by two is an empty line of the code, but at the end of the text no line.
    const before = 'Text\n\n  ```\ncode\n  '
    const text = `${before}\n`
    const fresh = advanceSplit(undefined, text)
    expect(staticSplitHtml(fresh, true)).toBe(
      staticSplitHtml(advanceSplit(advanceSplit(undefined, before), text), true),
    )
    expect(staticSplitHtml(fresh, true)).toContain('<code>code\n</code>')
    const live = liveMarkdown()
    live.render({ text: before, streaming: true })
    live.render({ text, streaming: true })
    const again = liveMarkdown()
    again.render({ text, streaming: true })
    expect(renderedHtml(live)).toBe(renderedHtml(again))
    live.unmount()
    again.unmount()
  })
})

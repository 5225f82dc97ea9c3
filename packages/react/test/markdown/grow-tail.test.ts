/**
 * The splitter's shortcut (`growTail`: text that only lengthens a decided last line is not
 * parsed) must give exactly what parsing gives. At every character of every CommonMark spec example
 * and GFM example, wherever the shortcut applies — including after earlier shortcuts — its state
 * equals the state from parsing the unsettled region again.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { growTail } from '../../src/markdown/grow-tail'
import { setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { splitFrom } from '../../src/markdown/split-region'
import type { SplitState } from '../../src/markdown/split-state'
import { exampleDocuments } from './example-documents'

const documents = exampleDocuments

/** Everything a render depends on. */
function observable(state: SplitState) {
  return {
    settledEnd: state.settledEnd,
    settledCount: state.settledCount,
    tail: state.tail,
    tailLeaf: state.tailLeaf,
    definitions: state.definitions.list,
    streamingDefinitions: state.streamingDefinitions.list,
    hasDefinitions: state.hasDefinitions,
    settledFootnoteBlocks: state.settledFootnoteBlocks,
  }
}

/**
 * Streams `markdown` to each end in turn, taking the shortcut where it applies (as `advanceSplit`
 * does) and checking it against a fresh parse each time; returns how often it applied.
 */
function streamComparing(markdown: string, ends: readonly number[]): number {
  let applied = 0
  let state: SplitState | undefined
  for (const end of ends) {
    const text = markdown.slice(0, end)
    const grown = state && growTail(state, text)
    const parsed = splitFrom(state, text)
    if (grown) {
      applied++
      expect(observable(grown), JSON.stringify(text)).toEqual(observable(parsed))
    }
    state = grown ?? parsed
  }
  return applied
}

describe('growTail', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  /** Cut points: every `size` characters, or (size 0) at every line ending. */
  function cuts(markdown: string, size: number): number[] {
    if (size > 0)
      return Array.from({ length: Math.ceil(markdown.length / size) }, (_, i) =>
        Math.min(markdown.length, (i + 1) * size),
      )
    const ends = [...markdown.matchAll(/\r\n?|\n/g)].map((match) => match.index + match[0].length)
    return [...ends, markdown.length]
  }

  it.each([1, 7, 16, 40, 0])(
    'equals a parse wherever it applies, in chunks of %i through every example',
    { timeout: 60_000 },
    (size) => {
      let applied = 0
      for (const markdown of documents) applied += streamComparing(markdown, cuts(markdown, size))
      // The spec examples are short: the shortcut runs often in small chunks, rarely in large ones.
      expect(applied).toBeGreaterThan(size === 1 ? 2_000 : 0)
    },
  )

  it.each([
    // The innermost leaf is a fence in a quote in a list item: the next line ("*") closes the item.
    [
      'in a quote',
      '1. <!-- comment\n  still\n2. ends with code\n\n      code\n* > ```\n  > in a quote\n* text\n5. text',
    ],
    // A fence in a list item, indented as a top-level fence may be: the next line (" -") closes the item.
    [
      'in a list item',
      ' - <div>\n  html\n  </div>\n* ends with code\n\n      code\n - fence\n   ```ts\n   const a = 1\n -\n - text',
    ],
  ])('continues only a top-level fence, not one %s after indented code', (_, markdown) => {
    // The tail block starts with indented code (one block with what follows it), so its type is code.
    const ends = Array.from({ length: markdown.length }, (_, index) => index + 1)
    expect(streamComparing(markdown, ends)).toBeGreaterThan(0)
  })

  it('equals a parse wherever it applies in random documents and chunkings', { timeout: 60_000 }, () => {
    // Line starts that continue a paragraph or code block, and everything that could interrupt one.
    const fragment = fc.constantFrom(
      ...['\n', '\n', '\r\n', '\n\n', 'word ', 'Text', 'é', 'x', '  y', '    z', '\t', '- ', '* ', '1. ', '> '],
      ...['"t"', "'t", '(t)', '/u', '&amp;', '\\#', '!', '.', '2024', '<u>'],
      ...['<table>', '  <tr>', '</td>', '<p/>', '<!--', '-->', '<pre>', '</pre>', ' ', '\t\n'],
      ...[
        '# ',
        '## h',
        '```',
        '~~~',
        '---',
        '===',
        '| a | b |',
        '| - | - |',
        '<div>',
        '[x]: /u',
        '[x]',
        '[^n]: n',
        '**',
      ],
    )
    let applied = 0
    fc.assert(
      fc.property(
        fc.array(fragment, { minLength: 1, maxLength: 40 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 30 }),
        (fragments, cutList) => {
          const markdown = fragments.join('')
          const ends = [...cutList.filter((cut) => cut < markdown.length).sort((a, b) => a - b), markdown.length]
          applied += streamComparing(markdown, ends)
        },
      ),
      { numRuns: 5_000, seed: 11 },
    )
    expect(applied).toBeGreaterThan(100)
  })

  it('equals a parse wherever it applies in random tables and chunkings', { timeout: 60_000 }, () => {
    // Body lines: rows with and without outer pipes, escaped and code-span pipes, too few and too many
    // cells, and lines that end the table (blank, indented, list, quote, heading, fence, HTML, rule).
    const cell = fc.constantFrom(' a ', 'b', ' `x|y` ', ' \\| ', ' **c ', '', ' [l](/u) ', ' 1 ', ' é ', '\t')
    const rowStart = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('|', ' |', '   |', '', 'w') },
      { weight: 1, arbitrary: fc.constantFrom('    |', '\t|', '- ', '> ', '# ', '```', '<div>', '1. ', ':', '-') },
    )
    const row = fc
      .tuple(rowStart, fc.array(cell, { minLength: 0, maxLength: 5 }), fc.constantFrom('|', ' |', '', '\\'))
      .map(([start, cells, end]) => start + cells.join('|') + end)
    const lineEnding = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('\n', '\r\n') },
      { weight: 1, arbitrary: fc.constantFrom('\n\n', '\n  \n', '\r') },
    )
    const table = fc
      .tuple(
        fc.constantFrom('', 'Intro\n\n', '> q\n\n', '[x]: /u\n'),
        fc.constantFrom('| a | b |', 'a | b', '| a |', '| a | b | c |'),
        fc.constantFrom('| - | - |', '--- | :-:', '|:-|', '| - | - | - |'),
        fc.array(fc.tuple(lineEnding, row), { minLength: 1, maxLength: 16 }),
      )
      .map(([before, header, delimiter, rows]) => `${before}${header}\n${delimiter}${rows.flat().join('')}`)
    let applied = 0
    fc.assert(
      // Every character, or chunks of up to 24 characters.
      fc.property(table, fc.integer({ min: 0, max: 24 }), (markdown, size) => {
        applied += streamComparing(markdown, cuts(markdown, Math.max(1, size - 6)))
      }),
      { numRuns: 500, seed: 12 },
    )
    // The shortcut ran thousands of times (3,000 runs, 48 s, passed when written).
    expect(applied).toBeGreaterThan(3_000)
  })

  it('streams a long table parsing its header and last row, not the whole table', () => {
    const parsed: number[] = []
    setMarkdownWorkListener((work) => {
      if (work.kind === 'split-parse') parsed.push(work.chars)
    })
    const rows = Array.from({ length: 300 }, (_, i) => `| row ${i} | \`code ${i}\` | **${i}** |`).join('\n')
    const document = `# Table\n\n| name | code | value |\n| --- | :-: | --: |\n${rows}\n`
    let state: SplitState | undefined
    for (const end of cuts(document, 29)) {
      const text = document.slice(0, end)
      state = (state && growTail(state, text)) ?? splitFrom(state, text)
    }
    expect(state?.tail.map((block) => block.text).join('')).toBe(document.slice(state?.settledEnd ?? 0))
    const late = parsed.slice(-100)
    expect(Math.max(...late)).toBeLessThan(200)
    expect(state?.tailLeaf?.type).toBe('tableCell')
  })

  it('lets a long paragraph or code block stream in multi-line chunks without a parse', () => {
    const paragraph = Array.from({ length: 40 }, (_, i) => `line ${i} of a paragraph wrapped at a short width`).join(
      '\n',
    )
    const code = `\`\`\`ts\n${Array.from({ length: 40 }, (_, i) => `const value${i} = ${i}`).join('\n')}\n`
    // Blank lines between statements are lines of the open block too.
    const spacedCode = `\`\`\`ts\n${Array.from({ length: 40 }, (_, i) => `const value${i} = ${i}\n`).join('\n  \n')}`
    // Indented code: lines indented by four columns (or a tab), blank lines between them.
    const indented = Array.from({ length: 40 }, (_, i) => `${i % 5 ? '    ' : '\t'}const value${i} = ${i}\n`).join('\n')
    const documents = [paragraph, code, spacedCode, indented].map((block) => `# Title\n\n${block}`)
    for (const document of documents) {
      let state: SplitState | undefined
      let parses = 0
      for (const end of cuts(document, 37)) {
        const text = document.slice(0, end)
        const grown = state && growTail(state, text)
        if (!grown) parses++
        state = grown ?? splitFrom(state, text)
      }
      expect(parses, document.slice(0, 20)).toBeLessThan(6)
      expect(state?.tail.map((block) => block.text).join('')).toBe(document.slice(state?.settledEnd ?? 0))
    }
  })

  it("grows a fence through chunks cut in a line's indentation, and parses the spaces that open its closing fence", () => {
    const document = '# Title\n\n```ts\nfunction f() {\n    if (x) {\n        return 1\n    }\n}\n  ```\nAfter.'
    // A cut after each line's indentation and after each line ending, as a model's tokens often fall.
    const indents = [...document.matchAll(/^[ \t]+/gm)].map((match) => match.index + match[0].length)
    const lineEnds = [...document.matchAll(/\n/g)].map((match) => match.index + 1)
    const ends = [...new Set([...indents, ...lineEnds, document.length])].sort((a, b) => a - b)
    const codeStart = document.indexOf('function')
    const closing = document.indexOf('  ```')
    let state: SplitState | undefined
    for (const end of ends) {
      const text = document.slice(0, end)
      const grown = state && growTail(state, text)
      const parsed = splitFrom(state, text)
      if (grown) expect(observable(grown), JSON.stringify(text)).toEqual(observable(parsed))
      // Every chunk of the code after its first line grows the block, the spaces before the fence too.
      if (end > codeStart + 'function f() {\n'.length && end <= closing + 2)
        expect(grown, JSON.stringify(text)).toBeDefined()
      // The fence after those spaces closes the block: that chunk is parsed.
      if (end === closing + '  ```\n'.length) expect(grown, JSON.stringify(text)).toBeUndefined()
      state = grown ?? parsed
    }
    expect(observable(state!)).toEqual(observable(splitFrom(undefined, document)))
  })

  it('parses a paragraph streamed token by token once, across its line endings', () => {
    const parsed: number[] = []
    setMarkdownWorkListener((work) => {
      if (work.kind === 'split-parse') parsed.push(work.chars)
    })
    const tokens = 'Streaming one token at a time, a paragraph is parsed only when a line ends.\nNext line'.split(
      /(?= )/,
    )
    let state: SplitState | undefined
    let text = ''
    let parses = 0
    for (const token of tokens) {
      text += token
      const grown = state && growTail(state, text)
      state = grown ?? splitFrom(state, text)
      if (!grown) parses++
    }
    // Only the first token: every later one continues the paragraph, the line ending included.
    expect(parses).toBe(1)
    expect(parsed).toHaveLength(1)
    expect(state?.tail.map((block) => block.text).join('')).toBe(text)
  })
})

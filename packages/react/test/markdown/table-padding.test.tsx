/**
 * Rewrites that only re-pad a table (`table-padding.ts`): the spaces around a cell's `|` and the
 * number of `-` in the delimiter row change, nothing else. The shifted tree must be exactly what a
 * parse of the new text gives, positions included; the split state must be a fresh split's, and its
 * render (the earlier text's) exactly a fresh render, streaming or not; a live streaming message
 * re-padded step by step renders every step as a fresh render, re-rendering no block.
 */
import fc from 'fast-check'
import type { Root } from 'mdast'
import { afterEach, describe, expect, it } from 'vitest'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { type MarkdownWork, setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { parseMarkdown } from '../../src/markdown/markdown-pipeline'
import { splitFrom } from '../../src/markdown/split-region'
import type { SplitState } from '../../src/markdown/split-state'
import { paddingChanges, shiftSyntaxTree, tablePaddingInBlock } from '../../src/markdown/table-padding'
import { commonPrefix, commonSuffix } from './common-affixes'
import { exampleDocuments } from './example-documents'
import {
  liveMarkdown,
  referenceHtml,
  renderedHtml,
  splitObservable,
  staticReferenceHtml,
  staticSplitHtml,
} from './markdown-harness'

function changesOf(before: string, after: string) {
  const prefix = commonPrefix(before, after)
  return paddingChanges(before, after, prefix, commonSuffix(before, after, prefix))
}

/** Without `undefined` fields, which a parse does not write but a spread copy keeps. */
function plain(tree: Root): unknown {
  return JSON.parse(JSON.stringify(tree))
}

/** Cell contents, among them ones whose spaces or pipes mean something. */
const cellContent = fc.constantFrom(
  ...['a', 'bb', 'two words', '', '*em*', '`code`', '`a | b`', '`\\|`', 'x \\| y', '\\\\', 'end\\', '**b** c'],
  ...['[l](/u)', '~~s~~', '1.', '- x', '> q', '#', '&amp;', 'é', 'a  b', ':', '---'],
)

interface TableShape {
  indent: number
  outer: boolean
  header: string[]
  align: ('left' | 'right' | 'center' | 'none')[]
  rows: string[][]
}

const tableShape: fc.Arbitrary<TableShape> = fc.integer({ min: 1, max: 4 }).chain((columns) =>
  fc.record({
    indent: fc.integer({ min: 0, max: 3 }),
    outer: fc.boolean(),
    header: fc.array(cellContent, { minLength: columns, maxLength: columns }),
    align: fc.array(fc.constantFrom('left', 'right', 'center', 'none'), { minLength: columns, maxLength: columns }),
    rows: fc.array(fc.array(cellContent, { minLength: 1, maxLength: columns + 1 }), { maxLength: 5 }),
  }),
)

/** Paddings: for every cell side and delimiter, a length drawn from `seed` (1–4, sometimes 0). */
function tableText(shape: TableShape, seed: number): string {
  let state = seed
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state
  }
  const pad = () => ' '.repeat(next() % 9 === 0 ? 0 : 1 + (next() % 4))
  const line = (cells: readonly string[]) => {
    const inner = cells.map((cell) => pad() + cell + pad()).join('|')
    return ' '.repeat(shape.indent) + (shape.outer ? `|${inner}|` : inner)
  }
  const rule = shape.align.map((align) => {
    const dashes = '-'.repeat(1 + (next() % 6))
    const left = align === 'left' || align === 'center' ? ':' : ''
    const right = align === 'right' || align === 'center' ? ':' : ''
    return left + dashes + right
  })
  return [line(shape.header), line(rule), ...shape.rows.map(line)].join('\n')
}

describe('a re-padded table', () => {
  it('keeps its tree with positions shifted: exactly a parse of the new text, and the same render', () => {
    let shifted = 0
    let declined = 0
    fc.assert(
      fc.property(tableShape, fc.nat(), fc.nat(), fc.constantFrom('', '\n'), (shape, a, b, end) => {
        const before = tableText(shape, a) + end
        const after = tableText(shape, b) + end
        const changes = changesOf(before, after)
        if (!changes || changes.length === 0) return
        const tree = parseMarkdown(before)
        if (tree.children.length !== 1 || tree.children[0]!.type !== 'table') return
        const relative = tablePaddingInBlock(before, changes)
        if (!relative) {
          declined++
          return
        }
        const snapshot = JSON.stringify(tree)
        const result = shiftSyntaxTree(tree, relative)
        expect(JSON.stringify(tree)).toBe(snapshot)
        if (!result) {
          declined++
          return
        }
        shifted++
        const message = `${JSON.stringify(before)} → ${JSON.stringify(after)}`
        expect(plain(result), message).toEqual(plain(parseMarkdown(after)))
        expect(staticReferenceHtml(after), message).toBe(staticReferenceHtml(before))
      }),
      { numRuns: 600, seed: 16 },
    )
    expect(shifted).toBeGreaterThan(declined)
  }, 60_000)

  it('declines what is not table padding', () => {
    const accepted = (before: string, after: string) => {
      const changes = changesOf(before, after)
      return changes !== undefined && tablePaddingInBlock(before, changes) !== undefined
    }
    expect(accepted('| a | b |\n|---|---|\n| c | d |', '|  a  | b |\n|----|---|\n| c |   d |')).toBe(true)
    // Inner spaces of a cell are its text; an escaped pipe is content; indentation; a space appearing.
    expect(accepted('| a b |\n|---|', '| a  b |\n|---|')).toBe(false)
    expect(accepted('| a \\| b |\n|---|', '| a  \\| b |\n|---|')).toBe(false)
    expect(accepted(' | a |\n|---|', '  | a |\n|---|')).toBe(false)
    expect(accepted('| a|\n|---|', '| a |\n|---|')).toBe(false)
    // Dashes count only in the delimiter row; a line without a leading pipe may be a list item.
    expect(accepted('| a |\n|---|\n| -- |', '| a |\n|---|\n| --- |')).toBe(false)
    expect(accepted('a | b\n--|--\nc | d', 'a  | b\n--|--\nc | d')).toBe(false)
    // Not only spaces and dashes.
    expect(changesOf('| a |\n|---|', '| a |\n|:--|')).toBeUndefined()
    expect(changesOf('| a |\t|', '| a |  |')).toBeUndefined()
  })
})

/** Rewrites `previous` to `text`: the state a fresh split gives, and the render of a fresh split, streaming or not. */
function rewriteChecked(previous: SplitState, text: string): SplitState {
  const state = advanceSplit(previous, text)
  const fresh = splitFrom(undefined, text)
  const message = `${JSON.stringify(previous.text)} → ${JSON.stringify(text)}`
  expect(splitObservable(state), message).toEqual(splitObservable(fresh))
  expect(staticSplitHtml(state, true), message).toBe(staticSplitHtml(fresh, true))
  expect(staticSplitHtml(state), message).toBe(staticReferenceHtml(text))
  return state
}

/** Random lengths for the runs of spaces and dashes of `text` (each kept at least 1 long). */
function repadded(text: string, lengths: readonly number[]): string {
  let index = 0
  return text.replace(/ +|-+/g, (run) => run[0]!.repeat(1 + ((lengths[index++ % lengths.length] ?? 0) % 5)))
}

/** The same, only for spaces next to a `|` and dashes in lines of dashes, colons, pipes and spaces (delimiter rows). */
function repaddedCells(text: string, lengths: readonly number[]): string {
  let index = 0
  const length = () => 1 + ((lengths[index++ % lengths.length] ?? 0) % 5)
  return text
    .split('\n')
    .map((line) =>
      /^ {0,3}\|[ :|-]*$/.test(line)
        ? line.replace(/-+/g, () => '-'.repeat(length()))
        : line.replace(/(?<=\|) +| +(?=\|)/g, () => ' '.repeat(length())),
    )
    .join('\n')
}

describe('a split state re-padded', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  it('in documents ending in a table (cut anywhere, as while streaming) is a fresh split and renders as one', () => {
    let unparsed = 0
    fc.assert(
      fc.property(
        tableShape,
        fc.nat(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('', 'Intro text.\n\n', '# Title\n\n- item\n\n'),
        fc.constantFrom('', '\n', '\n\nAfter.', '\nnext | line', '\n> quote'),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (shape, seed, steps, head, end, cut) => {
          const cutAt = (text: string) => {
            const table = text.length - end.length - head.length
            return text.slice(0, head.length + Math.max(1, Math.round(table * cut)))
          }
          // The same cut in each padding: as many rows, as many characters of the last row's content.
          const texts = [seed, ...steps].map((padding) => head + tableText(shape, padding) + end)
          const cutRows = (text: string) => (cut === 1 ? text : cutAt(text))
          let state = splitFrom(undefined, cutRows(texts[0]!))
          for (const text of texts.slice(1)) {
            const next = cutRows(text)
            const work: MarkdownWork[] = []
            setMarkdownWorkListener((item) => work.push(item))
            advanceSplit(state, next)
            setMarkdownWorkListener(undefined)
            if (work.every((item) => item.kind === 'word-scan')) unparsed++
            state = rewriteChecked(state, next)
          }
        },
      ),
      { numRuns: 400, seed: 17 },
    )
    expect(unparsed).toBeGreaterThan(50)
  }, 120_000)

  it('in every CommonMark and GFM example with a pipe is a fresh split and renders as one', () => {
    const documents = exampleDocuments.filter((markdown) => markdown.includes('|'))
    let unparsed = 0
    for (const [index, markdown] of documents.entries()) {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (lengths) => {
          const text = lengths[0]! % 2 === 0 ? repadded(markdown, lengths) : repaddedCells(markdown, lengths)
          if (text === markdown) return
          const previous = splitFrom(undefined, markdown)
          const work: MarkdownWork[] = []
          setMarkdownWorkListener((item) => work.push(item))
          advanceSplit(previous, text)
          setMarkdownWorkListener(undefined)
          if (work.every((item) => item.kind === 'word-scan')) unparsed++
          rewriteChecked(previous, text)
        }),
        { numRuns: 6, seed: index },
      )
    }
    // Some re-paddings of the spec's tables (only spaces next to pipes and delimiter dashes changed) take the path.
    expect(unparsed).toBeGreaterThan(5)
  }, 120_000)
})

const table = (padding: number, rows = 40) => {
  const cells = Array.from({ length: rows }, (_, row) => [`item ${row}`, `kind`, String(row * 37), `note *${row}*`])
  const line = (row: readonly string[]) =>
    `| ${row.map((cell) => cell.padEnd(padding ? 12 + padding : 0)).join(' | ')} |`
  const rule = `|${['', '', '', ''].map(() => '-'.repeat(padding ? 14 + padding : 3)).join('|')}|`
  return [line(['name', 'kind', 'count', 'notes']), rule, ...cells.map(line)].join('\n')
}

describe('a live streaming message whose table is re-padded', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  for (const [name, after] of [
    ['ending in the table', '\n'],
    ['with a paragraph after the table', '\n\nThe end.\n'],
  ] as const) {
    it(`${name}: renders every step as a fresh render, re-rendering and parsing nothing, keeping every DOM node`, () => {
      const head = 'Here is the table.\n\n'
      const live = liveMarkdown()
      let text = head + table(0) + after
      live.render({ text, streaming: true })
      const nodes = [...live.container.querySelectorAll('table, tr, td, th, p, em')]
      for (const padding of [1, 2, 0, 3]) {
        const work: MarkdownWork[] = []
        setMarkdownWorkListener((item) => work.push(item))
        text = head + table(padding) + after
        live.render({ text, streaming: true })
        setMarkdownWorkListener(undefined)
        expect(work.filter((item) => item.kind === 'split-parse')).toEqual([])
        // A streaming table parses its header with its last row again (a few lines); nothing else renders.
        expect(work.filter((item) => item.kind === 'block-render' && item.chars > 300)).toEqual([])
        const fresh = liveMarkdown()
        fresh.render({ text, streaming: true })
        expect(renderedHtml(live)).toBe(renderedHtml(fresh))
        fresh.unmount()
      }
      const nodesAfter = [...live.container.querySelectorAll('table, tr, td, th, p, em')]
      expect(nodesAfter.length).toBe(nodes.length)
      expect(nodesAfter.every((node, index) => node === nodes[index])).toBe(true)
      // Words changed after a re-padding: the shifted tree (or a parse) renders them.
      text = text.replace('item 7 ', 'entry 7')
      live.render({ text, streaming: true })
      text += 'More text.\n'
      live.render({ text, streaming: true })
      live.render({ text, streaming: false })
      expect(renderedHtml(live)).toBe(referenceHtml(text))
      live.unmount()
    })
  }

  it('a settled table re-padded then reworded patches its shifted tree without parsing', () => {
    const text0 = `Intro.\n\n${table(0, 10)}\n\nThe end of it.\n`
    const live = liveMarkdown()
    live.render({ text: text0, streaming: true })
    let text = `Intro.\n\n${table(2, 10)}\n\nThe end of it.\n`
    live.render({ text, streaming: true })
    const work: MarkdownWork[] = []
    setMarkdownWorkListener((item) => work.push(item))
    text = text.replace('item 3', 'item 9')
    live.render({ text, streaming: true })
    setMarkdownWorkListener(undefined)
    expect(work.filter((item) => item.kind === 'split-parse')).toEqual([])
    expect(work.filter((item) => item.kind === 'block-render').every((item) => item.parsed === false)).toBe(true)
    const fresh = liveMarkdown()
    fresh.render({ text, streaming: true })
    expect(renderedHtml(live)).toBe(renderedHtml(fresh))
    fresh.unmount()
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })
})

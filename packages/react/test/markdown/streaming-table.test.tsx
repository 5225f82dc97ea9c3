/**
 * A table streaming as the tail renders its settled rows once and re-parses only its last row
 * (`StreamingTable`). Its HTML must be exactly react-markdown's render of the repaired tail (what
 * the tail rendered as before), at every prefix of every GFM example and of random tables, with
 * link definitions and with the user's element overrides.
 */
import fc from 'fast-check'
import type { Components } from 'react-markdown'
import { afterEach, describe, expect, it } from 'vitest'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { parseMarkdown } from '../../src/markdown/markdown-pipeline'
import { grownRowsTree, maxPageRows, StreamingTable, tableRows } from '../../src/markdown/StreamingTable'
import type { SplitState } from '../../src/markdown/split-state'
import { gfmExamples } from './gfm-examples'
import {
  charsParsedBy,
  freshHtml,
  liveMarkdown,
  referenceHtml,
  renderedHtml,
  streamChecked,
  tailBesideReference,
} from './markdown-harness'

/** The streaming table's HTML and react-markdown's HTML of the same repaired tail, for a split state. */
function bothRenders(state: SplitState, components?: Components) {
  return tailBesideReference(state, components, (block, options, definitions) =>
    block.tableRows ? (
      <StreamingTable
        blockKey={0}
        separated={false}
        rows={block.tableRows}
        definitions={definitions}
        options={options}
      />
    ) : undefined,
  )
}

/** Streams `markdown` character by character (or in chunks) and compares wherever the table renders by rows. */
function compareWhileStreaming(markdown: string, size = 1, components?: Components): number {
  let used = 0
  let state: SplitState | undefined
  for (let end = size; end < markdown.length + size; end += size) {
    const text = markdown.slice(0, Math.min(end, markdown.length))
    state = advanceSplit(state, text)
    const renders = bothRenders(state, components)
    if (!renders) continue
    used++
    expect(renders.tail, JSON.stringify(text)).toBe(renders.whole)
  }
  return used
}

describe('a streaming table renders by rows', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  it("a cell whose column's alignment is rewritten away has a fresh render's attributes", () => {
    // An update removes the style's property and leaves `style=""`, which a fresh render has not.
    const rows = Array.from({ length: 40 }, (_, i) => `| cell ${i} | ${i} |`).join('\n')
    const live = liveMarkdown()
    for (const delimiter of ['| :-- | --: |', '| --- | --: |', '| :-: | --- |', '| --- | --- |']) {
      for (const streaming of [true, false]) {
        const text = `Intro\n\n| a | b |\n${delimiter}\n${rows}\n\nAfter`
        live.render({ text, streaming })
        expect(renderedHtml(live), `${delimiter} ${streaming}`).toBe(freshHtml({ text, streaming }))
      }
    }
    live.unmount()
  })

  it('cuts the body into pages of settled rows and the last row', () => {
    const body = Array.from({ length: 300 }, (_, i) => `| ${i} |`)
    const rows = tableRows(`\n\n| n |\n| - |\r\n${body.join('\n')}\n  `)
    expect(rows?.head).toBe('| n |\n| - |\r\n')
    expect(rows?.pages.join('\n')).toBe(body.slice(0, 299).join('\n'))
    expect(rows?.last).toBe('| 299 |')
    const sizes = rows?.pages.map((page) => page.split('\n').length) ?? []
    expect(sizes.length).toBeGreaterThan(4)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(maxPageRows)
    expect(new Set(rows?.pageKeys).size).toBe(sizes.length)
    // One body row: nothing is settled yet, so the table renders whole.
    expect(tableRows('| n |\n| - |\n| 0 |')).toBeUndefined()
    // Lines of spaces and tabs before the table are not its header row.
    expect(tableRows(' \t\n  \r\n| n |\n| - |\n| 0 |\n| 1 |')).toEqual({
      head: '| n |\n| - |\n',
      pages: ['| 0 |'],
      pageKeys: [expect.any(String)],
      last: '| 1 |',
    })
  })

  it('a table after leading lines of spaces and tabs renders at every character as a fresh render does', () => {
    for (const lead of ['    \n', ' \t\n\n', '  \r\n', '\t\n   \n']) {
      streamChecked(`${lead}| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\n<p>`, [1])
      streamChecked(`${lead}| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\n\nText`, [3, 1, 5])
    }
  })

  it("cuts pages by their rows' text: a row inserted or removed changes the page it is in, and no other", () => {
    const body = Array.from({ length: 600 }, (_, i) => `| ${i} | ${(i * 7919) % 1000} |`)
    const cut = (lines: readonly string[]) => {
      const rows = tableRows(`| n | m |\n| - | - |\n${lines.join('\n')}`)
      return new Map(rows?.pages.map((page, index) => [rows.pageKeys[index], page]))
    }
    const before = cut(body)
    for (const at of [1, 100, 333, 500]) {
      for (const lines of [
        [...body.slice(0, at), body[at] as string, ...body.slice(at)],
        [...body.slice(0, at), ...body.slice(at + 1)],
      ]) {
        const after = cut(lines)
        // The same cut whatever table was cut before (the pages of the last cut are reused where they still hold).
        tableRows(`| z |\n| - |\n${body.slice(0, 200).join('\n')}`)
        expect(cut(lines), `row ${at}`).toEqual(after)
        const changed = [...after].filter(([key, page]) => before.get(key) !== page)
        const gone = [...before.keys()].filter((key) => !after.has(key))
        expect(changed.length, `row ${at}`).toBe(1)
        expect(gone.length, `row ${at}`).toBeLessThanOrEqual(1)
      }
    }
  })

  it('cuts a table the same after any other cut: the pages kept or moved from the last one are those a fresh cut finds', () => {
    const row = fc
      .tuple(fc.nat({ max: 300 }), fc.constantFrom(' 1 ', ' **2** ', '', ' `x` '))
      .map(([n, cell]) => `| r${n} |${cell}|`)
    const table = fc.array(row, { minLength: 40, maxLength: 400 })
    const edit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 30 }), insert: fc.array(row, { maxLength: 30 }) })
    fc.assert(
      fc.property(table, fc.array(edit, { minLength: 1, maxLength: 4 }), (body, edits) => {
        let lines = body
        tableRows(`| n | m |\n| - | - |\n${lines.join('\n')}`)
        for (const { at, remove, insert } of edits) {
          const from = at % lines.length
          lines = [...lines.slice(0, from), ...insert, ...lines.slice(from + remove)]
          const text = `| n | m |\n| - | - |\n${lines.join('\n')}`
          const warm = tableRows(text)
          tableRows('| z |\n| - |\n| 1 |\n| 2 |')
          expect(warm).toEqual(tableRows(text))
          tableRows(text)
        }
      }),
      { numRuns: 300, seed: 5 },
    )
  })

  it('exactly as react-markdown renders the repaired tail, at every character of every GFM example', () => {
    const used = gfmExamples.map((example) => compareWhileStreaming(example.markdown))
    // The examples with two or more body rows.
    expect(used.filter((count) => count > 0).length).toBeGreaterThanOrEqual(3)
  })

  it('exactly as react-markdown renders the repaired tail, in random tables', { timeout: 60_000 }, () => {
    const cell = fc.constantFrom(' a ', 'b', ' `x|y` ', ' \\| ', ' **c ', '', ' [l] ', ' [x][] ', ' 1 ', ' _e')
    const row = fc
      .tuple(
        fc.oneof({ weight: 40, arbitrary: fc.constantFrom('|', ' |', '', 'w') }, fc.constant('- ')),
        fc.array(cell, { maxLength: 5 }),
        fc.constantFrom('|', ''),
      )
      .map(([start, cells, end]) => start + cells.join('|') + end)
    const table = fc
      .tuple(
        fc.constantFrom('', 'Intro\n\n', '[x]: /u "t"\n\n', '[l]: <a b>\n\n'),
        fc.constantFrom('| a | b |', 'a | b', '| :- | -: | :-: |'.replace(/[-:]+/g, 'h')),
        fc.constantFrom('| - | - |', '--- | :-:', '| :- | -: | :-: |'),
        fc.array(
          fc.tuple(fc.oneof({ weight: 30, arbitrary: fc.constantFrom('\n', '\r\n') }, fc.constant('\n\n')), row),
          {
            minLength: 2,
            maxLength: 40,
          },
        ),
      )
      .map(([before, header, delimiter, rows]) => `${before}${header}\n${delimiter}${rows.flat().join('')}`)
    let used = 0
    fc.assert(
      fc.property(table, fc.integer({ min: 1, max: 24 }), (markdown, size) => {
        used += compareWhileStreaming(markdown, size)
      }),
      { numRuns: 300, seed: 7 },
    )
    expect(used).toBeGreaterThan(1_000)
  })

  it("grows a page's tree by the rows that settle into it to exactly the page's own parse", () => {
    const cell = fc.constantFrom(' a ', 'b', ' `x|y` ', ' \\| ', ' **c ', '', ' [l] ', ' [x][] ', ' 1 ', ' _e', ' <b>')
    const row = fc
      .tuple(
        fc.oneof({ weight: 40, arbitrary: fc.constantFrom('|', ' |', '', 'w') }, fc.constantFrom('- ', '> ', '')),
        fc.array(cell, { maxLength: 5 }),
        fc.constantFrom('|', '', ' ', '|  '),
      )
      .map(([start, cells, end]) => start + cells.join('|') + end)
    const page = fc.tuple(
      fc.constantFrom('', '[x]: /u "t"\n\n', '[l]: <a b>\n[x]: /v\n\n'),
      fc.constantFrom('| a | b |\n| - | - |\n', 'a | b\r\n--- | :-:\r\n', '| h | h | h |\n| :- | -: | :-: |\n'),
      fc.array(row, { minLength: 2, maxLength: 30 }),
      fc.constantFrom('\n', '\r\n', '\r'),
      fc.integer({ min: 1, max: 29 }),
    )
    let grown = 0
    fc.assert(
      fc.property(page, ([definitions, head, rows, lineEnding, cut]) => {
        const kept = rows.slice(0, Math.min(cut, rows.length - 1)).join(lineEnding)
        const all = rows.join(lineEnding)
        const before = definitions + head + kept
        const source = definitions + head + all
        const tree = grownRowsTree(
          { source: before, tree: parseMarkdown(before) },
          source,
          source.length - all.length,
          undefined,
        )
        if (!tree) return
        grown++
        expect(tree.tree, JSON.stringify(source)).toEqual(parseMarkdown(source))
        expect(tree.parsedChars).toBe(source.length - kept.length - lineEnding.length)
      }),
      { numRuns: 2_000, seed: 11 },
    )
    expect(grown).toBeGreaterThan(800)
  })

  it("keeps the user's table element overrides, the body's included", () => {
    const components: Components = {
      tbody: ({ children }) => <tbody data-custom-body="">{children}</tbody>,
      tr: ({ children }) => <tr data-custom-row="">{children}</tr>,
      td: ({ children, style }) => (
        <td data-custom-cell="" style={style}>
          {children}
        </td>
      ),
    }
    const rows = Array.from({ length: 40 }, (_, i) => `| ${i} | *${i}* |`).join('\n')
    const markdown = `| a | b |\n| :-: | --: |\n${rows}`
    // From the second body row on, every chunk renders by rows.
    const used = compareWhileStreaming(markdown, 9, components)
    expect(used).toBe(Math.ceil(markdown.length / 9) - Math.ceil(markdown.indexOf('| 1 |') / 9))
  })

  it('parses each settled row once while a long table streams, and ends as react-markdown', () => {
    const rendered: number[] = []
    setMarkdownWorkListener((work) => {
      if (work.kind === 'block-render') rendered.push(work.chars)
    })
    const rows = Array.from({ length: 400 }, (_, i) => `| row ${i} | \`code\` | **${i}** |`)
    const document = `# Data\n\n| name | code | value |\n| --- | :-: | --: |\n${rows.join('\n')}\n\nAfter.`
    const live = liveMarkdown()
    const tableEnd = document.indexOf('\n\nAfter')
    let text = ''
    let commits = 0
    let renderedWhileInTable = 0
    for (let end = 23; end < document.length + 23; end += 23) {
      text = document.slice(0, Math.min(end, document.length))
      rendered.length = 0
      live.render({ text, streaming: true })
      commits++
      if (end < tableEnd) renderedWhileInTable = Math.max(renderedWhileInTable, sum(rendered))
    }
    // Per commit: the head with the last row, and the head with the row that settled (a chunk of 23
    // characters ends at most one row of 30): never the rows that settled before it.
    const head = '| name | code | value |\n| --- | :-: | --: |\n'
    const longestRow = Math.max(...rows.map((row) => row.length + 1))
    expect(renderedWhileInTable).toBeLessThanOrEqual(2 * head.length + 2 * longestRow)
    expect(commits).toBeGreaterThan(500)
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(document))
    live.unmount()
  }, 60_000)

  it('re-renders only the page of rows a word edit changed, parsing nothing else, as a fresh render', () => {
    const head = '| name | note | value |\n| --- | :-: | --: |\n'
    const rows = Array.from({ length: 300 }, (_, i) => `| row ${i} | some *words* here | ${i} |`)
    let text = `Intro paragraph.\n\n${head}${rows.join('\n')}`
    const live = liveMarkdown()
    live.render({ text, streaming: true })
    const work: string[] = []
    const parsed: number[] = []
    setMarkdownWorkListener((item) => {
      work.push(item.kind)
      if (item.kind === 'block-render' && item.parsed !== false) parsed.push(item.chars)
    })
    const longestRow = Math.max(...rows.map((row) => row.length + 1))
    // Words in rows of several pages, in the last (streaming) row, then in the header.
    for (const [row, word, next] of [
      [40, 'words', 'terms'],
      [200, 'here', 'there'],
      [5, 'some', 'many'],
      [299, 'here', 'now'],
    ] as const) {
      const at = text.indexOf(`| row ${row} |`)
      const wordAt = text.indexOf(word, at)
      text = text.slice(0, wordAt) + next + text.slice(wordAt + word.length)
      work.length = 0
      parsed.length = 0
      live.render({ text, streaming: true })
      expect(work, `row ${row}`).not.toContain('split-parse')
      // The head with the last row, and the one page that holds the edited row.
      expect(sum(parsed), `row ${row}`).toBeLessThanOrEqual(2 * head.length + (maxPageRows + 1) * longestRow)
      expect(renderedHtml(live), `row ${row}`).toBe(freshHtml({ text, streaming: true }))
    }
    text = text.replace('| name |', '| label |')
    live.render({ text, streaming: true })
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })

  it('keeps its rows and parses only its last row as it settles under a block appended after it and is streamed again', () => {
    const head = '| name | note |\n| --- | --- |\n'
    const rows = Array.from({ length: 200 }, (_, i) => `| row ${i} | some words here |`)
    const draft = `Intro paragraph.\n\n${head}${rows.join('\n')}\n`
    const sources = `${draft}\n## Sources\n\n1. [One](https://example.com/1)\n`
    const live = liveMarkdown()
    live.render({ text: draft, streaming: true })
    const cells = [...live.container.querySelectorAll('td')]
    expect(cells.length).toBe(400)
    for (const text of [sources, draft, sources]) {
      const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
      // The head with the last row, and the blocks after the table: never the table's pages.
      expect(
        parsed.filter((chars) => chars > 200),
        text.slice(-20),
      ).toEqual([])
      const after = [...live.container.querySelectorAll('td')]
      expect(after.length).toBe(400)
      expect(after.every((cell, index) => cell === cells[index])).toBe(true)
      expect(renderedHtml(live)).toBe(freshHtml({ text, streaming: true }))
    }
    live.render({ text: sources, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(sources))
    live.unmount()
  })

  it('takes back a speculative branch in its last rows without parsing anything again, as a fresh render', () => {
    const head = '| name | note |\n| --- | :-: |\n'
    const rows = Array.from({ length: 120 }, (_, i) => `| row ${i} | some *words* |`)
    const live = liveMarkdown()
    let accepted = `Intro paragraph.\n\n${head}${rows.slice(0, 60).join('\n')}\n| row 60 | so`
    live.render({ text: accepted, streaming: true })
    // Branches that grow the last row, end it and start others, or add a line of plain text (a row too).
    for (const branch of ['me *wor', 'me *words* |\n| row 61 | some', 'me |\nnative Map. These two classes.\n']) {
      const speculative = accepted + branch
      live.render({ text: speculative, streaming: true })
      expect(renderedHtml(live), branch).toBe(freshHtml({ text: speculative, streaming: true }))
      const parsed = charsParsedBy(() => live.render({ text: accepted, streaming: true }))
      expect(parsed, branch).toEqual([])
      expect(renderedHtml(live), branch).toBe(freshHtml({ text: accepted, streaming: true }))
      // The accepted text goes on: its last row is parsed (with the head) as the stream continues.
      accepted += ' x'
      live.render({ text: accepted, streaming: true })
    }
    live.render({ text: accepted, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(accepted))
    live.unmount()
  })

  it('parses nothing of the table, its last row included, for a rewrite of the blocks before it', () => {
    const head = '| name | note |\n| --- | --- |\n'
    const rows = Array.from({ length: 100 }, (_, i) => `| row ${i} | some words here |`)
    let text = `Intro paragraph with words.\n\nAnother paragraph.\n\n${head}${rows.join('\n')}\n`
    const live = liveMarkdown()
    live.render({ text, streaming: true })
    for (const [word, next] of [
      ['words', 'terms'],
      ['Another', 'A second'],
    ] as const) {
      text = text.replace(word, next)
      const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
      // At most the paragraph the rewrite changed.
      expect(
        parsed.filter((chars) => chars > 40),
        word,
      ).toEqual([])
      expect(renderedHtml(live), word).toBe(freshHtml({ text, streaming: true }))
    }
    live.unmount()
  })

  it('parses only the page a row is inserted into or removed from, not the pages after it, as a fresh render', {
    timeout: 120_000,
  }, () => {
    const head = '| name | note | value |\n| --- | :-: | --: |\n'
    const rows = Array.from({ length: 600 }, (_, i) => `| row ${i} | some *words* here | ${(i * 7919) % 1000} |`)
    let text = `Intro paragraph.\n\n${head}${rows.join('\n')}`
    const live = liveMarkdown()
    live.render({ text, streaming: true })
    const parsed: number[] = []
    setMarkdownWorkListener((item) => {
      if (item.kind === 'block-render' && item.parsed !== false) parsed.push(item.chars)
    })
    const longestRow = Math.max(...rows.map((row) => row.length + 1))
    for (const [row, edit] of [
      [40, 'repeat'],
      [200, 'remove'],
      [5, 'repeat'],
      [450, 'remove'],
    ] as const) {
      const at = text.indexOf(`| row ${row} |`)
      const end = text.indexOf('\n', at) + 1
      text =
        edit === 'repeat'
          ? text.slice(0, end) + text.slice(at, end) + text.slice(end)
          : text.slice(0, at) + text.slice(end)
      parsed.length = 0
      live.render({ text, streaming: true })
      // The head with the last row, and the page the row was in (its neighbour's too, when the row
      // closed a page).
      expect(sum(parsed), `row ${row}`).toBeLessThanOrEqual(3 * head.length + (2 * maxPageRows + 1) * longestRow)
      expect(renderedHtml(live), `row ${row}`).toBe(freshHtml({ text, streaming: true }))
    }
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })
})

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

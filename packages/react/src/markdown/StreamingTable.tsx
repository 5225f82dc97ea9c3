/**
 * A GFM table that is the streaming tail, rendered row by row: each line of a table body is one
 * row, and a row's cells depend only on its own line and on the header and delimiter rows (the
 * columns and their alignment). So once a row's line has ended it is rendered once, in a page of
 * rows, and only the last row is parsed again per chunk. A table of tens of KB otherwise costs a
 * parse and render of the whole table on every chunk.
 *
 * The DOM is the one react-markdown renders for the whole table: the settled pages render their
 * rows alone (the header and delimiter rows parsed with them, then dropped), and the table with
 * its last row renders them inside its `<tbody>` before its own row. Once the table is followed by
 * another block it settles and renders whole, like every settled block.
 */
import { type ComponentProps, createContext, memo, type ReactNode, useContext, useRef } from 'react'
import { RenderedValue, useRenderedValue, useValueOf } from '../primitives/rendered-value'
import { addAutoDirection } from './block-direction'
import { beforeLineEnding, lineEndings } from './block-lines'
import { tableHead } from './grow-tail'
import { reportMarkdownWork } from './instrumentation'
import { type KeptSyntaxTree, useKeptSyntaxTree } from './kept-syntax-tree'
import { useKeptValue } from './kept-value'
import { type DocumentDefinitions, withDefinitionLines } from './link-definitions'
import {
  type Components,
  type ExtraProps,
  movedCopy,
  movedPoint,
  parseMarkdown,
  type RenderOptions,
  renderMarkdown,
  renderSyntaxTree,
} from './markdown-pipeline'
import type { MarkdownSyntax } from './markdown-syntax'
import { derivedFromOptions, type MarkdownRenderOptions, renderElement } from './render-options'
import { RenderSettingsContext } from './render-settings'
import { extendsText } from './text-comparison'
import { hashOfRange, pageKeys } from './text-hash'
import { lineEndingLength, lineStartBefore } from './top-level-blocks'

/** A table block cut into what is settled and what may still change. */
export interface TableRows {
  /** The header and delimiter rows, with the line ending after them. */
  readonly head: string
  /** The settled body rows, in pages (see `closesPage`). */
  readonly pages: readonly string[]
  /** Each page's key: its first row's (a page keeps it while rows settle into it, or a rewrite changes others). */
  readonly pageKeys: readonly string[]
  /** The last body row. */
  readonly last: string
}

/** A page of settled rows holds this many rows on average (a row settling renders its page again), and at most `maxPageRows`. */
const pageRows = 16
export const maxPageRows = 48

/**
 * Whether a page closes after a row is decided by the row's text alone (a hash of it), never by
 * where the page began: a row inserted, removed or changed by a rewrite moves no other page's
 * boundaries, so every other page keeps its text and is not parsed again.
 */
function closesPage(hash: number): boolean {
  return hash % pageRows === 0
}

/** The last table cut into pages, to take from it the pages a new text still holds where they were. */
interface PagedTable {
  readonly text: string
  readonly bodyStart: number
  readonly pages: readonly string[]
  /** Each page's first row's hash, in base 36 (its key before numbering repeats). */
  readonly hashes: readonly string[]
  /** Where each page starts, then where the rows after the last page start. */
  readonly starts: readonly number[]
  /** The leading pages closed by one of their own rows (all but a last one closed by reaching the last row). */
  readonly closed: number
}

let lastPaged: PagedTable | undefined

/** `previous` when `text` has the same head (the header and delimiter rows, and what precedes them). */
function sameHead(previous: PagedTable | undefined, text: string, bodyStart: number): PagedTable | undefined {
  // Compared as slices here and below (`startsWith` from a position is about 40 times slower in V8).
  return previous?.bodyStart === bodyStart && text.slice(0, bodyStart) === previous.text.slice(0, bodyStart)
    ? previous
    : undefined
}

/** How many leading pages of `previous` `text` holds where they were, each still closed by its own rows. */
function reusablePages(previous: PagedTable | undefined, text: string, lastStart: number): number {
  let reused = 0
  while (previous && reused < previous.closed) {
    const start = previous.starts[reused]!
    const next = previous.starts[reused + 1]!
    if (next > lastStart || text.slice(start, next) !== previous.text.slice(start, next)) break
    reused++
  }
  return reused
}

/**
 * The index of the page of `previous` that started where a page of `text` now starts (`start`), when
 * the text from there to where `previous`'s closed pages end is theirs, moved by the change in
 * length: after a rewrite, the pages after the change are the same pages, moved.
 */
function movedPages(previous: PagedTable, text: string, start: number, lastStart: number): number | undefined {
  const shift = text.length - previous.text.length
  const end = previous.starts[previous.closed]!
  if (end + shift > lastStart) return undefined
  let low = 0
  let high = previous.closed - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const at = previous.starts[middle]! + shift
    if (at === start) {
      const moved = previous.starts[middle]!
      return text.slice(start, end + shift) === previous.text.slice(moved, end) ? middle : undefined
    }
    if (at < start) low = middle + 1
    else high = middle - 1
  }
  return undefined
}

/**
 * `text` (a table block, repaired) cut into rows, or undefined when it has fewer than two body rows.
 * While a table streams, its pages but the last are where they were, and after a rewrite the pages
 * before the change are too and those after it have moved: all are taken from the last cut rather
 * than hashed again.
 */
export function tableRows(text: string): TableRows | undefined {
  const head = tableHead(text)
  if (!head) return undefined
  // Lines of spaces after the last row are not rows (the block ends with the text, not with the table).
  let end = text.length
  let lastStart = lineStartBefore(text, end)
  while (lastStart > head.bodyStart && /^[ \t]*$/.test(text.slice(lastStart, end))) {
    end = beforeLineEnding(text, lastStart)
    lastStart = lineStartBefore(text, end)
  }
  if (lastStart <= head.bodyStart) return undefined
  const previous = sameHead(lastPaged, text, head.bodyStart)
  const reused = reusablePages(previous, text, lastStart)
  const pages = previous?.pages.slice(0, reused) ?? []
  const hashes = previous?.hashes.slice(0, reused) ?? []
  const starts = previous?.starts.slice(0, reused) ?? []
  let closed = reused
  let pageStart = previous && reused > 0 ? previous.starts[reused]! : head.bodyStart
  let resynced = !previous || reused === previous.closed
  let rowStart = pageStart
  let rowsInPage = 0
  const lineEnding = /\r\n?|\n/g
  lineEnding.lastIndex = pageStart
  for (let match = lineEnding.exec(text); match && match.index < lastStart; match = lineEnding.exec(text)) {
    const hash = hashOfRange(text, rowStart, match.index)
    if (rowsInPage++ === 0) {
      hashes.push(hash.toString(36))
      starts.push(pageStart)
    }
    rowStart = match.index + match[0].length
    const closes = closesPage(hash) || rowsInPage >= maxPageRows
    if (!closes && rowStart < lastStart) continue
    if (closes) closed++
    pages.push(text.slice(pageStart, match.index))
    pageStart = rowStart
    rowsInPage = 0
    // At a page boundary after the change: the pages after it, moved (found once).
    if (!previous || resynced || !closes) continue
    const from = movedPages(previous, text, pageStart, lastStart)
    if (from === undefined) continue
    resynced = true
    const shift = text.length - previous.text.length
    pages.push(...previous.pages.slice(from, previous.closed))
    hashes.push(...previous.hashes.slice(from, previous.closed))
    for (let page = from; page < previous.closed; page++) starts.push(previous.starts[page]! + shift)
    closed += previous.closed - from
    pageStart = previous.starts[previous.closed]! + shift
    rowStart = pageStart
    lineEnding.lastIndex = pageStart
  }
  starts.push(pageStart)
  lastPaged = { text, bodyStart: head.bodyStart, pages, hashes, starts, closed }
  return {
    head: text.slice(head.start, head.bodyStart),
    pages,
    pageKeys: pageKeys(hashes),
    last: text.slice(lastStart, end),
  }
}

interface StreamingTableProps {
  blockKey: number
  separated: boolean
  rows: TableRows
  definitions: DocumentDefinitions
  options: MarkdownRenderOptions
}

/**
 * Memoised by the rows' text: a commit that changes another block (a rewrite elsewhere) renders
 * this table's tail block again, with its rows cut again to the same text, and would parse its last
 * row again for nothing.
 */
export const StreamingTable = memo(function StreamingTable({
  blockKey,
  separated,
  rows,
  definitions,
  options,
}: StreamingTableProps) {
  const source = withDefinitionLines(rows.head + rows.last, definitions)
  const table = useRecentRender(source, options, blockKey)
  const settled = useKeptValue([blockKey, rows.head, definitions, options, ...rows.pages, ...rows.pageKeys], () =>
    rows.pages.map((page, pageIndex) => (
      <SettledRows
        key={rows.pageKeys[pageIndex]}
        blockKey={blockKey}
        head={rows.head}
        rows={page}
        definitions={definitions}
        options={options}
      />
    )),
  )
  const settledSource = useRenderedValue(settled)
  return (
    <>
      {separated ? '\n' : null}
      <SettledRowsContext.Provider value={settledSource}>{table}</SettledRowsContext.Provider>
    </>
  )
}, sameTable)

/** Renders of the head and last row kept for a source seen again: one now, and the one before it. */
const recentRenders = 2

/**
 * The table's head and last row rendered (its settled pages come through the context), or the render
 * of a source it had a moment ago: a speculative branch that added or grew the last row and was
 * retracted leaves the row as it was before the branch, rendered then, not parsed again.
 */
function useRecentRender(source: string, options: MarkdownRenderOptions, blockKey: number): ReactNode {
  const recent = useRef<{ source: string; options: MarkdownRenderOptions; rendered: ReactNode }[]>([])
  const kept = recent.current.find((render) => render.source === source && render.options === options)
  reportMarkdownWork({ kind: 'block-render', chars: source.length, blockKey, parsed: !kept })
  if (kept) return kept.rendered
  const rendered = renderMarkdown(source, tableOptions(options), options.autoDirection ? addAutoDirection : undefined)
  // Written during render: an uncommitted render leaves an entry that is still its source's render.
  recent.current = [{ source, options, rendered }, ...recent.current.slice(0, recentRenders - 1)]
  return rendered
}

function sameTable(previous: StreamingTableProps, next: StreamingTableProps): boolean {
  const [a, b] = [previous.rows, next.rows]
  return (
    previous.blockKey === next.blockKey &&
    previous.separated === next.separated &&
    previous.definitions === next.definitions &&
    previous.options === next.options &&
    a.head === b.head &&
    a.last === b.last &&
    a.pages.length === b.pages.length &&
    a.pages.every((page, index) => page === b.pages[index] && a.pageKeys[index] === b.pageKeys[index])
  )
}

interface SettledRowsProps {
  blockKey: number
  head: string
  rows: string
  definitions: DocumentDefinitions
  options: RenderOptions
}

/**
 * A page of settled rows: the table parsed with them, rendered without the table, head and body
 * elements. A row settling into the page parses only that row, with the head (`grownRowsTree`).
 */
const SettledRows = memo(function SettledRows({ blockKey, head, rows, definitions, options }: SettledRowsProps) {
  const source = withDefinitionLines(head + rows, definitions)
  const tree = useKeptSyntaxTree(source, definitions, options.syntax, blockKey, (kept, grown) =>
    grownRowsTree(kept, grown, grown.length - rows.length, options.syntax),
  )
  return renderSyntaxTree(tree, rowOptions(options))
})

/**
 * The tree of a page of rows that grew by whole rows (`source`: the kept page's source, a line
 * ending, then the rows that settled since), without parsing the page again: the kept tree, its
 * table given the new rows, parsed after the definitions and head alone (the text before
 * `bodyStart`) and moved to where they stand. A row's cells depend only on its own line and on the
 * head, so this is the tree a parse of the whole page makes. Undefined when the source changed in
 * another way or the new lines are not all rows of the table.
 */
export function grownRowsTree(
  kept: KeptSyntaxTree,
  source: string,
  bodyStart: number,
  syntax: MarkdownSyntax | undefined,
): { tree: KeptSyntaxTree['tree']; parsedChars: number } | undefined {
  const keptLength = kept.source.length
  const lead = lineEndingLength(source, keptLength)
  const table = kept.tree.children[kept.tree.children.length - 1]
  if (
    lead === 0 ||
    bodyStart > keptLength ||
    table?.type !== 'table' ||
    !table.position ||
    !extendsText(source, kept.source) ||
    // The table goes on to the kept source's last line (no blank line or other block ended it).
    table.position.end.line !== (kept.source.match(lineEndings)?.length ?? 0) + 1
  )
    return undefined
  const added = source.slice(keptLength + lead)
  const parsed = parseMarkdown(source.slice(0, bodyStart) + added, syntax)
  const addedTable = parsed.children[parsed.children.length - 1]
  const addedRows = (added.match(lineEndings)?.length ?? 0) + 1
  if (
    parsed.children.length !== kept.tree.children.length ||
    addedTable?.type !== 'table' ||
    addedTable.children.length !== addedRows + 1
  )
    return undefined
  const shift = keptLength + lead - bodyStart
  const lineShift = source.slice(bodyStart, keptLength + lead).match(lineEndings)?.length ?? 0
  const rows = addedTable.children.slice(1).map((row) => movedCopy(row, shift, lineShift))
  const end = rows[rows.length - 1]!.position?.end ?? table.position.end
  const grownTable = { ...table, children: [...table.children, ...rows], position: { ...table.position, end } }
  const tree = {
    ...kept.tree,
    children: [...kept.tree.children.slice(0, -1), grownTable],
    ...(parsed.position && {
      position: { start: parsed.position.start, end: movedPoint(parsed.position.end, shift, lineShift) },
    }),
  }
  return { tree, parsedChars: bodyStart + added.length }
}

const SettledRowsContext = createContext(new RenderedValue<ReactNode>(null))

type BodyProps = ComponentProps<'tbody'> & ExtraProps

/** The table's `<tbody>` (or the user's override): the settled pages, then its own last row. */
function BodyWithSettledRows({ node, children, ...props }: BodyProps) {
  const settled = useValueOf(useContext(SettledRowsContext))
  const { components } = useContext(RenderSettingsContext)
  return renderElement(
    components?.tbody,
    'tbody',
    {
      ...props,
      children: (
        <>
          {settled}
          {children}
        </>
      ),
    },
    node,
  )
}

function ChildrenOnly({ children }: { children?: ReactNode }) {
  return children
}

function Nothing() {
  return null
}

const tableOptions = derivedFromOptions(
  (options): RenderOptions => ({ ...options, components: { ...options.components, tbody: BodyWithSettledRows } }),
)

const rowOptions = derivedFromOptions(
  (options): RenderOptions => ({
    ...options,
    components: { ...options.components, table: ChildrenOnly, thead: Nothing, tbody: ChildrenOnly } as Components,
  }),
)

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
import { type ComponentProps, createContext, memo, type ReactNode, useContext } from 'react'
import { addAutoDirection } from './block-direction'
import { beforeLineEnding, tableHead } from './block-splitter'
import { reportMarkdownWork } from './instrumentation'
import { type DocumentDefinitions, definitionsPrefix, labelSearchKey } from './link-definitions'
import { type Components, type ExtraProps, type RenderOptions, renderMarkdown } from './markdown-pipeline'
import { derivedFromOptions, type MarkdownRenderOptions, renderElement } from './render-options'
import { RenderSettingsContext } from './render-settings'
import { lineStartBefore } from './top-level-blocks'

/** A table block cut into what is settled and what may still change. */
export interface TableRows {
  /** The header and delimiter rows, with the line ending after them. */
  readonly head: string
  /** The settled body rows, `tableRowPageSize` lines per page (the last page may be shorter). */
  readonly pages: readonly string[]
  /** The last body row. */
  readonly last: string
}

export const tableRowPageSize = 32

/** `text` (a table block, repaired) cut into rows, or undefined when it has fewer than two body rows. */
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
  const pages: string[] = []
  let pageStart = head.bodyStart
  let rowsInPage = 0
  const lineEnding = /\r\n?|\n/g
  lineEnding.lastIndex = head.bodyStart
  for (let match = lineEnding.exec(text); match && match.index < lastStart; match = lineEnding.exec(text)) {
    if (++rowsInPage < tableRowPageSize && match.index + match[0].length < lastStart) continue
    pages.push(text.slice(pageStart, match.index))
    pageStart = match.index + match[0].length
    rowsInPage = 0
  }
  return { head: text.slice(head.start, head.bodyStart), pages, last: text.slice(lastStart, end) }
}

interface StreamingTableProps {
  blockKey: number
  separated: boolean
  rows: TableRows
  definitions: DocumentDefinitions
  options: MarkdownRenderOptions
}

export function StreamingTable({ blockKey, separated, rows, definitions, options }: StreamingTableProps) {
  const source = withDefinitions(rows.head + rows.last, definitions)
  reportMarkdownWork({ kind: 'block-render', chars: source.length, blockKey, parsed: true })
  const settled = rows.pages.map((page, pageIndex) => (
    <SettledRows
      key={pageIndex}
      blockKey={blockKey}
      head={rows.head}
      rows={page}
      definitions={definitions}
      options={options}
    />
  ))
  return (
    <>
      {separated ? '\n' : null}
      <SettledRowsContext.Provider value={settled}>
        {renderMarkdown(source, tableOptions(options), options.autoDirection ? addAutoDirection : undefined)}
      </SettledRowsContext.Provider>
    </>
  )
}

interface SettledRowsProps {
  blockKey: number
  head: string
  rows: string
  definitions: DocumentDefinitions
  options: RenderOptions
}

/** A page of settled rows: the table parsed with them, rendered without the table, head and body elements. */
const SettledRows = memo(function SettledRows({ blockKey, head, rows, definitions, options }: SettledRowsProps) {
  const source = withDefinitions(head + rows, definitions)
  reportMarkdownWork({ kind: 'block-render', chars: source.length, blockKey, parsed: true })
  return renderMarkdown(source, rowOptions(options))
})

function withDefinitions(source: string, definitions: DocumentDefinitions): string {
  return definitions.list.length > 0 ? definitionsPrefix(labelSearchKey(source), definitions) + source : source
}

const SettledRowsContext = createContext<ReactNode>(null)

type BodyProps = ComponentProps<'tbody'> & ExtraProps

/** The table's `<tbody>` (or the user's override): the settled pages, then its own last row. */
function BodyWithSettledRows({ node, children, ...props }: BodyProps) {
  const settled = useContext(SettledRowsContext)
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

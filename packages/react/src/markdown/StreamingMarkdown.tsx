/**
 * Streaming markdown on react-markdown + remark-gfm. The text is split into top-level blocks
 * (`advanceSplit`); settled blocks are rendered once and memoised by content, only the unsettled
 * tail is parsed and rendered again per chunk, and while streaming the last block is repaired so
 * unfinished syntax never shows as raw punctuation. The final render (streaming=false) is exactly
 * react-markdown's render of the whole text with the same options, its top-level elements grouped
 * in pages of 64 (`<div data-palimpsest-block-page>`, see `BlockPage`).
 */
import { memo, type ReactNode, useMemo, useRef } from 'react'
import Markdown, { type Components, type Options } from 'react-markdown'
import {
  advanceSplit,
  blankLineEndedHtmlTail,
  blockPageSize,
  type MarkdownBlock,
  type SplitState,
  type TailSyntax,
  takeBlockSyntax,
} from './block-splitter'
import { reportMarkdownWork } from './instrumentation'
import {
  type DocumentDefinitions,
  definitionsFor,
  definitionsPrefix,
  labelSearchKey,
  noDefinitions,
} from './link-definitions'
import { MarkdownSourceContext } from './markdown-source'
import { derivedFromOptions, markdownOptions } from './render-options'
import { type CodeHighlighter, type MarkdownIssue, type RenderSettings, RenderSettingsContext } from './render-settings'
import { StreamingTable, type TableRows, tableRows } from './StreamingTable'
import { repairTail } from './tail-repair'
import type { SyntaxNode, SyntaxPoint } from './top-level-blocks'

export type { CodeHighlighter, MarkdownIssue }

export interface StreamingMarkdownProps {
  /** The markdown source received so far. */
  text: string
  /** True while more text may arrive: the unsettled tail is repaired (open emphasis, fences, tables, …). */
  streaming?: boolean
  /** Override any element, like react-markdown's `components`. Keep it stable (memoise it): a new object re-renders every block. */
  components?: Components
  /** Do not load remote images; show their alt text as a link instead. */
  blockRemoteImages?: boolean
  /** Optional syntax highlighter for fenced code blocks (stale-while-revalidate). */
  highlight?: CodeHighlighter
  /** `target` for external links (e.g. `_blank`); none by default. External links always get `rel="noopener noreferrer"`. */
  linkTarget?: string
  /** Told when something cannot be rendered as asked (e.g. the highlighter failed); rendering goes on. */
  onIssue?: (issue: MarkdownIssue) => void
  className?: string
}

export function StreamingMarkdown({
  text,
  streaming = false,
  components,
  blockRemoteImages = false,
  highlight,
  linkTarget,
  onIssue,
  className,
}: StreamingMarkdownProps) {
  // The split state is a pure function of (previous state, text), so writing it during render is
  // safe even if React discards this render: the next render continues or restarts from it.
  const splitRef = useRef<SplitState | undefined>(undefined)
  const split = advanceSplit(splitRef.current, text)
  splitRef.current = split

  const options = useMemo(() => markdownOptions({ components, highlight }), [components, highlight])
  // A new `onIssue` function each render must not re-render every link and code block through context.
  const onIssueRef = useRef(onIssue)
  onIssueRef.current = onIssue
  const settings = useMemo<RenderSettings>(
    () => ({
      components,
      blockRemoteImages,
      linkTarget,
      highlight,
      onIssue: (issue: MarkdownIssue) => onIssueRef.current?.(issue),
    }),
    [components, blockRemoteImages, linkTarget, highlight],
  )

  const source = useMemo(() => ({ text, streaming }), [text, streaming])

  return (
    <RenderSettingsContext.Provider value={settings}>
      <MarkdownSourceContext.Provider value={source}>
        <div className={className} data-palimpsest-markdown="" data-streaming={streaming ? '' : undefined}>
          <SplitMarkdown split={split} streaming={streaming} options={options} />
        </div>
      </MarkdownSourceContext.Provider>
    </RenderSettingsContext.Provider>
  )
}

interface SplitMarkdownProps {
  split: SplitState
  streaming: boolean
  options: Options
}

/**
 * Renders a split state: pages of memoised blocks, the last one repaired while streaming, each
 * rendered with the document's link reference definitions it may use. With footnote definitions
 * (numbered and listed for the whole document) the whole text renders as one block.
 * Exported for tests that drive the splitter directly and render on the server.
 */
export function SplitMarkdown({ split, streaming, options }: SplitMarkdownProps) {
  if (split.hasFootnoteDefinitions) {
    return (
      <BlockView
        index={0}
        text={streaming ? repairWholeText(split) : split.text}
        separated={false}
        rendersNothing={false}
        definitions={noDefinitions}
        options={options}
      />
    )
  }
  const { settledPages, settledCount, tail } = split
  const definitions = streaming ? split.streamingDefinitions : split.definitions
  const total = settledCount + tail.length
  const pages = []
  for (let page = 0; page * blockPageSize < total; page++) {
    const first = page * blockPageSize
    const settled = settledPages[page] ?? []
    let blocks: readonly MarkdownBlock[] = settled
    if (settled.length < blockPageSize && first + settled.length < total) {
      const fromTail = tail.slice(first + settled.length - settledCount, first + blockPageSize - settledCount)
      blocks = [...settled, ...fromTail.map((block) => tailBlock(split, block, streaming))]
    }
    // A full page keeps the definitions object it rendered with while no change could alter it.
    const pageDefinitions =
      blocks.length === blockPageSize ? definitionsFor(blocks, definitions, () => pageSearchKey(blocks)) : definitions
    pages.push(<BlockPage key={page} first={first} blocks={blocks} definitions={pageDefinitions} options={options} />)
  }
  return pages
}

/**
 * The last block is repaired while streaming; every other block renders its exact source. Its final
 * line ending is left out, as it will be once the block settles (see `advanceSplit`), so settling
 * does not change its text and re-render it.
 */
export function tailBlock(split: SplitState, block: MarkdownBlock, streaming: boolean): MarkdownBlock {
  const isLast = block === split.tail[split.tail.length - 1]
  if (!streaming || !isLast) return block
  const text = repairTail(withoutFinalLineEnding(block.text), split.tailLeaf)
  // A streaming HTML block (tens of KB for a contributors table) is not parsed on every chunk:
  // react-markdown would show its source as text, from the tag on (`literal-block.test.tsx`).
  const htmlStart = blankLineEndedHtmlTail(split)
  if (htmlStart === undefined) {
    // A table streaming row by row renders its settled rows once (`StreamingTable`).
    const rows = block.type === 'table' && split.tailLeaf?.type === 'tableCell' ? tableRows(text) : undefined
    if (rows) return { ...block, text, tableRows: rows }
    // Nothing was repaired and the splitter has just parsed this very text: render from its tree.
    const syntax = text === block.text ? takeBlockSyntax(block) : undefined
    return syntax ? { ...block, text, syntax } : { ...block, text }
  }
  // A blank last line still being typed is not part of it (a complete one would have ended it).
  return { ...block, text, literal: text.slice(htmlStart).replace(trailingBlankLine, '') }
}

const trailingBlankLine = /(?:\r\n|\r|\n)[ \t]*$/

function withoutFinalLineEnding(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2)
  return text.endsWith('\n') || text.endsWith('\r') ? text.slice(0, -1) : text
}

function repairWholeText(split: SplitState): string {
  const last = split.tail[split.tail.length - 1]
  const leaf = last && split.tailLeaf
  const tailStart = split.text.length - (last?.text.length ?? 0)
  return repairTail(split.text, leaf && { ...leaf, start: leaf.start + tailStart })
}

interface BlockPageProps {
  first: number
  blocks: readonly MarkdownBlock[]
  definitions: DocumentDefinitions
  options: Options
}

/** Search keys of full pages (their block arrays never change once full). */
const pageSearchKeys = new WeakMap<readonly MarkdownBlock[], string>()

function pageSearchKey(blocks: readonly MarkdownBlock[]): string {
  let key = pageSearchKeys.get(blocks)
  if (key === undefined) {
    key = labelSearchKey(blocks.map((block) => block.text).join('\n'))
    pageSearchKeys.set(blocks, key)
  }
  return key
}

/**
 * A stacking context per page (`isolation: isolate`, which changes no layout): without it, Chromium's
 * pre-paint walked every block of the document on each frame: 0.2 ms per frame with 3 pages above
 * the tail, 3.6 ms with 90 (`bench/prepaint-pages.ts`; `bench/trace-frames.ts` shows it in the
 * stream). With it, about 0.07 ms whatever the length. Positioned descendants with a `z-index`
 * stack within their page.
 */
const pageStyle = { isolation: 'isolate' } as const

/**
 * A page's blocks sit in a plain `<div>` (no margin, padding or border, so the blocks' margins
 * collapse through it and the layout is the same as without it). Without it every block would be a
 * child of one element, and the browser's per-frame layout and paint walk those children: the cost
 * of a frame would grow with the document. With pages it walks a page list and the last page.
 */
const BlockPage = memo(function BlockPage({ first, blocks, definitions, options }: BlockPageProps) {
  return (
    <div data-palimpsest-block-page="" style={pageStyle}>
      {blocks.map((block, index) => (
        <BlockView
          key={first + index}
          index={first + index}
          text={block.text}
          separated={block.separated}
          rendersNothing={block.rendersNothing}
          literal={block.literal}
          syntax={block.syntax}
          owner={block}
          tableRows={block.tableRows}
          definitions={definitionsFor(block, definitions, () => labelSearchKey(block.text))}
          options={options}
        />
      ))}
    </div>
  )
})

interface BlockViewProps {
  index: number
  text: string
  separated: boolean
  rendersNothing: boolean
  literal?: string | undefined
  syntax?: TailSyntax | undefined
  /** The block as the splitter settled it: its tree from that parse serves the first render. */
  owner?: MarkdownBlock
  tableRows?: TableRows | undefined
  definitions: DocumentDefinitions
  options: Options
}

/** A block with the definition lines it may use written before it. */
const BlockView = memo(function BlockView({
  index,
  text,
  separated,
  rendersNothing,
  literal,
  syntax,
  owner,
  tableRows,
  definitions,
  options,
}: BlockViewProps) {
  // A streaming table writes the definitions before each of its parts.
  const hasDefinitions = definitions.list.length > 0 && literal === undefined && tableRows === undefined
  const searchKey = useMemo(() => (hasDefinitions ? labelSearchKey(text) : ''), [text, hasDefinitions])
  const prefix = hasDefinitions ? definitionsPrefix(searchKey, definitions) : ''
  if (rendersNothing || text.trim() === '') return null
  if (tableRows) {
    return (
      <StreamingTable
        index={index}
        separated={separated}
        rows={tableRows}
        definitions={definitions}
        options={options}
      />
    )
  }
  if (literal !== undefined) {
    return (
      <>
        {separated ? '\n' : null}
        {literal}
      </>
    )
  }
  // Taken whether used or not, so that it is not kept. With definition lines before it the source is
  // not what the splitter parsed.
  const tree = syntax ?? (owner && takeBlockSyntax(owner))
  return (
    <RenderedBlock
      index={index}
      separated={separated}
      source={prefix + text}
      tree={{ syntax: prefix === '' ? tree : undefined }}
      options={options}
    />
  )
})

interface RenderedBlockProps {
  index: number
  separated: boolean
  source: string
  /** A parse of `source`, handed over once: the render takes it out, so the element does not keep it. */
  tree: TreeHandle
  options: Options
}

interface TreeHandle {
  syntax: TailSyntax | undefined
}

/**
 * react-markdown's `Markdown` is called as a function (it has no hooks): one component less per
 * block, and a handed-over tree reaches its plugin through `handedTree` for the length of the call
 * instead of a closure that the element would keep. The tree is a parse of the source, so only the
 * source (and how it is rendered) decides the render.
 */
const RenderedBlock = memo(
  function RenderedBlock({ index, separated, source, tree, options }: RenderedBlockProps) {
    const syntax = tree.syntax
    tree.syntax = undefined
    reportMarkdownWork({ kind: 'block-render', chars: source.length, blockIndex: index, parsed: !syntax })
    return (
      <>
        {separated ? '\n' : null}
        {renderMarkdown(source, syntax, options)}
      </>
    )
  },
  (previous, next) =>
    previous.source === next.source &&
    previous.index === next.index &&
    previous.separated === next.separated &&
    previous.options === next.options,
)

type RemarkPlugin = NonNullable<Options['remarkPlugins']>[number]

let handedTree: TailSyntax | undefined

/** A remark plugin replacing the (empty) parsed tree by the tree handed to `renderMarkdown`. */
const handOverTree: RemarkPlugin = () => () => (handedTree ? tailTree(handedTree) : undefined)

const pluginsWithTree = derivedFromOptions((options) => [...(options.remarkPlugins ?? []), handOverTree])

/** react-markdown's render of `source`; given its syntax tree, react-markdown parses an empty text instead. */
export function renderMarkdown(source: string, syntax: TailSyntax | undefined, options: Options): ReactNode {
  if (!syntax) return Markdown({ ...options, children: source })
  handedTree = syntax
  try {
    return Markdown({ ...options, remarkPlugins: pluginsWithTree(options), children: '' })
  } finally {
    handedTree = undefined
  }
}

/**
 * The tail's nodes with positions as a parse of the block alone gives them (relative to the block's
 * start). Fresh nodes every time: the split state's tree is never handed out to be changed.
 */
export function tailTree(syntax: TailSyntax): { type: 'root'; children: SyntaxNode[] } {
  const shiftPoint = (point: SyntaxPoint): SyntaxPoint => ({
    ...point,
    line: point.line - syntax.line + 1,
    ...(point.offset !== undefined && { offset: point.offset - syntax.offset }),
  })
  const shift = (node: SyntaxNode): SyntaxNode => ({
    ...node,
    ...(node.position && { position: { start: shiftPoint(node.position.start), end: shiftPoint(node.position.end) } }),
    ...(node.children && { children: node.children.map(shift) }),
  })
  return { type: 'root', children: syntax.nodes.map(shift) }
}

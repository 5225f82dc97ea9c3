/**
 * Streaming markdown on react-markdown + remark-gfm. The text is split into top-level blocks
 * (`advanceSplit`); settled blocks are rendered once and memoised by content, only the unsettled
 * tail is parsed and rendered again per chunk, and while streaming the last block is repaired so
 * unfinished syntax never shows as raw punctuation. The final render (streaming=false) is exactly
 * react-markdown's render of the whole text with the same options, its top-level elements grouped
 * in pages of 64 (`<div data-palimpsest-block-page>`, see `BlockPage`).
 */
import type { Root, RootContent } from 'mdast'
import { createContext, memo, useContext, useMemo, useRef } from 'react'
import { addAutoDirection } from './block-direction'
import { isClosedFencedCode } from './block-lines'
import { advanceSplit } from './block-splitter'
import {
  blockTreeOf,
  keepBlockTree,
  keepPrefixedTree,
  keepRepairedTree,
  type PrefixedTree,
  prefixedTreeOf,
  releaseBlockTrees,
  renderedAsOf,
  repairedTreeOf,
} from './block-trees'
import { createFinishedRender, type FinishedRender, finishedPages } from './FinishedMarkdown'
import type { FootnoteList } from './footnote-numbering'
import { type BlockFootnotes, documentFootnotes, pageFootnotes, sameFootnoteList } from './footnotes'
import { blankLineEndedHtmlTail } from './grow-tail'
import { reportMarkdownWork } from './instrumentation'
import { type DocumentDefinitions, definitionsFor, definitionsPrefix, labelSearchKey } from './link-definitions'
import { streamingListOf } from './list-items'
import {
  type Components,
  copiesRelativeTo,
  type HtmlTreeTransform,
  type KeptHtmlTree,
  parseMarkdown,
  renderFootnoteList,
  renderSyntaxTree,
  rootOf,
} from './markdown-pipeline'
import { MarkdownSourceContext, useMarkdownSourceValue } from './markdown-source'
import { gfmSyntax, type MarkdownSyntax } from './markdown-syntax'
import { paragraphTreeFromEarlier } from './paragraph-tail'
import { type ParsedSource, quoteTreeFromEarlier } from './quote-children'
import { type MarkdownRenderOptions, markdownOptions } from './render-options'
import { type CodeHighlighter, type MarkdownIssue, type RenderSettings, RenderSettingsContext } from './render-settings'
import { RevisionAnnouncer, type RevisionTracker, RevisionTrackerContext, useRevisionMarks } from './revisions'
import { type ListItems, listItems, StreamingList } from './StreamingList'
import { StreamingTable, type TableRows, tableRows } from './StreamingTable'
import {
  type BlockPage as BlockPageData,
  blockPageSize,
  hasFootnoteDefinitions,
  type MarkdownBlock,
  type SplitState,
} from './split-state'
import { type BlockMotion, Caret, motionTransform } from './streaming-motion'
import { repairTail } from './tail-repair'
import { hasTextAt } from './text-comparison'

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
  /**
   * Show a rewrite as a revision: when the text changes other than by growing, the words it gained
   * are marked for a moment (`<span data-revised>`, faded by the stylesheet) and a polite live
   * region announces `revisionLabel` once per burst of rewrites.
   */
  markRevisions?: boolean
  /** What the live region says when a burst of revisions starts (default "Answer revised"). */
  revisionLabel?: string
  /**
   * While streaming, each new word fades in (`<span data-palimpsest-fade>`, animated by the
   * stylesheet, not under `prefers-reduced-motion`). Only the unsettled blocks carry the spans: a
   * settled block, and the whole message once it stops streaming, render plain markdown.
   */
  fadeIn?: boolean
  /** While streaming, a caret (`<span data-palimpsest-caret aria-hidden="true">`) follows the last word. */
  caret?: boolean
  /** Each top-level block gets `dir="auto"`: a right-to-left paragraph reads right to left. Default false. */
  autoDirection?: boolean
  /**
   * The syntax to parse with: GFM by default; an opt-in subpath adds to it (e.g. `createMathSyntax()`
   * from `@palimpsest/react/math`). Keep it stable: another syntax splits and renders everything again.
   */
  syntax?: MarkdownSyntax
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
  markRevisions = false,
  revisionLabel = 'Answer revised',
  fadeIn = false,
  caret = false,
  autoDirection = false,
  syntax,
  className,
}: StreamingMarkdownProps) {
  // The split state is a pure function of (previous state, text), so writing it during render is
  // safe even if React discards this render: the next render continues or restarts from it.
  const splitRef = useRef<SplitState | undefined>(undefined)
  const previous = splitRef.current
  const split = advanceSplit(previous, text, syntax)
  splitRef.current = split
  // While streaming, blocks keep the trees they render from, for rewrites that only change words.
  const trees = useRef<TreeKeeping>({
    keep: false,
    htmlTrees: new Set(),
    finished: streaming ? undefined : createFinishedRender(),
  }).current
  // A message that mounted finished renders its pages through `finishedPages` until it streams.
  if (streaming) trees.finished = undefined
  if (trees.keep && !streaming) {
    // No rewrite comes to a finished message: what the blocks kept for one would only hold memory.
    releaseBlockTrees(split)
    for (const kept of trees.htmlTrees) kept.last = undefined
    trees.htmlTrees.clear()
  }
  trees.keep = streaming
  // Read by the blocks that render in this pass (see `useRevisionMarks`).
  const revisions = useRef<RevisionTracker>({ enabled: false, rewriting: false }).current
  revisions.enabled = markRevisions
  revisions.rewriting = markRevisions && previous !== undefined && split.rewrites !== previous.rewrites

  const options = useMemo(
    () => markdownOptions({ components, highlight, autoDirection, syntax, blockRemoteImages, linkTarget }),
    [components, highlight, autoDirection, syntax, blockRemoteImages, linkTarget],
  )
  // A new `onIssue` function each render must not re-render every link and code block through context.
  const onIssueRef = useRef(onIssue)
  onIssueRef.current = onIssue
  const settings = useMemo<RenderSettings>(
    () => ({ components, highlight, onIssue: (issue: MarkdownIssue) => onIssueRef.current?.(issue) }),
    [components, highlight],
  )

  const sourceStore = useMarkdownSourceValue(text, streaming)
  const content = (
    <RevisionTrackerContext.Provider value={revisions}>
      <TreeKeepingContext.Provider value={trees}>
        <div className={className} data-palimpsest-markdown="" data-streaming={streaming ? '' : undefined}>
          <SplitMarkdown
            split={split}
            streaming={streaming}
            options={options}
            fadeIn={streaming && fadeIn}
            caret={streaming && caret}
            finished={markRevisions ? undefined : trees.finished}
          />
        </div>
      </TreeKeepingContext.Provider>
      {markRevisions ? <RevisionAnnouncer rewrites={split.rewrites} label={revisionLabel} /> : null}
    </RevisionTrackerContext.Provider>
  )

  return (
    <RenderSettingsContext.Provider value={settings}>
      <MarkdownSourceContext.Provider value={sourceStore}>{content}</MarkdownSourceContext.Provider>
    </RenderSettingsContext.Provider>
  )
}

/** Written by `StreamingMarkdown` as it renders (a stable object: changing it re-renders no block). */
interface TreeKeeping {
  keep: boolean
  /**
   * The HTML trees blocks kept while the message streams (those of blocks a rewrite removed too, until
   * it stops: an effect per block to forget them would cost every block's mount more).
   */
  readonly htmlTrees: Set<KeptHtmlTree>
  /** The message mounted finished and has not streamed since: what `finishedPages` rendered. */
  finished?: FinishedRender | undefined
}

const TreeKeepingContext = createContext<TreeKeeping>({ keep: false, htmlTrees: new Set() })

interface SplitMarkdownProps {
  split: SplitState
  streaming: boolean
  options: MarkdownRenderOptions
  /** The unsettled blocks' new words fade in (`streaming-motion.ts`). */
  fadeIn?: boolean
  /** The last block ends with the caret. */
  caret?: boolean
  /** A message that mounted finished and has not streamed since: its pages through `finishedPages`, kept here. */
  finished?: FinishedRender | undefined
}

/**
 * Renders a split state: pages of memoised blocks, the last one repaired while streaming, each
 * rendered with the document's link reference definitions it may use. With footnote definitions,
 * blocks that may reference them render with the numbering the blocks before them leave, and the
 * list of footnotes follows the last page (`footnotes.ts`).
 * Exported for tests that drive the splitter directly and render on the server.
 */
export function SplitMarkdown({
  split,
  streaming,
  options,
  fadeIn = false,
  caret = false,
  finished,
}: SplitMarkdownProps) {
  if (finished && !streaming && !hasFootnoteDefinitions(split)) return finishedPages(split, options, finished)
  const { settledPages, tail } = split
  const definitions = streaming ? split.streamingDefinitions : split.definitions
  const tailBlocks = tail.map((block) => tailBlock(split, block, streaming))
  const owners = tail
  const footnotes = documentFootnotes(
    split,
    tail.map((block, index) => ({ block, text: tailBlocks[index]!.text })),
    definitions,
  )
  const last = settledPages[settledPages.length - 1]
  const room = last ? Math.max(0, blockPageSize - last.blocks.length) : 0
  const rest = tailBlocks.slice(room)
  // The list of footnotes ends the last page, as it ends a render of the whole text.
  const list = (page: BlockPageData) => (page === last && rest.length === 0 ? footnotes?.list : undefined)
  const pages = settledPages.map((page) => {
    if (page !== last || room === 0 || tailBlocks.length === 0) {
      // A page of settled blocks keeps the definitions object it rendered with while no change could alter it.
      const pageDefinitions = definitionsFor(page.blocks, definitions, () => pageSearchKey(page.blocks))
      return (
        <BlockPage
          key={page.key}
          page={page}
          definitions={pageDefinitions}
          footnotes={footnotes && pageFootnotes(page.blocks, footnotes)}
          footnoteList={list(page)}
          options={options}
        />
      )
    }
    const withTail = { key: page.key, blocks: [...page.blocks, ...tailBlocks.slice(0, room)] }
    return (
      <BlockPage
        key={page.key}
        page={withTail}
        owners={owners.slice(0, room)}
        growing={streaming}
        definitions={definitions}
        footnotes={footnotes?.blocks}
        footnoteList={list(page)}
        options={options}
        fadeIn={fadeIn}
        caret={caret && rest.length === 0}
      />
    )
  })
  if (rest.length > 0) {
    const page = { key: split.tailPageKey, blocks: rest }
    pages.push(
      <BlockPage
        key={page.key}
        page={page}
        owners={owners.slice(room)}
        growing={streaming}
        definitions={definitions}
        footnotes={footnotes?.blocks}
        footnoteList={footnotes?.list}
        options={options}
        fadeIn={fadeIn}
        caret={caret}
      />,
    )
  }
  // No unsettled block to end with it (nothing received yet): the caret stands alone.
  if (caret && tailBlocks.length === 0) pages.push(<Caret key="caret" />)
  return pages
}

/** The list of footnotes after the last block: rendered again only when a reference or definition changed. */
const FootnoteListView = memo(
  function FootnoteListView({ list, options }: { list: FootnoteList; options: MarkdownRenderOptions }) {
    return renderFootnoteList(list, options, options.autoDirection ? addAutoDirection : undefined)
  },
  (previous, next) => previous.options === next.options && sameFootnoteList(previous.list, next.list),
)

/**
 * The last block is repaired while streaming; every other block renders its exact source. Its final
 * line ending is left out, as it will be once the block settles (see `advanceSplit`), so settling
 * does not change its text and re-render it.
 */
export function tailBlock(split: SplitState, block: MarkdownBlock, streaming: boolean): MarkdownBlock {
  const isLast = block === split.tail[split.tail.length - 1]
  const earlier = renderedAsOf(block)
  if (!streaming || !isLast) return earlier ? { ...block, text: earlier.text } : block
  // A re-padded table renders its earlier text, repaired as it was (see `renderedAsOf`).
  const [own, leaf] = earlier?.last ? [earlier.text, earlier.leaf] : [block.text, split.tailLeaf]
  const unended = withoutFinalLineEnding(own)
  const text = repairTail(unended, leaf, split.syntax, own)
  // A streaming HTML block (tens of KB for a contributors table) is not parsed on every chunk:
  // react-markdown would show its source as text, from the tag on (`literal-block.test.tsx`).
  const htmlStart = blankLineEndedHtmlTail(split)
  if (htmlStart === undefined) {
    // A table streaming row by row renders its settled rows once (`StreamingTable`).
    const rows = block.type === 'table' && leaf?.type === 'tableCell' ? tableRows(text) : undefined
    if (rows) return { ...block, text, tableRows: rows }
    // A list streaming item by item renders its settled items once (`StreamingList`).
    const list = block.type === 'list' ? streamingListOf(block) : undefined
    const items = list && listItems(block.text, text, list)
    if (items) return { ...block, text, listItems: items }
    if (text === block.text) return block
    if (own !== block.text) return { ...block, text }
    // Nothing repaired but the final line ending dropped (which the block loses anyway once another
    // block follows): where that changes nothing, the splitter's tree of the block renders it, and
    // is kept for word rewrites.
    // An open fence's last line may be blank (empty, or spaces its fence's indentation takes): without
    // its line ending it is no line of the code. (Indented code ends at its last indented line either
    // way, and blank lines after a closed fence are none of its code.)
    const endsBlank =
      leaf?.type === 'code' && leaf.fence !== undefined && lastLineBlank(unended) && !isClosedFencedCode(unended)
    const ownerTree = text === unended && leaf !== undefined && endingNeutralLeaves.has(leaf.type) && !endsBlank
    return ownerTree ? { ...block, text, rendersAsOwner: true } : { ...block, text }
  }
  // A blank last line still being typed is not part of it (a complete one would have ended it).
  return { ...block, text, literal: text.slice(htmlStart).replace(trailingBlankLine, '') }
}

const trailingBlankLine = /(?:\r\n|\r|\n)[ \t]*$/

/**
 * Whether the last line of `text` holds nothing but spaces and tabs: read back from the end (a
 * pattern anchored at the end is tried from every line start of a 100 KB fence).
 */
function lastLineBlank(text: string): boolean {
  let at = text.length - 1
  while (at >= 0 && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at--
  return at < 0 || text.charCodeAt(at) === 10 || text.charCodeAt(at) === 13
}

/** Innermost blocks whose render is the same with or without a final line ending (not raw HTML, not math). */
const endingNeutralLeaves = new Set([
  'paragraph',
  'heading',
  'code',
  'list',
  'listItem',
  'blockquote',
  'table',
  'tableRow',
  'tableCell',
  'thematicBreak',
])

function withoutFinalLineEnding(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2)
  return text.endsWith('\n') || text.endsWith('\r') ? text.slice(0, -1) : text
}

interface BlockPageProps {
  page: BlockPageData
  /** For tail blocks (repaired copies): the split's own blocks, whose trees may serve their render. */
  owners?: readonly MarkdownBlock[]
  /** The streaming tail grows in this page: it is no stacking context (see `pageStyle`). */
  growing?: boolean
  definitions: DocumentDefinitions
  /** How the blocks that may reference footnotes render, by the splitter's block. */
  footnotes?: ReadonlyMap<MarkdownBlock, BlockFootnotes> | undefined
  /** The last page ends with the list of footnotes. */
  footnoteList?: FootnoteList | undefined
  options: MarkdownRenderOptions
  /** The tail blocks' new words fade in. */
  fadeIn?: boolean
  /** The page's last block ends with the caret. */
  caret?: boolean
}

/** Search keys of settled pages (their block arrays never change). */
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
 * A stacking context per settled page (`isolation: isolate`, which changes no layout): without it,
 * Chromium's pre-paint walked every block of the document on each frame: 0.2 ms per frame with 3
 * pages above the tail, 3.6 ms with 90 (`bench/prepaint-pages.ts`; `bench/trace-frames.ts` shows it
 * in the stream). With it, about 0.07 ms whatever the length. While a message streams, the page its
 * tail grows in is left out: it changes on every flush and is walked anyway, and as a stacking context of its own
 * it cost a dashboard of 100 streams 2.6 ms of paint a frame (`bench/dashboard-trace.ts`,
 * `noisolatelast`). Positioned descendants with a `z-index` stack within their settled page.
 */
const pageStyle = { isolation: 'isolate' } as const

/**
 * A page's blocks sit in a plain `<div>` (no margin, padding or border, so the blocks' margins
 * collapse through it and the layout is the same as without it). Without it every block would be a
 * child of one element, and the browser's per-frame layout and paint walk those children: the cost
 * of a frame would grow with the document. With pages it walks a page list and the last page. Blocks
 * are keyed by their own keys, so a rewrite that adds or removes blocks elsewhere re-renders none
 * of the others.
 */
const BlockPage = memo(function BlockPage({
  page,
  owners,
  growing = false,
  definitions,
  footnotes,
  footnoteList,
  options,
  fadeIn = false,
  caret = false,
}: BlockPageProps) {
  const tailFrom = page.blocks.length - (owners?.length ?? 0)
  const lastIndex = page.blocks.length - 1
  return (
    <div data-palimpsest-block-page="" style={growing ? undefined : pageStyle}>
      {page.blocks.map((block, index) => {
        const owner = index < tailFrom ? block : owners![index - tailFrom]!
        return (
          <BlockView
            key={block.key}
            block={block}
            owner={owner}
            definitions={definitionsFor(block, definitions, () => labelSearchKey(block.text))}
            footnotes={footnotes?.get(owner)}
            options={options}
            motion={motionOf(index >= tailFrom && fadeIn, index === lastIndex && caret)}
          />
        )
      })}
      {footnoteList ? <FootnoteListView list={footnoteList} options={options} /> : null}
    </div>
  )
})

interface BlockViewProps {
  /** The block as rendered (the tail repaired while streaming). */
  block: MarkdownBlock
  /** The block as the splitter made it: its tree from that parse may serve the first render. */
  owner?: MarkdownBlock | undefined
  definitions: DocumentDefinitions
  /** Set when it may reference footnotes: what it renders from, numbered as the blocks before it leave it. */
  footnotes?: BlockFootnotes | undefined
  options: MarkdownRenderOptions
  motion: BlockMotion
}

const motions: readonly BlockMotion[] = [
  { fadeIn: false, caret: false },
  { fadeIn: false, caret: true },
  { fadeIn: true, caret: false },
  { fadeIn: true, caret: true },
]

/** One object per combination, so a memoised block sees the same motion as long as it is the same. */
function motionOf(fadeIn: boolean, caret: boolean): BlockMotion {
  return motions[(fadeIn ? 2 : 0) + (caret ? 1 : 0)]!
}

/** The items of a list the splitter grew item by item, as it ended (its text is its whole source). */
function endedListItems(block: MarkdownBlock): ListItems | undefined {
  const list = streamingListOf(block)
  return list && listItems(block.text, block.text, list)
}

/** The rows of a settled table long enough to have pages of settled rows (`StreamingTable`). */
function pagedTable(text: string): TableRows | undefined {
  const rows = tableRows(text)
  return rows && rows.pages.length > 0 ? rows : undefined
}

/** A block with the definition lines it may use written before it. */
const BlockView = memo(function BlockView({ block, owner, definitions, footnotes, options, motion }: BlockViewProps) {
  const { separated, rendersNothing, literal } = block
  // Item by item unless words fade in or rewrites are marked (both need the block's words in one tree),
  // or the block is numbered as a whole.
  const marksRevisions = useContext(RevisionTrackerContext).enabled
  const streams = useContext(TreeKeepingContext).keep
  // A list that streamed item by item and ended goes on rendering by its items while the message
  // streams: the blocks after it do not parse and mount it whole again.
  const endedItems = useMemo(
    () => (streams && !block.listItems && block.type === 'list' ? endedListItems(block) : undefined),
    [streams, block],
  )
  const listItems = !motion.fadeIn && !marksRevisions && !footnotes ? (block.listItems ?? endedItems) : undefined
  // A re-padded table renders the earlier text it renders exactly as (so it is not rendered again).
  const text = renderedAsOf(block)?.text ?? block.text
  // A table this block streamed row by row goes on rendering by pages of rows once it settles, while
  // the message streams: settling (a block written after it, a sources list appended) and going back
  // (that block retracted) then keep its rows' elements instead of parsing and mounting it whole.
  const streamedByRows = useRef(false)
  let tableRows = footnotes ? undefined : block.tableRows
  if (tableRows) streamedByRows.current = true
  else if (streamedByRows.current && streams && !footnotes && block.type === 'table') tableRows = pagedTable(text)
  // A streaming table or list writes the definitions before each of its parts; a block numbering
  // footnotes has them written in its source already.
  const hasDefinitions =
    definitions.list.length > 0 &&
    literal === undefined &&
    tableRows === undefined &&
    listItems === undefined &&
    footnotes === undefined
  const searchKey = useMemo(() => (hasDefinitions ? labelSearchKey(text) : ''), [text, hasDefinitions])
  const prefix = hasDefinitions ? definitionsPrefix(searchKey, definitions) : ''
  if (rendersNothing || text.trim() === '') return motion.caret ? <Caret /> : null
  if (tableRows) {
    return (
      <>
        <StreamingTable
          blockKey={block.key}
          separated={separated}
          rows={tableRows}
          definitions={definitions}
          options={options}
        />
        {motion.caret ? <Caret /> : null}
      </>
    )
  }
  if (listItems) {
    return (
      <StreamingList
        blockKey={block.key}
        separated={separated}
        text={text}
        items={listItems}
        definitions={definitions}
        options={options}
        transform={blockTransform(undefined, options.autoDirection, motion)}
      />
    )
  }
  if (literal !== undefined) {
    return (
      <>
        {separated ? '\n' : null}
        {literal}
        {motion.caret ? <Caret /> : null}
      </>
    )
  }
  // A block numbering footnotes renders its own tree: no splitter tree serves it.
  return (
    <RenderedBlock
      blockKey={block.key}
      separated={separated}
      source={footnotes ? footnotes.source : prefix + text}
      prefix={prefix}
      definitions={definitions}
      searchKey={searchKey}
      owner={footnotes ? undefined : owner}
      rendersAsOwner={!footnotes && block.rendersAsOwner === true && prefix === ''}
      footnotes={footnotes}
      options={options}
      motion={motion}
    />
  )
})

interface RenderedBlockProps {
  blockKey: number
  separated: boolean
  source: string
  /** The link definitions written before the block's text in `source` (see `definitionsPrefix`). */
  prefix: string
  /** The document's definitions the prefix is written from, and the block text's `labelSearchKey` ('' without them). */
  definitions: DocumentDefinitions
  searchKey: string
  /** The splitter's block: when `source` is exactly its text, the tree of the parse that made it is used once. */
  owner: MarkdownBlock | undefined
  /** `source` renders as the owner's text does (see `MarkdownBlock.rendersAsOwner`): its tree is used too. */
  rendersAsOwner: boolean
  /** The block's tree with its footnote numbering (a parse of `source`): rendered as it is. */
  footnotes?: BlockFootnotes | undefined
  options: MarkdownRenderOptions
  motion: BlockMotion
}

/**
 * One block through the markdown pipeline. The first render of a block the splitter has just parsed
 * takes that parse's tree (`takeBlockSyntax`, which also drops it, so no element keeps a tree);
 * any other render parses its source. The tree is a parse of the source, so only the source (and
 * how it is rendered) decides the render.
 */
const RenderedBlock = memo(
  function RenderedBlock({
    blockKey,
    separated,
    source,
    prefix,
    definitions,
    searchKey,
    owner,
    rendersAsOwner,
    footnotes,
    options,
    motion,
  }: RenderedBlockProps) {
    const marks = blockTransform(useRevisionMarks(), options.autoDirection, motion)
    const trees = useContext(TreeKeepingContext)
    const keep = trees.keep
    // While the message streams, the block's last HTML tree, so a change re-renders only what changed.
    const html = useRef<KeptHtmlTree | undefined>(undefined)
    // While the message streams, the block's last tree and the text it parsed.
    const lastParse = useRef<(ParsedSource & { syntax: MarkdownSyntax | undefined }) | undefined>(undefined)
    if (!keep) html.current = undefined
    else if (!html.current) {
      html.current = {}
      trees.htmlTrees.add(html.current)
    }
    const own = owner !== undefined && (source === owner.text || rendersAsOwner)
    // The block's own text after link definitions: its words can be patched in the tree of that parse
    // (positions of its own nodes relative to it, so `node` is not passed to components on this path).
    const withDefinitions =
      keep &&
      owner !== undefined &&
      prefix !== '' &&
      !options.passNode &&
      source.length === prefix.length + owner.text.length &&
      hasTextAt(source, owner.text, prefix.length)
    const prefixed = withDefinitions ? prefixedTreeOf(owner, prefix, definitions, searchKey) : undefined
    const syntax =
      owner === undefined || prefixed ? undefined : own ? blockTreeOf(owner) : repairedTreeOf(owner, source)
    // The text the tree is a parse of: the owner's own tree is kept for it (the same render, and the
    // positions of its text).
    const parsedSource = own && owner ? owner.text : source
    let parsed = 0
    const parse = (text: string) => {
      parsed += text.length
      return parseMarkdown(text, options.syntax)
    }
    // A quote that grew or changed since its last render is parsed by the children that changed, a
    // long paragraph from its last split point.
    const kept = lastParse.current
    const definesNothing = owner !== undefined && owner.definitions.length === 0 && !owner.footnoteLabels
    const earlier =
      keep && definesNothing && prefix === '' && !footnotes && !syntax && kept?.syntax === options.syntax
        ? kept
        : undefined
    const tree: Root = footnotes
      ? footnotes.tree
      : prefixed
        ? { type: 'root', children: [...prefixed.definitions, ...prefixed.tree.children] }
        : syntax
          ? rootOf(syntax.nodes, syntax.offset, syntax.line)
          : (earlier &&
              (quoteTreeFromEarlier(earlier, parsedSource, (text) => ({
                nodes: parse(text).children,
                leaf: undefined,
              })) ??
                (options.syntax === undefined || options.syntax === gfmSyntax
                  ? paragraphTreeFromEarlier(earlier, parsedSource, parse)
                  : undefined))) ||
            parse(parsedSource)
    reportMarkdownWork({ kind: 'block-render', chars: parsed || source.length, blockKey, parsed: parsed > 0 })
    lastParse.current =
      keep && !footnotes && !prefixed ? { source: parsedSource, tree, syntax: options.syntax } : undefined
    if (owner && keep) {
      if (withDefinitions && !prefixed) keepPrefixedTree(owner, prefixedTree(tree, prefix))
      if (own) keepBlockTree(owner, tree)
      else keepRepairedTree(owner, source, tree)
    }
    const rendered = renderSyntaxTree(tree, options, marks, html.current)
    return (
      <>
        {separated ? '\n' : null}
        {rendered}
      </>
    )
  },
  (previous, next) =>
    previous.source === next.source &&
    // Rendered from its owner's tree, whose positions end after its final line ending: where components
    // are given their node, a render for another owner text (a line ending arrived) is another render.
    (!next.options.passNode ||
      !(next.rendersAsOwner || previous.rendersAsOwner) ||
      previous.owner?.text === next.owner?.text) &&
    previous.prefix === next.prefix &&
    previous.separated === next.separated &&
    previous.footnotes === next.footnotes &&
    previous.options === next.options &&
    previous.motion === next.motion,
)

/** A parse of `prefix` and a block's text, as kept for patching its words (see `PrefixedTree`). */
function prefixedTree(tree: Root, prefix: string): PrefixedTree {
  const definitions: RootContent[] = []
  const own: RootContent[] = []
  for (const node of tree.children) {
    if ((node.position?.start.offset ?? 0) < prefix.length) definitions.push(node)
    else own.push(node)
  }
  const lines = prefix.split('\n').length
  return { prefix, definitions, tree: { type: 'root', children: copiesRelativeTo(own, prefix.length, lines) } }
}

/** What changes a block's HTML tree: revision marks, then its direction, then its motion. */
function blockTransform(
  marks: HtmlTreeTransform | undefined,
  autoDirection: boolean,
  motion: BlockMotion,
): HtmlTreeTransform | undefined {
  const directed: HtmlTreeTransform | undefined = autoDirection
    ? (tree) => {
        marks?.(tree)
        addAutoDirection(tree)
      }
    : marks
  return motionTransform(motion, directed)
}

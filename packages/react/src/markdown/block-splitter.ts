/**
 * Incremental block splitter: cuts streamed markdown into top-level blocks whose rendering is
 * independent of the rest of the document, so settled blocks are rendered once and memoised.
 *
 * A block is settled when the first line of the next block is complete: CommonMark decides block
 * structure line by line, so once a later line has started a new top-level block nothing that
 * arrives afterwards can change the earlier one. Only the unsettled region (the last block or two)
 * is parsed again per chunk. When the new text extends the previous text, splitting continues from
 * the last settled boundary (or, when it only continues the last block, needs no parse at all:
 * `growTail`). Any other change (an edit, a clear, a replacement, a rollback) is a rewrite
 * (`rewriteSplit`): the blocks before the first difference and after the last one are kept, and only
 * the region between is parsed again.
 *
 * Every block and page has a key that survives rewrites, so unchanged blocks keep their elements.
 *
 * Link reference definitions resolve across blocks: the state carries the document's definitions,
 * which every block is rendered with. Footnote definitions do too, and footnotes are numbered and
 * listed for the whole document: each block carries the labels of the footnote definitions in it,
 * and the renderer numbers the references block by block (`footnotes.ts`). Neither changes where
 * a block starts or ends.
 */

import type { Root, RootContent } from 'mdast'
import { htmlBlockNames } from 'micromark-util-html-tag-name'
import {
  type DefinedLabels,
  definitionNodes,
  documentLabels,
  type LabelsDefinedElsewhere,
  labelsForRewrite,
  mayUseAny,
  noLabelsElsewhere,
  resolvesAlike,
} from './defined-labels'
import {
  type DocumentDefinitions,
  documentDefinitions,
  type LinkDefinition,
  labelSearchKey,
  noDefinitions,
} from './link-definitions'
import {
  continuedList,
  keepStreamingList,
  listCuts,
  offsetBeside,
  rewrittenItems,
  type StreamingList,
  shiftedStreamingList,
  streamingList,
  streamingListOf,
  taskCheckbox,
  withoutCuts,
} from './list-items'
import { rootOf } from './markdown-pipeline'
import { gfmSyntax, type MarkdownSyntax, parsesWithDefinitions } from './markdown-syntax'
import { quoteTreeRewritten } from './quote-children'
import type { ListItems } from './StreamingList'
import type { TableRows } from './StreamingTable'
import { type PaddingChange, paddingChanges, shiftSyntaxTree, tablePaddingInBlock } from './table-padding'
import { applyTextChanges, shiftedOffset, shiftedStart, type TextChange } from './text-changes'
import { extendsText, hasTextAt, sharedLengthFrom, sharedPrefixLength, sharedSuffixLength } from './text-comparison'
import {
  lineEndingLength,
  lineFeeds,
  lineStartBefore,
  parseTopLevelBlocks,
  type TailLeaf,
  type TopLevelBlock,
} from './top-level-blocks'
import { type BlockWordChange, changesInBlock, patchSyntaxTree, type WordChange, wordChanges } from './word-rewrite'

export interface MarkdownBlock {
  /** Identity for rendering: kept while the block grows, settles, or a rewrite elsewhere shifts it. */
  readonly key: number
  /** The exact source slice of the block, leading blank lines included. */
  readonly text: string
  /** mdast type of the block's top-level node (`paragraph`, `code`, `list`, …). */
  readonly type: string
  /**
   * Its render is preceded by a line ending: an earlier block renders something (react-markdown
   * separates top-level elements with one; definitions render nothing, so get none).
   */
  readonly separated: boolean
  /** Only link reference and footnote definitions (or blank): renders nothing in place. */
  readonly rendersNothing: boolean
  /** Link reference definitions in it, in source order (they apply to the whole document). */
  readonly definitions: readonly LinkDefinition[]
  /** Labels of the footnote definitions in it, as written (absent when it has none). */
  readonly footnoteLabels?: readonly string[]
  /**
   * Render this text as it is instead of parsing the block: set on a streaming tail that is one
   * HTML block, which react-markdown shows as its source text (raw HTML is not rendered).
   */
  readonly literal?: string
  /** Set on a streaming tail that is a table with body rows: render the settled rows once (`StreamingTable`). */
  readonly tableRows?: TableRows
  /** Set on a streaming tail that is a list with settled items: render them once (`StreamingList`). */
  readonly listItems?: ListItems
  /**
   * Set on a streaming tail whose repair only dropped its final line ending, which changes nothing
   * in its render: the splitter's tree of the unrepaired block renders it.
   */
  readonly rendersAsOwner?: true
  /**
   * Set on a tail block holding a node after paragraph text whose first line is not complete: once
   * it is, that node may be a block of its own (`dependsOnPrevious`), so the tail is split again.
   */
  readonly awaitsLine?: true
}

/** Top-level syntax nodes of a block, with where the block starts in the parsed text. */
export interface BlockSyntax {
  readonly nodes: readonly RootContent[]
  /** Offset and (1-based) line of the block's first character in the parsed text. */
  readonly offset: number
  readonly line: number
}

/** Settled blocks are kept in pages of about this many blocks, so a commit re-renders one page, not all. */
export const blockPageSize = 64

/** A page of settled blocks. Its blocks array is replaced (not changed) when a block in it changes. */
export interface BlockPage {
  readonly key: number
  readonly blocks: readonly MarkdownBlock[]
}

export interface SplitState {
  readonly text: string
  /** The syntax the text is parsed with; another syntax splits the text again. */
  readonly syntax: MarkdownSyntax
  /** The settled blocks in pages (of `blockPageSize` while appending; a rewrite may leave one shorter or longer). */
  readonly settledPages: readonly BlockPage[]
  readonly settledCount: number
  /** Some settled block renders something. */
  readonly settledHasOutput: boolean
  /** Offset where the unsettled region starts. */
  readonly settledEnd: number
  /** Blocks of the unsettled region (usually one, at most a few). */
  readonly tail: readonly MarkdownBlock[]
  /** Innermost block at the end of the text, relative to the last tail block's start. */
  readonly tailLeaf: TailLeaf | undefined
  /** Link reference definitions of the settled blocks, in source order. */
  readonly settledDefinitions: readonly LinkDefinition[]
  /** Link reference definitions of the tail, and those of them whose line has ended. */
  readonly tailDefinitions: readonly LinkDefinition[]
  readonly endedTailDefinitions: readonly LinkDefinition[]
  /** The definitions in force in the whole text; the same object while they do not change. */
  readonly definitions: DocumentDefinitions
  /**
   * The same without tail definitions whose line has not ended: what blocks render with while
   * streaming. A definition being typed changes on every chunk, and each change makes every page
   * check whether it may use it; this way each definition changes them about once.
   */
  readonly streamingDefinitions: DocumentDefinitions
  /** The text has a link reference definition or a footnote definition (a bracketed word may be a reference). */
  readonly hasDefinitions: boolean
  /** How many settled blocks hold a footnote definition (see `hasFootnoteDefinitions`). */
  readonly settledFootnoteBlocks: number
  /** The key the next new block gets. */
  readonly nextKey: number
  /** The key of the next new page (where the tail renders when the last page is full). */
  readonly tailPageKey: number
  /** Page keys from here on are unused. */
  readonly nextPageKey: number
  /** How many times the text was rewritten (changed other than by appending) since the first split. */
  readonly rewrites: number
  /**
   * The state this one extended by appending (without its own `extended`: one level only). A
   * retraction back to exactly its text (a speculative branch rejected) is that state again.
   */
  readonly extended?: SplitState | undefined
}

const emptyState: SplitState = {
  text: '',
  syntax: gfmSyntax,
  settledPages: [],
  settledCount: 0,
  settledHasOutput: false,
  settledEnd: 0,
  tail: [],
  tailLeaf: undefined,
  settledDefinitions: [],
  tailDefinitions: [],
  endedTailDefinitions: [],
  definitions: noDefinitions,
  streamingDefinitions: noDefinitions,
  hasDefinitions: false,
  settledFootnoteBlocks: 0,
  nextKey: 0,
  tailPageKey: 0,
  nextPageKey: 1,
  rewrites: 0,
}

/**
 * The settled blocks in order, by pages array: pages never change, so neither does the list, and a
 * rewrite (which may look at the blocks more than once) makes it once.
 */
const blocksOfPages = new WeakMap<readonly BlockPage[], readonly MarkdownBlock[]>()

/** The settled blocks in order. */
export function settledBlocks(split: SplitState): readonly MarkdownBlock[] {
  let blocks = blocksOfPages.get(split.settledPages)
  if (!blocks) {
    const list: MarkdownBlock[] = []
    for (const page of split.settledPages) for (const block of page.blocks) list.push(block)
    blocks = list
    blocksOfPages.set(split.settledPages, blocks)
  }
  return blocks
}

export function advanceSplit(
  previous: SplitState | undefined,
  text: string,
  syntax: MarkdownSyntax = gfmSyntax,
): SplitState {
  if (!previous) return splitFrom(undefined, text, false, syntax)
  // Another syntax can change every block: split again, keeping the keys.
  if (previous.syntax !== syntax) return splitFrom(previous, text, false, syntax)
  if (previous.text === text) return previous
  // Compared once: over a long message this is a scan of the whole text.
  if (extendsText(text, previous.text)) {
    const extended = previous.extended ? { ...previous, extended: undefined } : previous
    return {
      ...(growTail(previous, text, true) ||
        growList(previous, text) ||
        growQuote(previous, text) ||
        closedBy(previous, text) ||
        closedFence(previous, text) ||
        splitFrom(previous, text, true)),
      extended,
    }
  }
  const rewrites = previous.rewrites + 1
  if (previous.extended?.text === text) return { ...previous.extended, rewrites }
  return { ...rewriteSplit(previous, text), rewrites, extended: undefined }
}

const lineEndings = /\r\n|\r|\n/g

/**
 * Syntax trees of blocks from the parse that made them, until they are first rendered: a block
 * settled by that parse, or the tail when it is one block (its start is then a settled boundary).
 * A parse of the block alone gives the same tree (nothing before or after a settled boundary changes
 * how a block parses), so its first render need not parse the text again. Taking a tree also drops
 * it, so the trees are not kept for as long as the blocks.
 */
const blockTrees = new WeakMap<MarkdownBlock, BlockSyntax>()

/** The syntax tree of `block`'s text from the parse that made it, once (see `blockTrees`). */
export function takeBlockSyntax(block: MarkdownBlock): BlockSyntax | undefined {
  const syntax = blockTrees.get(block)
  if (syntax) blockTrees.delete(block)
  return syntax
}

/**
 * Trees of blocks whose parse depends on labels defined in other blocks (a footnote call; a
 * reference, in a part of a document parsed with its labels), with the labels that parse defined,
 * until a render with the document's definitions takes them (`definedTreeOf`).
 */
const definedTrees = new WeakMap<MarkdownBlock, { readonly syntax: BlockSyntax; readonly defined: DefinedLabels }>()

/**
 * The tree of `block` from the parse that made it, once, when its references and footnote calls
 * resolved there as in the document, which defines `defined` (the block's `labelSearchKey` is
 * `searchKey`): the tree of a parse of its text after the definitions it may use.
 */
export function definedTreeOf(
  block: MarkdownBlock,
  defined: DefinedLabels | undefined,
  searchKey: string,
): BlockSyntax | undefined {
  const kept = definedTrees.get(block)
  if (!kept) return undefined
  definedTrees.delete(block)
  return defined && resolvesAlike(kept.defined, defined, searchKey) ? kept.syntax : undefined
}

/** Labels of the footnote definitions of the settled blocks, by pages array (pages never change). */
const settledLabels = new WeakMap<object, readonly string[]>()

/** The labels of the document's footnote definitions (settled and tail blocks), as written. */
export function documentFootnoteLabels(split: SplitState): readonly string[] {
  let settled = settledLabels.get(split.settledPages)
  if (!settled) {
    const labels: string[] = []
    for (const block of settledBlocks(split)) if (block.footnoteLabels) labels.push(...block.footnoteLabels)
    settled = labels
    settledLabels.set(split.settledPages, settled)
  }
  const tail = split.tail.flatMap((block) => block.footnoteLabels ?? [])
  return tail.length === 0 ? settled : [...settled, ...tail]
}

/**
 * Trees blocks were rendered from (positions relative to the block), kept while their message
 * streams: a rewrite that only changes words makes a changed block's tree from its old one instead
 * of parsing it (`wordRewrite`). Released when the message settles (`releaseBlockTrees`).
 */
const renderedTrees = new WeakMap<MarkdownBlock, Root>()

export function keepBlockTree(block: MarkdownBlock, tree: Root): void {
  renderedTrees.set(block, tree)
}

/**
 * The tree a streaming tail block's repaired text (not its own text) rendered from, by the block:
 * a retraction back to that block renders the same repair again.
 */
const repairedTrees = new WeakMap<MarkdownBlock, { readonly source: string; readonly tree: Root }>()

export function keepRepairedTree(block: MarkdownBlock, source: string, tree: Root): void {
  repairedTrees.set(block, { source, tree })
}

/** The tree `source`, a repair of `block`'s text, rendered from before (see `repairedTrees`). */
export function repairedTreeOf(block: MarkdownBlock, source: string): BlockSyntax | undefined {
  const kept = repairedTrees.get(block)
  return kept?.source === source ? { nodes: kept.tree.children, offset: 0, line: 1 } : undefined
}

/**
 * A block that renders with the document's link definitions written before it (`definitionsPrefix`):
 * its own nodes from that parse (positions relative to the block, so a word rewrite patches them as
 * it patches `renderedTrees`), the prefix, and the prefix's definition nodes. A parse of the block
 * alone would read its references as text, so this is the only tree its words can be patched in.
 */
export interface PrefixedTree {
  readonly prefix: string
  readonly definitions: readonly RootContent[]
  readonly tree: Root
}

const prefixedTrees = new WeakMap<MarkdownBlock, PrefixedTree>()

export function keepPrefixedTree(block: MarkdownBlock, kept: PrefixedTree): void {
  prefixedTrees.set(block, kept)
}

/**
 * The tree `block` renders from with `prefix` (the `definitions` its text, whose `labelSearchKey` is
 * `searchKey`, may use) before it: the one it rendered from or was patched from (see
 * `prefixedTrees`), else the splitter's, when that parse had the labels defined that the document
 * does (`definedTreeOf`).
 */
export function prefixedTreeOf(
  block: MarkdownBlock,
  prefix: string,
  definitions: DocumentDefinitions,
  searchKey: string,
): PrefixedTree | undefined {
  const kept = prefixedTrees.get(block)
  if (kept?.prefix === prefix) return kept
  const parsed = definedTreeOf(block, documentLabels(definitions), searchKey)
  if (!parsed) return undefined
  const made = {
    prefix,
    definitions: definitionNodes(searchKey, definitions),
    tree: rootOf(parsed.nodes, parsed.offset, parsed.line),
  }
  prefixedTrees.set(block, made)
  return made
}

export function releaseBlockTrees(split: SplitState): void {
  for (const page of split.settledPages) {
    for (const block of page.blocks) {
      renderedTrees.delete(block)
      prefixedTrees.delete(block)
    }
  }
  for (const block of [...split.tail, ...(split.extended?.tail ?? [])]) {
    renderedTrees.delete(block)
    repairedTrees.delete(block)
    prefixedTrees.delete(block)
  }
}

/**
 * The tree to render `block` from: the parse that made it (once), else the tree it rendered from
 * before, kept while its message streams (a retraction back to it renders it again).
 */
export function blockTreeOf(block: MarkdownBlock): BlockSyntax | undefined {
  const tree = renderedTrees.get(block)
  return takeBlockSyntax(block) ?? (tree && { nodes: tree.children, offset: 0, line: 1 })
}

/**
 * Splits `text` from the last settled boundary of `previous` when it extends its text, from the
 * start otherwise (always parsing the unsettled region: `advanceSplit` without its shortcuts).
 */
export function splitFrom(
  previous: SplitState | undefined,
  text: string,
  extendsPrevious = previous !== undefined && extendsText(text, previous.text),
  syntax: MarkdownSyntax = previous?.syntax ?? gfmSyntax,
): SplitState {
  if (previous && extendsPrevious && previous.syntax === syntax) {
    return splitRegion(previous, previous, text, previous.tail)
  }
  const restart: SplitState = previous
    ? {
        ...emptyState,
        syntax,
        nextKey: previous.nextKey,
        tailPageKey: previous.settledPages[0]?.key ?? previous.tailPageKey,
        nextPageKey: previous.nextPageKey,
      }
    : { ...emptyState, syntax }
  return splitRegion(restart, previous, text, previous ? [...settledBlocks(previous), ...previous.tail] : [])
}

/** Blocks parsed from one region of the text, before they join the pages or the tail. */
interface ParsedRegion {
  /** Complete blocks: every block whose end the region's text has settled. */
  readonly settled: MarkdownBlock[]
  /** The rest: blocks that may still change (empty when the region was cut at a settled boundary). */
  readonly tail: MarkdownBlock[]
  readonly tailLeaf: TailLeaf | undefined
  readonly tailDefinitions: LinkDefinition[]
  readonly endedTailDefinitions: LinkDefinition[]
  /** Whether the region's settled blocks render something, or something before them does. */
  readonly hasOutput: boolean
  /** Start of the first tail block in the region (0 when the region has no block: it is blank). */
  readonly tailStart: number
  readonly nextKey: number
}

/**
 * Parses `region` (which starts at a settled boundary) into blocks that replace `replaced`. The
 * last blocks whose texts equal the last replaced blocks' keep their keys (a rewrite that inserts a
 * block before them); the others take the remaining replaced blocks' keys in order (an edited block,
 * a re-streamed message), then new ones from `nextKey`. A block equal to the one whose key it takes
 * is that very object, so it is not rendered again. `afterTail`: a tail block is before the region.
 */
function parseRegion(
  syntax: MarkdownSyntax,
  region: string,
  hasOutputBefore: boolean,
  replaced: readonly MarkdownBlock[],
  nextKey: number,
  elsewhere: LabelsDefinedElsewhere = noLabelsElsewhere,
  afterTail = false,
): ParsedRegion & { lastBlockStart: number; nodes: readonly TopLevelBlock[]; groupStarts: number[] } {
  const parsed = parseTopLevelBlocks(region, syntax, elsewhere)
  const lastLineEnd = Math.max(region.lastIndexOf('\n'), region.lastIndexOf('\r'))

  const nodes = parsed.blocks
  // Top-level nodes grouped into blocks: a block ends only where the parse of what follows cannot
  // depend on it (see `dependsOnPrevious`).
  // A block's slice ends before the line ending of its last line; that line ending (and any blank
  // lines) opens the next block. Alone, an HTML block or code fence left open in a list item would
  // take a final line ending as content, where in the whole document the next line closes it first.
  // A node whose slice would be empty (a setext heading after a definition starts where the
  // definition does) joins the group before it.
  const groupStarts: number[] = []
  const starts: number[] = []
  for (let index = 0; index < nodes.length; index++) {
    if (index > 0 && dependsOnPrevious(region, nodes[index - 1]!, nodes[index]!)) continue
    const start = index === 0 ? 0 : beforeLineEnding(region, nodes[index]!.lineStart)
    if (index > 0 && start <= starts[starts.length - 1]!) continue
    groupStarts.push(index)
    starts.push(start)
  }
  const textAt = (group: number) => region.slice(starts[group], starts[group + 1] ?? region.length)
  const groups = groupStarts.length
  let matched = 0
  while (
    matched < replaced.length &&
    matched < groups &&
    textAt(groups - 1 - matched) === replaced[replaced.length - 1 - matched]!.text
  ) {
    matched++
  }
  const counterpart = (group: number): MarkdownBlock | undefined =>
    group >= groups - matched
      ? replaced[replaced.length - (groups - group)]
      : group < replaced.length - matched
        ? replaced[group]
        : undefined

  // Only the last node can start on the text's last line: the last block awaits that line when it
  // holds the node only because the line is not complete yet (`dependsOnPrevious`).
  const lastIndex = nodes.length - 1
  const lastAwaitsLine =
    lastIndex > 0 &&
    groupStarts[groups - 1]! < lastIndex &&
    nodes[lastIndex]!.lineStart > lastLineEnd &&
    interruptsOnFirstLine(region, nodes[lastIndex - 1]!, nodes[lastIndex]!)

  let hasOutput = hasOutputBefore
  const blockAt = (group: number): MarkdownBlock => {
    const text = textAt(group)
    const groupNodes = nodes.slice(groupStarts[group], groupStarts[group + 1] ?? nodes.length)
    const rendersNothing = text.trim() === '' || groupNodes.every((node) => rendersInPlaceNothing.has(node.type))
    const definitions = groupNodes.flatMap((node) => node.definitions)
    const footnoteLabels = groupNodes.flatMap((node) => node.footnoteLabels)
    const old = counterpart(group)
    const block: MarkdownBlock = {
      key: old ? old.key : nextKey++,
      text,
      type: nodes[groupStarts[group]!]!.type,
      separated: hasOutput,
      rendersNothing,
      definitions: definitions.length > 0 ? definitions : noBlockDefinitions,
      ...(footnoteLabels.length > 0 && { footnoteLabels }),
      ...(group === groups - 1 && lastAwaitsLine && { awaitsLine: true as const }),
    }
    if (!rendersNothing) hasOutput = true
    return old && sameBlock(old, block) ? old : block
  }

  // A group's nodes with where it starts: its (1-based) line, counted on from the last group asked for.
  let linesBefore = 0
  let countedTo = 0
  const syntaxAt = (group: number): BlockSyntax => {
    const offset = starts[group]!
    linesBefore += region.slice(countedTo, offset).match(lineEndings)?.length ?? 0
    countedTo = offset
    return { nodes: parsed.nodes.slice(groupStarts[group], groupStarts[group + 1]), offset, line: linesBefore + 1 }
  }
  // A block made here renders from this parse (`takeBlockSyntax`), unless a link definition in the
  // region resolved references in it: blocks render with the definitions known once their line ended.
  const reusable = nodes.every((node) => node.definitions.length === 0)
  // Nor may a label defined in another part of the document, or a footnote defined in the region,
  // have resolved a reference or a footnote call in it: it renders with the document's definitions.
  const withFootnotes = parsed.hasFootnoteDefinitions || elsewhere.footnotes.length > 0
  const dependsOnLabels = (block: MarkdownBlock) =>
    (withFootnotes && block.text.includes('[^')) ||
    (elsewhere.links.length > 0 && block.text.includes('[') && mayUseAny(labelSearchKey(block.text), elsewhere.links))
  const keepTree = (block: MarkdownBlock, group: number) => {
    if (!reusable) return
    if (dependsOnLabels(block)) {
      if (parsed.defined) definedTrees.set(block, { syntax: syntaxAt(group), defined: parsed.defined })
    } else if (!block.rendersNothing) blockTrees.set(block, syntaxAt(group))
  }

  const settled: MarkdownBlock[] = []
  let group = 0
  while (group + 1 < groupStarts.length && nodes[groupStarts[group + 1]!]!.lineStart <= lastLineEnd) {
    const block = blockAt(group)
    if (block !== counterpart(group)) keepTree(block, group)
    settled.push(block)
    group++
  }
  const hasOutputAfterSettled = hasOutput
  const tailNodes = group < groupStarts.length ? groupStarts[group]! : nodes.length
  const tailDefinitions = nodes.slice(tailNodes).flatMap((node) => node.definitions)
  const endedTailDefinitions = nodes
    .slice(tailNodes)
    .flatMap((node) => node.definitions.filter((_, index) => node.definitionEnds[index]! <= lastLineEnd))

  const tail: MarkdownBlock[] = []
  for (let index = group; index < groupStarts.length; index++) tail.push(blockAt(index))
  const lastBlockStart = starts[starts.length - 1] ?? 0
  const tailLeaf = parsed.leaf && { ...parsed.leaf, start: parsed.leaf.start - lastBlockStart }
  // Only a tail of one block: its start is a settled boundary, so it parses alone as it did here
  // (between tail blocks the parse may still depend on the block before).
  const last = tail[tail.length - 1]
  const alone = tail.length === 1 && !afterTail
  if (alone && last && last !== counterpart(groups - 1)) keepTree(last, groupStarts.length - 1)
  // A tail that is one list grows item by item (`growList`).
  const lastNode = parsed.nodes[nodes.length - 1]
  if (alone && last && lastNode?.type === 'list' && groupStarts[groups - 1] === nodes.length - 1) {
    const list = last.definitions.length === 0 && streamingList(lastNode, region, lastBlockStart, syntax)
    if (list) keepStreamingList(last, list)
  }
  return {
    settled,
    tail,
    tailLeaf,
    tailDefinitions,
    endedTailDefinitions,
    hasOutput: hasOutputAfterSettled,
    tailStart: starts[group] ?? 0,
    nextKey,
    lastBlockStart,
    nodes,
    groupStarts,
  }
}

const noBlockDefinitions: readonly LinkDefinition[] = []

/** Whether the text has a footnote definition. */
export function hasFootnoteDefinitions(split: SplitState): boolean {
  return split.settledFootnoteBlocks > 0 || split.tail.some((block) => block.footnoteLabels !== undefined)
}

/** How many of the blocks from `from` (inclusive) to `to` (exclusive) hold a footnote definition. */
function footnoteBlocksIn(blocks: readonly MarkdownBlock[], from: number, to: number): number {
  let count = 0
  for (let index = from; index < to; index++) if (blocks[index]!.footnoteLabels) count++
  return count
}

/** Definitions render nothing where they are (a footnote's content renders in the list at the end). */
const rendersInPlaceNothing = new Set(['definition', 'footnoteDefinition'])

function sameBlock(a: MarkdownBlock, b: MarkdownBlock): boolean {
  return (
    a.text === b.text &&
    a.type === b.type &&
    a.separated === b.separated &&
    a.rendersNothing === b.rendersNothing &&
    a.awaitsLine === b.awaitsLine &&
    a.footnoteLabels?.length === b.footnoteLabels?.length &&
    a.definitions.length === b.definitions.length &&
    a.definitions.every(
      (definition, index) =>
        definition.identifier === b.definitions[index]!.identifier &&
        definition.url === b.definitions[index]!.url &&
        definition.title === b.definitions[index]!.title,
    )
  )
}

/**
 * Splits `text` from `base`'s last settled boundary (its settled blocks are kept; `text` starts with
 * its text up to that boundary): the region after it becomes new settled blocks and the tail. The
 * new blocks take the keys of `replaced` in order. `previous` is the state last rendered: its
 * definitions objects are kept while they do not change.
 */
function splitRegion(
  base: SplitState,
  previous: SplitState | undefined,
  text: string,
  replaced: readonly MarkdownBlock[],
  elsewhere: LabelsDefinedElsewhere = noLabelsElsewhere,
): SplitState {
  const region = parseRegion(
    base.syntax,
    text.slice(base.settledEnd),
    base.settledHasOutput,
    replaced,
    base.nextKey,
    elsewhere,
  )
  const [pages, tailPageKey, nextPageKey] = appendToPages(
    base.settledPages,
    region.settled,
    base.tailPageKey,
    base.nextPageKey,
  )
  const settledNow = region.settled.flatMap((block) => block.definitions)
  const settledDefinitions =
    settledNow.length > 0 ? [...base.settledDefinitions, ...settledNow] : base.settledDefinitions
  return withDefinitions(previous, {
    ...base,
    text,
    settledPages: pages,
    settledCount: base.settledCount + region.settled.length,
    settledHasOutput: region.hasOutput,
    settledEnd: base.settledEnd + region.tailStart,
    tail: region.tail,
    tailLeaf: region.tailLeaf,
    settledDefinitions,
    tailDefinitions: region.tailDefinitions,
    endedTailDefinitions: region.endedTailDefinitions,
    settledFootnoteBlocks: base.settledFootnoteBlocks + footnoteBlocksIn(region.settled, 0, region.settled.length),
    nextKey: region.nextKey,
    tailPageKey,
    nextPageKey,
  })
}

/** `split` with its document definitions brought up to date (the same objects as `previous`'s while equal). */
function withDefinitions(previous: SplitState | undefined, split: SplitState): SplitState {
  const { settledDefinitions, tailDefinitions, endedTailDefinitions } = split
  return {
    ...split,
    definitions: documentDefinitions(previous?.definitions ?? noDefinitions, settledDefinitions, tailDefinitions),
    streamingDefinitions: documentDefinitions(
      previous?.streamingDefinitions ?? noDefinitions,
      settledDefinitions,
      endedTailDefinitions,
    ),
    hasDefinitions: settledDefinitions.length > 0 || tailDefinitions.length > 0 || hasFootnoteDefinitions(split),
  }
}

/**
 * A rewrite: `text` does not extend the previous text. The settled blocks before the first
 * difference are kept, and so are the blocks after the last difference (shifted) from the first one
 * that still starts a block of its own in the new text (the anchor); only the region between is
 * parsed. When no such block follows the change (it is in the tail, or it opened a construct that
 * swallows what follows, such as a code fence), everything from the first changed block on is
 * parsed, as when appending. The result is the state a fresh split of `text` gives, with the keys
 * of the unchanged blocks kept and the changed region's new blocks taking the keys of the blocks
 * they replace, in order.
 */
export function rewriteSplit(
  previous: SplitState,
  text: string,
  resyncs = 0,
  knownPrefix = 0,
  oldTail: OldTail = { text: previous.text, from: knownPrefix },
  scanWords = true,
  givenLabels?: () => LabelsDefinedElsewhere,
): SplitState {
  const oldText = previous.text
  const blocks = settledBlocks(previous)
  const all = [...blocks, ...previous.tail]
  // The kept prefix: blocks whose settling line (the first line of the block after) is unchanged.
  const prefixEnd = knownPrefix + sharedLengthFrom(oldTail.text, oldTail.from, text, knownPrefix)
  let kept = 0
  let keptEnd = 0
  let offset = 0
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!
    const next = all[index + 1]!
    const nextStart = offset + block.text.length
    // A next block ending before the change has its first line before it too (no need to find it).
    const settlingLineChanged =
      nextStart + next.text.length >= prefixEnd && nextStart + firstLineEnd(next.text) >= prefixEnd
    if (settlingLineChanged && !closedByBlankLine(block, next, text, nextStart, prefixEnd)) break
    kept = index + 1
    keptEnd = nextStart
    offset = nextStart
  }
  const suffixLength = sharedSuffixLength(oldTail.text, text, Math.min(oldText.length, text.length) - prefixEnd)
  const labels = givenLabels ?? rewriteLabels(previous, text, prefixEnd, text.length - suffixLength)
  // After a resync too: a change the word scan stopped at (a tag, a list number) is parsed where it
  // is, and the words changed after it (a diffusion step changes words everywhere) are still patched.
  if (resyncs < maxResyncs && scanWords) {
    const words = wordRewrite(previous, text, prefixEnd, suffixLength, all, resyncs, knownPrefix, oldTail)
    if (words) return words
  }
  if (resyncs === 0) {
    const padding = paddingRewrite(previous, text, prefixEnd, suffixLength)
    if (padding) return padding
    const item = listItemRewrite(previous, text, prefixEnd, suffixLength)
    if (item) return item
    const rows = tableRowRewrite(previous, text, prefixEnd, suffixLength)
    if (rows) return rows
    const code = codeContentRewrite(previous, text, prefixEnd, suffixLength, all)
    if (code) return code
    const html = htmlContentRewrite(previous, text, prefixEnd, suffixLength, all)
    if (html) return html
    const quote = quoteChildRewrite(previous, text, prefixEnd, suffixLength, all)
    if (quote) return quote
  }
  const shift = text.length - oldText.length

  // Candidate anchors: the first settled blocks after the kept ones lying wholly in the common suffix.
  let first = blocks.length
  let firstStart = previous.settledEnd
  while (first > kept && firstStart - blocks[first - 1]!.text.length >= oldText.length - suffixLength) {
    first--
    firstStart -= blocks[first]!.text.length
  }
  const candidates: { index: number; start: number }[] = []
  for (let index = first, start = firstStart; index < blocks.length && candidates.length < maxAnchorTries; index++) {
    candidates.push({ index, start })
    start += blocks[index]!.text.length
  }

  // The text changed in more than one place (citations inserted here and there, a list appended):
  // the blocks soon after the first change that still occur after it are anchors too. The region up
  // to one is parsed again, and the rewrite goes on from there to the next change.
  const changed = changedBlock(blocks, keptEnd, kept, prefixEnd)
  const nearSuffix = candidates[0] !== undefined && candidates[0].index <= changed.index + maxAnchorTries
  if (!nearSuffix && resyncs < maxResyncs) {
    let oldStart = changed.start
    for (let index = changed.index; index < blocks.length && index <= changed.index + maxAnchorTries; index++) {
      if (index > changed.index) {
        const at = text.indexOf(blocks[index]!.text, prefixEnd)
        // The text up to the anchor as it is now, after it as it was: the next step rewrites the rest.
        // Its characters are read from the two texts, never from the joined string (over 1 MB, each
        // read would copy it whole).
        const rest = { text: oldTail.text, from: oldStart - knownPrefix + oldTail.from }
        const partly = at < 0 ? undefined : joinedText(text, at, rest)
        const rewritten = partly && rewriteBefore(previous, partly, blocks, kept, keptEnd, index, at, labels())
        // Both texts are the same up to the anchor: the next step's prefix comparison starts there.
        if (rewritten) return rewriteSplit(rewritten, text, resyncs + 1, at, rest, true, labels)
      }
      oldStart += blocks[index]!.text.length
    }
  }
  for (const candidate of candidates) {
    const rewritten = rewriteBefore(
      previous,
      wholeText(text),
      blocks,
      kept,
      keptEnd,
      candidate.index,
      candidate.start + shift,
      labels(),
    )
    if (rewritten) return rewritten
  }
  const base = truncated(previous, text, blocks, kept, keptEnd)
  const tail = kept === blocks.length ? closedTail(previous, text) : undefined
  if (tail) return splitRegion(withSettledTail(base, text, tail), previous, text, [], labels())
  return splitRegion(base, previous, text, all.slice(kept), labels())
}

/**
 * The labels a rewrite's regions are parsed with (`labelsForRewrite`), found at the first parse: a
 * region's own definitions are not all its document's, and parsed with the others, the references
 * and footnote calls in it resolve as in the whole text, so their renders can take its trees.
 */
function rewriteLabels(previous: SplitState, text: string, from: number, to: number): () => LabelsDefinedElsewhere {
  let labels: LabelsDefinedElsewhere | undefined
  if (!parsesWithDefinitions(previous.syntax)) return () => noLabelsElsewhere
  return () => {
    labels ??= labelsForRewrite(
      previous.definitions,
      hasFootnoteDefinitions(previous) ? documentFootnoteLabels(previous) : [],
      text,
      from,
      to,
    )
    return labels
  }
}

/**
 * The tail, when `text` keeps it and closes it, so it settles as it is without a parse: one
 * top-level paragraph (its innermost last block is itself) or table ending with a line ending,
 * unchanged in `text`, followed there by an empty line and then a line that is not blank (a sources
 * list appended after the last paragraph or table). A blank line closes a top-level paragraph or a
 * table whatever follows, so it parses as it did at the end of the old text; and the next block
 * starts right after it (a block's slice ends before the line ending of its last line, here the
 * empty line's).
 */
function closedTail(previous: SplitState, text: string): MarkdownBlock | undefined {
  const tail = previous.tail[0]
  const leaf = previous.tailLeaf
  if (previous.tail.length !== 1 || !tail || !leaf) return undefined
  const paragraph =
    tail.type === 'paragraph' && leaf.type === 'paragraph' && blankText.test(tail.text.slice(0, leaf.start))
  if (!paragraph && !(tail.type === 'table' && leaf.type === 'tableCell')) return undefined
  const end = previous.settledEnd + tail.text.length
  const last = tail.text.charCodeAt(tail.text.length - 1)
  if ((last !== 10 && last !== 13) || !hasTextAt(text, tail.text, previous.settledEnd)) return undefined
  // A carriage return whose line feed follows in the new text ends the same line.
  if (last === 13 && text.charCodeAt(end) === 10) return undefined
  emptyLineThenContent.lastIndex = end
  return emptyLineThenContent.test(text) ? tail : undefined
}

/** `text`, which extends the previous text, split when what it adds closes the tail (`closedTail`): the region after it alone is parsed. */
function closedBy(previous: SplitState, text: string): SplitState | undefined {
  const tail = closedTail(previous, text)
  if (!tail) return undefined
  const base = truncated(previous, text, settledBlocks(previous), previous.settledCount, previous.settledEnd)
  return { ...splitRegion(withSettledTail(base, text, tail), previous, text, []), rewrites: previous.rewrites }
}

/**
 * `text`, which extends the previous text, split when what it adds closes the tail, one top-level
 * fence whose fence starts its line (`fencedCode`), and starts the next block: the fence's lines up
 * to its closing fence line are code whatever they hold, so it settles as it stands, and only the
 * text after it is parsed (a parse of the whole tail read the fence's code once more each time one
 * closed). Its tree is a parse of its opening and closing lines alone, given the code between them
 * (verbatim, as `keepGrownCodeTree` reads it): the tree a parse of the block gives. As a fresh split,
 * the closing line and the first line after it that is not blank are complete (a block settles once
 * the next block's first line is), and no line holds a carriage return or a NUL (read otherwise).
 */
function closedFence(previous: SplitState, text: string): SplitState | undefined {
  const tail = previous.tail[0]
  if (previous.tail.length !== 1 || tail?.type !== 'code') return undefined
  const code = fencedCode(tail.text)
  if (!code) return undefined
  const start = previous.settledEnd
  const fence = start + leadingBlank.exec(tail.text)![0].length
  const size = fenceSize(text, fence)
  // In one code block only blank lines follow its closing line: the lines before its last line that
  // is not blank are code.
  let contentEnd = tail.text.length
  while (contentEnd > code.contentStart && blankCharacter.test(tail.text[contentEnd - 1]!)) contentEnd--
  let lineStart = start + Math.max(code.contentStart, lineStartBefore(tail.text, contentEnd))
  let lineEnd = text.indexOf('\n', lineStart)
  while (lineEnd >= 0) {
    const closing = closingFenceLine.exec(text.slice(lineStart, lineEnd))?.[1]
    if (closing && closing[0] === text[fence] && closing.length >= size) break
    lineStart = lineEnd + 1
    lineEnd = text.indexOf('\n', lineStart)
  }
  if (lineEnd < 0) return undefined
  nextBlockLine.lastIndex = lineEnd
  const next = nextBlockLine.exec(text)
  if (!next) return undefined
  const closed = text.slice(start, beforeLineEnding(text, lineEnd + next[1]!.length))
  if (closed.includes('\r') || closed.includes('\0')) return undefined
  const fenceLines = parseTopLevelBlocks(
    closed.slice(0, code.contentStart) + text.slice(lineStart, lineEnd),
    previous.syntax,
  )
  const closingStart = lineStart - start
  const end = fenceLines.nodes[0]?.position?.end.offset
  const tree =
    fenceLines.nodes.length === 1 && end !== undefined
      ? codeTreeOf({ type: 'root', children: [...fenceLines.nodes] }, end, closed, {
          contentStart: code.contentStart,
          contentEnd: closingStart - 1,
          shift: closingStart - code.contentStart,
          lines: lineFeeds(closed.slice(code.contentStart, closingStart)),
        })
      : undefined
  if (!tree) return undefined
  const block: MarkdownBlock = { ...tail, text: closed }
  blockTrees.set(block, { nodes: tree.children, offset: 0, line: 1 })
  const base = truncated(previous, text, settledBlocks(previous), previous.settledCount, start)
  return { ...splitRegion(withSettledTail(base, text, block), previous, text, []), rewrites: previous.rewrites }
}

const blankCharacter = /[ \t\r\n]/
/** Line endings and blank lines, then a complete line that is not blank: the next block's first line. */
const nextBlockLine = /((?:\r\n|\r|\n)(?:[ \t]*(?:\r\n|\r|\n))*)[ \t]*[^ \t\r\n][^\r\n]*[\r\n]/y

const blankText = /^[ \t\r\n]*$/
/** An empty line, then a complete line that is not blank (the first line of the next block: what settles the one before). */
const emptyLineThenContent = /(?:\r\n|\r|\n)[ \t]*[^ \t\r\n][^\r\n]*[\r\n]/y

/** `base` (every settled block of the previous state) with the previous tail `tail` settled after its blocks. */
function withSettledTail(base: SplitState, text: string, tail: MarkdownBlock): SplitState {
  const [pages, tailPageKey, nextPageKey] = appendToPages(base.settledPages, [tail], base.tailPageKey, base.nextPageKey)
  const settledEnd = base.settledEnd + tail.text.length
  return {
    ...base,
    text: text.slice(0, settledEnd),
    settledPages: pages,
    settledCount: base.settledCount + 1,
    settledHasOutput: true,
    settledEnd,
    settledFootnoteBlocks: base.settledFootnoteBlocks + (tail.footnoteLabels ? 1 : 0),
    tailPageKey,
    nextPageKey,
  }
}

/** Block types no plain run in the middle of a line can restructure: rows of cells (see `onDelimiterRow`), literal lines. */
const runsKeepStructure = new Set(['table', 'code', 'html'])

/** Whether a change replaces all that stands between a `[` and a `]`. */
const isBracketed = (text: string, change: TextChange) =>
  text.charCodeAt(change.from - 1) === 91 && text.charCodeAt(change.to) === 93

/** Whether a block's text could hold a link or footnote definition (a label and its `:`). */
const mayDefine = (text: string) => text.includes(']:')

/**
 * A rewrite that only changes words (`wordChanges`): no block boundary moves, so every block keeps
 * its key, and a changed block's tree is its rendered tree with the words replaced
 * (`patchSyntaxTree`). A block whose tree is not at hand or cannot be patched is parsed alone: it
 * lies between settled boundaries, so it parses as it does in the whole text. Undefined when the
 * rewrite does not start with such changes, or a block parsed alone has link or footnote
 * definitions (they change other blocks' renders): the general path handles it. When the changes
 * stop at a difference they cannot make in place (citation markers inserted, then a sources list
 * appended), they are made, and the general path goes on from there. `all`: the previous state's
 * blocks, settled and tail, in order.
 */
function wordRewrite(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
  all: readonly MarkdownBlock[],
  resyncs: number,
  knownPrefix: number,
  oldTail: OldTail,
): SplitState | undefined {
  // After a resync the state's text joins the new text and the old one (`oldTail`): reading it would
  // copy it whole, at every resync. The scan reads the old text itself where all it may look back at
  // (the block holding `prefix`) lies after the join; offsets of the old text are then shifted.
  const readsTail = oldTail.text === previous.text || changedBlock(all, 0, 0, prefix).start >= knownPrefix
  const before = readsTail ? oldTail.text : previous.text
  const shift = readsTail ? oldTail.from - knownPrefix : 0
  const inCode = codeOffsets(all)
  const scan = wordChanges(before, text, prefix, suffix, {
    bracketsAreText: !previous.hasDefinitions,
    plainPunctuation: previous.syntax.plainTextPunctuation === true,
    inCode: (offset) => inCode(offset - shift),
    // A run the tree of its block cannot take (a citation marker ` [1]` in a document with
    // definitions, where brackets may make a label) has that block parsed again: the scan stops there
    // rather than read on to the end of the text, which every later resync would read again.
    stopsBefore: (change) => {
      if (change.run !== true || change.patchable) return false
      const block = blockAt(all, change.from - shift)
      return hasKeptTree(block) && (block.type !== 'code' || !inCode(change.from - shift))
    },
    beforeShift: shift,
  })
  if (!scan) return undefined
  const changes =
    shift === 0
      ? scan.changes
      : scan.changes.map((change) => ({ ...change, from: change.from - shift, to: change.to - shift }))
  const stop = scan.stop && { old: scan.stop.old - shift, new: scan.stop.new }
  // Changes that run into the stop in the same block may be a misreading (a paragraph inserted
  // before another reads as words replaced up to the end): the general path places it.
  if (stop && blockAt(all, stop.old) === blockAt(all, changes[changes.length - 1]!.from)) return undefined
  let tailLeaf = previous.tailLeaf
  const lastTail = previous.tail[previous.tail.length - 1]

  const rewritten = (block: MarkdownBlock, own: WordChange[], start: number): MarkdownBlock | false => {
    if (own[own.length - 1]!.to > start + block.text.length) return false
    const relative = changesInBlock(block.text, own, start)
    const newText = applyTextChanges(block.text, relative)
    const replacement: MarkdownBlock = { ...block, text: newText }
    const tree = renderedTrees.get(block)
    const prefixed = tree ? undefined : prefixedTrees.get(block)
    const base = tree ?? prefixed?.tree
    const patched = base && patchSyntaxTree(base, block.text, relative)
    if (patched) {
      // A block that rendered with definitions before it renders from its patched nodes with the same ones.
      if (prefixed) prefixedTrees.set(replacement, { ...prefixed, tree: patched })
      else blockTrees.set(replacement, { nodes: patched.children, offset: 0, line: 1 })
    } else {
      // Between tail blocks the parse may still depend on the block before; and a plain run where
      // the tree could not take it (code, an indented line) is left to the general path, which knows
      // what each block depends on: a run has spaces, so it may make or unmake a definition
      // (` note` removed after `[x]: /u`), except in a table's rows, code or an HTML block, or in a
      // block whose text has no `]:` before or after (every definition's label ends in one).
      if (previous.tail.includes(block) && previous.tail.length > 1) return false
      if (
        own.some((change) => change.run) &&
        (base ||
          (!runsKeepStructure.has(block.type) && (mayDefine(block.text) || mayDefine(newText))) ||
          (block.type === 'table' && onDelimiterRow(block.text, relative)))
      ) {
        return false
      }
      // A definition's words change what other blocks render: the general path handles it.
      if (block.definitions.length > 0 || block.footnoteLabels) return false
      // Words (and runs in the blocks above) hold no syntax, so the block keeps its structure and
      // makes no definition: nothing the splitter knows of it changes, and its render parses what it
      // renders from (no parse here: a streaming tail renders its repaired text, a table by pages of
      // rows, a list by items, an HTML block as its text, so a tree of the block's own text would be
      // a second parse or wasted).
      // A tail that rendered its repaired text: the words before where the repair changed the text
      // are patched in that tree, which its render takes if the new text repairs to the patched text.
      const repaired = repairedTrees.get(block)
      const last = relative[relative.length - 1] as BlockWordChange
      if (repaired && last.to <= sharedPrefixLength(block.text, repaired.source)) {
        const tree = patchSyntaxTree(repaired.tree, repaired.source, relative)
        if (tree) repairedTrees.set(replacement, { source: applyTextChanges(repaired.source, relative), tree })
      }
    }
    // Either way the structure stands: the tail's innermost block only moves with the words before it,
    // and a streaming list's items with the words before them, unless a word alone in brackets (a
    // task item's checkbox) changed.
    if (block === lastTail && tailLeaf) tailLeaf = { ...tailLeaf, start: shiftedStart(tailLeaf.start, relative) }
    const list = streamingListOf(block)
    if (list && !relative.some((change) => isBracketed(block.text, change))) {
      keepStreamingList(
        replacement,
        shiftedStreamingList(list, (at) => shiftedOffset(at, relative), replacement.text),
      )
    }
    return replacement
  }

  const blocks = rewriteBlocksInPlace(previous, changes, rewritten)
  if (!blocks) return undefined
  const made: SplitState = {
    ...previous,
    // Up to the stop as it is now, after it as it was.
    text: stop ? text.slice(0, stop.new) + before.slice(stop.old + shift) : text,
    ...blocks,
    settledEnd: shiftedOffset(previous.settledEnd, changes),
    tailLeaf,
  }
  // The general path takes the difference the scan stopped at (a scan from there would start at it).
  return stop ? rewriteSplit(made, text, resyncs + 1, stop.new, { text: before, from: stop.old + shift }, false) : made
}

/** The block of `all` holding offset `at` of their text (the last for the end of the text). */
function blockAt(all: readonly MarkdownBlock[], at: number): MarkdownBlock {
  return all[Math.min(changedBlock(all, 0, 0, at).index, all.length - 1)]!
}

/** Whether a block's render kept a tree the word rewrite patches (its own, or with definitions before it). */
function hasKeptTree(block: MarkdownBlock): boolean {
  return renderedTrees.has(block) || prefixedTrees.has(block)
}

/**
 * What a block renders as, when that is not its own text: a table re-padded (`paddingRewrite`)
 * renders exactly as the text it had before, so it renders that text (with the tail leaf of that
 * text, for the repair of a streaming tail) and React skips it as unchanged. Keyed by the block
 * object: a block made from it (grown, rewritten otherwise) renders its own text again.
 */
const renderedAs = new WeakMap<MarkdownBlock, RenderedAs>()

/** An earlier text of a block that renders as its text does; `last`: it was the last tail block then, with `leaf`. */
export interface RenderedAs {
  readonly text: string
  readonly last: boolean
  readonly leaf: TailLeaf | undefined
}

/** The earlier text `block` renders as, if any (`renderedAs`). */
export function renderedAsOf(block: MarkdownBlock): RenderedAs | undefined {
  return renderedAs.get(block)
}

/**
 * A rewrite that only re-pads top-level tables (`table-padding.ts`): no block boundary moves, every
 * block keeps its key, and a changed table renders as its previous text (`renderedAs`), so it is not
 * rendered again at all; the tree it rendered from, if kept, is shifted to the new text for later
 * word rewrites. Undefined when the rewrite is not of that kind.
 */
function paddingRewrite(previous: SplitState, text: string, prefix: number, suffix: number): SplitState | undefined {
  const changes = paddingChanges(previous.text, text, prefix, suffix)
  if (!changes || changes.length === 0) return undefined
  let tailLeaf = previous.tailLeaf
  const lastTail = previous.tail[previous.tail.length - 1]

  const rewritten = (block: MarkdownBlock, own: PaddingChange[], start: number): MarkdownBlock | false => {
    const blockEnd = start + block.text.length
    if (block.type !== 'table' || block.literal !== undefined || own[own.length - 1]!.to > blockEnd) return false
    const relative = tablePaddingInBlock(
      block.text,
      own.map((change) => ({ ...change, from: change.from - start, to: change.to - start })),
    )
    if (!relative) return false
    const last = block === lastTail
    // The cell the streaming tail ends in must start outside the changed runs.
    if (last && tailLeaf && relative.some((change) => change.from < tailLeaf!.start && tailLeaf!.start < change.to)) {
      return false
    }
    const replacement: MarkdownBlock = { ...block, text: applyTextChanges(block.text, relative) }
    const before = renderedAs.get(block)
    renderedAs.set(replacement, before ?? { text: block.text, last, leaf: last ? previous.tailLeaf : undefined })
    const tree = renderedTrees.get(block)
    const shifted = tree && shiftSyntaxTree(tree, relative)
    if (shifted) renderedTrees.set(replacement, shifted)
    if (last && tailLeaf) tailLeaf = { ...tailLeaf, start: shiftedOffset(tailLeaf.start, relative) }
    return replacement
  }

  const blocks = rewriteBlocksInPlace(previous, changes, rewritten)
  if (!blocks) return undefined
  return {
    ...previous,
    text,
    ...blocks,
    settledEnd: shiftedOffset(previous.settledEnd, changes),
    tailLeaf,
  }
}

/**
 * The pages and tail of `previous` with blocks rewritten in place (no block boundary moves): each
 * block in which changes start (offsets in the whole old text, in order) gets them, with its start,
 * and returns its replacement, or false when the rewrite cannot be made in place. Undefined then, or
 * when a change starts in no block.
 */
function rewriteBlocksInPlace<Change extends { readonly from: number; readonly to: number }>(
  previous: SplitState,
  changes: readonly Change[],
  rewrite: (block: MarkdownBlock, own: Change[], start: number) => MarkdownBlock | false,
): { settledPages: readonly BlockPage[]; tail: readonly MarkdownBlock[] } | undefined {
  let next = 0
  let blockStart = 0
  const rewritten = (block: MarkdownBlock): MarkdownBlock | undefined | false => {
    const blockEnd = blockStart + block.text.length
    const own: Change[] = []
    // Text inserted where a block ends is on its last line (the next block's slice starts with that
    // line's ending).
    while (next < changes.length && endsBefore(changes[next]!, blockEnd)) own.push(changes[next++]!)
    const start = blockStart
    blockStart = blockEnd
    return own.length === 0 ? undefined : rewrite(block, own, start)
  }
  let settledPages: BlockPage[] | undefined
  // The settled blocks in order with the same replacements, when the previous list is at hand.
  const previousBlocks = blocksOfPages.get(previous.settledPages)
  let settled: MarkdownBlock[] | undefined
  let pageStart = 0
  for (let index = 0; index < previous.settledPages.length && next < changes.length; index++) {
    const page = previous.settledPages[index]!
    let blocks: MarkdownBlock[] | undefined
    for (let at = 0; at < page.blocks.length; at++) {
      const replacement = rewritten(page.blocks[at]!)
      if (replacement === false) return undefined
      if (replacement) {
        blocks ??= page.blocks.slice()
        blocks[at] = replacement
        if (previousBlocks) {
          settled ??= previousBlocks.slice()
          settled[pageStart + at] = replacement
        }
      }
    }
    if (blocks) {
      settledPages ??= previous.settledPages.slice()
      settledPages[index] = { key: page.key, blocks }
    }
    pageStart += page.blocks.length
  }
  if (next < changes.length) blockStart = previous.settledEnd
  let tail: MarkdownBlock[] | undefined
  for (let at = 0; at < previous.tail.length && next < changes.length; at++) {
    const replacement = rewritten(previous.tail[at]!)
    if (replacement === false) return undefined
    if (replacement) {
      tail ??= previous.tail.slice()
      tail[at] = replacement
    }
  }
  if (next < changes.length) return undefined
  if (settledPages && settled) blocksOfPages.set(settledPages, settled)
  return { settledPages: settledPages ?? previous.settledPages, tail: tail ?? previous.tail }
}

function endsBefore(change: { readonly from: number; readonly to: number }, blockEnd: number): boolean {
  return change.from < blockEnd || (change.from === blockEnd && change.to === blockEnd)
}

/** The settled block holding offset `at` (at or after the kept blocks), with its start; past them, the end. */
function changedBlock(
  blocks: readonly MarkdownBlock[],
  keptEnd: number,
  kept: number,
  at: number,
): { index: number; start: number } {
  let start = keptEnd
  for (let index = kept; index < blocks.length; index++) {
    const end = start + blocks[index]!.text.length
    if (at < end) return { index, start }
    start = end
  }
  return { index: blocks.length, start }
}

/** How many separate changes one rewrite re-parses region by region before parsing the rest whole. */
const maxResyncs = 64

/** How many blocks after a change are tried as the anchor before parsing to the end. */
const maxAnchorTries = 3

/**
 * The old text from an offset on, as a later step of a rewrite reads it: in `rewriteSplit`, the
 * previous state's text from `knownPrefix` on is `text` from `from` on.
 */
interface OldTail {
  readonly text: string
  readonly from: number
}

/** A text as `rewriteBefore` reads it: slices of it, and the whole as the state's text. */
interface TextView {
  readonly length: number
  slice(from: number, to: number): string
  /** The whole text (for a joined text a rope that is never read, so never copied into one string). */
  readonly value: string
}

function wholeText(text: string): TextView {
  return { length: text.length, slice: (from, to) => text.slice(from, to), value: text }
}

/** `head` up to `at`, then the old text from `tail.from` on. */
function joinedText(head: string, at: number, tail: OldTail): TextView {
  const shift = tail.from - at
  return {
    length: at + tail.text.length - tail.from,
    slice: (from, to) =>
      from >= at
        ? tail.text.slice(from + shift, to + shift)
        : to <= at
          ? head.slice(from, to)
          : head.slice(from, at) + tail.text.slice(tail.from, to + shift),
    value: head.slice(0, at) + tail.text.slice(tail.from),
  }
}

/**
 * The state with the blocks from `anchor` on kept, if the block at `anchor` (at `anchorStart` in
 * `text`) still starts a block of its own after the region from the kept blocks' end is parsed
 * again; undefined when it does not.
 */
function rewriteBefore(
  previous: SplitState,
  text: TextView,
  blocks: readonly MarkdownBlock[],
  kept: number,
  keptEnd: number,
  anchor: number,
  anchorStart: number,
  elsewhere: LabelsDefinedElsewhere,
): SplitState | undefined {
  const anchorBlock = blocks[anchor]!
  const next = blocks[anchor + 1] ?? previous.tail[0]!
  // Through the anchor's first line and its line ending: that settles everything before the anchor.
  // A line starting with a letter settles it as well cut after that letter (see `letterStartedLine`).
  let firstLine = anchorStart + firstLineEnd(anchorBlock.text)
  if (firstLine === anchorStart + anchorBlock.text.length) firstLine += lineEndingLength(next.text, 0)
  else firstLine += lineEndingLength(text.slice(firstLine, firstLine + 2), 0)
  const letter = letterStartedLine.exec(anchorBlock.text)
  const regionText = letter
    ? `${text.slice(keptEnd, anchorStart + letter[0].length)}\n`
    : text.slice(keptEnd, firstLine)
  const keptHasOutput = kept > 0 && (blocks[kept - 1]!.separated || !blocks[kept - 1]!.rendersNothing)
  const replaced = blocks.slice(kept, anchor)
  const region = parseRegion(previous.syntax, regionText, keptHasOutput, replaced, previous.nextKey, elsewhere)
  // The anchor must be the region's last block, starting where it did, and every block before it settled.
  const relativeStart = anchorStart - keptEnd
  if (region.tail.length !== 1 || region.lastBlockStart !== relativeStart) return undefined
  const middle = region.settled
  const [pages, nextPageKey] = splicePages(previous, kept, anchor, middle)
  const suffix = withSeparation(pages, previous.tail, kept + middle.length, region.hasOutput)
  const replacedDefinitions = definitionsIn(blocks, kept, anchor)
  const middleDefinitions = middle.flatMap((block) => block.definitions)
  const keptDefinitions = definitionsIn(blocks, 0, kept)
  const settledDefinitions =
    replacedDefinitions === 0 && middleDefinitions.length === 0
      ? previous.settledDefinitions
      : [
          ...previous.settledDefinitions.slice(0, keptDefinitions),
          ...middleDefinitions,
          ...previous.settledDefinitions.slice(keptDefinitions + replacedDefinitions),
        ]
  return withDefinitions(previous, {
    ...previous,
    text: text.value,
    settledPages: suffix.pages,
    settledCount: previous.settledCount - replaced.length + middle.length,
    settledHasOutput: suffix.settledHasOutput,
    settledEnd: previous.settledEnd + (text.length - previous.text.length),
    tail: suffix.tail,
    settledDefinitions,
    settledFootnoteBlocks:
      previous.settledFootnoteBlocks -
      footnoteBlocksIn(blocks, kept, anchor) +
      footnoteBlocksIn(middle, 0, middle.length),
    nextKey: region.nextKey,
    nextPageKey,
  })
}

/**
 * The pages with the settled blocks `from` (inclusive) to `to` (exclusive) replaced by `middle`.
 * Blocks before and after stay in their pages (so their elements are kept); the middle joins the
 * page of the block before it, and a page that grows past twice the page size is cut into pages.
 * A change with at most a page of blocks after it cuts the pages from the first it touches as
 * appending does (pages of `blockPageSize`): the pages are then a fresh split's, at the cost of
 * moving at most that page of blocks into other pages.
 */
function splicePages(
  split: SplitState,
  from: number,
  to: number,
  middle: readonly MarkdownBlock[],
): [BlockPage[], number] {
  let nextPageKey = split.nextPageKey
  const first = locate(split.settledPages, from)
  const last = locate(split.settledPages, to)
  const firstPage = split.settledPages[first.page]!
  const lastPage = split.settledPages[last.page]!
  const pages = split.settledPages.slice(0, first.page)
  const head = [...firstPage.blocks.slice(0, first.index), ...middle]
  const rest = lastPage.blocks.slice(last.index)
  const pushCut = (keys: number[], blocks: readonly MarkdownBlock[], pageSize: number) => {
    let index = 0
    while (blocks.length - index > pageSize) {
      pages.push({ key: keys.shift() ?? nextPageKey++, blocks: blocks.slice(index, index + blockPageSize) })
      index += blockPageSize
    }
    pages.push({ key: keys.shift() ?? nextPageKey++, blocks: index === 0 ? blocks : blocks.slice(index) })
  }
  if (split.settledCount - to <= blockPageSize) {
    const later = split.settledPages.slice(last.page + 1)
    const keys = [firstPage.key, ...(first.page === last.page ? [] : [lastPage.key]), ...later.map((page) => page.key)]
    pushCut(keys, [...head, ...rest, ...later.flatMap((page) => page.blocks)], blockPageSize)
    return [pages, nextPageKey]
  }
  if (first.page === last.page) pushCut([firstPage.key], [...head, ...rest], 2 * blockPageSize)
  else {
    if (head.length > 0) pushCut([firstPage.key], head, 2 * blockPageSize)
    pushCut([lastPage.key], rest, 2 * blockPageSize)
  }
  pages.push(...split.settledPages.slice(last.page + 1))
  return [pages, nextPageKey]
}

/** The page and index in it of the settled block at `position` (one past the last page's end for the end). */
function locate(pages: readonly BlockPage[], position: number): { page: number; index: number } {
  let count = 0
  for (let page = 0; page < pages.length; page++) {
    const size = pages[page]!.blocks.length
    if (position < count + size) return { page, index: position - count }
    count += size
  }
  const lastPage = Math.max(0, pages.length - 1)
  return { page: lastPage, index: pages[lastPage]?.blocks.length ?? 0 }
}

/**
 * Blocks after a rewritten region keep their `separated` flag unless whether anything before them
 * renders has changed: then the blocks up to the first one that renders are replaced (same keys).
 * Both the old and new flags only ever turn on along the message, so the scan stops where both are on.
 */
function withSeparation(
  pages: BlockPage[],
  tail: readonly MarkdownBlock[],
  firstAfter: number,
  hasOutputBefore: boolean,
): { pages: BlockPage[]; tail: readonly MarkdownBlock[]; settledHasOutput: boolean } {
  let renders = hasOutputBefore
  const fix = (blocks: readonly MarkdownBlock[], from: number): MarkdownBlock[] | undefined | 'done' => {
    let copy: MarkdownBlock[] | undefined
    for (let index = from; index < blocks.length; index++) {
      const block = blocks[index]!
      if (renders && block.separated) return copy ?? 'done'
      if (block.separated !== renders) {
        copy ??= [...blocks]
        copy[index] = { ...block, separated: renders }
      }
      if (!block.rendersNothing) renders = true
    }
    return copy
  }
  const at = locate(pages, firstAfter)
  for (let page = at.page; page < pages.length; page++) {
    const blocks = pages[page]!.blocks
    const fixed = fix(blocks, page === at.page ? at.index : 0)
    if (fixed === 'done') return { pages, tail, settledHasOutput: true }
    if (fixed) pages[page] = { ...pages[page]!, blocks: fixed }
  }
  const settledHasOutput = renders
  const fixedTail = fix(tail, 0)
  return { pages, tail: fixedTail === 'done' || !fixedTail ? tail : fixedTail, settledHasOutput }
}

/**
 * The state cut to its first `kept` settled blocks (ending at `keptEnd`), nothing after them. Its
 * text is cut from `text`, which starts with the same blocks: the previous text may be made of the
 * new text up to a change and the old after it (`wordRewrite`, a resync), and a cut of such a
 * text copies all of it.
 */
function truncated(
  previous: SplitState,
  text: string,
  blocks: readonly MarkdownBlock[],
  kept: number,
  keptEnd: number,
): SplitState {
  const at = locate(previous.settledPages, kept)
  const pages = previous.settledPages.slice(0, at.page)
  const page = previous.settledPages[at.page]
  let tailPageKey = previous.tailPageKey
  // The cut page's key goes to the next page made, so a re-streamed message keeps its elements.
  if (page && at.index === page.blocks.length) pages.push(page)
  else if (page && at.index > 0) pages.push({ key: page.key, blocks: page.blocks.slice(0, at.index) })
  else if (page) tailPageKey = page.key
  const last = blocks[kept - 1]
  return {
    ...emptyState,
    syntax: previous.syntax,
    text: text.slice(0, keptEnd),
    settledPages: pages,
    settledCount: kept,
    settledHasOutput: last !== undefined && (last.separated || !last.rendersNothing),
    settledEnd: keptEnd,
    settledDefinitions: previous.settledDefinitions.slice(0, definitionsIn(blocks, 0, kept)),
    settledFootnoteBlocks: footnoteBlocksIn(blocks, 0, kept),
    nextKey: previous.nextKey,
    tailPageKey,
    nextPageKey: previous.nextPageKey,
  }
}

/** How many link definitions the blocks from `from` (inclusive) to `to` (exclusive) have. */
function definitionsIn(blocks: readonly MarkdownBlock[], from: number, to: number): number {
  let count = 0
  for (let index = from; index < to; index++) count += blocks[index]!.definitions.length
  return count
}

/**
 * A block's first line starting, after at most three spaces, with a letter: no block construct
 * starts with one, so the line is paragraph text, or continues the block before it (lazily, or as
 * that block's content), whatever follows on it. Its first letter decides as much as the whole line
 * (often a long paragraph's only line) about where the blocks before it end.
 */
const letterStartedLine = /^(?:\r\n|\r|\n)? {0,3}\p{L}/u

/**
 * Whether `block` (ending at `nextStart` in `text`, the new text, which the old one equals up to
 * `changeAt`) stays settled as it is, whatever the next block's first line has become, as long as
 * that line is neither blank nor incomplete: the blank line after it ends it for good if it is a
 * block a blank line closes (not a list, a footnote definition or indented code, which a later
 * indented line may continue), and a fresh split settles it once that line is complete.
 */
function closedByBlankLine(
  block: MarkdownBlock,
  next: MarkdownBlock,
  text: string,
  nextStart: number,
  changeAt: number,
): boolean {
  if (!blankLineClosed.has(block.type) || !hasBlankLastLine(block.text)) return false
  // The blank line's own line ending starts the next block. Its first line keeps a character other
  // than a space or tab before the change, so it is not blank: the blank lines before it, which end
  // the block's text, stay as they were.
  const firstLineStart = nextStart + lineEndingLength(next.text, 0)
  if (!nonBlank.test(text.slice(firstLineStart, changeAt)) || !lineEnds(text, firstLineStart)) return false
  return block.type !== 'code' || fencedCode(block.text)?.closingLine !== undefined
}

const blankLineClosed = new Set([
  'paragraph',
  'heading',
  'thematicBreak',
  'table',
  'blockquote',
  'html',
  'definition',
  'code',
])
const nonBlank = /[^ \t]/
const nonSpace = /\S/

/**
 * Whether `text` ends with a line of nothing but spaces and tabs after a line with content: a blank
 * line follows the content. Read back from the end: a pattern for it, tried at every character,
 * costs the square of a long line's length (20 ms for a 4 KB line).
 */
function hasBlankLastLine(text: string): boolean {
  let at = text.length
  while (at > 0 && (text[at - 1] === ' ' || text[at - 1] === '\t')) at--
  const ending = text[at - 1]
  if (ending === '\n') at -= text[at - 2] === '\r' ? 2 : 1
  else if (ending === '\r') at--
  else return false
  for (let index = at - 1; index >= 0; index--) {
    const character = text[index] as string
    if (character === '\n' || character === '\r') return false
    if (nonSpace.test(character)) return true
  }
  return false
}

/**
 * Where the first line of a block that is not the first ends: after the line ending its slice
 * starts with (see `parseRegion`), at the next line ending, or at its end when it has one line (the
 * next block's slice starts with that line's ending).
 */
function firstLineEnd(block: string): number {
  const from = lineEndingLength(block, 0)
  lineEndings.lastIndex = from
  const match = lineEndings.exec(block)
  return match ? match.index : block.length
}

/**
 * Text that only continues the last leaf block changes no block boundary, definition or innermost
 * block, so the last tail block just grows, without a parse. CommonMark decides a line's structure
 * from its start (container markers, then the first characters of its content), and a block settles
 * only once a later block's first line is complete. So the shortcut applies when:
 * - the tail is one top-level HTML block that only a blank line ends, and no complete line is blank;
 * - or the last line is decided — paragraph text starting, after its container markers, with a
 *   character no block construct starts with (a paragraph starting with `[` may still become a link
 *   definition); an ATX heading with content; a line of a top-level fenced code block starting with
 *   neither fence character — and every new line continues that leaf whatever follows it (such
 *   paragraph text without markers, a lazy continuation inside quotes and list items; such a code
 *   line), the last one possibly empty.
 * Most chunks of a stream only continue a paragraph or a code block, so most commits parse once
 * (the render's) instead of twice.
 */
export function growTail(
  previous: SplitState,
  text: string,
  extendsPrevious = extendsText(text, previous.text),
): SplitState | undefined {
  if (!extendsPrevious) return undefined
  const added = text.slice(previous.text.length)
  const last = previous.tail[previous.tail.length - 1]
  const leaf = previous.tailLeaf
  if (!last || !leaf || last.rendersNothing) return undefined
  if (last.awaitsLine && /[\r\n]/.test(added)) return undefined
  // The last line so far, or, when the text ends with a line ending, the line before it.
  let lineStart = lineStartBefore(previous.text, previous.text.length)
  let lineEnd = previous.text.length
  const atLineStart = lineStart === lineEnd
  if (atLineStart) {
    lineEnd = beforeLineEnding(previous.text, lineStart)
    lineStart = lineStartBefore(previous.text, lineEnd)
  }
  if (blankLineEndedHtmlTail(previous) !== undefined) {
    const lines = (previous.text.slice(lineStart) + added).split(/\r\n?|\n/)
    // Only a complete blank line ends it; the last line may still be anything.
    return lines.slice(0, -1).every((line) => nonBlankLine.test(line)) ? grown(previous, text, added) : undefined
  }
  const line = previous.text.slice(lineStart, lineEnd)
  const lastStart = previous.text.length - last.text.length
  if (leaf.type === 'tableCell' && last.type === 'table') {
    return growTable(previous, text, added, lineStart - lastStart)
  }
  const leafStart = lastStart + leaf.start
  if (isTopLevelIndentedCode(previous, leafStart)) {
    // Its lines from the last one on are lines of code or blank: the block goes on.
    const from = lineStartBefore(previous.text, previous.text.length)
    if (previous.tail.length !== 1 || !onlyIndentedCode(text, from)) return undefined
    const state = grown(previous, text, added)
    keepGrownIndentedCodeTree(last, state.tail[0]!)
    return state
  }
  const { syntax } = previous
  const paragraph =
    leaf.type === 'paragraph' &&
    previous.text[leafStart] !== '[' &&
    paragraphTextLine.test(line) &&
    !startsSyntaxBlock(syntax, line)
  // A complete blank line is a line of an open top-level fenced code block whatever follows it
  // (one after a content line: after the closing fence it would be the blank line after the block).
  const inCode =
    leaf.type === 'code' &&
    leaf.fence !== undefined &&
    last.type === 'code' &&
    // The fence opens at the top level (the block may start with indented code, and a later fence
    // may sit in a list item or quote, whose next line can close its container): its line starts
    // the block, after blank lines only, and is indented by three spaces at most.
    topLevelIndent.test(previous.text.slice(lineStartBefore(previous.text, leafStart), leafStart)) &&
    onlyBlankBefore(previous.text, lastStart, lineStartBefore(previous.text, leafStart)) &&
    lineStart > leafStart
  // A line of code cut in its indentation (a chunk often ends there), after a line of code (not the
  // closing fence): what completes it is checked below as a new line is, since spaces and a fence
  // would close the block.
  const cutInIndent =
    inCode && !atLineStart && blankLine.test(line) && afterCodeLine(previous.text, lineStart, lineEnd, leafStart)
  const code =
    inCode &&
    (codeContentLine.test(line) ||
      cutInIndent ||
      (atLineStart && afterCodeLine(previous.text, lineStart, lineEnd, leafStart)))
  const heading = !atLineStart && leaf.type === 'heading' && atxHeadingLine.test(line)
  if (!paragraph && !code && !heading) return undefined
  const segments = added.split(/\r\n?|\n/)
  const continues = paragraph ? paragraphContinuationLine : code ? codeContentLine : undefined
  const continuesLeaf = (line: string, complete: boolean) =>
    (continues?.test(line) === true && !(paragraph && startsSyntaxBlock(syntax, line))) ||
    (code && blankLine.test(line) && (complete || line !== ''))
  if (cutInIndent && !continuesLeaf(line + segments[0], segments.length > 1)) return undefined
  const newLines = atLineStart ? segments : segments.slice(1)
  if (newLines.length > 0) {
    // A completed first line of a later tail block would settle the blocks before it.
    if (previous.tail.length !== 1) return undefined
    const final = newLines.length - 1
    if (!newLines.every((line, index) => (index === final && line === '') || continuesLeaf(line, index < final))) {
      return undefined
    }
  }
  return grown(previous, text, added)
}

/**
 * Whether the tail is one top-level indented code block, `leafStart` its leaf's start: the last
 * block is code, the leaf has no fence and starts the block (after blank lines only).
 */
function isTopLevelIndentedCode(previous: SplitState, leafStart: number): boolean {
  const last = previous.tail[previous.tail.length - 1]!
  return (
    previous.tailLeaf?.type === 'code' &&
    previous.tailLeaf.fence === undefined &&
    last.type === 'code' &&
    onlyBlankBefore(previous.text, previous.text.length - last.text.length, lineStartBefore(previous.text, leafStart))
  )
}

/** A line indented by four columns or more: a line of indented code whatever follows. */
const indentedCodeLine = /^(?: {4}| {0,3}\t)/

/** Whether every line of `text` from `from` (a line start) is blank or indented as code, with no carriage return. */
function onlyIndentedCode(text: string, from: number): boolean {
  let start = from
  while (start <= text.length) {
    const end = text.indexOf('\n', start)
    const line = text.slice(start, end < 0 ? text.length : end)
    if (line.includes('\r') || !(blankLine.test(line) || indentedCodeLine.test(line))) return false
    if (end < 0) return true
    start = end + 1
  }
  return true
}

/** Whether `text` holds nothing but spaces, tabs and line endings from `from` to `to`. */
function onlyBlankBefore(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at)
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return false
  }
  return true
}

/**
 * Whether the complete line from `lineStart` to `lineEnd`, or the last line before it that is not
 * blank, is a line of code content (not a fence) after the code block's opening line at `leafStart`.
 */
function afterCodeLine(text: string, lineStart: number, lineEnd: number, leafStart: number): boolean {
  let start = lineStart
  let end = lineEnd
  while (start > leafStart) {
    const line = text.slice(start, end)
    if (!blankLine.test(line)) return codeContentLine.test(line)
    end = beforeLineEnding(text, start)
    start = lineStartBefore(text, end)
  }
  return false
}

function grown(previous: SplitState, text: string, added: string, tailLeaf = previous.tailLeaf): SplitState {
  const last = previous.tail[previous.tail.length - 1]!
  const block = { ...last, text: last.text + added }
  // Text that only continues the last leaf adds no list item.
  const list = streamingListOf(last)
  if (list) keepStreamingList(block, list)
  if (tailLeaf?.fence) keepGrownCodeTree(last, block, tailLeaf.start, added)
  return { ...previous, text, tail: [...previous.tail.slice(0, -1), block], tailLeaf }
}

/**
 * The tree of top-level indented code that grew by lines of code or blank lines (`growTail`), made
 * from the tree its last render used, as micromark reads such lines: every line indented by four
 * columns or more, and the blank lines before it, is a line of the code (less those four columns);
 * blank lines after the last such line are not; and a last line of nothing but those four columns
 * ends the code without a line of its own. So the render of streaming indented code parses none of it.
 */
function keepGrownIndentedCodeTree(last: MarkdownBlock, block: MarkdownBlock): void {
  const tree = renderedTrees.get(last)
  const node = tree?.children.length === 1 ? tree.children[0] : undefined
  const { start, end } = node?.position ?? {}
  if (node?.type !== 'code' || start?.offset === undefined || end?.offset === undefined) return
  // The code's last line is read again (the new text may go on with it), with the code before it.
  const from = lineStartBefore(block.text, end.offset)
  let before: string | undefined
  if (withoutCodeIndent(block.text.slice(from, end.offset)) === '') before = node.value
  else if (from > start.offset) {
    const lastLine = node.value.lastIndexOf('\n')
    if (lastLine < 0) return
    before = node.value.slice(0, lastLine)
  }
  const after = block.text.slice(from)
  if (after.includes('\r')) return
  const lines = after.split('\n')
  let lastIndented = -1
  for (let index = 0; index < lines.length; index++) if (indentedCodeLine.test(lines[index]!)) lastIndented = index
  if (lastIndented < 0) return
  const endsBare = withoutCodeIndent(lines[lastIndented]!) === ''
  const code = lines.slice(0, endsBare ? lastIndented : lastIndented + 1).map(withoutCodeIndent)
  const value = before === undefined ? code.join('\n') : code.length === 0 ? before : `${before}\n${code.join('\n')}`
  let offset = from + lastIndented
  for (let index = 0; index <= lastIndented; index++) offset += lines[index]!.length
  const position = { start, end: { line: end.line + lastIndented, column: lines[lastIndented]!.length + 1, offset } }
  renderedTrees.set(block, { type: 'root', children: [{ ...node, value, position }] })
}

/** A line of indented code less its first four columns of indentation (a tab reaches the next multiple of four). */
function withoutCodeIndent(line: string): string {
  let column = 0
  let at = 0
  while (at < line.length && column < 4) {
    const character = line.charCodeAt(at)
    if (character === 32) column++
    else if (character === 9) column = 4
    else break
    at++
  }
  return line.slice(at)
}

/**
 * The tree of a fence left open that grew by `added` (only lines that cannot close it: `growTail`),
 * made from the tree its last render used: the code of a fence that starts its line is the text after
 * the opening line, verbatim (less one final line ending; a fence indented by one to three spaces
 * takes that many from each line, and a carriage return is a line ending: those are parsed). So the
 * render of a streaming code block parses nothing but its first line.
 */
function keepGrownCodeTree(last: MarkdownBlock, block: MarkdownBlock, fenceStart: number, added: string): void {
  if (fenceStart > 0 && block.text.charCodeAt(fenceStart - 1) !== 10) return
  const contentStart = block.text.indexOf('\n', fenceStart) + 1
  if (contentStart === 0 || contentStart > last.text.length || block.text.includes('\r')) return
  const tree = codeTreeOf(renderedTrees.get(last), last.text.length, block.text, {
    contentStart,
    shift: added.length,
    lines: lineFeeds(added),
  })
  if (tree) renderedTrees.set(block, tree)
}

/**
 * The tree of a top-level fence's new text `source` made from `tree`, the tree of its text before
 * (one code node ending at `end`, where its last line ended): its code is the new text from
 * `contentStart`, verbatim, to `contentEnd`, or, left open (no `contentEnd`), to the end less one
 * final line ending; its end moved by `shift` characters and `lines` line feeds. Undefined when
 * `tree` is not such a tree.
 */
function codeTreeOf(
  tree: Root | undefined,
  end: number,
  source: string,
  code: { contentStart: number; contentEnd?: number; shift: number; lines: number },
): Root | undefined {
  const node = tree?.children.length === 1 ? tree.children[0] : undefined
  const point = node?.position?.end
  if (node?.type !== 'code' || point?.offset !== end) return undefined
  const offset = end + code.shift
  const { contentStart, contentEnd } = code
  const content = source.slice(contentStart, Math.max(contentStart, contentEnd ?? offset))
  const value = contentEnd === undefined && content.endsWith('\n') ? content.slice(0, -1) : content
  const column = offset - source.lastIndexOf('\n', offset - 1)
  const position = { start: node.position!.start, end: { line: point.line + code.lines, column, offset } }
  return { type: 'root', children: [{ ...node, value, position }] }
}

/** The lines of `changed` that text inserted at `from` (`length` characters) touches, up to `end` at most. */
function touchedLines(changed: string, from: number, length: number, end: number): string[] {
  const lineEnd = changed.indexOf('\n', from + length)
  return changed
    .slice(lineStartBefore(changed, from), Math.min(lineEnd < 0 ? changed.length : lineEnd, end))
    .split('\n')
}

/** The block of `type` where a rewrite's one changed region (after `prefix`, before `suffix`) starts, and the region in it. */
function changedRegion(
  previous: SplitState,
  prefix: number,
  suffix: number,
  all: readonly MarkdownBlock[],
  type: string,
): { block: MarkdownBlock; from: number; to: number } | undefined {
  const { index, start } = changedBlock(all, 0, 0, prefix)
  const block = all[index]
  if (block?.type !== type) return undefined
  return { block, from: prefix - start, to: previous.text.length - suffix - start }
}

/** `previous` with `change` made in `block` alone, which becomes `replacement`: no other block moves or changes. */
function withBlockReplaced(
  previous: SplitState,
  text: string,
  change: TextChange,
  block: MarkdownBlock,
  replacement: MarkdownBlock,
): SplitState | undefined {
  const blocks = rewriteBlocksInPlace(previous, [change], (rewritten) => rewritten === block && replacement)
  if (!blocks) return undefined
  return { ...previous, text, ...blocks, settledEnd: shiftedOffset(previous.settledEnd, [change]) }
}

/**
 * A rewrite inside the content of one top-level fenced code block whose fence starts its line (a
 * line added, removed or edited in code: no words for `wordRewrite`): its fences are unchanged and
 * no line the rewrite touches could close it, so no block boundary moves, every block keeps its key,
 * and the code is the new content, verbatim, as `keepGrownCodeTree` reads it. The block's tree is
 * made from the one it rendered from, so its render parses nothing. Undefined otherwise.
 */
function codeContentRewrite(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
  all: readonly MarkdownBlock[],
): SplitState | undefined {
  const region = changedRegion(previous, prefix, suffix, all, 'code')
  if (!region) return undefined
  const { block, from, to } = region
  const old = block.text
  const code = to <= old.length ? fencedCode(old) : undefined
  if (!code || from < code.contentStart) return undefined
  const { contentStart, lastEnd } = code
  const inserted = text.slice(prefix, text.length - suffix)
  const changed = old.slice(0, from) + inserted + old.slice(to)
  if (changed.includes('\r') || changed.includes('\0')) return undefined
  const closes = code.closingLine !== undefined
  const lastLine = code.closingLine ?? 0
  const shift = changed.length - old.length
  let contentEnd = changed.length
  if (closes) {
    // The closing line is untouched and still starts a line.
    if (to > lastLine || changed.charCodeAt(lastLine + shift - 1) !== 10) return undefined
    contentEnd = lastLine + shift - 1
  } else if (
    // Left open, it runs to the end of the text: the whole tail.
    block !== all[all.length - 1] ||
    previous.tail.length !== 1 ||
    changed.charCodeAt(changed.length - 1) !== old.charCodeAt(old.length - 1)
  ) {
    return undefined
  }
  // Each line the rewrite touches is blank or starts with code (it cannot close the fence).
  const touched = touchedLines(changed, from, inserted.length, contentEnd)
  if (!touched.every((line) => blankLine.test(line) || codeContentLine.test(line))) return undefined

  // The trees it rendered from, made for the new text.
  const lines = lineFeeds(inserted) - lineFeeds(old.slice(from, to))
  const replacement: MarkdownBlock = { ...block, text: changed }
  const own = closes
    ? codeTreeOf(renderedTrees.get(block), lastEnd, changed, { contentStart, contentEnd, shift, lines })
    : codeTreeOf(renderedTrees.get(block), old.length, changed, { contentStart, shift, lines })
  if (own) renderedTrees.set(replacement, own)
  // A streaming tail whose repair hid its last line (a closing fence, or one being typed): that
  // text is an open fence.
  const repaired = repairedTrees.get(block)
  if (repaired && repaired.source.length >= Math.max(to, contentStart) && extendsText(old, repaired.source)) {
    const source = changed.slice(0, repaired.source.length + shift)
    const tree = codeTreeOf(repaired.tree, repaired.source.length, source, { contentStart, shift, lines })
    if (tree) repairedTrees.set(replacement, { source, tree })
  }
  return withBlockReplaced(
    previous,
    text,
    { from: prefix, to: previous.text.length - suffix, insert: inserted },
    block,
    replacement,
  )
}

/**
 * A rewrite inside a top-level HTML block that a blank line ends (CommonMark's kinds 6 and 7; not
 * one opened by `<script`, `<pre`, `<style`, `<textarea`, `<!` or `<?`, which end at markers of their
 * own), below its first line and before that blank line, that leaves no line it touches blank: the
 * block starts as it did and ends where it did, so no block boundary moves, every block keeps its
 * key, and its HTML node is its lines, verbatim (a tag or word deleted in a table of contributors
 * parsed the whole block). The tree it rendered from gets the new lines. Undefined otherwise.
 */
function htmlContentRewrite(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
  all: readonly MarkdownBlock[],
): SplitState | undefined {
  const region = changedRegion(previous, prefix, suffix, all, 'html')
  if (!region) return undefined
  const { block, from, to } = region
  const old = block.text
  const lineStart = lineStartBefore(old, leadingBlank.exec(old)![0].length)
  const firstLineEnd = old.indexOf('\n', lineStart)
  if (firstLineEnd < 0 || from <= firstLineEnd || old.includes('\r')) return undefined
  if (endMarkerHtml.test(old.slice(lineStart, firstLineEnd))) return undefined
  // Its lines end at its first blank line; only blank lines may follow in the block.
  blankLineAfter.lastIndex = firstLineEnd
  const blank = blankLineAfter.exec(old)
  const linesEnd = blank ? blank.index : old.length
  if (to > linesEnd || (blank && !blankText.test(old.slice(linesEnd)))) return undefined
  const inserted = text.slice(prefix, text.length - suffix)
  if (inserted.includes('\r') || inserted.includes('\0')) return undefined
  const changed = old.slice(0, from) + inserted + old.slice(to)
  if (touchedLines(changed, from, inserted.length, changed.length).some((line) => blankLine.test(line)))
    return undefined

  const replacement: MarkdownBlock = { ...block, text: changed }
  const tree = renderedTrees.get(block)
  const node = tree?.children.length === 1 ? tree.children[0] : undefined
  const valueStart = node?.position?.start.offset
  if (
    node?.type === 'html' &&
    valueStart !== undefined &&
    from >= valueStart &&
    valueStart + node.value.length === linesEnd &&
    hasTextAt(old, node.value, valueStart)
  ) {
    const value = node.value.slice(0, from - valueStart) + inserted + node.value.slice(to - valueStart)
    const offset = valueStart + value.length
    const end = {
      line: node.position!.end.line + lineFeeds(inserted) - lineFeeds(old.slice(from, to)),
      column: offset - changed.lastIndexOf('\n', offset - 1),
      offset,
    }
    renderedTrees.set(replacement, {
      type: 'root',
      children: [{ ...node, value, position: { ...node.position!, end } }],
    })
  }
  return withBlockReplaced(
    previous,
    text,
    { from: prefix, to: previous.text.length - suffix, insert: inserted },
    block,
    replacement,
  )
}

/**
 * A rewrite inside a top-level block quote, made in its children (`quoteTreeRewritten`): the quote
 * starts and ends where it did, so no block boundary moves and every block keeps its key; the trees
 * it rendered from (its own, and a streaming tail's repaired one) are given the new children. Not in
 * a document with link or footnote definitions (the quote's references would resolve elsewhere).
 * Undefined otherwise.
 */
function quoteChildRewrite(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
  all: readonly MarkdownBlock[],
): SplitState | undefined {
  if (previous.hasDefinitions || hasFootnoteDefinitions(previous)) return undefined
  const region = changedRegion(previous, prefix, suffix, all, 'blockquote')
  if (!region) return undefined
  const { block, from, to } = region
  if (block.definitions.length > 0 || block.footnoteLabels) return undefined
  // The last block of the text: a change in the quote's last child is made too (its innermost block,
  // the tail's leaf, read from the parse); otherwise the tail's leaf lies in a later child, and moves.
  const atEnd = block === all[all.length - 1]
  const leaf = block === previous.tail[previous.tail.length - 1] ? previous.tailLeaf : undefined
  const insert = text.slice(prefix, text.length - suffix)
  const change = { from, to, insert }
  const parse = (source: string) => parseTopLevelBlocks(source, previous.syntax)
  const replacement: MarkdownBlock = { ...block, text: applyTextChanges(block.text, [change]) }
  const own = renderedTrees.get(block)
  const ownTree = own && quoteTreeRewritten(own, block.text, change, parse, atEnd)
  const repaired = repairedTrees.get(block)
  const repairedTree =
    repaired && to < sharedPrefixLength(block.text, repaired.source)
      ? quoteTreeRewritten(repaired.tree, repaired.source, change, parse, false)
      : undefined
  if (!ownTree && !repairedTree) return undefined
  // A change in the last child (only the block's own tree takes one) gives the leaf of its parse.
  const lastChanged = ownTree !== undefined && 'leaf' in ownTree
  const tailLeaf = lastChanged ? ownTree.leaf : leaf && { ...leaf, start: leaf.start + insert.length - (to - from) }
  if (ownTree) renderedTrees.set(replacement, ownTree.tree)
  if (repairedTree)
    repairedTrees.set(replacement, { source: applyTextChanges(repaired!.source, [change]), tree: repairedTree.tree })
  const replaced = withBlockReplaced(
    previous,
    text,
    { from: prefix, to: previous.text.length - suffix, insert },
    block,
    replacement,
  )
  return replaced && (leaf || lastChanged) ? { ...replaced, tailLeaf } : replaced
}

/** The first line of an HTML block that ends at a marker of its own, not at a blank line (kinds 1 to 5). */
const endMarkerHtml = /^ {0,3}<(?:[!?]|(?:script|pre|style|textarea)(?:[ \t>]|$))/i
/** A line ending, then a line of nothing but spaces and tabs, complete or last. */
const blankLineAfter = /\n(?=[ \t]*(?:\n|$))/g

/**
 * The parts of a top-level fenced code block's text whose fence starts its line (not indented, so its
 * code is its lines verbatim): where the code starts (after the opening line), where the closing
 * line starts (undefined when left open; it is the block's last line, which a tail's line ending
 * may follow) and where that last line ends. Undefined for any other code block.
 */
function fencedCode(
  text: string,
): { contentStart: number; closingLine: number | undefined; lastEnd: number } | undefined {
  const fence = leadingBlank.exec(text)![0].length
  const marker = text[fence]
  if ((marker !== '`' && marker !== '~') || (fence > 0 && text.charCodeAt(fence - 1) !== 10)) return undefined
  const contentStart = text.indexOf('\n', fence) + 1
  if (contentStart === 0) return undefined
  const lastEnd = text.endsWith('\n') ? text.length - 1 : text.length
  const lastLine = text.lastIndexOf('\n', lastEnd - 1) + 1
  const closing = lastLine >= contentStart ? closingFenceLine.exec(text.slice(lastLine, lastEnd)) : null
  const closes = closing !== null && closing[1]![0] === marker && closing[1]!.length >= fenceSize(text, fence)
  return { contentStart, closingLine: closes ? lastLine : undefined, lastEnd }
}

/**
 * `inCode` for a word scan of a state's text (`WordScanOptions`): the code of its top-level fences
 * that start their line, closed, or open at the end of the text. Found at the first question.
 */
function codeOffsets(all: readonly MarkdownBlock[]): (offset: number) => boolean {
  let ranges: number[] | undefined
  return (offset) => {
    if (!ranges) {
      ranges = []
      let start = 0
      for (const [index, block] of all.entries()) {
        const code = block.type === 'code' ? fencedCode(block.text) : undefined
        const end = code?.closingLine ?? (index === all.length - 1 ? block.text.length : undefined)
        if (code && end !== undefined) ranges.push(start + code.contentStart, start + end)
        start += block.text.length
      }
    }
    for (let at = 0; at < ranges.length && ranges[at]! <= offset; at += 2) if (offset < ranges[at + 1]!) return true
    return false
  }
}

const leadingBlank = /^[ \t\n]*/
/** A closing code fence (its run must be of the opening's character and at least as long). */
const closingFenceLine = /^ {0,3}(`{3,}|~{3,})[ \t]*$/

function fenceSize(text: string, fence: number): number {
  let size = 1
  while (text[fence + size] === text[fence]) size++
  return size
}

/**
 * A rewrite inside one item of a streaming list that is the whole tail (not its first item, whose
 * number and marker are the list's, nor its last, which `growList` and the repair handle): only
 * that item is parsed again, from its line to the next item's. CommonMark reads the line that starts
 * an item as at the start of a document (the item before is closed) and closes the item at the next
 * line starting a sibling, so while the parse is a list of the same kind starting with that item,
 * the new text there is those items, and the items after it are what they were, moved. Its first
 * line must keep its marker and where its content starts (which decides whether the next item's
 * line is a sibling or a child), and neither text may hold a blank line (loose or tight is the
 * whole list's) unless the items before made the list loose, a task checkbox (the list's class),
 * a definition or a footnote.
 */
function listItemRewrite(previous: SplitState, text: string, prefix: number, suffix: number): SplitState | undefined {
  const block = previous.tail[0]
  const list = block && previous.tail.length === 1 ? streamingListOf(block) : undefined
  if (!block || !list || block.definitions.length > 0 || block.footnoteLabels) return undefined
  const blockStart = previous.settledEnd
  const from = prefix - blockStart
  const to = previous.text.length - suffix - blockStart
  let index = list.items.length - 1
  while (index > 0 && list.items[index]!.start > from) index--
  // A change on an item's first line before its content could change its marker or where its
  // content starts: the item before it is parsed with it (a line inserted before it reads so too).
  const contentStart = (at: number) => {
    itemContentStart.lastIndex = list.items[at]!.start
    const content = itemContentStart.exec(block.text)
    return content ? list.items[at]!.start + content[0].length - 1 : Number.POSITIVE_INFINITY
  }
  if (from <= contentStart(index)) index--
  if (index < 1 || from <= contentStart(index)) return undefined
  // The region runs to the first item starting at or after the change's end (not the last item).
  let nextIndex = index + 1
  while (nextIndex < list.items.length && list.items[nextIndex]!.start < to) nextIndex++
  const item = list.items[index]!
  const next = list.items[nextIndex]
  if (!next || nextIndex === list.items.length - 1 || item.joined) return undefined
  const shift = text.length - previous.text.length
  const oldItem = block.text.slice(item.start, next.start)
  const region = text.slice(blockStart + item.start, blockStart + next.start + shift)
  // The next item's line must still start a line (a change may take the line ending before it).
  const endsLine = beforeLineEnding(region, region.length) < region.length
  // A blank line makes the whole list loose, unless the items before have already made it so.
  const blankLine = !item.looseBefore && (blankLineWithin.test(oldItem) || blankLineWithin.test(region))
  if (!endsLine || blankLine || taskCheckbox.test(oldItem)) return undefined
  // Parsed with the next item's first line, which must still start an item there (the items before
  // could take it: a fence left open, content indented further).
  const nextLine = firstLineEnd(block.text.slice(next.start)) + next.start + shift
  const withNext = text.slice(blockStart + item.start, blockStart + nextLine)
  const parsed = parseTopLevelBlocks(withNext, previous.syntax)
  const node = parsed.nodes[0]
  if (parsed.nodes.length !== 1 || node?.type !== 'list' || parsed.blocks[0]?.lineStart !== 0) return undefined
  if (parsed.hasFootnoteDefinitions || parsed.blocks[0].definitions.length > 0) return undefined
  const nextItem = node.children[node.children.length - 1]
  const nextItemStart = nextItem?.position?.start.offset
  if (node.children.length < 2 || nextItemStart === undefined) return undefined
  if (lineStartBefore(withNext, nextItemStart) !== region.length) return undefined
  const items = { ...node, children: node.children.slice(0, -1) }
  const rewritten = rewrittenItems(list, index, nextIndex, items, region, shift, previous.syntax)
  if (!rewritten) return undefined
  const replacement: MarkdownBlock = { ...block, text: text.slice(blockStart) }
  keepStreamingList(replacement, rewritten)
  const tailLeaf = previous.tailLeaf && { ...previous.tailLeaf, start: previous.tailLeaf.start + shift }
  return { ...previous, text, tail: [replacement], tailLeaf }
}

/** A list item's first line up to its content: indentation, the marker, the spaces after it, the first character. */
const itemContentStart = /[ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]+[^ \t\r\n]/y
/** Two line endings with nothing but spaces between them. */
const blankLineWithin = /(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)/

/**
 * The tail starts with a list (`streamingListOf`): only its last item and what follows are parsed. The
 * line that starts an item is read as at the start of a document (the item before it is closed, and a
 * sibling item interrupts nothing), so while that parse starts with one list of the same kind starting
 * with that item, the whole list is the items before it and the parsed ones. When that list is all the
 * parse holds, the tail is still that one block; when blocks follow it, the list ended (`endedList`).
 * Anything else (the item turned out not to be one) is parsed as usual.
 *
 * The settled items of the lists nested in the last item are left out of that parse (`nestedCuts`).
 *
 * Tried from the third item on, or with a nested cut (the render takes the splitter's tree of a
 * shorter list instead of parsing it again), and for text shorter than what it would not parse.
 */
function growList(previous: SplitState, text: string): SplitState | undefined {
  const [last, ...after] = previous.tail
  const list = last && streamingListOf(last)
  if (!list) return undefined
  // What follows the list in the tail is parsed again here: it must define nothing the state holds.
  if (after.length > 0 && (previous.tailDefinitions.length > 0 || after.some((each) => each.footnoteLabels)))
    return undefined
  const cuts = listCuts(list)
  if (cuts.length === 0 && list.items.length < 3) return undefined
  const itemStart = list.items[list.items.length - 1]!.start
  const added = text.length - previous.text.length
  if (last.awaitsLine && /[\r\n]/.test(text.slice(previous.text.length))) return undefined
  const unsettled = text.slice(previous.settledEnd)
  const region = withoutCuts(unsettled, itemStart, cuts)
  if (added >= unsettled.length - region.length) return undefined
  const toBlock = (offset: number) => offsetBeside(offset + itemStart, cuts)
  const parsed = parseTopLevelBlocks(region, previous.syntax)
  const node = parsed.nodes[0]
  const block = parsed.blocks[0]
  if (node?.type !== 'list' || block?.lineStart !== 0) return undefined
  if (parsed.hasFootnoteDefinitions || parsed.blocks.some((each) => each.definitions.length > 0)) return undefined
  const continued = continuedList(list, node, region, toBlock, previous.syntax)
  if (!continued) return undefined
  if (parsed.nodes.length > 1) return endedList(previous, text, continued, parsed.blocks, region, toBlock)
  const grownBlock = { ...last, text: unsettled }
  keepStreamingList(grownBlock, continued)
  const tailLeaf = parsed.leaf && { ...parsed.leaf, start: toBlock(parsed.leaf.start) }
  return { ...previous, text, tail: [grownBlock], tailLeaf }
}

/**
 * `growList` when its parse has blocks after the list: the list ended before them. It is a block of
 * its own when the first of them does not depend on it (`dependsOnPrevious`), and then only the text
 * after it is parsed: the list settles when that block's first line is complete, and is the first
 * of the tail blocks until then, its items known (the render goes on rendering it by them while the
 * message streams, `StreamingList`). Parsing the whole list once more when it ends, as a split of the
 * tail would, parsed a long list twice more: when the next block started and when it settled it.
 */
function endedList(
  previous: SplitState,
  text: string,
  list: StreamingList,
  blocks: readonly TopLevelBlock[],
  region: string,
  toBlock: (offset: number) => number,
): SplitState | undefined {
  const [listNode, next] = blocks as [TopLevelBlock, TopLevelBlock]
  if (dependsOnPrevious(region, listNode, next)) return undefined
  const end = beforeLineEnding(region, next.lineStart)
  if (end <= 0) return undefined
  const [last, ...after] = previous.tail as [MarkdownBlock, ...MarkdownBlock[]]
  const listEnd = previous.settledEnd + toBlock(end)
  const listText = text.slice(previous.settledEnd, listEnd)
  // The list as the previous state ended it already: that very block, rendered as it is.
  const ended: MarkdownBlock =
    last.text === listText && !last.awaitsLine
      ? last
      : {
          key: last.key,
          text: listText,
          type: 'list',
          separated: last.separated,
          rendersNothing: false,
          definitions: noBlockDefinitions,
        }
  if (ended !== last) keepStreamingList(ended, list)
  if (lineEnds(region, next.lineStart)) {
    const base = truncated(previous, text, settledBlocks(previous), previous.settledCount, previous.settledEnd)
    return { ...splitRegion(withSettledTail(base, text, ended), previous, text, after), rewrites: previous.rewrites }
  }
  // The next block's first line is the text's last: nothing after the list settles yet.
  const rest = parseRegion(previous.syntax, text.slice(listEnd), true, after, previous.nextKey, undefined, true)
  if (rest.settled.length > 0 || rest.tailDefinitions.length > 0) return undefined
  if (rest.tail.some((each) => each.footnoteLabels)) return undefined
  return { ...previous, text, tail: [ended, ...rest.tail], tailLeaf: rest.tailLeaf, nextKey: rest.nextKey }
}

/**
 * The tail is one block quote and the new text only adds to it: the quote's last children are parsed
 * again as a quote of their own from the tree its last render used (`quoteTreeRewritten`), so a long
 * quote streams without parsing it whole at every line. Undefined when the parse of those children
 * is not one quote taking all of the new text (a blank line and a paragraph after the quote), in a
 * document with definitions, or when the quote has not rendered a tree to grow from.
 */
function growQuote(previous: SplitState, text: string): SplitState | undefined {
  const last = previous.tail[0]
  if (!last || previous.tail.length !== 1 || last.type !== 'blockquote' || last.awaitsLine) return undefined
  if (previous.hasDefinitions || hasFootnoteDefinitions(previous)) return undefined
  const own = renderedTrees.get(last)
  const repaired = own ? undefined : repairedTrees.get(last)
  if (!own && !repaired) return undefined
  const source = own ? last.text : repaired!.source
  const grownText = last.text + text.slice(previous.text.length)
  const from = own ? last.text.length : sharedPrefixLength(source, grownText)
  const change = { from, to: source.length, insert: grownText.slice(from) }
  const parse = (region: string) => parseTopLevelBlocks(region, previous.syntax)
  const made = quoteTreeRewritten(own ?? repaired!.tree, source, change, parse, true)
  if (!made || !('leaf' in made)) return undefined
  const grownBlock = { ...last, text: grownText }
  renderedTrees.set(grownBlock, made.tree)
  return { ...previous, text, tail: [grownBlock], tailLeaf: made.leaf }
}

/**
 * The tail is one GFM table and the new text only adds to its body rows (`lineStart`: where the
 * line being continued starts in the block, or the last complete line): each line of a table body
 * is one row whatever follows it, unless it is blank or starts another block. So the table's
 * boundaries do not move, and the innermost cell at the end (for the tail repair) comes from a parse
 * of the table's header and delimiter rows with its last row alone: the header fixes the columns,
 * and a row's cells depend on nothing else. A table of tens of KB streams without parsing it whole.
 */
function growTable(previous: SplitState, text: string, added: string, lineStart: number): SplitState | undefined {
  const last = previous.tail[previous.tail.length - 1]!
  const head = tableHead(last.text)
  // The cell at the end must be on that line: a blank or whitespace line after the table is not a row.
  const onLine = (previous.tailLeaf?.start ?? -1) >= lineStart
  if (previous.tail.length !== 1 || !head || lineStart < head.bodyStart || !onLine) return undefined
  const block = last.text + added
  const rows = block.slice(lineStart).split(/\r\n?|\n/)
  // The line being continued (unless the previous text ended with its line ending), then new lines;
  // the very last may be empty (a line ending just arrived).
  const final = rows.length - 1
  const endsWithLineEnding = final > 0 && rows[final] === ''
  if (!rows.every((row, index) => (index === final && endsWithLineEnding) || isTableRow(previous.syntax, row))) {
    return undefined
  }
  const leaf = lastRowLeaf(block, head, previous.syntax)
  return leaf && grown(previous, text, added, leaf)
}

/** Where the last line of `text` starts, or the line before it when `text` ends with a line ending. */
function lastLineStart(text: string): number {
  return lineStartBefore(text, beforeLineEnding(text, text.length))
}

function isTableRow(syntax: MarkdownSyntax, line: string): boolean {
  return tableRowLine.test(line) && !startsSyntaxBlock(syntax, line)
}

/**
 * The innermost cell at the end of the table block `block` (for the tail repair), from a parse of
 * its header and delimiter rows with the row holding the end of the text (or, after a final line
 * ending, the row before it): the header fixes the columns, and a row's cells depend on nothing else.
 */
function lastRowLeaf(block: string, head: { start: number; bodyStart: number }, syntax: MarkdownSyntax) {
  const lastRowStart = lastLineStart(block)
  if (lastRowStart < head.bodyStart) return undefined
  const parsed = parseTopLevelBlocks(`${block.slice(head.start, head.bodyStart)}${block.slice(lastRowStart)}`, syntax)
  const leaf = parsed.leaf
  if (parsed.blocks.length !== 1 || parsed.blocks[0]!.type !== 'table' || leaf?.type !== 'tableCell') return undefined
  return { ...leaf, start: leaf.start + lastRowStart - (head.bodyStart - head.start) }
}

/**
 * A rewrite inside the body rows of a streaming table that is the whole tail: rows inserted, removed
 * or changed. Each line of a table body is one row, whatever the lines around it, unless it is blank
 * or starts another block; so while every line the change touches is such a row, the table keeps
 * its boundaries, its head, and the rows outside the change, and nothing but its last row is parsed
 * (for the cell at the end). Rows are rendered by pages cut by their text (`StreamingTable`), so
 * only the pages the change touches render again.
 */
function tableRowRewrite(previous: SplitState, text: string, prefix: number, suffix: number): SplitState | undefined {
  const block = previous.tail[0]
  if (!block || previous.tail.length !== 1 || block.type !== 'table' || previous.tailLeaf?.type !== 'tableCell') {
    return undefined
  }
  const head = tableHead(block.text)
  const blockStart = previous.settledEnd
  const from = prefix - blockStart
  if (!head || from < head.bodyStart) return undefined
  // The cell at the end was on the last row (not on a line of spaces after the table).
  if (previous.tailLeaf.start < lastLineStart(block.text)) return undefined
  const rewritten = text.slice(blockStart)
  const to = rewritten.length - suffix
  const lineEnd = /\r|\n/g
  lineEnd.lastIndex = to
  const changedEnd = lineEnd.exec(rewritten)?.index ?? rewritten.length
  const lines = rewritten.slice(lineStartBefore(rewritten, from), changedEnd).split(/\r\n?|\n/)
  // The text may end with a line ending (the last line empty); any other line must be a row.
  const endsText = changedEnd === rewritten.length
  const rows = endsText && lines.length > 1 && lines[lines.length - 1] === '' ? lines.slice(0, -1) : lines
  if (!rows.every((row) => isTableRow(previous.syntax, row))) return undefined
  const tailLeaf = lastRowLeaf(rewritten, head, previous.syntax)
  return tailLeaf && { ...previous, text, tail: [{ ...block, text: rewritten }], tailLeaf }
}

/**
 * Whether a change lies on a table block's delimiter row (or the block has none yet), where a run
 * makes the row no delimiter row and the table a paragraph.
 */
function onDelimiterRow(block: string, changes: readonly WordChange[]): boolean {
  const head = tableHead(block)
  if (!head) return true
  const delimiterStart = lineStartBefore(block, beforeLineEnding(block, head.bodyStart))
  return changes.some((change) => change.to >= delimiterStart && change.from < head.bodyStart)
}

/** Where a table block's header row starts and its body (the line after the delimiter row) starts. */
export function tableHead(block: string): { start: number; bodyStart: number } | undefined {
  const start = block.search(/[^\r\n]/)
  if (start < 0) return undefined
  const delimiter = /\r\n?|\n/g
  delimiter.lastIndex = start
  if (!delimiter.exec(block)) return undefined
  const bodyLineEnding = delimiter.exec(block)
  return bodyLineEnding ? { start, bodyStart: bodyLineEnding.index + bodyLineEnding[0].length } : undefined
}

// Paragraph text starts with a character no block construct starts with (CommonMark and GFM:
// headings, fences, thematic breaks, quotes, list items, HTML, setext underlines, table delimiter
// rows, link and footnote definitions) and no link definition's title continues with.
/** A paragraph line, after its container markers (quote markers, list item markers). */
const paragraphTextLine = /^(?:[ \t]{0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]+))*[^\s#`~*_+>=<|:\d['"(-]/u
/** Quote and list item markers at the start of a line. */
const containerMarkers = /^(?:[ \t]{0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]+))*[ \t]*/

/** Whether `line` (after its container markers) may start a block construct the syntax adds. */
function startsSyntaxBlock(syntax: MarkdownSyntax, line: string): boolean {
  return syntax.blockStart?.test(line.replace(containerMarkers, '')) === true
}
/** A line that continues a paragraph (lazily inside quotes and list items): it cannot interrupt it. */
const paragraphContinuationLine = /^[ \t]{0,3}[^\s#`~*_+>=<|:\d['"(-]/u
/** A table body row: starts with a pipe, or with a character no block construct starts with. */
const tableRowLine = /^ {0,3}(?:\||[^\s#`~*_+>=<|:\d['"(-])/u
const atxHeadingLine = /^[ \t]{0,3}#{1,6}[ \t]+\S/
/** Not blank. (CommonMark's blank lines hold only spaces and tabs; other whitespace counts as blank here, to be safe.) */
const nonBlankLine = /\S/
const blankLine = /^[ \t]*$/

/**
 * Where the content starts in the tail (one top-level HTML block that only a blank line ends:
 * CommonMark's kind 6, opened by a block-level tag name), or undefined when the tail is not one.
 */
export function blankLineEndedHtmlTail(split: SplitState): number | undefined {
  const last = split.tail[split.tail.length - 1]
  const leaf = split.tailLeaf
  if (split.tail.length !== 1 || last?.type !== 'html' || leaf?.type !== 'html') return undefined
  if (!blockTagStart.test(last.text.slice(leaf.start, leaf.start + 16))) return undefined
  // After a complete blank line it has ended, and what follows starts a new block.
  return completeBlankLine.test(last.text.slice(leaf.start)) ? undefined : leaf.start
}

const completeBlankLine = /(?:\r\n|\r|\n)[ \t]*(?:\r|\n)/

/** The block-level tag names of CommonMark (section 4.6, kind 6; the parser's own list), followed by what must follow them. */
const blockTagStart = new RegExp(`^</?(?:${htmlBlockNames.join('|')})(?:[ \\t>\\r\\n]|/>)`, 'i')
const codeContentLine = /^[ \t]*[^ \t`~]/
const topLevelIndent = /^ {0,3}$/

/**
 * Whether the parse of `node` (or of `previous`) depends on the two being parsed together:
 * - an HTML block or code in a list item or block quote ends where the next line closes its
 *   container, and whether it keeps its last line ending depends on what that next line is (not
 *   a fence its own closing line closed: `endsInFlowLeaf`);
 * - micromark parses a node differently after an indented code block (an empty nested list item
 *   followed by a lazy line becomes paragraph text), and indented code differently after a list;
 * - a node interrupting paragraph text (or a link reference definition, which is paragraph text)
 *   without a blank line is parsed in "interrupt" mode (an empty nested list item cannot interrupt a
 *   paragraph, so it stays text), and an indented line after a definition whose title did not
 *   parse continues that paragraph; but a node that interrupts by its first line alone only
 *   while that line is the last (`interruptsOnFirstLine`).
 * Such nodes share a block.
 */
function dependsOnPrevious(text: string, previous: TopLevelBlock, node: TopLevelBlock): boolean {
  if (previous.indentedCode) return true
  // Indented code after a list: in the whole text micromark ends it at a blank line followed by a
  // line indented as far as the list item's content (two code blocks), alone it runs on (one).
  if (previous.type === 'list' && node.indentedCode) return true
  if (previous.endsInFlowLeaf) return true
  // A definition is paragraph text too: a line after it that is not blank continues it. A line right
  // after a block quote parses differently alone: after ` > # a`, two indented lines are two code
  // blocks in the whole text (micromark ends each at the quote's lazy-line check), one alone.
  const continued =
    previous.lastLeafType === 'paragraph' || previous.lastLeafType === 'definition' || previous.type === 'blockquote'
  if (!continued) return false
  const lineEnd = beforeLineEnding(text, node.lineStart)
  if (/^[ \t]*$/.test(text.slice(lineStartBefore(text, lineEnd), lineEnd))) return false
  // Paragraph text is interrupted by these on their first line alone: once that line is complete,
  // nothing after it changes what the paragraph was (a run of footnote definitions, a heading
  // right under a paragraph). While it is the last line, it may yet turn out to continue it.
  return !(interruptsOnFirstLine(text, previous, node) && lineEnds(text, node.lineStart))
}

/**
 * Whether `node` interrupts paragraph text that `previous` ends with by what its first line is, and
 * parses as it would alone: a heading, fence, thematic break or HTML block; a list, quote or footnote
 * definition when what its markers open on that line is text (micromark checks a block starting
 * there, such as an empty nested list item, in interrupt mode too). A table also needs its second line.
 */
function interruptsOnFirstLine(text: string, previous: TopLevelBlock, node: TopLevelBlock): boolean {
  if (previous.lastLeafType !== 'paragraph') return false
  if (leafInterrupters.has(node.type)) return true
  if (!containerInterrupters.has(node.type)) return false
  return textAfterMarkers.test(text.slice(node.lineStart, node.lineStart + 120))
}

const leafInterrupters = new Set(['heading', 'thematicBreak', 'code', 'html'])
const containerInterrupters = new Set(['list', 'blockquote', 'footnoteDefinition'])
/**
 * Container markers, then a letter, or a link's text (a bracket that opens no definition). A nested
 * ordered list opens in interrupt mode too, so only when it starts at 1: after another number
 * (`1. 3. a` right under a paragraph) the text is `3. a`, a list alone.
 */
const textAfterMarkers =
  /^[ \t]{0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]+|\[\^[^\]\s]+\]:[ \t]*)(?:[ \t]{0,3}(?:>[ \t]?|(?:[-+*]|1[.)])[ \t]+|\[\^[^\]\s]+\]:[ \t]*))*(?:\p{L}|\[(?!\^)[^\]\r\n]*\](?!:))/u

const lineEnds = (text: string, from: number) => text.indexOf('\n', from) >= 0 || text.indexOf('\r', from) >= 0

/** The offset of the line ending just before `lineStart` (the start of a line). */
export function beforeLineEnding(text: string, lineStart: number): number {
  if (text[lineStart - 1] === '\n' && text[lineStart - 2] === '\r') return lineStart - 2
  return text[lineStart - 1] === '\n' || text[lineStart - 1] === '\r' ? lineStart - 1 : lineStart
}

function appendToPages(
  pages: readonly BlockPage[],
  blocks: readonly MarkdownBlock[],
  tailPageKey: number,
  nextPageKey: number,
): [readonly BlockPage[], number, number] {
  if (blocks.length === 0) return [pages, tailPageKey, nextPageKey]
  const result = [...pages]
  let current: { key: number; blocks: MarkdownBlock[] } | undefined
  const last = result[result.length - 1]
  if (last && last.blocks.length < blockPageSize) {
    result.pop()
    current = { key: last.key, blocks: [...last.blocks] }
  }
  for (const block of blocks) {
    if (!current || current.blocks.length >= blockPageSize) {
      if (current) result.push(current)
      current = { key: tailPageKey, blocks: [] }
      tailPageKey = nextPageKey++
    }
    current.blocks.push(block)
  }
  result.push(current!)
  return [result, tailPageKey, nextPageKey]
}

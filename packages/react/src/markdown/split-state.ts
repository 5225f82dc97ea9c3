/**
 * The block splitter's state (`SplitState`): the settled blocks, in pages of `blockPageSize`, and the
 * unsettled tail, with the keys that let blocks and pages keep their elements; and what every path
 * of the splitter does with it (settling the tail, cutting the state before a block, finding the
 * block at an offset). How text becomes such a state is in `block-splitter.ts`.
 */

import type { RootContent } from 'mdast'
import { type DocumentDefinitions, type LinkDefinition, noDefinitions } from './link-definitions'
import { gfmSyntax, type MarkdownSyntax } from './markdown-syntax'
import type { ListItems } from './StreamingList'
import type { TableRows } from './StreamingTable'
import type { TailLeaf } from './top-level-blocks'

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
   * Set on a tail block holding a node after paragraph text or indented code whose first line is not complete: once
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

export const emptyState: SplitState = {
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
export const blocksOfPages = new WeakMap<readonly BlockPage[], readonly MarkdownBlock[]>()

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

/** Whether the text has a footnote definition. */
export function hasFootnoteDefinitions(split: SplitState): boolean {
  return split.settledFootnoteBlocks > 0 || split.tail.some((block) => block.footnoteLabels !== undefined)
}

/** How many of the blocks from `from` (inclusive) to `to` (exclusive) hold a footnote definition. */
export function footnoteBlocksIn(blocks: readonly MarkdownBlock[], from: number, to: number): number {
  let count = 0
  for (let index = from; index < to; index++) if (blocks[index]!.footnoteLabels) count++
  return count
}

/** `base` (every settled block of the previous state) with the previous tail `tail` settled after its blocks. */
export function withSettledTail(base: SplitState, text: string, tail: MarkdownBlock): SplitState {
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

/** The block of `all` holding offset `at` of their text (the last for the end of the text). */
export function blockAt(all: readonly MarkdownBlock[], at: number): MarkdownBlock {
  return all[Math.min(changedBlock(all, 0, 0, at).index, all.length - 1)]!
}

/** The settled block holding offset `at` (at or after the kept blocks), with its start; past them, the end. */
export function changedBlock(
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

/** The page and index in it of the settled block at `position` (one past the last page's end for the end). */
export function locate(pages: readonly BlockPage[], position: number): { page: number; index: number } {
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
 * The state cut to its first `kept` settled blocks (ending at `keptEnd`), nothing after them. Its
 * text is cut from `text`, which starts with the same blocks: the previous text may be made of the
 * new text up to a change and the old after it (`wordRewrite`, a resync), and a cut of such a
 * text copies all of it.
 */
export function truncated(
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
export function definitionsIn(blocks: readonly MarkdownBlock[], from: number, to: number): number {
  let count = 0
  for (let index = from; index < to; index++) count += blocks[index]!.definitions.length
  return count
}

export function appendToPages(
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

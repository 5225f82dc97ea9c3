/**
 * The render of a message that mounted finished (`streaming` false from its first render, e.g. a
 * transcript's history): each page of blocks is one `<div>` whose children are its blocks' elements,
 * instead of a memoised `BlockView` and `RenderedBlock` per block. A block costs no fiber, hook,
 * effect or props object of its own, and a page no component: with 2,000 settled messages of ~10
 * blocks that is ~60,000 fibers fewer (`bench/RESULTS.md`, "Heap of settled messages", sessions 6 and 7).
 *
 * The HTML is the one `BlockPage` renders: the same page `<div>`, and per block the same separator
 * and elements (keyed by the block's key). What it gives up is per-block memoisation, which only
 * pays while a message streams: the caller keeps what was rendered (`FinishedRender`), a page none
 * of whose blocks changed is the element it was, and a changed page reuses the elements of its
 * unchanged blocks, so a rewrite renders only the blocks it changed and keeps the others' DOM
 * nodes. A message that starts streaming again switches to the block path.
 */
import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { addAutoDirection } from './block-direction'
import { blockTreeOf } from './block-trees'
import { reportMarkdownWork } from './instrumentation'
import { type DocumentDefinitions, definitionsPrefix, labelSearchKey } from './link-definitions'
import { parseMarkdown, renderSettledSyntaxTree, rootOf } from './markdown-pipeline'
import type { MarkdownRenderOptions } from './render-options'
import { blockPageSize, type MarkdownBlock, type SplitState } from './split-state'

/** What `finishedPages` rendered last for one message, kept by its caller between renders. */
export interface FinishedRender {
  pages: readonly RenderedPage[]
}

export function createFinishedRender(): FinishedRender {
  return { pages: [] }
}

/** A page's element with what it was rendered from. */
interface RenderedPage {
  key: number
  /** Undefined once released (`releaseFinishedBlocks`) until restored (`restoreFinishedBlocks`). */
  blocks: readonly MarkdownBlock[] | undefined
  definitions: DocumentDefinitions
  options: MarkdownRenderOptions
  /** The page element's children: each block's separator and top-level elements, keyed by the block's key. */
  children: readonly ReactNode[]
  /** Where each block's nodes end in `children`. */
  ends: readonly number[]
  /** The definition lines written before each block's text (absent when the document has none). */
  prefixes: readonly string[] | undefined
  element: ReactElement
}

/** A stacking context per page, as `BlockPage`'s (see there). */
const pageStyle = { isolation: 'isolate' } as const

/**
 * `SplitMarkdown`'s pages for a finished message (not streaming, no footnote definitions): the same
 * pages of the same blocks, the tail filling the last settled page.
 */
export function finishedPages(
  split: SplitState,
  options: MarkdownRenderOptions,
  rendered: FinishedRender,
): ReactNode[] {
  const seen = rendered.pages.length > 0 ? new Map(rendered.pages.map((page) => [page.key, page])) : undefined
  const pages = pagesOf(split).map(({ key, blocks }) =>
    renderPage(key, blocks, split.definitions, options, seen?.get(key)),
  )
  rendered.pages = pages
  return renderedElements(rendered)
}

/** The page elements `finishedPages` returned last. */
export function renderedElements(rendered: FinishedRender): ReactNode[] {
  return rendered.pages.map((page) => page.element)
}

/** The blocks of each page: the settled pages, the tail filling the last of them, then a page of the rest. */
function pagesOf(split: SplitState): { key: number; blocks: readonly MarkdownBlock[] }[] {
  const { settledPages, tail } = split
  const last = settledPages[settledPages.length - 1]
  const room = last ? Math.max(0, blockPageSize - last.blocks.length) : 0
  const pages = settledPages.map((page) => ({
    key: page.key,
    blocks: page === last && room > 0 && tail.length > 0 ? [...page.blocks, ...tail.slice(0, room)] : page.blocks,
  }))
  if (tail.length > room) pages.push({ key: split.tailPageKey, blocks: tail.slice(room) })
  return pages
}

/**
 * Drops the blocks the pages were rendered from (their records, texts and arrays), keeping the
 * elements: a message that is not rewritten again needs none of them. Only for a split made from
 * its text alone (`advanceSplit(undefined, text)`), which `restoreFinishedBlocks` can make again.
 */
export function releaseFinishedBlocks(rendered: FinishedRender): void {
  for (const page of rendered.pages) page.blocks = undefined
}

/** Gives the pages back the blocks of `split`, a split made again of the text they were rendered from. */
export function restoreFinishedBlocks(rendered: FinishedRender, split: SplitState): void {
  const blocksByPage = new Map(pagesOf(split).map((page) => [page.key, page.blocks]))
  for (const page of rendered.pages) page.blocks = blocksByPage.get(page.key)
}

/** A page: the element it was when nothing it renders from changed, else one reusing its unchanged blocks' elements. */
function renderPage(
  key: number,
  blocks: readonly MarkdownBlock[],
  definitions: DocumentDefinitions,
  options: MarkdownRenderOptions,
  seen: RenderedPage | undefined,
): RenderedPage {
  const seenBlocks = seen?.options === options ? seen.blocks : undefined
  if (seenBlocks && seen!.definitions === definitions && sameBlocks(seenBlocks, blocks)) return seen!
  const seenIndex = seenBlocks ? new Map(seenBlocks.map((block, index) => [block.key, index])) : undefined
  const grown: ReactNode[] = []
  // Filled by index: an array grown by `push` keeps spare room, for as long as the page is shown.
  const ends = new Array<number>(blocks.length)
  const prefixes = definitions.list.length > 0 ? ([] as string[]) : undefined
  blocks.forEach((block, position) => {
    const prefix = prefixes ? definitionsPrefix(labelSearchKey(block.text), definitions) : ''
    prefixes?.push(prefix)
    const index = seenIndex?.get(block.key)
    const before = index === undefined ? undefined : seenBlocks![index]!
    if (
      before &&
      before.text === block.text &&
      before.separated === block.separated &&
      prefixAt(seen!, index!) === prefix
    )
      grown.push(...seen!.children.slice(index! > 0 ? seen!.ends[index! - 1] : 0, seen!.ends[index!]))
    else grown.push(...finishedBlock(block, prefix, options))
    ends[position] = grown.length
  })
  // The page's children as an array of their own length, as `ends` (the page's props keep it).
  const children = grown.slice()
  const element = (
    <div key={key} data-palimpsest-block-page="" style={pageStyle}>
      {children}
    </div>
  )
  return { key, blocks, definitions, options, children, ends, prefixes, element }
}

function prefixAt(page: RenderedPage, index: number): string {
  return page.prefixes?.[index] ?? ''
}

/** The blocks render the same: the same keys, texts and separators (a page rebuilt around the same blocks). */
function sameBlocks(previous: readonly MarkdownBlock[], next: readonly MarkdownBlock[]): boolean {
  if (previous === next) return true
  if (previous.length !== next.length) return false
  for (let index = 0; index < next.length; index++) {
    const a = previous[index]!
    const b = next[index]!
    if (a !== b && (a.key !== b.key || a.text !== b.text || a.separated !== b.separated)) return false
  }
  return true
}

/** What `BlockView` and `RenderedBlock` render for a settled block of a finished message: its separator and elements. */
function finishedBlock(block: MarkdownBlock, prefix: string, options: MarkdownRenderOptions): ReactNode[] {
  const { text, separated, rendersNothing } = block
  if (rendersNothing || text.trim() === '') return []
  const source = prefix + text
  const syntax = prefix === '' ? blockTreeOf(block) : undefined
  reportMarkdownWork({ kind: 'block-render', chars: source.length, blockKey: block.key, parsed: !syntax })
  const tree = syntax ? rootOf(syntax.nodes, syntax.offset, syntax.line) : parseMarkdown(source, options.syntax)
  const rendered = renderSettledSyntaxTree(tree, options, options.autoDirection ? addAutoDirection : undefined)
  // The root's children go straight into the page, keyed by the block: no fiber of the block's own.
  const root =
    isValidElement<{ children?: ReactNode }>(rendered) && rendered.type === Fragment && rendered.key === null
      ? rendered.props.children
      : rendered
  const nodes: ReactNode[] = separated ? ['\n'] : []
  const children: readonly ReactNode[] = Array.isArray(root) ? root : [root]
  children.forEach((child, index) => {
    if (child === null || child === undefined || typeof child === 'boolean') return
    nodes.push(isValidElement(child) ? cloneElement(child, { key: `${block.key}:${child.key ?? index}` }) : child)
  })
  return nodes
}

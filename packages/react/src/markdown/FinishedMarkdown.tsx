/**
 * The render of a message that mounted finished (`streaming` false from its first render, e.g. a
 * transcript's history): each page of blocks is one memoised component that renders its blocks'
 * elements itself, instead of a memoised `BlockView` and `RenderedBlock` per block. A block costs
 * no fiber, hook, effect or props object of its own: with 2,000 settled messages of ~10 blocks
 * that is ~60,000 fibers fewer (`bench/RESULTS.md`, "Heap of settled messages (session 6)").
 *
 * The HTML is the one `BlockPage` renders: the same page `<div>`, and per block the same separator
 * and elements (keyed by the block's key). What it gives up is per-block memoisation, which only
 * pays while a message streams: a page re-renders only when one of its blocks changed (a settled
 * page's blocks never do), and a message that starts streaming again switches to the block path.
 */
import { cloneElement, Fragment, isValidElement, memo, type ReactNode, useRef } from 'react'
import { addAutoDirection } from './block-direction'
import {
  type BlockPage as BlockPageData,
  blockPageSize,
  blockTreeOf,
  type MarkdownBlock,
  type SplitState,
} from './block-splitter'
import { reportMarkdownWork } from './instrumentation'
import { type DocumentDefinitions, definitionsPrefix, labelSearchKey } from './link-definitions'
import { parseMarkdown, renderSyntaxTree, rootOf } from './markdown-pipeline'
import type { MarkdownRenderOptions } from './render-options'

export interface FinishedPageProps {
  page: BlockPageData
  definitions: DocumentDefinitions
  options: MarkdownRenderOptions
}

/** A stacking context per page, as `BlockPage`'s (see there). */
const pageStyle = { isolation: 'isolate' } as const

/**
 * A page of a finished message's blocks, rendered by one component. A block whose source and
 * options did not change gives React the element it gave before, which React skips: a rewrite of
 * a finished message renders only the blocks it changed, and keeps the others' DOM nodes.
 */
export const FinishedPage = memo(
  function FinishedPage({ page, definitions, options }: FinishedPageProps) {
    const cache = useRef<Map<number, RenderedElement> | undefined>(undefined)
    const previous = cache.current
    const next = new Map<number, RenderedElement>()
    const children: ReactNode[] = []
    for (const block of page.blocks) {
      const seen = previous?.get(block.key)
      const rendered =
        seen && seen.options === options && seen.block.text === block.text && seen.block.separated === block.separated
          ? reuse(seen, block, definitions)
          : finishedBlock(block, definitions, options)
      next.set(block.key, rendered)
      for (const node of rendered.nodes) children.push(node)
    }
    // Only inputs decide an element, so a render React discards leaves a cache that is still right.
    cache.current = next
    return (
      <div data-palimpsest-block-page="" style={pageStyle}>
        {children}
      </div>
    )
  },
  (previous, next) =>
    previous.options === next.options &&
    previous.definitions === next.definitions &&
    sameBlocks(previous.page.blocks, next.page.blocks),
)

/** A block's element with what it was rendered from. */
interface RenderedElement {
  block: MarkdownBlock
  options: MarkdownRenderOptions
  /** The definition lines written before the block's text. */
  prefix: string
  /** The block's separator and top-level elements, keyed by the block's key (the page's children). */
  nodes: readonly ReactNode[]
}

/** The element rendered before, unless other definitions change the block's source. */
function reuse(seen: RenderedElement, block: MarkdownBlock, definitions: DocumentDefinitions): RenderedElement {
  return prefixOf(block.text, definitions) === seen.prefix ? seen : finishedBlock(block, definitions, seen.options)
}

function prefixOf(text: string, definitions: DocumentDefinitions): string {
  return definitions.list.length > 0 ? definitionsPrefix(labelSearchKey(text), definitions) : ''
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

/** What `BlockView` and `RenderedBlock` render for a settled block of a finished message. */
function finishedBlock(
  block: MarkdownBlock,
  definitions: DocumentDefinitions,
  options: MarkdownRenderOptions,
): RenderedElement {
  const { text, separated, rendersNothing } = block
  if (rendersNothing || text.trim() === '') return { block, options, prefix: '', nodes: [] }
  const prefix = prefixOf(text, definitions)
  const source = prefix + text
  const syntax = prefix === '' ? blockTreeOf(block) : undefined
  reportMarkdownWork({ kind: 'block-render', chars: source.length, blockKey: block.key, parsed: !syntax })
  const tree = syntax ? rootOf(syntax.nodes, syntax.offset, syntax.line) : parseMarkdown(source, options.syntax)
  const rendered = renderSyntaxTree(tree, options, options.autoDirection ? addAutoDirection : undefined)
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
  return { block, options, prefix, nodes }
}

/**
 * `SplitMarkdown`'s pages for a finished message (not streaming, no footnote definitions): the same
 * pages of the same blocks, the tail filling the last settled page, each through `FinishedPage`.
 */
export function finishedPages(split: SplitState, options: MarkdownRenderOptions): ReactNode[] {
  const { settledPages, tail, definitions } = split
  const last = settledPages[settledPages.length - 1]
  const room = last ? Math.max(0, blockPageSize - last.blocks.length) : 0
  const rest = tail.slice(room)
  const pages = settledPages.map((page) => {
    const blocks = page === last && room > 0 && tail.length > 0 ? [...page.blocks, ...tail.slice(0, room)] : page.blocks
    return (
      <FinishedPage
        key={page.key}
        page={blocks === page.blocks ? page : { key: page.key, blocks }}
        definitions={definitions}
        options={options}
      />
    )
  })
  if (rest.length > 0) {
    pages.push(
      <FinishedPage
        key={split.tailPageKey}
        page={{ key: split.tailPageKey, blocks: rest }}
        definitions={definitions}
        options={options}
      />,
    )
  }
  return pages
}

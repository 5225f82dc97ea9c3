/**
 * Incremental block splitter: cuts streamed markdown into top-level blocks whose rendering is
 * independent of the rest of the document, so settled blocks are rendered once and memoised.
 *
 * A block is settled when the first line of the next block is complete: CommonMark decides block
 * structure line by line, so once a later line has started a new top-level block nothing that
 * arrives afterwards can change the earlier one. Only the unsettled region (the last block or two)
 * is parsed again per chunk. When the new text extends the previous text, splitting continues from
 * the last settled boundary; any other change (a clear or a replacement) restarts from scratch.
 *
 * Link reference and footnote definitions resolve across blocks; when the document has any, the
 * caller must render the whole text as one block (`hasDefinitions`).
 */
import { parseTopLevelBlocks, type TailLeaf } from './top-level-blocks'

export interface MarkdownBlock {
  /** The exact source slice of the block, leading blank lines included. */
  readonly text: string
  /** mdast type of the block's top-level node (`paragraph`, `code`, `list`, …). */
  readonly type: string
}

/** Settled blocks are kept in fixed-size pages so a page, once full, never changes identity. */
export const blockPageSize = 64

export interface SplitState {
  readonly text: string
  /** Full pages of `blockPageSize` settled blocks, then the partial last page. */
  readonly settledPages: readonly (readonly MarkdownBlock[])[]
  readonly settledCount: number
  /** Offset where the unsettled region starts. */
  readonly settledEnd: number
  /** Blocks of the unsettled region (usually one, at most a few). */
  readonly tail: readonly MarkdownBlock[]
  /** Innermost block at the end of the text, relative to the last tail block's start. */
  readonly tailLeaf: TailLeaf | undefined
  /** Sticky since the last restart: a definition was seen, blocks are not independent. */
  readonly hasDefinitions: boolean
}

const emptyState: SplitState = {
  text: '',
  settledPages: [],
  settledCount: 0,
  settledEnd: 0,
  tail: [],
  tailLeaf: undefined,
  hasDefinitions: false,
}

export function advanceSplit(previous: SplitState | undefined, text: string): SplitState {
  if (previous && previous.text === text) return previous
  const base = previous && text.startsWith(previous.text) ? previous : emptyState
  const regionStart = base.settledEnd
  const region = text.slice(regionStart)
  const parsed = parseTopLevelBlocks(region)
  const lastLineEnd = Math.max(region.lastIndexOf('\n'), region.lastIndexOf('\r'))

  let settledPages = base.settledPages
  let settledCount = base.settledCount
  let settledEnd = regionStart
  let first = 0
  const blocks = parsed.blocks
  while (first + 1 < blocks.length && blocks[first + 1]!.lineStart <= lastLineEnd) {
    const end = blocks[first + 1]!.lineStart
    const from = first === 0 ? 0 : blocks[first]!.lineStart
    settledPages = appendToPages(settledPages, settledCount, {
      text: region.slice(from, end),
      type: blocks[first]!.type,
    })
    settledCount++
    settledEnd = regionStart + end
    first++
  }

  const tail: MarkdownBlock[] = []
  let lastTailStart = 0
  for (let index = first; index < blocks.length; index++) {
    const from = index === 0 ? 0 : blocks[index]!.lineStart
    const to = index + 1 < blocks.length ? blocks[index + 1]!.lineStart : region.length
    tail.push({ text: region.slice(from, to), type: blocks[index]!.type })
    lastTailStart = from
  }
  const leaf = parsed.leaf && { ...parsed.leaf, start: parsed.leaf.start - lastTailStart }

  return {
    text,
    settledPages,
    settledCount,
    settledEnd,
    tail,
    tailLeaf: leaf,
    hasDefinitions: base.hasDefinitions || parsed.hasDefinitions,
  }
}

function appendToPages(
  pages: readonly (readonly MarkdownBlock[])[],
  count: number,
  block: MarkdownBlock,
): readonly (readonly MarkdownBlock[])[] {
  if (count % blockPageSize === 0) return [...pages, [block]]
  const last = pages[pages.length - 1]!
  return [...pages.slice(0, -1), [...last, block]]
}

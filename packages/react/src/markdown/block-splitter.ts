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
 *
 * This file is the entry (`advanceSplit`) and the paths of appended text that end or extend a
 * container (a fence closing, a list or quote growing or ending). The rest of the splitter, by
 * concept: `split-state.ts` (the state and its pages), `split-region.ts` (parsing a region into
 * blocks), `grow-tail.ts` (appends that continue the last leaf), `rewrite-split.ts` and
 * `in-place-rewrites.ts` (rewrites), `block-trees.ts` (trees kept per block) and `block-lines.ts`
 * (reading single lines).
 */

import {
  beforeLineEnding,
  blankCharacter,
  closingFenceLine,
  fencedCode,
  fenceSize,
  isClosedFencedCode,
  leadingBlank,
  lineEnds,
  nextBlockLine,
} from './block-lines'
import { blockTrees, keepTreesOf, renderedTrees, repairedTrees } from './block-trees'
import { codeTreeOf, growTail } from './grow-tail'
import {
  continuedList,
  keepStreamingList,
  listCuts,
  offsetBeside,
  type StreamingList,
  streamingListOf,
  withoutCuts,
} from './list-items'
import { gfmSyntax, type MarkdownSyntax } from './markdown-syntax'
import { quoteFenceGrown, quoteTreeRewritten } from './quote-children'
import { rewriteSplit } from './rewrite-split'
import {
  blankLineEnds,
  closedTail,
  dependsOnPrevious,
  endedByBlankLine,
  isTopLevel,
  noBlockDefinitions,
  parseRegion,
  splitFrom,
  splitRegion,
} from './split-region'
import {
  hasFootnoteDefinitions,
  type MarkdownBlock,
  type SplitState,
  settledBlocks,
  truncated,
  withSettledTail,
} from './split-state'
import { extendsText, sharedPrefixLength } from './text-comparison'
import {
  lineFeeds,
  lineStartBefore,
  parseTopLevelBlocks,
  type TailLeaf,
  type TopLevelBlock,
  tailLeafOf,
} from './top-level-blocks'

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
    return { ...appendedSplit(previous, text), extended }
  }
  const rewrites = previous.rewrites + 1
  if (previous.extended?.text === text) return { ...previous.extended, rewrites }
  const rewrittenEnd = rewrittenOldTextEnd(previous.text, text)
  if (rewrittenEnd > 0) {
    const rewritten = { ...rewriteSplit(previous, text.slice(0, rewrittenEnd)), rewrites, extended: undefined }
    return { ...appendedSplit(rewritten, text), extended: undefined }
  }
  return { ...rewriteSplit(previous, text), rewrites, extended: undefined }
}

/** `text`, which extends the previous text, split by the first path that takes what it adds. */
function appendedSplit(previous: SplitState, text: string): SplitState {
  return (
    growTail(previous, text, true) ||
    growList(previous, text) ||
    growQuote(previous, text) ||
    closedBy(previous, text) ||
    closedFence(previous, text) ||
    blankLineEnded(previous, text) ||
    splitFrom(previous, text, true)
  )
}

/** How many characters of the old text's end find it again in the new (see `rewrittenOldTextEnd`). */
const oldEndProbe = 64
/** How far before the old text's length that end is looked for: what the rewrite may have removed. */
const removedBeforeEnd = 2048

/**
 * Where the old text, rewritten, ends in the new text when the new one also appends after it (a
 * `full` that inserts citation markers and adds a sources list): the end of the old text's last
 * characters, found again in the new text with text after them; 0 when they are not there. The
 * rewrite is then split as two steps, the rewrite up to there and the append after it, so what is
 * appended takes the append paths (a list or a table the old text ended in grows by its last
 * items) instead of the rewrite parsing everything from the last change on. Either way the split is
 * the one a fresh split gives; only what is parsed differs.
 *
 * Not when those characters occur earlier in the old text too (a repeated line: the place found may
 * be the earlier one, and the "append" most of the text), nor when what is appended may define a
 * link or footnote (`]:`): the blocks before it would render again once it does.
 */
function rewrittenOldTextEnd(oldText: string, text: string): number {
  if (oldText.length < oldEndProbe * 2) return 0
  const probe = oldText.slice(-oldEndProbe)
  const from = Math.max(0, oldText.length - oldEndProbe - removedBeforeEnd)
  if (oldText.indexOf(probe, from) !== oldText.length - oldEndProbe) return 0
  const at = text.indexOf(probe, from)
  const end = at + oldEndProbe
  return at >= 0 && end < text.length && !text.includes(']:', end) ? end : 0
}

/** `text`, which extends the previous text, split when what it adds closes the tail (`closedTail`): the region after it alone is parsed. */
function closedBy(previous: SplitState, text: string): SplitState | undefined {
  const tail = closedTail(previous, text)
  return tail && settledFirst(previous, text, tail, [])
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
  return settledFirst(previous, text, block, [])
}

/**
 * `text`, which extends the previous text, split when a blank line now follows the last line of the
 * first tail block, and a blank line ends that block whatever follows (`endedByBlankLine`, or a top-level
 * fence its closing line closed): its nodes are the ones it had, so it is kept, tree and all, with
 * the blank lines, and only the text after them is parsed. As in a fresh split, the next block starts at
 * the line ending before its first line, the ended block settles once that line is complete, and until
 * then both are tail blocks. Parsing the tail instead read a long table or code block whole three
 * more times as the next block began: at the blank line, at its first characters, at its first line's end.
 *
 * A list is not ended by a blank line (a line indented as its items' content goes on with it), but
 * a list the parse found a tail block after (`endedList`) has ended there unless that block's first
 * line may yet become one of its items: it is kept and settles the same way, with the text it has.
 */
export function blankLineEnded(previous: SplitState, text: string): SplitState | undefined {
  const [last, ...after] = previous.tail
  if (!last || last.awaitsLine || last.rendersNothing) return undefined
  const leaf = previous.tailLeaf
  const listEnded = after.length > 0 && last.type === 'list'
  const ends =
    listEnded ||
    blankLineEnds.has(last) ||
    (after.length === 0 && leaf !== undefined && (endedByBlankLine(last, leaf) || isClosedFence(last, leaf)))
  if (!ends) return undefined
  const start = previous.settledEnd
  let contentEnd = last.text.length
  while (contentEnd > 0 && blankCharacter.test(last.text[contentEnd - 1]!)) contentEnd--
  if (contentEnd === 0) return undefined
  // Its last line must end as it did: spaces a chunk adds to it move where its last node ends.
  lineSpace.lastIndex = start + contentEnd
  lineSpace.test(text)
  if (lineSpace.lastIndex > start + last.text.length) return undefined
  lineEndThenBlankLine.lastIndex = start + contentEnd
  if (!lineEndThenBlankLine.test(text)) return undefined
  const content = text.slice(lineEndThenBlankLine.lastIndex).search(nonBlankCharacter)
  if (content < 0) {
    // Blank lines only: the block, blank lines and all, is still the only tail block.
    if (after.length > 0) return undefined
    return { ...previous, text, tail: [endedAs(last, text.slice(start))] }
  }
  const first = lineEndThenBlankLine.lastIndex + content
  const nextLine = lineStartBefore(text, first)
  // A line that is or may yet become a list item may go on with the list (`3` before its `.`).
  if (listEnded && listItemStart.test(text[first]!)) return undefined
  const end = beforeLineEnding(text, nextLine)
  const endedText = text.slice(start, end)
  if (listEnded && endedText !== last.text) return undefined
  if (lineEnds(text, nextLine)) {
    // Settling with more text than the tail had (its line ending, blank lines), it renders from a tree
    // it kept; without one, the parse makes it one (else its render would parse it).
    if (endedText !== last.text && !blockTrees.has(last) && !renderedTrees.has(last)) return undefined
    return settledFirst(previous, text, listEnded ? last : endedAs(last, endedText), after)
  }
  // The state's definitions are kept: the blocks after it must define none, before and after.
  if (previous.tailDefinitions.length > 0 || after.some((each) => each.footnoteLabels)) return undefined
  return keptFirst(previous, text, listEnded ? last : endedAs(last, endedText), after, end)
}

/**
 * `previous` with `block`, the first tail block, settled, and the tail blocks after it (`after`) split
 * again with the text after it: only the region after `block` is parsed.
 */
function settledFirst(
  previous: SplitState,
  text: string,
  block: MarkdownBlock,
  after: readonly MarkdownBlock[],
): SplitState {
  const base = truncated(previous, text, settledBlocks(previous), previous.settledCount, previous.settledEnd)
  return { ...splitRegion(withSettledTail(base, text, block), previous, text, after), rewrites: previous.rewrites }
}

/**
 * `previous` with `first` kept as the first tail block while the next block's first line is the
 * text's last (nothing settles yet): only the text from `end` on is parsed, as tail blocks after it.
 * Undefined when that parse settles a block or defines a link or footnote (the state's definitions
 * are the previous ones).
 */
function keptFirst(
  previous: SplitState,
  text: string,
  first: MarkdownBlock,
  after: readonly MarkdownBlock[],
  end: number,
): SplitState | undefined {
  const rest = parseRegion(previous.syntax, text.slice(end), true, after, previous.nextKey, undefined, true)
  if (rest.settled.length > 0 || rest.tailDefinitions.length > 0) return undefined
  if (rest.tail.some((each) => each.footnoteLabels)) return undefined
  return { ...previous, text, tail: [first, ...rest.tail], tailLeaf: rest.tailLeaf, nextKey: rest.nextKey }
}

/** A line ending, then a complete blank line (a CR followed by a LF is one line ending, not two). */
const lineEndThenBlankLine = /[ \t]*(?:\r\n|\r(?!\n)|\n)[ \t]*(?:\r\n|\r(?!\n)|\n)/y

const nonBlankCharacter = /[^ \t\r\n]/

const listItemStart = /[-+*0-9]/

const lineSpace = /[ \t]*/y

/** Whether the tail block is one top-level fenced code block its closing fence line closed. */
function isClosedFence(tail: MarkdownBlock, leaf: TailLeaf): boolean {
  return tail.type === 'code' && leaf.fence !== undefined && isTopLevel(tail, leaf) && isClosedFencedCode(tail.text)
}

/** `block` with `text`, its own text and blank lines after it, keeping the trees it kept. */
function endedAs(block: MarkdownBlock, text: string): MarkdownBlock {
  const ended = text === block.text ? block : { ...block, text }
  if (ended !== block) keepTreesOf(block, ended)
  blankLineEnds.add(ended)
  return ended
}

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
  if (lineEnds(region, next.lineStart)) return settledFirst(previous, text, ended, after)
  // The next block's first line is the text's last: nothing after the list settles yet.
  return keptFirst(previous, text, ended, after, listEnd)
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
  const grownFence = own && quoteFenceGrown(own, source, grownText)
  const made = grownFence
    ? { tree: grownFence, leaf: tailLeafOf(grownText, grownFence.children[0]) }
    : quoteTreeRewritten(own ?? repaired!.tree, source, change, parse, true)
  if (!made || !('leaf' in made)) return undefined
  const grownBlock = { ...last, text: grownText }
  renderedTrees.set(grownBlock, made.tree)
  return { ...previous, text, tail: [grownBlock], tailLeaf: made.leaf }
}

/**
 * Rewrites: new text that does not extend the old one (an edit, a clear, a replacement, a rollback).
 * The blocks before the first difference and after the last one are kept, shifted, and only the
 * region between is parsed again, widened to block boundaries. A change of words alone patches the
 * trees of the blocks it touches (`wordRewrite`); a change inside one block takes that block's own
 * path (`in-place-rewrites.ts`).
 */

import { fencedCode, firstLineEnd, hasBlankLastLine, letterStartedLine, lineEnds, nonBlank } from './block-lines'
import { blockTrees, hasKeptTree, prefixedTrees, renderedTrees, repairedTrees } from './block-trees'
import { type LabelsDefinedElsewhere, labelsForRewrite, noLabelsElsewhere } from './defined-labels'
import {
  codeContentRewrite,
  codeOffsets,
  htmlContentRewrite,
  listItemRewrite,
  onDelimiterRow,
  paddingRewrite,
  quoteChildRewrite,
  rewriteBlocksInPlace,
  tableRowRewrite,
} from './in-place-rewrites'
import { definesLabel } from './link-definitions'
import { keepStreamingList, shiftedStreamingList, streamingListOf } from './list-items'
import { parsesWithDefinitions } from './markdown-syntax'
import { closedTail, parseRegion, splitRegion, withDefinitions } from './split-region'
import {
  type BlockPage,
  blockAt,
  blockPageSize,
  changedBlock,
  definitionsIn,
  documentFootnoteLabels,
  footnoteBlocksIn,
  hasFootnoteDefinitions,
  locate,
  type MarkdownBlock,
  type SplitState,
  settledBlocks,
  truncated,
  withSettledTail,
} from './split-state'
import { applyTextChanges, shiftedOffset, shiftedStart, type TextChange } from './text-changes'
import { sharedLengthFrom, sharedPrefixLength, sharedSuffixLength } from './text-comparison'
import { lineEndingLength } from './top-level-blocks'
import { type BlockWordChange, changesInBlock, patchSyntaxTree, type WordChange, wordChanges } from './word-rewrite'

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
    isDefinedLabel: definesLabel(previous.definitions),
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

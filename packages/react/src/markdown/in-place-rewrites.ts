/**
 * Rewrites confined to one block that move no block boundary: inside a fence's code, an HTML block,
 * a block quote's children, a list item, a table row, or a table's padding. Each checks that the
 * change cannot restructure the block, makes the block's new tree from the one it rendered from
 * where it can, and replaces the block in place, so every block keeps its key. Undefined when the
 * change is not of its kind.
 */

import {
  beforeLineEnding,
  blankLine,
  blankLineAfter,
  blankLineWithin,
  blankText,
  codeContentLine,
  endMarkerHtml,
  fencedCode,
  firstLineEnd,
  itemContentStart,
  leadingBlank,
} from './block-lines'
import { renderedAs, renderedTrees, repairedTrees } from './block-trees'
import { codeTreeOf, isTableRow, lastLineStart, lastRowLeaf, tableHead } from './grow-tail'
import { keepStreamingList, rewrittenItems, streamingListOf, taskCheckbox } from './list-items'
import { quoteTreeRewritten } from './quote-children'
import {
  type BlockPage,
  blocksOfPages,
  changedBlock,
  hasFootnoteDefinitions,
  type MarkdownBlock,
  type SplitState,
} from './split-state'
import { type PaddingChange, paddingChanges, shiftSyntaxTree, tablePaddingInBlock } from './table-padding'
import { applyTextChanges, shiftedOffset, type TextChange } from './text-changes'
import { extendsText, hasTextAt, sharedPrefixLength } from './text-comparison'
import { lineFeeds, lineStartBefore, parseTopLevelBlocks } from './top-level-blocks'
import type { WordChange } from './word-rewrite'

/**
 * A rewrite that only re-pads top-level tables (`table-padding.ts`): no block boundary moves, every
 * block keeps its key, and a changed table renders as its previous text (`renderedAs`), so it is not
 * rendered again at all; the tree it rendered from, if kept, is shifted to the new text for later
 * word rewrites. Undefined when the rewrite is not of that kind.
 */
export function paddingRewrite(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
): SplitState | undefined {
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
export function rewriteBlocksInPlace<Change extends { readonly from: number; readonly to: number }>(
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

/** The lines of `changed` that text inserted at `from` (`length` characters) touches, up to `end` at most. */
function touchedLines(changed: string, from: number, length: number, end: number): string[] {
  const lineEnd = changed.indexOf('\n', from + length)
  return changed
    .slice(lineStartBefore(changed, from), Math.min(lineEnd < 0 ? changed.length : lineEnd, end))
    .split('\n')
}

/**
 * The block of `type` where the one changed region of a rewrite to `text` (after `prefix`, before
 * `suffix`) starts: the region in the block (`from`, `to`), and the change in the whole text (whose
 * `insert` is the text inserted there).
 */
function changedRegion(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
  all: readonly MarkdownBlock[],
  type: string,
): { block: MarkdownBlock; from: number; to: number; change: TextChange } | undefined {
  const { index, start } = changedBlock(all, 0, 0, prefix)
  const block = all[index]
  if (block?.type !== type) return undefined
  const to = previous.text.length - suffix
  const change = { from: prefix, to, insert: text.slice(prefix, text.length - suffix) }
  return { block, from: prefix - start, to: to - start, change }
}

/** `previous` with `change` (to `text`) made in `block` alone, which becomes `replacement`: no other block moves or changes. */
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
export function codeContentRewrite(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
  all: readonly MarkdownBlock[],
): SplitState | undefined {
  const region = changedRegion(previous, text, prefix, suffix, all, 'code')
  if (!region) return undefined
  const { block, from, to, change } = region
  const inserted = change.insert
  const old = block.text
  const code = to <= old.length ? fencedCode(old) : undefined
  if (!code || from < code.contentStart) return undefined
  const { contentStart, lastEnd } = code
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
  return withBlockReplaced(previous, text, change, block, replacement)
}

/**
 * A rewrite inside a top-level HTML block that a blank line ends (CommonMark's kinds 6 and 7; not
 * one opened by `<script`, `<pre`, `<style`, `<textarea`, `<!` or `<?`, which end at markers of their
 * own), below its first line and before that blank line, that leaves no line it touches blank: the
 * block starts as it did and ends where it did, so no block boundary moves, every block keeps its
 * key, and its HTML node is its lines, verbatim (a tag or word deleted in a table of contributors
 * parsed the whole block). The tree it rendered from gets the new lines. Undefined otherwise.
 */
export function htmlContentRewrite(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
  all: readonly MarkdownBlock[],
): SplitState | undefined {
  const region = changedRegion(previous, text, prefix, suffix, all, 'html')
  if (!region) return undefined
  const { block, from, to, change } = region
  const inserted = change.insert
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
  return withBlockReplaced(previous, text, change, block, replacement)
}

/**
 * A rewrite inside a top-level block quote, made in its children (`quoteTreeRewritten`): the quote
 * starts and ends where it did, so no block boundary moves and every block keeps its key; the trees
 * it rendered from (its own, and a streaming tail's repaired one) are given the new children. Not in
 * a document with link or footnote definitions (the quote's references would resolve elsewhere).
 * Undefined otherwise.
 */
export function quoteChildRewrite(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
  all: readonly MarkdownBlock[],
): SplitState | undefined {
  if (previous.hasDefinitions || hasFootnoteDefinitions(previous)) return undefined
  const region = changedRegion(previous, text, prefix, suffix, all, 'blockquote')
  if (!region) return undefined
  const { block, from, to, change: textChange } = region
  if (block.definitions.length > 0 || block.footnoteLabels) return undefined
  // The last block of the text: a change in the quote's last child is made too (its innermost block,
  // the tail's leaf, read from the parse); otherwise the tail's leaf lies in a later child, and moves.
  const atEnd = block === all[all.length - 1]
  const leaf = block === previous.tail[previous.tail.length - 1] ? previous.tailLeaf : undefined
  const change = { from, to, insert: textChange.insert }
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
  const tailLeaf = lastChanged
    ? ownTree.leaf
    : leaf && { ...leaf, start: leaf.start + change.insert.length - (to - from) }
  if (ownTree) renderedTrees.set(replacement, ownTree.tree)
  if (repairedTree)
    repairedTrees.set(replacement, { source: applyTextChanges(repaired!.source, [change]), tree: repairedTree.tree })
  const replaced = withBlockReplaced(previous, text, textChange, block, replacement)
  return replaced && (leaf || lastChanged) ? { ...replaced, tailLeaf } : replaced
}

/**
 * `inCode` for a word scan of a state's text (`WordScanOptions`): the code of its top-level fences
 * that start their line, closed, or open at the end of the text. Found at the first question.
 */
export function codeOffsets(all: readonly MarkdownBlock[]): (offset: number) => boolean {
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
export function listItemRewrite(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
): SplitState | undefined {
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

/**
 * A rewrite inside the body rows of a streaming table that is the whole tail: rows inserted, removed
 * or changed. Each line of a table body is one row, whatever the lines around it, unless it is blank
 * or starts another block; so while every line the change touches is such a row, the table keeps
 * its boundaries, its head, and the rows outside the change, and nothing but its last row is parsed
 * (for the cell at the end). Rows are rendered by pages cut by their text (`StreamingTable`), so
 * only the pages the change touches render again.
 */
export function tableRowRewrite(
  previous: SplitState,
  text: string,
  prefix: number,
  suffix: number,
): SplitState | undefined {
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
export function onDelimiterRow(block: string, changes: readonly WordChange[]): boolean {
  const head = tableHead(block)
  if (!head) return true
  const delimiterStart = lineStartBefore(block, beforeLineEnding(block, head.bodyStart))
  return changes.some((change) => change.to >= delimiterStart && change.from < head.bodyStart)
}

/**
 * Appends that only continue the tail's last leaf (paragraph text, a line of fenced or indented
 * code, a heading's text, a table row, a line of an HTML block): the tail block grows without a
 * parse, and the code trees it rendered from grow with it.
 */

import type { Root } from 'mdast'
import {
  atxHeadingLine,
  beforeLineEnding,
  blankLine,
  blockTagStart,
  codeContentLine,
  completeBlankLine,
  indentedCodeLine,
  nonBlankLine,
  paragraphContinuationLine,
  paragraphTextLine,
  startsSyntaxBlock,
  tableRowLine,
  topLevelIndent,
} from './block-lines'
import { renderedTrees } from './block-trees'
import { keepStreamingList, streamingListOf } from './list-items'
import type { MarkdownSyntax } from './markdown-syntax'
import type { MarkdownBlock, SplitState } from './split-state'
import { extendsText } from './text-comparison'
import { lineFeeds, lineStartBefore, parseTopLevelBlocks } from './top-level-blocks'

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
  // The code before goes on with the line ending the text has there (a CRLF blank line keeps its CR).
  const joint = block.text.slice(beforeLineEnding(block.text, from), from)
  const lastLine = withoutCodeIndent(block.text.slice(from, end.offset))
  let before: string | undefined
  if (lastLine === '') {
    // Such a line after blank lines ending in a CR gets a value micromark's own way (`code\r  \n    `
    // drops the CR line): that code is parsed.
    if (carriageReturnInBlankRunBefore(block.text, from)) return
    before = node.value
  } else if (from > start.offset) {
    if (!node.value.endsWith(joint + lastLine)) return
    before = node.value.slice(0, node.value.length - joint.length - lastLine.length)
  }
  const after = block.text.slice(from)
  if (after.includes('\r')) return
  const lines = after.split('\n')
  let lastIndented = -1
  for (let index = 0; index < lines.length; index++) if (indentedCodeLine.test(lines[index]!)) lastIndented = index
  if (lastIndented < 0) return
  const endsBare = withoutCodeIndent(lines[lastIndented]!) === ''
  const code = lines.slice(0, endsBare ? lastIndented : lastIndented + 1).map(withoutCodeIndent)
  const value = before === undefined ? code.join('\n') : code.length === 0 ? before : before + joint + code.join('\n')
  let offset = from + lastIndented
  for (let index = 0; index <= lastIndented; index++) offset += lines[index]!.length
  const position = { start, end: { line: end.line + lastIndented, column: lines[lastIndented]!.length + 1, offset } }
  renderedTrees.set(block, { type: 'root', children: [{ ...node, value, position }] })
}

/** Whether the blank lines (and line endings) right before `at` hold a carriage return. */
function carriageReturnInBlankRunBefore(text: string, at: number): boolean {
  for (let index = at - 1; index >= 0; index--) {
    const code = text.charCodeAt(index)
    if (code === 13) return true
    if (code !== 10 && code !== 32 && code !== 9) return false
  }
  return false
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
export function codeTreeOf(
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
export function lastLineStart(text: string): number {
  return lineStartBefore(text, beforeLineEnding(text, text.length))
}

export function isTableRow(syntax: MarkdownSyntax, line: string): boolean {
  return tableRowLine.test(line) && !startsSyntaxBlock(syntax, line)
}

/**
 * The innermost cell at the end of the table block `block` (for the tail repair), from a parse of
 * its header and delimiter rows with the row holding the end of the text (or, after a final line
 * ending, the row before it): the header fixes the columns, and a row's cells depend on nothing else.
 */
export function lastRowLeaf(block: string, head: { start: number; bodyStart: number }, syntax: MarkdownSyntax) {
  const lastRowStart = lastLineStart(block)
  if (lastRowStart < head.bodyStart) return undefined
  const parsed = parseTopLevelBlocks(`${block.slice(head.start, head.bodyStart)}${block.slice(lastRowStart)}`, syntax)
  const leaf = parsed.leaf
  if (parsed.blocks.length !== 1 || parsed.blocks[0]!.type !== 'table' || leaf?.type !== 'tableCell') return undefined
  return { ...leaf, start: leaf.start + lastRowStart - (head.bodyStart - head.start) }
}

/**
 * Where a table block's header row starts and its body (the line after the delimiter row) starts.
 * The block may open with blank lines, spaces and tabs included: the header row is its first line
 * that is not blank.
 */
export function tableHead(block: string): { start: number; bodyStart: number } | undefined {
  const content = block.search(/[^ \t\r\n]/)
  if (content < 0) return undefined
  const start = lineStartBefore(block, content)
  const delimiter = /\r\n?|\n/g
  delimiter.lastIndex = start
  if (!delimiter.exec(block)) return undefined
  const bodyLineEnding = delimiter.exec(block)
  return bodyLineEnding ? { start, bodyStart: bodyLineEnding.index + bodyLineEnding[0].length } : undefined
}

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

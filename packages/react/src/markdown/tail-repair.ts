/**
 * Makes the unsettled last block of a streaming message render sensibly: hides a partial closing
 * code fence, a line holding only a list, heading, quote or setext/thematic-break marker, a task
 * checkbox or a link reference definition being typed, shows a table whose delimiter row has not
 * arrived (or is half typed) as a table, hides the cells of a header without a leading pipe until
 * the next line decides, and completes unfinished inline syntax (see `repairInline`). Runs only
 * while streaming; settled blocks are never repaired, nor a tail leaf nothing more can join (a
 * paragraph a blank line ended, a `#` heading or a table row its line ending did).
 */
import { codeSpanEnd, repairInline, runLength } from './inline-repair'
import { gfmSyntax, type MarkdownSyntax } from './markdown-syntax'
import { lineStartBefore, type TailLeaf } from './top-level-blocks'

// Quote and list markers, then at most a heading marker, a setext/thematic-break run, a partial ordered
// marker (digits) or a lone pipe: nothing that can be shown before the next character decides what it is.
// Each run of spaces and tabs is taken whole (`(?=([ \t]*))\1`: nothing after one starts with either, so
// this matches what the plain runs match); split at every place, a long run failed in quadratic time
// (150 ms for 20,000 spaces before a letter, on every chunk of such a line).
const markerOnlyLine =
  /^(?:(?=([ \t]*))\1>)*(?=([ \t]*))\2(?:(?:[-*+]|\d{1,9}[.)])(?:(?=([ \t]+))\3|$))*(?:#{1,6}|=+|-+|\*+|_+|\d{1,9}|\|)?(?=([ \t]*))\4$/
// A list item's `[`, `[ `, `[x`, `[ ]` with no text shown after: the final shows a checkbox, or the brackets.
const checkboxWithoutText = /^(?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)+\[(?:[ \txX](?:\][ \t]*)?)?$/
// `[label`, `[label]`, `[label]:` and a destination's `<`: the final shows nothing of a definition.
const definitionStart = /^\[(?:[^\\[\]]|\\[\s\S])*(?:\](?::[ \t]*(?:(?:\r\n?|\n)[ \t]*)?(?:<[^>\r\n]*)?)?)?$/
const delimiterRowPrefix = /^[ \t:|-]*$/
const tableHeaderCandidate = /^[ \t]{0,3}\|.*\S/
// A pipe ending the line that no backslash escapes: the cell before it is complete.
const closedCell = /(?:^|[^\\])(?:\\\\)*\|[ \t]*$/
// An odd run of backslashes at the end: the next character may be an escaped pipe.
const pendingEscape = /(?:^|[^\\])(?:\\\\)*\\$/
// A `#` heading (its node starts at the marker) and its line ending: a setext heading's text may not.
const atxHeadingLineEnded = /^[ \t]*#{1,6}(?:[ \t][^\r\n]*)?(?:\r\n?|\n)/
// A whole line of nothing but spaces, tabs and quote markers, its line ending typed.
const blankLineWithin = /(?:\r\n?|\n)[ \t>]*(?:\r\n?|\n)/

/**
 * `block` is the tail without its final line ending (the render drops it); `received` is the block as
 * it arrived, that line ending included, which tells whether a line ending or blank line has ended the leaf.
 */
export function repairTail(
  block: string,
  leaf: TailLeaf | undefined,
  syntax: MarkdownSyntax = gfmSyntax,
  received: string = block,
): string {
  const byExtension = leaf && syntax.repairBlock?.(block, leaf)
  if (byExtension !== undefined) return byExtension
  const lineStart = lineStartBefore(block, block.length)
  const lastLine = block.slice(lineStart)

  if (leaf?.type === 'code' || leaf?.type === 'html') {
    if (leaf.fence && lineStart > leaf.start && isClosingFencePrefix(lastLine, leaf.fence)) {
      return block.slice(0, lineStart)
    }
    return block
  }

  if ((leaf?.type === 'paragraph' || leaf?.type === 'heading') && !leafEnded(received, leaf)) {
    const lines = block.slice(leaf.start).split(/\r\n?|\n/)
    const header = lines[0] ?? ''
    // Without the quote markers that continue the header's container.
    const delimiter = lines[1]?.replace(/^[ \t]*(?:>[ \t]*)*/, '')
    // A `-` under the header line makes a setext heading until more of the delimiter row arrives.
    const headerLine = leaf.type === 'paragraph' ? lines.length <= 2 : lines.length === 2
    if (headerLine && (!delimiter || delimiterRowPrefix.test(delimiter))) {
      if (tableHeaderCandidate.test(header) && !delimiterRowPrefix.test(header)) {
        const repairedHeader = repairInline(withoutPendingEscape(header))
        if (!/[^\s|]/.test(repairedHeader)) return block.slice(0, leaf.start)
        // In a list item or quote the delimiter row goes on a continuation line of the same container.
        const container = block
          .slice(lineStartBefore(block, leaf.start), leaf.start)
          .replace(/[-*+]|\d{1,9}[.)]/g, (marker) => ' '.repeat(marker.length))
        return `${block.slice(0, leaf.start)}${repairedHeader}\n${container}${delimiterRow(repairedHeader)}`
      }
      // `a | b` may be a header (its cells) or text (the pipe too): show what both begin with.
      const pipe = firstCellPipe(header)
      if (pipe !== -1) return block.slice(0, leaf.start) + repairInline(header.slice(0, pipe))
    }
  }

  const paragraphOnLastLine = leaf?.type === 'paragraph' && leaf.start >= lineStart
  if (
    lastLine !== '' &&
    (markerOnlyLine.test(lastLine) || (paragraphOnLastLine && definitionStart.test(block.slice(leaf.start))))
  ) {
    const rest = block.slice(0, lineStart)
    return leaf && leaf.start < lineStart ? repairLeafText(rest, leaf, syntax, received) : rest
  }

  if (leaf?.type === 'tableCell') {
    // A finished cell (closing pipe or the row's line ending typed) needs nothing; an unfinished one
    // is repaired on its own.
    if (closedCell.test(lastLine) || received !== block) return block
    const cellStart = Math.max(leaf.start, lineStart)
    return block.slice(0, cellStart) + repairInline(withoutPendingEscape(block.slice(cellStart)))
  }

  return leaf ? repairLeafText(block, leaf, syntax, received) : block
}

function repairLeafText(block: string, leaf: TailLeaf, syntax: MarkdownSyntax, received: string): string {
  if ((leaf.type !== 'paragraph' && leaf.type !== 'heading') || leafEnded(received, leaf)) return block
  const leafText = block.slice(leaf.start)
  const text = syntax.repairText ? syntax.repairText(leafText, repairInline) : repairInline(leafText)
  // A task item's checkbox with no text yet (its text may start after the checkbox): hide the line.
  const lineStart = lineStartBefore(block, leaf.start)
  if (leaf.type === 'paragraph' && checkboxWithoutText.test(block.slice(lineStart, leaf.start) + text)) {
    return block.slice(0, lineStart)
  }
  return block.slice(0, leaf.start) + text
}

/**
 * Nothing more can join the leaf, so what it shows is final: a blank line (in a quote, one of markers
 * only) has ended the paragraph, or a line ending the `#` heading.
 */
function leafEnded(received: string, leaf: TailLeaf): boolean {
  if (leaf.type !== 'paragraph' && leaf.type !== 'heading') return false
  const text = received.slice(leaf.start)
  if (leaf.type === 'paragraph') return blankLineWithin.test(text)
  return atxHeadingLineEnded.test(text)
}

function isClosingFencePrefix(line: string, fence: '`' | '~'): boolean {
  const content = line.replace(/^(?:[ \t]*>)*[ \t]*/, '')
  return content.length > 0 && [...content].every((char) => char === fence)
}

/** Drops a backslash that may escape a pipe still to come (in a table, also inside a code span). */
function withoutPendingEscape(cell: string): string {
  return pendingEscape.test(cell) ? cell.slice(0, -1) : cell
}

/**
 * Offset of the first pipe in `line` that would split it into table cells, or -1. Pipes inside a
 * code span are not counted: `ls | wc` in backticks is prose far more often than a table header.
 */
function firstCellPipe(line: string): number {
  for (let at = 0; at < line.length; at++) {
    const char = line[at]
    if (char === '\\') at++
    else if (char === '|') return at
    else if (char === '`') {
      const end = codeSpanEnd(line, at)
      at = (end === -1 ? at + runLength(line, at) : end) - 1
    }
  }
  return -1
}

function delimiterRow(header: string): string {
  const cells = header
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
  return `|${cells.map(() => ' --- |').join('')}`
}

/**
 * What the splitter reads from single lines without a parse: blank lines, paragraph text no block
 * construct can start with, fence and table lines, where a block's first line ends. Each pattern
 * decides only what it can decide for certain; a line it cannot goes to the parser.
 */

import { htmlBlockNames } from 'micromark-util-html-tag-name'
import type { MarkdownSyntax } from './markdown-syntax'
import { lineEndingLength } from './top-level-blocks'

export const lineEndings = /\r\n|\r|\n/g

export const blankCharacter = /[ \t\r\n]/

/**
 * Line endings and blank lines, then a complete line that is not blank: the next block's first line.
 * A CR is a line ending alone only when no LF follows it: read as two, each CRLF doubled the ways a
 * run of blank lines could be split, so a run of 30 before a line still being typed took seconds.
 */
export const nextBlockLine = /((?:\r\n|\r(?!\n)|\n)(?:[ \t]*(?:\r\n|\r(?!\n)|\n))*)[ \t]*[^ \t\r\n][^\r\n]*[\r\n]/y

export const blankText = /^[ \t\r\n]*$/

/** An empty line, then a complete line that is not blank (the first line of the next block: what settles the one before). */
export const emptyLineThenContent = /(?:\r\n|\r|\n)[ \t]*[^ \t\r\n][^\r\n]*[\r\n]/y

/**
 * A block's first line starting, after at most three spaces, with a letter: no block construct
 * starts with one, so the line is paragraph text, or continues the block before it (lazily, or as
 * that block's content), whatever follows on it. Its first letter decides as much as the whole line
 * (often a long paragraph's only line) about where the blocks before it end.
 */
export const letterStartedLine = /^(?:\r\n|\r|\n)? {0,3}\p{L}/u

export const nonBlank = /[^ \t]/

const nonSpace = /\S/

/**
 * Whether `text` ends with a line of nothing but spaces and tabs after a line with content: a blank
 * line follows the content. Read back from the end: a pattern for it, tried at every character,
 * costs the square of a long line's length (20 ms for a 4 KB line).
 */
export function hasBlankLastLine(text: string): boolean {
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
export function firstLineEnd(block: string): number {
  const from = lineEndingLength(block, 0)
  lineEndings.lastIndex = from
  const match = lineEndings.exec(block)
  return match ? match.index : block.length
}

/** A line indented by four columns or more: a line of indented code whatever follows. */
export const indentedCodeLine = /^(?: {4}| {0,3}\t)/

/** The first line of an HTML block that ends at a marker of its own, not at a blank line (kinds 1 to 5). */
export const endMarkerHtml = /^ {0,3}<(?:[!?]|(?:script|pre|style|textarea)(?:[ \t>]|$))/i

/** A line ending, then a line of nothing but spaces and tabs, complete or last. */
export const blankLineAfter = /\n(?=[ \t]*(?:\n|$))/g

/**
 * The parts of a top-level fenced code block's text whose fence starts its line (not indented, so its
 * code is its lines verbatim): where the code starts (after the opening line), where the closing
 * line starts (undefined when left open; it is the block's last line, which a tail's line ending
 * may follow) and where that last line ends. Undefined for any other code block.
 */
export function fencedCode(
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
 * Whether `text` is one fenced code block starting its first line that its closing fence line closed,
 * blank lines aside after it (which are then no lines of its code). Read by line feeds: not with a
 * carriage return.
 */
export function isClosedFencedCode(text: string): boolean {
  return !text.includes('\r') && fencedCode(text.trimEnd())?.closingLine !== undefined
}

export const leadingBlank = /^[ \t\n]*/

/** A closing code fence (its run must be of the opening's character and at least as long). */
export const closingFenceLine = /^ {0,3}(`{3,}|~{3,})[ \t]*$/

export function fenceSize(text: string, fence: number): number {
  let size = 1
  while (text[fence + size] === text[fence]) size++
  return size
}

/** A list item's first line up to its content: indentation, the marker, the spaces after it, the first character. */
export const itemContentStart = /[ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]+[^ \t\r\n]/y

/** Two line endings with nothing but spaces between them. */
export const blankLineWithin = /(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)/

// Paragraph text starts with a character no block construct starts with (CommonMark and GFM:
// headings, fences, thematic breaks, quotes, list items, HTML, setext underlines, table delimiter
// rows, link and footnote definitions) and no link definition's title continues with.
/** A paragraph line, after its container markers (quote markers, list item markers). */
export const paragraphTextLine = /^(?:[ \t]{0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]+))*[^\s#`~*_+>=<|:\d['"(-]/u

/** Quote and list item markers at the start of a line. */
const containerMarkers = /^(?:[ \t]{0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]+))*[ \t]*/

/** Whether `line` (after its container markers) may start a block construct the syntax adds. */
export function startsSyntaxBlock(syntax: MarkdownSyntax, line: string): boolean {
  return syntax.blockStart?.test(line.replace(containerMarkers, '')) === true
}

/** A line that continues a paragraph (lazily inside quotes and list items): it cannot interrupt it. */
export const paragraphContinuationLine = /^[ \t]{0,3}[^\s#`~*_+>=<|:\d['"(-]/u

/** A table body row: starts with a pipe, or with a character no block construct starts with. */
export const tableRowLine = /^ {0,3}(?:\||[^\s#`~*_+>=<|:\d['"(-])/u

export const atxHeadingLine = /^[ \t]{0,3}#{1,6}[ \t]+\S/

/** Not blank. (CommonMark's blank lines hold only spaces and tabs; other whitespace counts as blank here, to be safe.) */
export const nonBlankLine = /\S/

export const blankLine = /^[ \t]*$/

export const completeBlankLine = /(?:\r\n|\r|\n)[ \t]*(?:\r|\n)/

/** The block-level tag names of CommonMark (section 4.6, kind 6; the parser's own list), followed by what must follow them. */
export const blockTagStart = new RegExp(`^</?(?:${htmlBlockNames.join('|')})(?:[ \\t>\\r\\n]|/>)`, 'i')

export const codeContentLine = /^[ \t]*[^ \t`~]/

export const topLevelIndent = /^ {0,3}$/

export const lineEnds = (text: string, from: number) => text.indexOf('\n', from) >= 0 || text.indexOf('\r', from) >= 0

/** The offset of the line ending just before `lineStart` (the start of a line). */
export function beforeLineEnding(text: string, lineStart: number): number {
  if (text[lineStart - 1] === '\n' && text[lineStart - 2] === '\r') return lineStart - 2
  return text[lineStart - 1] === '\n' || text[lineStart - 1] === '\r' ? lineStart - 1 : lineStart
}

/**
 * Container markers, then a letter, or a link's text (a bracket that opens no definition). A nested
 * ordered list opens in interrupt mode too, so only when it starts at 1: after another number
 * (`1. 3. a` right under a paragraph) the text is `3. a`, a list alone.
 */
const textAfterMarkers =
  /^[ \t]{0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]+|\[\^[^\]\s]+\]:[ \t]*)(?:[ \t]{0,3}(?:>[ \t]?|(?:[-+*]|1[.)])[ \t]+|\[\^[^\]\s]+\]:[ \t]*))*(?:\p{L}|\[(?!\^)[^\]\r\n]*\](?!:))/u

/** How many of a line's first characters `opensTextAfterMarkers` reads. */
export const lineOpeningLength = 120

/** Whether the line at `lineStart` opens text after its container markers (see `textAfterMarkers`). */
export function opensTextAfterMarkers(text: string, lineStart: number): boolean {
  return textAfterMarkers.test(text.slice(lineStart, lineStart + lineOpeningLength))
}

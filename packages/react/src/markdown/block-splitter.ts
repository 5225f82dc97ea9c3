/**
 * Incremental block splitter: cuts streamed markdown into top-level blocks whose rendering is
 * independent of the rest of the document, so settled blocks are rendered once and memoised.
 *
 * A block is settled when the first line of the next block is complete: CommonMark decides block
 * structure line by line, so once a later line has started a new top-level block nothing that
 * arrives afterwards can change the earlier one. Only the unsettled region (the last block or two)
 * is parsed again per chunk. When the new text extends the previous text, splitting continues from
 * the last settled boundary (or, when it only continues the last block, needs no parse at all:
 * `growTail`); any other change (a clear or a replacement) restarts from scratch.
 *
 * Link reference definitions resolve across blocks: the state carries the document's definitions,
 * which every block is rendered with. Footnotes are numbered and listed for the whole document, so
 * once it has a footnote definition the caller renders the whole text as one block
 * (`hasFootnoteDefinitions`).
 */

import { type DocumentDefinitions, documentDefinitions, type LinkDefinition, noDefinitions } from './link-definitions'
import type { TableRows } from './StreamingTable'
import {
  lineStartBefore,
  parseTopLevelBlocks,
  type SyntaxNode,
  type TailLeaf,
  type TopLevelBlock,
} from './top-level-blocks'

export interface MarkdownBlock {
  /** The exact source slice of the block, leading blank lines included. */
  readonly text: string
  /** mdast type of the block's top-level node (`paragraph`, `code`, `list`, …). */
  readonly type: string
  /**
   * Its render is preceded by a line ending: an earlier block renders something (react-markdown
   * separates top-level elements with one; definitions render nothing, so get none).
   */
  readonly separated: boolean
  /** Only link reference definitions (or blank): renders nothing. */
  readonly rendersNothing: boolean
  /**
   * Render this text as it is instead of parsing the block: set on a streaming tail that is one
   * HTML block, which react-markdown shows as its source text (raw HTML is not rendered).
   */
  readonly literal?: string
  /** Set on a streaming tail whose text is exactly what was parsed: render from this tree. */
  readonly syntax?: TailSyntax
  /** Set on a streaming tail that is a table with body rows: render the settled rows once (`StreamingTable`). */
  readonly tableRows?: TableRows
}

/** Top-level syntax nodes of the last tail block, with where the block starts in the parsed text. */
export interface TailSyntax {
  readonly nodes: readonly SyntaxNode[]
  /** Offset and (1-based) line of the block's first character in the parsed text. */
  readonly offset: number
  readonly line: number
}

/** Settled blocks are kept in fixed-size pages so a page, once full, never changes identity. */
export const blockPageSize = 64

export interface SplitState {
  readonly text: string
  /** Full pages of `blockPageSize` settled blocks, then the partial last page. */
  readonly settledPages: readonly (readonly MarkdownBlock[])[]
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
  /** The definitions in force in the whole text; the same object while they do not change. */
  readonly definitions: DocumentDefinitions
  /**
   * The same without tail definitions whose line has not ended: what blocks render with while
   * streaming. A definition being typed changes on every chunk, and each change makes every page
   * check whether it may use it; this way each definition changes them about once.
   */
  readonly streamingDefinitions: DocumentDefinitions
  /** The text has a link reference definition, or had a footnote definition since the last restart. */
  readonly hasDefinitions: boolean
  /** Sticky since the last restart: a footnote definition was seen, the whole text is one block. */
  readonly hasFootnoteDefinitions: boolean
}

const emptyState: SplitState = {
  text: '',
  settledPages: [],
  settledCount: 0,
  settledHasOutput: false,
  settledEnd: 0,
  tail: [],
  tailLeaf: undefined,
  settledDefinitions: [],
  definitions: noDefinitions,
  streamingDefinitions: noDefinitions,
  hasDefinitions: false,
  hasFootnoteDefinitions: false,
}

export function advanceSplit(previous: SplitState | undefined, text: string): SplitState {
  if (previous && previous.text === text) return previous
  // Compared once: over a long message this is a scan of the whole text.
  const extendsPrevious = previous !== undefined && text.startsWith(previous.text)
  return (extendsPrevious && growTail(previous, text, true)) || splitFrom(previous, text, extendsPrevious)
}

const lineEndings = /\r\n|\r|\n/g

/** Syntax trees of blocks from the parse that made them, until they are first rendered. */
const blockSyntax = new WeakMap<MarkdownBlock, TailSyntax>()

/**
 * The syntax tree of a block from the parse that made it, once: a block settled by that parse, or
 * the tail when it is one block (its start is then a settled boundary). A parse of the block alone
 * gives the same tree (nothing before or after a settled boundary changes how a block parses), so
 * its first render need not parse the text again. Later renders parse; taking it also drops it, so
 * the trees are not kept for as long as the blocks.
 */
export function takeBlockSyntax(block: MarkdownBlock): TailSyntax | undefined {
  const syntax = blockSyntax.get(block)
  if (syntax) blockSyntax.delete(block)
  return syntax
}

/** `advanceSplit` without the shortcut: always parses the unsettled region. */
export function splitFrom(
  previous: SplitState | undefined,
  text: string,
  extendsPrevious = previous !== undefined && text.startsWith(previous.text),
): SplitState {
  const base = previous && extendsPrevious ? previous : emptyState
  const regionStart = base.settledEnd
  const region = text.slice(regionStart)
  const parsed = parseTopLevelBlocks(region)
  const hasFootnoteDefinitions = base.hasFootnoteDefinitions || parsed.hasFootnoteDefinitions
  const lastLineEnd = Math.max(region.lastIndexOf('\n'), region.lastIndexOf('\r'))

  const nodes = parsed.blocks
  // Top-level nodes grouped into blocks: a block ends only where the parse of what follows cannot
  // depend on it (see `dependsOnPrevious`).
  const groupStarts: number[] = []
  for (let index = 0; index < nodes.length; index++) {
    if (index === 0 || !dependsOnPrevious(region, nodes[index - 1]!, nodes[index]!)) groupStarts.push(index)
  }
  // A block's slice ends before the line ending of its last line; that line ending (and any blank
  // lines) opens the next block. Alone, an HTML block or code fence left open in a list item would
  // take a final line ending as content, where in the whole document the next line closes it first.
  const starts = groupStarts.map((node) => (node === 0 ? 0 : beforeLineEnding(region, nodes[node]!.lineStart)))
  let hasOutput = base.settledHasOutput
  const blockAt = (group: number): MarkdownBlock => {
    const text = region.slice(starts[group], group + 1 < starts.length ? starts[group + 1] : region.length)
    const groupNodes = nodes.slice(groupStarts[group], groupStarts[group + 1] ?? nodes.length)
    const rendersNothing = text.trim() === '' || groupNodes.every((node) => node.type === 'definition')
    const block = { text, type: nodes[groupStarts[group]!]!.type, separated: hasOutput, rendersNothing }
    if (!rendersNothing) hasOutput = true
    return block
  }

  // A group's nodes with where it starts: its (1-based) line, counted on from the last group asked for.
  let linesBefore = 0
  let countedTo = 0
  const syntaxAt = (group: number): TailSyntax => {
    const offset = starts[group]!
    linesBefore += region.slice(countedTo, offset).match(lineEndings)?.length ?? 0
    countedTo = offset
    return { nodes: parsed.nodes.slice(groupStarts[group], groupStarts[group + 1]), offset, line: linesBefore + 1 }
  }
  // A block made here renders from this parse (`takeBlockSyntax`), unless a link definition in the
  // region resolved references in it: blocks render with the definitions known once their line ended.
  const reusable = !hasFootnoteDefinitions && nodes.every((node) => node.definitions.length === 0)

  let settledPages = base.settledPages
  let settledCount = base.settledCount
  let settledEnd = regionStart
  let settledDefinitions = base.settledDefinitions
  let group = 0
  while (group + 1 < groupStarts.length && nodes[groupStarts[group + 1]!]!.lineStart <= lastLineEnd) {
    const block = blockAt(group)
    if (reusable && !block.rendersNothing) blockSyntax.set(block, syntaxAt(group))
    settledPages = appendToPages(settledPages, settledCount, block)
    settledCount++
    settledEnd = regionStart + starts[group + 1]!
    group++
  }
  const settledHasOutput = hasOutput
  const tailNodes = group < groupStarts.length ? groupStarts[group]! : nodes.length
  const settledNow = nodes.slice(0, tailNodes).flatMap((node) => node.definitions)
  if (settledNow.length > 0) settledDefinitions = [...settledDefinitions, ...settledNow]
  const tailDefinitions = nodes.slice(tailNodes).flatMap((node) => node.definitions)
  const endedTailDefinitions = nodes
    .slice(tailNodes)
    .flatMap((node) => node.definitions.filter((_, index) => node.definitionEnds[index]! <= lastLineEnd))

  const tail: MarkdownBlock[] = []
  for (let index = group; index < groupStarts.length; index++) tail.push(blockAt(index))
  const lastTailStart = starts[starts.length - 1] ?? 0
  const leaf = parsed.leaf && { ...parsed.leaf, start: parsed.leaf.start - lastTailStart }
  // Only a tail of one block: its start is a settled boundary, so it parses alone as it did here
  // (between tail blocks the parse may still depend on the block before).
  const last = tail[tail.length - 1]
  if (tail.length === 1 && last && !last.rendersNothing) blockSyntax.set(last, syntaxAt(groupStarts.length - 1))

  return {
    text,
    settledPages,
    settledCount,
    settledHasOutput,
    settledEnd,
    tail,
    tailLeaf: leaf,
    settledDefinitions,
    definitions: documentDefinitions(previous?.definitions ?? noDefinitions, settledDefinitions, tailDefinitions),
    streamingDefinitions: documentDefinitions(
      previous?.streamingDefinitions ?? noDefinitions,
      settledDefinitions,
      endedTailDefinitions,
    ),
    hasDefinitions: settledDefinitions.length > 0 || tailDefinitions.length > 0 || hasFootnoteDefinitions,
    hasFootnoteDefinitions,
  }
}

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
  extendsPrevious = text.startsWith(previous.text),
): SplitState | undefined {
  if (previous.hasFootnoteDefinitions || !extendsPrevious) return undefined
  const added = text.slice(previous.text.length)
  const last = previous.tail[previous.tail.length - 1]
  const leaf = previous.tailLeaf
  if (!last || !leaf || last.rendersNothing) return undefined
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
  const paragraph = leaf.type === 'paragraph' && previous.text[leafStart] !== '[' && paragraphTextLine.test(line)
  const code =
    leaf.type === 'code' &&
    leaf.fence !== undefined &&
    last.type === 'code' &&
    lineStart > leafStart &&
    codeContentLine.test(line)
  const heading = !atLineStart && leaf.type === 'heading' && atxHeadingLine.test(line)
  if (!paragraph && !code && !heading) return undefined
  const segments = added.split(/\r\n?|\n/)
  const newLines = atLineStart ? segments : segments.slice(1)
  if (newLines.length > 0) {
    // A completed first line of a later tail block would settle the blocks before it.
    if (previous.tail.length !== 1) return undefined
    const continues = paragraph ? paragraphContinuationLine : code ? codeContentLine : undefined
    const final = newLines.length - 1
    if (!continues || !newLines.every((line, index) => (index === final && line === '') || continues.test(line))) {
      return undefined
    }
  }
  return grown(previous, text, added)
}

function grown(previous: SplitState, text: string, added: string, tailLeaf = previous.tailLeaf): SplitState {
  const last = previous.tail[previous.tail.length - 1]!
  const tail = [...previous.tail.slice(0, -1), { ...last, text: last.text + added }]
  return { ...previous, text, tail, tailLeaf }
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
  if (!rows.every((row, index) => (index === final && endsWithLineEnding) || tableRowLine.test(row))) return undefined
  // The row holding the end of the text (or, after a final line ending, the row before it).
  const lastRowStart = lineStartBefore(block, endsWithLineEnding ? beforeLineEnding(block, block.length) : block.length)
  const probe = `${block.slice(head.start, head.bodyStart)}${block.slice(lastRowStart)}`
  const parsed = parseTopLevelBlocks(probe)
  const leaf = parsed.leaf
  if (parsed.blocks.length !== 1 || parsed.blocks[0]!.type !== 'table' || leaf?.type !== 'tableCell') return undefined
  const shift = lastRowStart - (head.bodyStart - head.start)
  return grown(previous, text, added, { ...leaf, start: leaf.start + shift })
}

/** Where a table block's header row starts and its body (the line after the delimiter row) starts. */
export function tableHead(block: string): { start: number; bodyStart: number } | undefined {
  const start = block.search(/[^\r\n]/)
  if (start < 0) return undefined
  const delimiter = /\r\n?|\n/g
  delimiter.lastIndex = start
  if (!delimiter.exec(block)) return undefined
  const bodyLineEnding = delimiter.exec(block)
  return bodyLineEnding ? { start, bodyStart: bodyLineEnding.index + bodyLineEnding[0].length } : undefined
}

// Paragraph text starts with a character no block construct starts with (CommonMark and GFM:
// headings, fences, thematic breaks, quotes, list items, HTML, setext underlines, table delimiter
// rows, link and footnote definitions) and no link definition's title continues with.
/** A paragraph line, after its container markers (quote markers, list item markers). */
const paragraphTextLine = /^(?:[ \t]{0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]+))*[^\s#`~*_+>=<|:\d['"(-]/u
/** A line that continues a paragraph (lazily inside quotes and list items): it cannot interrupt it. */
const paragraphContinuationLine = /^[ \t]{0,3}[^\s#`~*_+>=<|:\d['"(-]/u
/** A table body row: starts with a pipe, or with a character no block construct starts with. */
const tableRowLine = /^ {0,3}(?:\||[^\s#`~*_+>=<|:\d['"(-])/u
const atxHeadingLine = /^[ \t]{0,3}#{1,6}[ \t]+\S/
/** Not blank. (CommonMark's blank lines hold only spaces and tabs; other whitespace counts as blank here, to be safe.) */
const nonBlankLine = /\S/

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

const completeBlankLine = /(?:\r\n|\r|\n)[ \t]*(?:\r|\n)/

/** The block-level tag names of CommonMark 0.31 (section 4.6, kind 6), followed by what must follow them. */
const blockTagStart = new RegExp(
  `^</?(?:${[
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt',
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link',
    'main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead',
    'title tr track ul',
  ]
    .join(' ')
    .replaceAll(' ', '|')})(?:[ \\t>\\r\\n]|/>)`,
  'i',
)
const codeContentLine = /^[ \t]*[^ \t`~]/

/**
 * Whether the parse of `node` (or of `previous`) depends on the two being parsed together:
 * - an HTML block or code in a list item or block quote ends where the next line closes its
 *   container, and whether it keeps its last line ending depends on what that next line is;
 * - micromark parses a node differently after an indented code block (an empty nested list item
 *   followed by a lazy line becomes paragraph text);
 * - a node interrupting paragraph text without a blank line is parsed in "interrupt" mode (an empty
 *   nested list item cannot interrupt a paragraph, so it stays text).
 * Such nodes share a block.
 */
function dependsOnPrevious(text: string, previous: TopLevelBlock, node: TopLevelBlock): boolean {
  if (previous.indentedCode) return true
  if (
    previous.type !== previous.lastLeafType &&
    (previous.lastLeafType === 'html' || previous.lastLeafType === 'code')
  ) {
    return true
  }
  if (previous.lastLeafType !== 'paragraph') return false
  const lineEnd = beforeLineEnding(text, node.lineStart)
  return !/^[ \t]*$/.test(text.slice(lineStartBefore(text, lineEnd), lineEnd))
}

/** The offset of the line ending just before `lineStart` (the start of a line). */
export function beforeLineEnding(text: string, lineStart: number): number {
  if (text[lineStart - 1] === '\n' && text[lineStart - 2] === '\r') return lineStart - 2
  return text[lineStart - 1] === '\n' || text[lineStart - 1] === '\r' ? lineStart - 1 : lineStart
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

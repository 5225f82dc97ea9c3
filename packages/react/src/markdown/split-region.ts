/**
 * Parsing a region of the text into top-level blocks (`parseRegion`) and joining them to a state
 * (`splitRegion`): what every append and rewrite comes down to when no shortcut applies. A region
 * starts at a settled boundary; nodes whose parse depends on the node before them
 * (`dependsOnPrevious`) share a block.
 */

import {
  beforeLineEnding,
  blankText,
  blockTagStart,
  emptyLineThenContent,
  isClosedFencedCode,
  lineEndings,
  lineEnds,
  opensTextAfterMarkers,
} from './block-lines'
import { blockTrees, definedTrees } from './block-trees'
import { type LabelsDefinedElsewhere, mayUseAny, noLabelsElsewhere } from './defined-labels'
import { documentDefinitions, type LinkDefinition, labelSearchKey, noDefinitions } from './link-definitions'
import { keepStreamingList, streamingList } from './list-items'
import { gfmSyntax, type MarkdownSyntax } from './markdown-syntax'
import {
  appendToPages,
  type BlockSyntax,
  emptyState,
  footnoteBlocksIn,
  hasFootnoteDefinitions,
  type MarkdownBlock,
  type SplitState,
  settledBlocks,
} from './split-state'
import { extendsText, hasTextAt } from './text-comparison'
import {
  lineEndingLength,
  lineStartBefore,
  parseTopLevelBlocks,
  type TailLeaf,
  type TopLevelBlock,
} from './top-level-blocks'

/**
 * Splits `text` from the last settled boundary of `previous` when it extends its text, from the
 * start otherwise (always parsing the unsettled region: `advanceSplit` without its shortcuts).
 */
export function splitFrom(
  previous: SplitState | undefined,
  text: string,
  extendsPrevious = previous !== undefined && extendsText(text, previous.text),
  syntax: MarkdownSyntax = previous?.syntax ?? gfmSyntax,
): SplitState {
  if (previous && extendsPrevious && previous.syntax === syntax) {
    return splitRegion(previous, previous, text, previous.tail)
  }
  const restart: SplitState = previous
    ? {
        ...emptyState,
        syntax,
        nextKey: previous.nextKey,
        tailPageKey: previous.settledPages[0]?.key ?? previous.tailPageKey,
        nextPageKey: previous.nextPageKey,
      }
    : { ...emptyState, syntax }
  return splitRegion(restart, previous, text, previous ? [...settledBlocks(previous), ...previous.tail] : [])
}

/** Blocks parsed from one region of the text, before they join the pages or the tail. */
interface ParsedRegion {
  /** Complete blocks: every block whose end the region's text has settled. */
  readonly settled: MarkdownBlock[]
  /** The rest: blocks that may still change (empty when the region was cut at a settled boundary). */
  readonly tail: MarkdownBlock[]
  readonly tailLeaf: TailLeaf | undefined
  readonly tailDefinitions: LinkDefinition[]
  readonly endedTailDefinitions: LinkDefinition[]
  /** Whether the region's settled blocks render something, or something before them does. */
  readonly hasOutput: boolean
  /** Start of the first tail block in the region (0 when the region has no block: it is blank). */
  readonly tailStart: number
  readonly nextKey: number
}

/**
 * Parses `region` (which starts at a settled boundary) into blocks that replace `replaced`. The
 * last blocks whose texts equal the last replaced blocks' keep their keys (a rewrite that inserts a
 * block before them); the others take the remaining replaced blocks' keys in order (an edited block,
 * a re-streamed message), then new ones from `nextKey`. A block equal to the one whose key it takes
 * is that very object, so it is not rendered again. `afterTail`: a tail block is before the region.
 */
export function parseRegion(
  syntax: MarkdownSyntax,
  region: string,
  hasOutputBefore: boolean,
  replaced: readonly MarkdownBlock[],
  nextKey: number,
  elsewhere: LabelsDefinedElsewhere = noLabelsElsewhere,
  afterTail = false,
): ParsedRegion & { lastBlockStart: number; nodes: readonly TopLevelBlock[]; groupStarts: number[] } {
  const parsed = parseTopLevelBlocks(region, syntax, elsewhere)
  const lastLineEnd = Math.max(region.lastIndexOf('\n'), region.lastIndexOf('\r'))

  const nodes = parsed.blocks
  // Top-level nodes grouped into blocks: a block ends only where the parse of what follows cannot
  // depend on it (see `dependsOnPrevious`).
  // A block's slice ends before the line ending of its last line; that line ending (and any blank
  // lines) opens the next block. Alone, an HTML block or code fence left open in a list item would
  // take a final line ending as content, where in the whole document the next line closes it first.
  // A node whose slice would be empty (a setext heading after a definition starts where the
  // definition does) joins the group before it.
  const groupStarts: number[] = []
  const starts: number[] = []
  for (let index = 0; index < nodes.length; index++) {
    if (index > 0 && dependsOnPrevious(region, nodes[index - 1]!, nodes[index]!)) continue
    const start = index === 0 ? 0 : beforeLineEnding(region, nodes[index]!.lineStart)
    if (index > 0 && start <= starts[starts.length - 1]!) continue
    groupStarts.push(index)
    starts.push(start)
  }
  const textAt = (group: number) => region.slice(starts[group], starts[group + 1] ?? region.length)
  const groups = groupStarts.length
  let matched = 0
  while (
    matched < replaced.length &&
    matched < groups &&
    textAt(groups - 1 - matched) === replaced[replaced.length - 1 - matched]!.text
  ) {
    matched++
  }
  const counterpart = (group: number): MarkdownBlock | undefined =>
    group >= groups - matched
      ? replaced[replaced.length - (groups - group)]
      : group < replaced.length - matched
        ? replaced[group]
        : undefined

  // Only the last node can start on the text's last line: the last block awaits that line when it
  // holds the node only because the line is not complete yet (`dependsOnPrevious`).
  const lastIndex = nodes.length - 1
  const lastAwaitsLine =
    lastIndex > 0 &&
    groupStarts[groups - 1]! < lastIndex &&
    nodes[lastIndex]!.lineStart > lastLineEnd &&
    (nodes[lastIndex - 1]!.indentedCode || interruptsOnFirstLine(region, nodes[lastIndex - 1]!, nodes[lastIndex]!))

  let hasOutput = hasOutputBefore
  const blockAt = (group: number): MarkdownBlock => {
    const text = textAt(group)
    const groupNodes = nodes.slice(groupStarts[group], groupStarts[group + 1] ?? nodes.length)
    const rendersNothing = text.trim() === '' || groupNodes.every((node) => rendersInPlaceNothing.has(node.type))
    const definitions = groupNodes.flatMap((node) => node.definitions)
    const footnoteLabels = groupNodes.flatMap((node) => node.footnoteLabels)
    const old = counterpart(group)
    const block: MarkdownBlock = {
      key: old ? old.key : nextKey++,
      text,
      type: nodes[groupStarts[group]!]!.type,
      separated: hasOutput,
      rendersNothing,
      definitions: definitions.length > 0 ? definitions : noBlockDefinitions,
      ...(footnoteLabels.length > 0 && { footnoteLabels }),
      ...(group === groups - 1 && lastAwaitsLine && { awaitsLine: true as const }),
    }
    if (!rendersNothing) hasOutput = true
    return old && sameBlock(old, block) ? old : block
  }

  // A group's nodes with where it starts: its (1-based) line, counted on from the last group asked for.
  let linesBefore = 0
  let countedTo = 0
  const syntaxAt = (group: number): BlockSyntax => {
    const offset = starts[group]!
    linesBefore += region.slice(countedTo, offset).match(lineEndings)?.length ?? 0
    countedTo = offset
    return { nodes: parsed.nodes.slice(groupStarts[group], groupStarts[group + 1]), offset, line: linesBefore + 1 }
  }
  // A block made here renders from this parse (`takeBlockSyntax`), unless a link definition in the
  // region resolved references in it: blocks render with the definitions known once their line ended.
  const reusable = nodes.every((node) => node.definitions.length === 0)
  // Nor may a label defined in another part of the document, or a footnote defined in the region,
  // have resolved a reference or a footnote call in it: it renders with the document's definitions.
  const withFootnotes = parsed.hasFootnoteDefinitions || elsewhere.footnotes.length > 0
  const dependsOnLabels = (block: MarkdownBlock) =>
    (withFootnotes && block.text.includes('[^')) ||
    (elsewhere.links.length > 0 && block.text.includes('[') && mayUseAny(labelSearchKey(block.text), elsewhere.links))
  const keepTree = (block: MarkdownBlock, group: number) => {
    if (!reusable) return
    if (dependsOnLabels(block)) {
      if (parsed.defined) definedTrees.set(block, { syntax: syntaxAt(group), defined: parsed.defined })
    } else if (!block.rendersNothing) blockTrees.set(block, syntaxAt(group))
  }

  const settled: MarkdownBlock[] = []
  let group = 0
  while (group + 1 < groupStarts.length && nodes[groupStarts[group + 1]!]!.lineStart <= lastLineEnd) {
    const block = blockAt(group)
    if (block !== counterpart(group)) keepTree(block, group)
    settled.push(block)
    group++
  }
  const hasOutputAfterSettled = hasOutput
  const tailNodes = group < groupStarts.length ? groupStarts[group]! : nodes.length
  const tailDefinitions = nodes.slice(tailNodes).flatMap((node) => node.definitions)
  const endedTailDefinitions = nodes
    .slice(tailNodes)
    .flatMap((node) => node.definitions.filter((_, index) => node.definitionEnds[index]! <= lastLineEnd))

  const tail: MarkdownBlock[] = []
  for (let index = group; index < groupStarts.length; index++) tail.push(blockAt(index))
  for (let index = group; index < groupStarts.length - 1; index++) {
    const node = nodes[groupStarts[index]!]!
    if (groupStarts[index + 1]! - groupStarts[index]! === 1 && endsAtBlankLine(node, region, textAt(index)))
      blankLineEnds.add(tail[index - group]!)
  }
  const lastBlockStart = starts[starts.length - 1] ?? 0
  const tailLeaf = parsed.leaf && { ...parsed.leaf, start: parsed.leaf.start - lastBlockStart }
  // Only a tail of one block: its start is a settled boundary, so it parses alone as it did here
  // (between tail blocks the parse may still depend on the block before).
  const last = tail[tail.length - 1]
  const alone = tail.length === 1 && !afterTail
  if (alone && last && last !== counterpart(groups - 1)) keepTree(last, groupStarts.length - 1)
  // A tail that is one list grows item by item (`growList`).
  const lastNode = parsed.nodes[nodes.length - 1]
  if (alone && last && lastNode?.type === 'list' && groupStarts[groups - 1] === nodes.length - 1) {
    const list = last.definitions.length === 0 && streamingList(lastNode, region, lastBlockStart, syntax)
    if (list) keepStreamingList(last, list)
  }
  return {
    settled,
    tail,
    tailLeaf,
    tailDefinitions,
    endedTailDefinitions,
    hasOutput: hasOutputAfterSettled,
    tailStart: starts[group] ?? 0,
    nextKey,
    lastBlockStart,
    nodes,
    groupStarts,
  }
}

/**
 * Tail blocks but the last that a blank line ends whatever follows it (`endsAtBlankLine`): the state's
 * `tailLeaf` is the last block's, so it cannot tell for them (`blankLineEnded`).
 */
export const blankLineEnds = new WeakSet<MarkdownBlock>()

/**
 * Whether a blank line ends `node`, a top-level node of `region` alone in its block (`blockText`),
 * whatever follows the blank line: a paragraph, table, heading or thematic break, an HTML block of
 * CommonMark's kind 6, a fence its closing line closed.
 */
function endsAtBlankLine(node: TopLevelBlock, region: string, blockText: string): boolean {
  if (endedLeafTypes.has(node.type)) return true
  if (node.type === 'html') return blockTagStart.test(region.slice(node.lineStart, node.lineStart + 64).trimStart())
  return node.type === 'code' && !node.indentedCode && isClosedFencedCode(blockText)
}

const endedLeafTypes = new Set(['paragraph', 'table', 'heading', 'thematicBreak'])

export const noBlockDefinitions: readonly LinkDefinition[] = []

/** Definitions render nothing where they are (a footnote's content renders in the list at the end). */
const rendersInPlaceNothing = new Set(['definition', 'footnoteDefinition'])

function sameBlock(a: MarkdownBlock, b: MarkdownBlock): boolean {
  return (
    a.text === b.text &&
    a.type === b.type &&
    a.separated === b.separated &&
    a.rendersNothing === b.rendersNothing &&
    a.awaitsLine === b.awaitsLine &&
    a.footnoteLabels?.length === b.footnoteLabels?.length &&
    a.definitions.length === b.definitions.length &&
    a.definitions.every(
      (definition, index) =>
        definition.identifier === b.definitions[index]!.identifier &&
        definition.url === b.definitions[index]!.url &&
        definition.title === b.definitions[index]!.title,
    )
  )
}

/**
 * Splits `text` from `base`'s last settled boundary (its settled blocks are kept; `text` starts with
 * its text up to that boundary): the region after it becomes new settled blocks and the tail. The
 * new blocks take the keys of `replaced` in order. `previous` is the state last rendered: its
 * definitions objects are kept while they do not change.
 */
export function splitRegion(
  base: SplitState,
  previous: SplitState | undefined,
  text: string,
  replaced: readonly MarkdownBlock[],
  elsewhere: LabelsDefinedElsewhere = noLabelsElsewhere,
): SplitState {
  const region = parseRegion(
    base.syntax,
    text.slice(base.settledEnd),
    base.settledHasOutput,
    replaced,
    base.nextKey,
    elsewhere,
  )
  const [pages, tailPageKey, nextPageKey] = appendToPages(
    base.settledPages,
    region.settled,
    base.tailPageKey,
    base.nextPageKey,
  )
  const settledNow = region.settled.flatMap((block) => block.definitions)
  const settledDefinitions =
    settledNow.length > 0 ? [...base.settledDefinitions, ...settledNow] : base.settledDefinitions
  return withDefinitions(previous, {
    ...base,
    text,
    settledPages: pages,
    settledCount: base.settledCount + region.settled.length,
    settledHasOutput: region.hasOutput,
    settledEnd: base.settledEnd + region.tailStart,
    tail: region.tail,
    tailLeaf: region.tailLeaf,
    settledDefinitions,
    tailDefinitions: region.tailDefinitions,
    endedTailDefinitions: region.endedTailDefinitions,
    settledFootnoteBlocks: base.settledFootnoteBlocks + footnoteBlocksIn(region.settled, 0, region.settled.length),
    nextKey: region.nextKey,
    tailPageKey,
    nextPageKey,
  })
}

/** `split` with its document definitions brought up to date (the same objects as `previous`'s while equal). */
export function withDefinitions(previous: SplitState | undefined, split: SplitState): SplitState {
  const { settledDefinitions, tailDefinitions, endedTailDefinitions } = split
  return {
    ...split,
    definitions: documentDefinitions(previous?.definitions ?? noDefinitions, settledDefinitions, tailDefinitions),
    streamingDefinitions: documentDefinitions(
      previous?.streamingDefinitions ?? noDefinitions,
      settledDefinitions,
      endedTailDefinitions,
    ),
    hasDefinitions: settledDefinitions.length > 0 || tailDefinitions.length > 0 || hasFootnoteDefinitions(split),
  }
}

/**
 * The tail, when `text` keeps it and closes it, so it settles as it is without a parse: one
 * top-level paragraph (its innermost last block is itself), table, HTML block that a blank line
 * ends (`blockTagStart`: a README's contributors table) or indented code, ending with a line ending,
 * unchanged in `text`, followed there by an empty line and then a line that is not blank (a sources
 * list appended after the last paragraph or table). A blank line closes a top-level paragraph, a
 * table or such an HTML block whatever follows, so it parses as it did at the end of the old text;
 * indented code, when that line is not indented as code and opens no list item (which micromark reads
 * differently after indented code, `dependsOnPrevious`). The next block starts right after it (a
 * block's slice ends before the line ending of its last line, here the empty line's).
 */
export function closedTail(previous: SplitState, text: string): MarkdownBlock | undefined {
  const tail = previous.tail[0]
  const leaf = previous.tailLeaf
  if (previous.tail.length !== 1 || !tail || !leaf) return undefined
  const code = tail.type === 'code' && isTopLevel(tail, leaf) && indentedCodeLine.test(leafLine(tail, leaf))
  if (!code && !endedByBlankLine(tail, leaf)) return undefined
  const end = previous.settledEnd + tail.text.length
  const last = tail.text.charCodeAt(tail.text.length - 1)
  if ((last !== 10 && last !== 13) || !hasTextAt(text, tail.text, previous.settledEnd)) return undefined
  // A carriage return whose line feed follows in the new text ends the same line.
  if (last === 13 && text.charCodeAt(end) === 10) return undefined
  const closing = code ? emptyLineThenUnindented : emptyLineThenContent
  closing.lastIndex = end
  if (!closing.test(text)) return undefined
  if (code && (endsBlankLine(tail.text) || opensListItem(text, end + lineEndingLength(text, end)))) return undefined
  return tail
}

/**
 * Whether a blank line ends `tail`, the state's only tail block, whatever follows the blank line:
 * one top-level paragraph, table, or HTML block of CommonMark's kind 6 (`blockTagStart`). Its nodes
 * are then the ones it has at the end of the text. `leaf` is the state's `tailLeaf`.
 */
export function endedByBlankLine(tail: MarkdownBlock, leaf: TailLeaf): boolean {
  if (tail.type === 'table') return leaf.type === 'tableCell'
  if (!isTopLevel(tail, leaf)) return false
  return tail.type === 'paragraph' || (tail.type === 'html' && blockTagStart.test(leafLine(tail, leaf).trimStart()))
}

/** Whether the tail block is one top-level node with no container: its innermost last block is itself. */
export function isTopLevel(tail: MarkdownBlock, leaf: TailLeaf): boolean {
  return leaf.type === tail.type && blankText.test(tail.text.slice(0, leaf.start))
}

/** The tail from the start of the line its innermost last block starts on. */
function leafLine(tail: MarkdownBlock, leaf: TailLeaf): string {
  return tail.text.slice(lineStartBefore(tail.text, leaf.start))
}

/** A line of indented code: four columns of indentation. */
const indentedCodeLine = /^(?: {4}| {0,3}\t)/

/** `emptyLineThenContent` whose line is not indented as code. */
const emptyLineThenUnindented = /(?:\r\n|\r|\n) {0,3}[^ \t\r\n][^\r\n]*[\r\n]/y

/** Whether the last line of `text` (before its final line ending) is blank. */
function endsBlankLine(text: string): boolean {
  const end = beforeLineEnding(text, text.length)
  return blankText.test(text.slice(lineStartBefore(text, end), end))
}

/**
 * Whether the parse of `node` (or of `previous`) depends on the two being parsed together:
 * - an HTML block or code in a list item or block quote ends where the next line closes its
 *   container, and whether it keeps its last line ending depends on what that next line is (not
 *   a fence its own closing line closed: `endsInFlowLeaf`);
 * - micromark parses the node after an indented code block as if it interrupted paragraph text: a
 *   list item there (an empty one, or one numbered from other than 1, in a quote or footnote too) is
 *   paragraph text; any other node parses as it does alone once its first line is complete. And it
 *   parses indented code differently after a list;
 * - a node interrupting paragraph text (or a link reference definition, which is paragraph text)
 *   without a blank line is parsed in "interrupt" mode (an empty nested list item cannot interrupt a
 *   paragraph, so it stays text), and an indented line after a definition whose title did not
 *   parse continues that paragraph; but a node that interrupts by its first line alone only
 *   while that line is the last (`interruptsOnFirstLine`).
 * Such nodes share a block.
 */
export function dependsOnPrevious(text: string, previous: TopLevelBlock, node: TopLevelBlock): boolean {
  if (previous.indentedCode) return !lineEnds(text, node.lineStart) || opensListItem(text, node.lineStart)
  // Indented code after a list: in the whole text micromark ends it at a blank line followed by a
  // line indented as far as the list item's content (two code blocks), alone it runs on (one).
  if (previous.type === 'list' && node.indentedCode) return true
  if (previous.endsInFlowLeaf) return true
  // A definition is paragraph text too: a line after it that is not blank continues it. A line right
  // after a block quote parses differently alone: after ` > # a`, two indented lines are two code
  // blocks in the whole text (micromark ends each at the quote's lazy-line check), one alone.
  const continued =
    previous.lastLeafType === 'paragraph' || previous.lastLeafType === 'definition' || previous.type === 'blockquote'
  if (!continued) return false
  const lineEnd = beforeLineEnding(text, node.lineStart)
  if (/^[ \t]*$/.test(text.slice(lineStartBefore(text, lineEnd), lineEnd))) return false
  // Paragraph text is interrupted by these on their first line alone: once that line is complete,
  // nothing after it changes what the paragraph was (a run of footnote definitions, a heading
  // right under a paragraph). While it is the last line, it may yet turn out to continue it.
  return !(interruptsOnFirstLine(text, previous, node) && lineEnds(text, node.lineStart))
}

/**
 * Whether `node` interrupts paragraph text that `previous` ends with by what its first line is, and
 * parses as it would alone: a heading, fence, thematic break or HTML block; a list, quote or footnote
 * definition when what its markers open on that line is text (micromark checks a block starting
 * there, such as an empty nested list item, in interrupt mode too). A table also needs its second line.
 */
function interruptsOnFirstLine(text: string, previous: TopLevelBlock, node: TopLevelBlock): boolean {
  if (previous.lastLeafType !== 'paragraph') return false
  if (leafInterrupters.has(node.type)) return true
  if (!containerInterrupters.has(node.type)) return false
  return opensTextAfterMarkers(text, node.lineStart)
}

/** Whether the line at `lineStart` opens a list item, after any quote or footnote markers. */
function opensListItem(text: string, lineStart: number): boolean {
  listItemOpening.lastIndex = lineStart
  return listItemOpening.test(text)
}

const listItemOpening = /(?:[ \t]*>|[ \t]*\[\^[^\]\r\n]*\]:)*[ \t]*(?:[-+*]|\d{1,9}[.)])(?:[ \t\r\n]|$)/y

const leafInterrupters = new Set(['heading', 'thematicBreak', 'code', 'html'])

const containerInterrupters = new Set(['list', 'blockquote', 'footnoteDefinition'])

/**
 * Footnotes resolve across the whole document, as link definitions do, and are also numbered in the
 * order of their first reference and listed once, after the last block. Each block still renders
 * alone:
 * - a block whose text may hold a reference (`[^`) is parsed with a stub definition of every
 *   footnote label it may use written before it, inside a block quote (`> [^label]: x`), which the
 *   blank line after it closes, so the block's own text parses as at the start of a document; the
 *   stub's node is dropped from the tree;
 * - the references of every such block are read from its tree in the order mdast-util-to-hast
 *   renders them, and counted through the document (`documentFootnotes`); a block renders with the
 *   numbering that the blocks before it leave (`FootnoteSeed`, read by `footnote-numbering.ts`), so
 *   its `sup` links are those of a render of the whole text;
 * - the list of footnotes is mdast-util-to-hast's own footer for a tree of those references and the
 *   document's definitions (`footnoteSection` in `footnote-numbering.ts`).
 * A block renders again when its text, or the numbering it reads, changes: a reference added at
 * the top renumbers the blocks after it that reference footnotes, not the others.
 */
import type { FootnoteDefinition, FootnoteReference, Nodes, Root, RootContent } from 'mdast'
import { definedTreeOf, renderedAsOf } from './block-trees'
import { definitionNodes, documentLabels } from './defined-labels'
import type { FootnoteList, FootnoteSeed } from './footnote-numbering'
import { reportMarkdownWork } from './instrumentation'
import { type DocumentDefinitions, definitionsPrefix, labelCase, labelSearchKey } from './link-definitions'
import { movedCopy, rootOf } from './markdown-pipeline'
import type { MarkdownSyntax } from './markdown-syntax'
import {
  documentFootnoteLabels,
  hasFootnoteDefinitions,
  type MarkdownBlock,
  type SplitState,
  settledBlocks,
} from './split-state'
import { lineFeeds } from './top-level-blocks'

/** How one block of a document with footnotes renders. */
export interface BlockFootnotes {
  /** What it is parsed from: the link definitions it may use, stub footnote definitions, its text. */
  readonly source: string
  /** The parse of `source` without the stubs, with the numbering it renders with. */
  readonly tree: Root
  /** The part of the numbering it reads: equal strings render the same. */
  readonly signature: string
}

export interface DocumentFootnotes {
  /** By the split's block (a streaming tail block: the splitter's, not its repaired copy). */
  readonly blocks: ReadonlyMap<MarkdownBlock, BlockFootnotes>
  /** The settled blocks' part of `blocks`: the same map until a block settles or the labels or definitions change. */
  readonly settled: ReadonlyMap<MarkdownBlock, BlockFootnotes>
  readonly list: FootnoteList
}

/** A block as it renders: the splitter's block and the text it renders (repaired while streaming). */
export interface RenderedText {
  readonly block: MarkdownBlock
  readonly text: string
}

/**
 * The stub definitions for `labels` that a block whose source has `searchKey` may reference (their
 * letters occur in it; a label with non-ASCII letters, whose case mapping may not be one character
 * to one, always), one line each. A stub it does not reference changes nothing in its tree.
 */
function stubLines(searchKey: string, labels: readonly string[]): string {
  // No footnote call (`[^`) in it: no stub is referenced.
  if (!searchKey.includes('^')) return ''
  const cased = casedLabelsOf(labels)
  let stubs = ''
  for (let index = 0; index < labels.length; index++) {
    const label = cased[index]
    if (label === undefined || searchKey.includes(label)) stubs += `> [^${labels[index]}]: x\n`
  }
  return stubs
}

/**
 * Each label in `labelCase`, undefined for one with non-ASCII letters: once per list, which every
 * block of the document is checked against (800 blocks and 400 labels made 320,000 case mappings
 * a step when a rewrite changed the labels).
 */
const casedLabels = new WeakMap<readonly string[], readonly (string | undefined)[]>()

function casedLabelsOf(labels: readonly string[]): readonly (string | undefined)[] {
  let cased = casedLabels.get(labels)
  if (!cased) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: any character outside ASCII
    cased = labels.map((label) => (/[^\u0000-\u007f]/.test(label) ? undefined : labelCase(label)))
    casedLabels.set(labels, cased)
  }
  return cased
}

/** The document's footnote labels, and one string of them that compares in one step. */
interface Labels {
  readonly list: readonly string[]
  readonly key: string
  /** Whether these labels are those of another key and more after them, by that key (many blocks ask of one). */
  readonly extending: Map<string, boolean>
}

interface Analysis {
  /** What it was made of: while they are the same, the source is too (not written again to compare). */
  readonly text: string
  readonly labelsKey: string
  /** How many labels it was made with, the text's search key and its stub lines for them. */
  readonly labelCount: number
  readonly searchKey: string
  readonly stubs: string
  readonly linkDefinitions: DocumentDefinitions
  readonly syntax: MarkdownSyntax
  readonly source: string
  /** Top-level nodes of the block (and its link definitions), without the stubs. */
  readonly nodes: readonly RootContent[]
  /** Ids of the references mdast-util-to-hast renders, in its order. */
  readonly references: readonly string[]
  readonly definitions: readonly FootnoteDefinition[]
}

/** The last analysis of a block, by the splitter's block (the source says whether it still holds). */
const analyses = new WeakMap<MarkdownBlock, Analysis>()
/**
 * The last render description of a block and the nodes it was made of: the same object while both
 * are the same, so the memoised block skips.
 */
const described = new WeakMap<MarkdownBlock, { footnotes: BlockFootnotes; nodes: readonly RootContent[] }>()

function analyse(
  block: MarkdownBlock,
  text: string,
  labels: Labels,
  definitions: DocumentDefinitions,
  syntax: MarkdownSyntax,
) {
  const last = analyses.get(block)
  const same = last?.text === text && last.syntax === syntax
  if (same && last.labelsKey === labels.key && last.linkDefinitions === definitions) return last
  const searchKey = same ? last.searchKey : labelSearchKey(text)
  // Labels stream in at the end of the list: only the new ones are looked for.
  const extended = same && extendsLabels(labels, last)
  const added = extended ? stubLines(searchKey, labels.list.slice(last.labelCount)) : undefined
  const lines = added === undefined ? stubLines(searchKey, labels.list) : last!.stubs + added
  const made = {
    labelsKey: labels.key,
    labelCount: labels.list.length,
    searchKey,
    stubs: lines,
    linkDefinitions: definitions,
  }
  if (added === '' && last!.linkDefinitions === definitions) {
    const kept = { ...last!, ...made }
    analyses.set(block, kept)
    return kept
  }
  const prefix = definitions.list.length > 0 ? definitionsPrefix(searchKey, definitions) : ''
  const stubs = lines === '' ? '' : `${lines}\n`
  const source = prefix + stubs + text
  if (same && last.source === source) {
    const kept = { ...last, ...made }
    analyses.set(block, kept)
    return kept
  }
  // The splitter's parse, when the labels it defined resolve the block's references and calls as the document's do.
  const split =
    text === block.text ? definedTreeOf(block, documentLabels(definitions, labels.list), searchKey) : undefined
  const nodes = split
    ? [...definitionNodes(searchKey, definitions), ...rootOf(split.nodes, split.offset, split.line).children]
    : parseWithStubs(source, prefix, stubs, syntax)
  const references: string[] = []
  const found: FootnoteDefinition[] = []
  for (const node of nodes) collectFootnotes(node, references, found)
  const analysis = {
    text,
    ...made,
    syntax,
    source,
    nodes,
    references,
    definitions: found,
  }
  analyses.set(block, analysis)
  return analysis
}

/** Whether `labels` are those `last` was made with and more after them. */
function extendsLabels(labels: Labels, last: Analysis): boolean {
  if (labels.list.length <= last.labelCount) return false
  if (last.labelCount === 0) return true
  let extending = labels.extending.get(last.labelsKey)
  if (extending === undefined) {
    extending = labels.key.startsWith(last.labelsKey) && labels.key[last.labelsKey.length] === '\n'
    labels.extending.set(last.labelsKey, extending)
  }
  return extending
}

/**
 * The top-level nodes of a parse of `source` but the stubs' block quote, the block's own with
 * positions relative to its text (as a parse of the block alone gives them).
 */
function parseWithStubs(source: string, prefix: string, stubs: string, syntax: MarkdownSyntax): RootContent[] {
  reportMarkdownWork({ kind: 'footnote-parse', chars: source.length })
  const stubsEnd = prefix.length + stubs.length
  const linesBefore = lineFeeds(source.slice(0, stubsEnd))
  const nodes: RootContent[] = []
  for (const node of syntax.parse(source).children) {
    const start = node.position?.start.offset ?? 0
    if (start < prefix.length) nodes.push(node)
    else if (start >= stubsEnd) nodes.push(movedCopy(node, -stubsEnd, -linesBefore))
  }
  return nodes
}

/**
 * The references mdast-util-to-hast renders, in its order (a definition's are rendered in the
 * list, not in place; a table row renders as many cells as the table has columns), and the
 * definitions outside other definitions (the list reaches those inside them itself).
 */
function collectFootnotes(node: Nodes, references: string[], definitions: FootnoteDefinition[]): void {
  if (node.type === 'footnoteReference') {
    references.push(String((node as FootnoteReference).identifier).toUpperCase())
    return
  }
  if (node.type === 'footnoteDefinition') {
    definitions.push(node)
    return
  }
  if (!('children' in node)) return
  if (node.type === 'table') {
    const columns = node.align?.length
    for (const row of node.children) {
      const cells = columns === undefined ? row.children : row.children.slice(0, columns)
      for (const cell of cells) collectFootnotes(cell, references, definitions)
    }
    return
  }
  for (const child of node.children) collectFootnotes(child as Nodes, references, definitions)
}

/** The numbering so far: ids by first reference, with their index, and counts. */
interface Numbering {
  readonly order: string[]
  readonly index: Map<string, number>
  readonly counts: Map<string, number>
  readonly definitions: FootnoteDefinition[]
}

interface SettledNumbering {
  readonly labelsKey: string
  readonly definitions: DocumentDefinitions
  readonly syntax: MarkdownSyntax
  /** The settled blocks numbered, in order. */
  readonly numbered: readonly MarkdownBlock[]
  readonly blocks: Map<MarkdownBlock, BlockFootnotes>
  readonly numbering: Numbering
}

/** The numbering after the settled blocks, by pages array, for the labels and definitions it was made with. */
const settledNumberings = new WeakMap<object, SettledNumbering>()
/** The last numbering of a document's settled blocks, by its first settled block: blocks that settle after it continue it. */
const lastSettledNumbering = new WeakMap<MarkdownBlock, SettledNumbering>()

const copyOf = (numbering: Numbering): Numbering => ({
  order: [...numbering.order],
  index: new Map(numbering.index),
  counts: new Map(numbering.counts),
  definitions: [...numbering.definitions],
})

/**
 * The numbering of the settled blocks. Blocks settle one after another: when the blocks numbered
 * last are the first of these, with the same labels and definitions, only the new ones are numbered.
 */
function numberSettled(split: SplitState, labels: Labels, definitions: DocumentDefinitions): SettledNumbering {
  const blocks = settledBlocks(split)
  const previous = blocks[0] && lastSettledNumbering.get(blocks[0])
  const continued =
    previous?.labelsKey === labels.key &&
    previous.definitions === definitions &&
    previous.syntax === split.syntax &&
    previous.numbered.length <= blocks.length &&
    previous.numbered.every((block, index) => blocks[index] === block)
  const numbering = continued
    ? copyOf(previous.numbering)
    : { order: [], index: new Map(), counts: new Map(), definitions: [] }
  const renders = continued ? new Map(previous.blocks) : new Map<MarkdownBlock, BlockFootnotes>()
  for (let index = continued ? previous.numbered.length : 0; index < blocks.length; index++) {
    const block = blocks[index]!
    const text = renderedAsOf(block)?.text ?? block.text
    numberBlock(block, text, labels, definitions, split.syntax, numbering, renders)
  }
  const settled = {
    labelsKey: labels.key,
    definitions,
    syntax: split.syntax,
    numbered: blocks,
    blocks: renders,
    numbering,
  }
  if (blocks[0]) lastSettledNumbering.set(blocks[0], settled)
  return settled
}

/**
 * How every block of a document with footnotes renders, and its list; undefined when the document
 * has no footnote definition. `tail`: the unsettled blocks with the texts they render. The settled
 * blocks' part is made once per settled pages (and labels and definitions), so a streamed chunk
 * costs the tail's blocks only.
 */
export function documentFootnotes(
  split: SplitState,
  tail: readonly RenderedText[],
  definitions: DocumentDefinitions,
): DocumentFootnotes | undefined {
  if (!hasFootnoteDefinitions(split)) return undefined
  const list = documentFootnoteLabels(split)
  const labels: Labels = { list, key: list.join('\n'), extending: new Map() }
  let settled = settledNumberings.get(split.settledPages)
  if (settled?.labelsKey !== labels.key || settled.definitions !== definitions || settled.syntax !== split.syntax) {
    settled = numberSettled(split, labels, definitions)
    settledNumberings.set(split.settledPages, settled)
  }
  const numbering = copyOf(settled.numbering)
  const blocks = new Map(settled.blocks)
  for (const { block, text } of tail) numberBlock(block, text, labels, definitions, split.syntax, numbering, blocks)
  return { blocks, settled: settled.blocks, list: { ...numbering, linkDefinitions: definitions.list } }
}

function numberBlock(
  block: MarkdownBlock,
  text: string,
  labels: Labels,
  definitions: DocumentDefinitions,
  syntax: MarkdownSyntax,
  numbering: Numbering,
  into: Map<MarkdownBlock, BlockFootnotes>,
): void {
  if (!text.includes('[^')) return
  const analysis = analyse(block, text, labels, definitions, syntax)
  // The references so far to each id the block references (those referenced before it).
  const counts = new Map<string, number>()
  const seen = new Set<string>()
  // The numbers of new ids follow the ids before: a block with references reads how many there are.
  let signature = analysis.references.length > 0 ? `${numbering.order.length}` : ''
  for (const id of analysis.references) {
    if (seen.has(id)) continue
    seen.add(id)
    const count = numbering.counts.get(id) ?? 0
    if (count > 0) counts.set(id, count)
    signature += `|${id}:${numbering.index.get(id) ?? -1}:${count}`
  }
  const last = described.get(block)
  let footnotes: BlockFootnotes
  if (last?.nodes === analysis.nodes && last.footnotes.signature === signature) footnotes = last.footnotes
  else {
    const seed: FootnoteSeed = { order: [...numbering.order], counts }
    const tree: Root = { type: 'root', children: [...analysis.nodes], data: { footnoteSeed: seed } }
    footnotes = { source: analysis.source, tree, signature }
    described.set(block, { footnotes, nodes: analysis.nodes })
  }
  into.set(block, footnotes)
  for (const id of analysis.references) {
    if (!numbering.index.has(id)) {
      numbering.index.set(id, numbering.order.length)
      numbering.order.push(id)
    }
    numbering.counts.set(id, (numbering.counts.get(id) ?? 0) + 1)
  }
  numbering.definitions.push(...analysis.definitions)
}

/**
 * Whether two lists render the same: the same references in the same order and counts, the same
 * definition nodes (a block parsed again makes new ones) and the same link definitions.
 */
export function sameFootnoteList(a: FootnoteList, b: FootnoteList): boolean {
  if (a.order.length !== b.order.length || a.definitions.length !== b.definitions.length) return false
  if (a.linkDefinitions !== b.linkDefinitions) return false
  for (let index = 0; index < a.order.length; index++) {
    const id = a.order[index]!
    if (b.order[index] !== id || a.counts.get(id) !== b.counts.get(id)) return false
  }
  return a.definitions.every((definition, index) => b.definitions[index] === definition)
}

/**
 * Each settled page's blocks' footnote renders (none when no block of it may reference a footnote),
 * the same map while they do not change, so the page stays memoised.
 */
const footnotesOfPages = new WeakMap<
  readonly MarkdownBlock[],
  { settled: DocumentFootnotes['settled']; map: ReadonlyMap<MarkdownBlock, BlockFootnotes> | undefined }
>()

/** The footnote renders of a settled page's blocks (see `footnotesOfPages`). */
export function pageFootnotes(
  blocks: readonly MarkdownBlock[],
  footnotes: DocumentFootnotes,
): ReadonlyMap<MarkdownBlock, BlockFootnotes> | undefined {
  const last = footnotesOfPages.get(blocks)
  if (last?.settled === footnotes.settled) return last.map
  const map = new Map<MarkdownBlock, BlockFootnotes>()
  for (const block of blocks) {
    const own = footnotes.settled.get(block)
    if (own) map.set(block, own)
  }
  const same =
    last?.map !== undefined &&
    last.map.size === map.size &&
    [...map].every(([block, own]) => last.map?.get(block) === own)
  const kept = same ? last.map : map.size > 0 ? map : undefined
  footnotesOfPages.set(blocks, { settled: footnotes.settled, map: kept })
  return kept
}

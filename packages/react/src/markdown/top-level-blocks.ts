/**
 * Parses markdown into its top-level blocks with exactly the parser the renderer uses
 * (`parseMarkdown`: remark-parse with GFM), so block boundaries can never disagree with the render.
 */
import type { Code, Nodes, RootContent } from 'mdast'
import {
  type DefinedLabels,
  footnoteIdentifiers,
  type LabelsDefinedElsewhere,
  noLabelsElsewhere,
} from './defined-labels'
import { reportMarkdownWork } from './instrumentation'
import type { LinkDefinition } from './link-definitions'
import { parseMarkdown } from './markdown-pipeline'
import { gfmSyntax, type MarkdownSyntax, parseWithDefinitions, type TailLeaf } from './markdown-syntax'

export type { TailLeaf }

export interface TopLevelBlock {
  type: string
  /** Offset of the start of the line where the block begins. */
  lineStart: number
  /** An indented (not fenced) code block. */
  indentedCode: boolean
  /** Type of its innermost last descendant (itself when it is not a container). */
  lastLeafType: string
  /** That descendant is in a container and is a leaf the next line may close (`endsInFlowLeaf`). */
  endsInFlowLeaf: boolean
  /** Link reference definitions in it (they apply to the whole document), in source order. */
  definitions: LinkDefinition[]
  /** Where each of `definitions` ends in the parsed text. */
  definitionEnds: number[]
  /** Labels of the footnote definitions in it, as written. */
  footnoteLabels: string[]
}

export interface ParsedBlocks {
  blocks: TopLevelBlock[]
  /** The syntax tree's top-level nodes, one per block of `blocks`. */
  nodes: readonly RootContent[]
  /** A footnote definition somewhere: footnotes are numbered and listed for the whole document. */
  hasFootnoteDefinitions: boolean
  /**
   * The labels the parse had defined: those given (`elsewhere`) and its own footnotes' (its own link
   * definitions aside). Undefined when it was given none and defined no footnote, or when its own
   * footnote labels do not tell their identifiers (`footnoteIdentifier`).
   */
  defined: DefinedLabels | undefined
  leaf: TailLeaf | undefined
}

const containerTypes = new Set(['list', 'listItem', 'blockquote', 'table', 'tableRow', 'footnoteDefinition'])

/**
 * `elsewhere`: labels the rest of the document defines. Where the syntax can take them, references
 * and footnote calls of them resolve, as in a parse of the whole document.
 */
export function parseTopLevelBlocks(
  text: string,
  syntax: MarkdownSyntax = gfmSyntax,
  elsewhere: LabelsDefinedElsewhere = noLabelsElsewhere,
): ParsedBlocks {
  reportMarkdownWork({ kind: 'split-parse', chars: text.length })
  const given = elsewhere.links.length > 0 || elsewhere.footnotes.length > 0
  const seeded = given ? parseWithDefinitions(syntax, text, elsewhere) : undefined
  const children = (seeded?.tree ?? parseMarkdown(text, syntax)).children
  const blocks: TopLevelBlock[] = []
  let hasFootnoteDefinitions = false
  for (const node of children) {
    const offset = node.position?.start.offset ?? 0
    // A fence opens after at most three spaces: a tab takes the line to the fourth column, indented code.
    const indentedCode = node.type === 'code' && !/^ {0,3}(?:`{3}|~{3})/.test(text.slice(offset, offset + 8))
    const lastLeafType = deepestLast(node).type
    const definitions: LinkDefinition[] = []
    const definitionEnds: number[] = []
    const footnoteLabels: string[] = []
    collectDefinitions(node, definitions, definitionEnds, footnoteLabels)
    if (footnoteLabels.length > 0) hasFootnoteDefinitions = true
    blocks.push({
      type: node.type,
      lineStart: lineStartBefore(text, offset),
      indentedCode,
      lastLeafType,
      endsInFlowLeaf: endsInFlowLeaf(node, text, syntax),
      definitions,
      definitionEnds,
      footnoteLabels,
    })
  }
  return {
    blocks,
    nodes: children,
    hasFootnoteDefinitions,
    defined: seeded ? seeded.defined : hasFootnoteDefinitions ? ownFootnotes(blocks) : undefined,
    leaf: tailLeafOf(text, children[children.length - 1]),
  }
}

/**
 * Whether the innermost last leaf of `node` (a container) is one the next line may close: HTML,
 * code other than a fence its own closing line closed, or a leaf of one of the syntax's fenced
 * types. Where such a leaf ends, and whether it keeps its last line ending, depends on that line.
 */
export function endsInFlowLeaf(node: Nodes, text: string, syntax: MarkdownSyntax): boolean {
  const leaf = deepestLast(node)
  if (leaf === node) return false
  if (leaf.type === 'code') return !isClosedFence(leaf, text)
  return leaf.type === 'html' || syntax.fencedTypes?.includes(leaf.type) === true
}

/**
 * A fenced code block whose closing fence is there: it ends there whatever the next line is. Its
 * source is then the opening fence, a line per line of its value (none when it is empty), and the
 * closing fence.
 */
export function isClosedFence(code: Code, text: string): boolean {
  const lines = text.slice(code.position?.start.offset ?? 0, code.position?.end.offset ?? 0).split(lineEnding)
  const opening = /^[ \t>]*(`{3,}|~{3,})/.exec(lines[0]!)?.[1]
  const closing = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(lines[lines.length - 1]!)?.[1]
  const codeLines = code.value === '' ? 0 : code.value.split(lineEnding).length
  return (
    opening !== undefined &&
    closing !== undefined &&
    closing[0] === opening[0] &&
    closing.length >= opening.length &&
    lines.length === codeLines + 2
  )
}

const lineEnding = /\r\n|\r|\n/

function ownFootnotes(blocks: readonly TopLevelBlock[]): DefinedLabels | undefined {
  const footnotes = footnoteIdentifiers(blocks.flatMap((block) => block.footnoteLabels))
  return footnotes && { links: new Set(), footnotes }
}

/** The length of the line ending at `at` (`\r\n` 2, `\n` or `\r` 1), 0 when none is there. */
export function lineEndingLength(text: string, at: number): number {
  if (text[at] === '\r') return text[at + 1] === '\n' ? 2 : 1
  return text[at] === '\n' ? 1 : 0
}

/** How many line feeds `text` holds. */
export function lineFeeds(text: string): number {
  let count = 0
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++
  return count
}

/** Start of the line holding `offset` (CommonMark line endings: `\n`, `\r\n` or `\r`). */
export function lineStartBefore(text: string, offset: number): number {
  // A backward scan over this line only: lastIndexOf of CR would scan the whole text when it has none.
  let index = offset - 1
  while (index >= 0) {
    const code = text.charCodeAt(index)
    if (code === 10 || code === 13) break
    index--
  }
  return index + 1
}

/** Adds the link definitions in `node` (and their ends) to `into`, and its footnote definitions' labels to `labels`. */
function collectDefinitions(node: Nodes, into: LinkDefinition[], ends: number[], labels: string[]): void {
  if (node.type === 'definition') {
    into.push({ identifier: node.identifier, url: node.url, title: node.title ?? null })
    ends.push(node.position?.end?.offset ?? Number.POSITIVE_INFINITY)
    return
  }
  if (node.type === 'footnoteDefinition') labels.push(node.label ?? node.identifier)
  if (!('children' in node) || !containerTypes.has(node.type)) return
  for (const child of node.children) collectDefinitions(child, into, ends, labels)
}

/** The innermost last descendant of `node` through its containers (itself when it is not one). */
export function deepestLast(node: Nodes): Nodes {
  let current = node
  while (containerTypes.has(current.type) && 'children' in current && current.children.length > 0) {
    current = current.children[current.children.length - 1]!
  }
  return current
}

/** The innermost last block of `node` (a top-level block of `text`), where the text is typed while it streams. */
export function tailLeafOf(text: string, node: Nodes | undefined): TailLeaf | undefined {
  if (!node) return undefined
  const current = deepestLast(node)
  const start = current.position?.start.offset ?? 0
  const leaf: TailLeaf = { type: current.type, start }
  if (current.type === 'code') {
    // Four spaces or a tab before the backticks or tildes make them the content of indented code.
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(text.slice(start, start + 64))?.[1]?.[0]
    if (fence === '`' || fence === '~') leaf.fence = fence
  }
  return leaf
}

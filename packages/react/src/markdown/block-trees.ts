/**
 * Syntax trees kept per block, so that a render or a later rewrite of a block reuses a parse instead
 * of parsing its text again: the tree from the parse that made the block (taken once, by its first
 * render), the tree it rendered from (kept while its message streams, for word rewrites and
 * retractions), a streaming tail's repaired tree, and the tree of a parse after the document's link
 * definitions. Weak maps keyed by the block object: a tree goes with its block.
 */

import type { Root, RootContent } from 'mdast'
import { type DefinedLabels, definitionNodes, documentLabels, resolvesAlike } from './defined-labels'
import type { DocumentDefinitions } from './link-definitions'
import { rootOf } from './markdown-pipeline'
import type { BlockSyntax, MarkdownBlock, SplitState } from './split-state'
import type { TailLeaf } from './top-level-blocks'

/**
 * Syntax trees of blocks from the parse that made them, until they are first rendered: a block
 * settled by that parse, or the tail when it is one block (its start is then a settled boundary).
 * A parse of the block alone gives the same tree (nothing before or after a settled boundary changes
 * how a block parses), so its first render need not parse the text again. Taking a tree also drops
 * it, so the trees are not kept for as long as the blocks.
 */
export const blockTrees = new WeakMap<MarkdownBlock, BlockSyntax>()

/** The syntax tree of `block`'s text from the parse that made it, once (see `blockTrees`). */
export function takeBlockSyntax(block: MarkdownBlock): BlockSyntax | undefined {
  const syntax = blockTrees.get(block)
  if (syntax) blockTrees.delete(block)
  return syntax
}

/**
 * Trees of blocks whose parse depends on labels defined in other blocks (a footnote call; a
 * reference, in a part of a document parsed with its labels), with the labels that parse defined,
 * until a render with the document's definitions takes them (`definedTreeOf`).
 */
export const definedTrees = new WeakMap<
  MarkdownBlock,
  { readonly syntax: BlockSyntax; readonly defined: DefinedLabels }
>()

/**
 * The tree of `block` from the parse that made it, once, when its references and footnote calls
 * resolved there as in the document, which defines `defined` (the block's `labelSearchKey` is
 * `searchKey`): the tree of a parse of its text after the definitions it may use.
 */
export function definedTreeOf(
  block: MarkdownBlock,
  defined: DefinedLabels | undefined,
  searchKey: string,
): BlockSyntax | undefined {
  const kept = definedTrees.get(block)
  if (!kept) return undefined
  definedTrees.delete(block)
  return defined && resolvesAlike(kept.defined, defined, searchKey) ? kept.syntax : undefined
}

/**
 * Trees blocks were rendered from (positions relative to the block), kept while their message
 * streams: a rewrite that only changes words makes a changed block's tree from its old one instead
 * of parsing it (`wordRewrite`). Released when the message settles (`releaseBlockTrees`).
 */
export const renderedTrees = new WeakMap<MarkdownBlock, Root>()

export function keepBlockTree(block: MarkdownBlock, tree: Root): void {
  renderedTrees.set(block, tree)
}

/**
 * The tree a streaming tail block's repaired text (not its own text) rendered from, by the block:
 * a retraction back to that block renders the same repair again.
 */
export const repairedTrees = new WeakMap<MarkdownBlock, { readonly source: string; readonly tree: Root }>()

export function keepRepairedTree(block: MarkdownBlock, source: string, tree: Root): void {
  repairedTrees.set(block, { source, tree })
}

/** The tree `source`, a repair of `block`'s text, rendered from before (see `repairedTrees`). */
export function repairedTreeOf(block: MarkdownBlock, source: string): BlockSyntax | undefined {
  const kept = repairedTrees.get(block)
  return kept?.source === source ? { nodes: kept.tree.children, offset: 0, line: 1 } : undefined
}

/**
 * A block that renders with the document's link definitions written before it (`definitionsPrefix`):
 * its own nodes from that parse (positions relative to the block, so a word rewrite patches them as
 * it patches `renderedTrees`), the prefix, and the prefix's definition nodes. A parse of the block
 * alone would read its references as text, so this is the only tree its words can be patched in.
 */
export interface PrefixedTree {
  readonly prefix: string
  readonly definitions: readonly RootContent[]
  readonly tree: Root
}

export const prefixedTrees = new WeakMap<MarkdownBlock, PrefixedTree>()

export function keepPrefixedTree(block: MarkdownBlock, kept: PrefixedTree): void {
  prefixedTrees.set(block, kept)
}

/**
 * The tree `block` renders from with `prefix` (the `definitions` its text, whose `labelSearchKey` is
 * `searchKey`, may use) before it: the one it rendered from or was patched from (see
 * `prefixedTrees`), else the splitter's, when that parse had the labels defined that the document
 * does (`definedTreeOf`).
 */
export function prefixedTreeOf(
  block: MarkdownBlock,
  prefix: string,
  definitions: DocumentDefinitions,
  searchKey: string,
): PrefixedTree | undefined {
  const kept = prefixedTrees.get(block)
  if (kept?.prefix === prefix) return kept
  const parsed = definedTreeOf(block, documentLabels(definitions), searchKey)
  if (!parsed) return undefined
  const made = {
    prefix,
    definitions: definitionNodes(searchKey, definitions),
    tree: rootOf(parsed.nodes, parsed.offset, parsed.line),
  }
  prefixedTrees.set(block, made)
  return made
}

/** `to`, a block whose nodes are `from`'s (blank lines were added after them), keeps every tree `from` kept. */
export function keepTreesOf(from: MarkdownBlock, to: MarkdownBlock): void {
  const syntax = blockTrees.get(from)
  if (syntax) blockTrees.set(to, syntax)
  const defined = definedTrees.get(from)
  if (defined) definedTrees.set(to, defined)
  const rendered = renderedTrees.get(from)
  if (rendered) renderedTrees.set(to, rendered)
  const repaired = repairedTrees.get(from)
  if (repaired) repairedTrees.set(to, repaired)
  const prefixed = prefixedTrees.get(from)
  if (prefixed) prefixedTrees.set(to, prefixed)
}

export function releaseBlockTrees(split: SplitState): void {
  for (const page of split.settledPages) {
    for (const block of page.blocks) {
      renderedTrees.delete(block)
      prefixedTrees.delete(block)
    }
  }
  for (const block of [...split.tail, ...(split.extended?.tail ?? [])]) {
    renderedTrees.delete(block)
    repairedTrees.delete(block)
    prefixedTrees.delete(block)
  }
}

/**
 * The tree to render `block` from: the parse that made it (once), else the tree it rendered from
 * before, kept while its message streams (a retraction back to it renders it again).
 */
export function blockTreeOf(block: MarkdownBlock): BlockSyntax | undefined {
  const tree = renderedTrees.get(block)
  return takeBlockSyntax(block) ?? (tree && { nodes: tree.children, offset: 0, line: 1 })
}

/** Whether a block's render kept a tree the word rewrite patches (its own, or with definitions before it). */
export function hasKeptTree(block: MarkdownBlock): boolean {
  return renderedTrees.has(block) || prefixedTrees.has(block)
}

/**
 * What a block renders as, when that is not its own text: a table re-padded (`paddingRewrite`)
 * renders exactly as the text it had before, so it renders that text (with the tail leaf of that
 * text, for the repair of a streaming tail) and React skips it as unchanged. Keyed by the block
 * object: a block made from it (grown, rewritten otherwise) renders its own text again.
 */
export const renderedAs = new WeakMap<MarkdownBlock, RenderedAs>()

/** An earlier text of a block that renders as its text does; `last`: it was the last tail block then, with `leaf`. */
export interface RenderedAs {
  readonly text: string
  readonly last: boolean
  readonly leaf: TailLeaf | undefined
}

/** The earlier text `block` renders as, if any (`renderedAs`). */
export function renderedAsOf(block: MarkdownBlock): RenderedAs | undefined {
  return renderedAs.get(block)
}

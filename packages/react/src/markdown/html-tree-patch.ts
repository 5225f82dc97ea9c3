/**
 * A block's next HTML tree made from its last one, when its syntax tree kept its shape: a word
 * rewrite (a diffusion model repainting the answer, an edit) or a chunk that grows the last word
 * changes the values of a few text, code, raw HTML, link and image nodes and nothing else. Converting the
 * whole block again (`syntax-tree-to-html-tree.ts`, the URL policy) costs as much as its parse; here
 * only the changed nodes are converted, each alone, and the HTML tree is copied
 * along their paths only, so every unchanged subtree keeps its identity and is skipped by the
 * renderer (`html-tree-to-react.ts`).
 *
 * Positions in the patched tree are those of the last one (nothing renders them unless components
 * receive `node`, and then a block is converted whole). A tree whose shape or other fields differ
 * (another parse of new text) is converted whole.
 */
import type { Element, ElementContent, RootContent as HastContent, Root as HastRoot, Parents } from 'hast'
import type { Nodes as MdastNodes, Root as MdastRoot } from 'mdast'
import { leafToHtml, type QuoteChildrenHtml, quoteHtmlTree, syntaxTreeToHtmlTree } from './syntax-tree-to-html-tree'

/** The syntax tree an HTML tree was made of, and where each of its patchable leaves' HTML sits in it. */
export interface HtmlTreeSources {
  readonly syntaxTree: MdastRoot
  /** Child indexes from the HTML root to the node made of a text, code, raw HTML, link or image node. */
  readonly paths: WeakMap<MdastNodes, readonly number[]>
  /** A tree that is one quote: the HTML of each of its children, while the HTML tree is the one made of them. */
  readonly quote?: QuoteChildrenHtml
}

type LeafType = 'text' | 'inlineCode' | 'code' | 'html' | 'link' | 'image'

/** The fields of each patchable node that may change (any other field, a parse decides). */
const changingFields: Record<LeafType, readonly string[]> = {
  text: ['value'],
  inlineCode: ['value'],
  code: ['value'],
  html: ['value'],
  link: ['url', 'title'],
  image: ['url', 'title', 'alt'],
}

const isLeafType = (type: string): type is LeafType => Object.hasOwn(changingFields, type)

/** The HTML node a leaf makes alone (a link without its children, which are leaves of their own). */
function leafHtml(node: MdastNodes & { type: LeafType }): HastContent {
  // Raw HTML shows as its text: the whole conversion's `raw` node, after the policy (`applyPolicy`).
  if (node.type === 'html') return { type: 'text', value: node.value }
  return leafToHtml(node) as HastContent
}

/** The new nodes of a quote's HTML that kept its first `kept` nodes: its children from `from` on. */
export interface FreshQuoteHtml {
  readonly parent: Element
  readonly from: number
  readonly kept: number
}

/**
 * The HTML tree of `tree` (as `gfmSyntax.toHtmlTree`), with the sources a later patch needs. A tree
 * that is one quote, as `last`'s was, keeps the HTML of the children it shares with it
 * (`quoteHtmlTree`); `fresh` then says which nodes of the quote's HTML are new (the render's policy
 * has been applied to the others).
 */
export function htmlTreeWithSources(
  tree: MdastRoot,
  last?: HtmlTreeSources,
): { tree: HastRoot; sources: HtmlTreeSources; fresh?: FreshQuoteHtml } {
  const made = new Map<HastContent, MdastNodes>()
  const record = (html: HastContent, node: MdastNodes) => made.set(html, node)
  const quote = quoteHtmlTree(tree, record, last?.quote)
  if (quote) {
    if (quote.reused === 0 || !last) {
      const paths = new WeakMap<MdastNodes, readonly number[]>()
      recordPaths(quote.tree, [], made, paths)
      return { tree: quote.tree, sources: { syntaxTree: tree, paths, quote: quote.children } }
    }
    // The kept HTML sits where it did (the same children before it, the quote's HTML wrapped in line
    // endings): so do its leaves' paths, and only the new ones are recorded.
    const from = 1 + 2 * quote.reused
    recordPaths(quote.quote, [0], made, last.paths, from)
    const sources = { syntaxTree: tree, paths: last.paths, quote: quote.children }
    return { tree: quote.tree, sources, fresh: { parent: quote.quote, from, kept: quote.reused } }
  }
  const hast = syntaxTreeToHtmlTree(tree, record)
  const paths = new WeakMap<MdastNodes, readonly number[]>()
  recordPaths(hast, [], made, paths)
  return { tree: hast, sources: { syntaxTree: tree, paths } }
}

function recordPaths(
  parent: Parents,
  path: number[],
  made: ReadonlyMap<HastContent, MdastNodes>,
  paths: WeakMap<MdastNodes, readonly number[]>,
  from = 0,
): void {
  const children = parent.children
  for (let index = from; index < children.length; index++) {
    const child = children[index]!
    const source = made.get(child)
    path.push(index)
    if (source) paths.set(source, path.slice())
    // A link's text is made of leaves of its own; a code block's or image's HTML holds none.
    if (child.type === 'element' && (!source || source.type === 'link')) recordPaths(child, path, made, paths)
    path.pop()
  }
}

interface LeafChange {
  readonly path: readonly number[]
  readonly before: MdastNodes & { type: LeafType }
  readonly after: MdastNodes & { type: LeafType }
}

/**
 * The HTML tree of `tree` made from `last`, the HTML tree of `sources.syntaxTree` (after the URL
 * policy, which `policy` applies to a patched link or image again); `sources` then describe the
 * new tree. Undefined when `tree` is not `sources.syntaxTree` with only leaf values changed.
 */
export function patchHtmlTree(
  sources: HtmlTreeSources,
  last: HastRoot,
  tree: MdastRoot,
  policy: (element: Element) => void,
): { tree: HastRoot; sources: HtmlTreeSources } | undefined {
  const changes: LeafChange[] = []
  if (!sameShape(sources.syntaxTree, tree, sources.paths, changes)) return undefined
  const root: HastRoot = { ...last, children: last.children.slice() }
  const fresh = new Set<Parents>([root])
  for (const change of changes) if (!patchLeaf(change, root, fresh, policy)) return undefined
  return { tree: root, sources: { syntaxTree: tree, paths: sources.paths } }
}

/**
 * Whether `after` is `before` with only leaf values changed (collecting the changed leaves, in
 * document order, and giving every leaf of `after` its path). Identical subtrees are not walked.
 */
function sameShape(
  before: MdastNodes,
  after: MdastNodes,
  paths: WeakMap<MdastNodes, readonly number[]>,
  changes: LeafChange[],
): boolean {
  if (before === after) return true
  if (before.type !== after.type) return false
  const leaf = isLeafType(after.type)
  const ignored = leaf ? changingFields[after.type as LeafType] : undefined
  let count = 0
  let changed = false
  for (const key in after) {
    count++
    if (key === 'position' || key === 'children') continue
    const value = (after as unknown as Record<string, unknown>)[key]
    if (value === (before as unknown as Record<string, unknown>)[key]) continue
    if (!ignored?.includes(key)) return false
    changed = true
  }
  for (const _ in before) count--
  if (count !== 0) return false
  if ('children' in after) {
    const children = (before as { children: MdastNodes[] }).children
    if (children.length !== after.children.length) return false
    for (let index = 0; index < children.length; index++)
      if (!sameShape(children[index]!, after.children[index] as MdastNodes, paths, changes)) return false
  }
  if (leaf) {
    const path = paths.get(before)
    if (!path) return false
    paths.set(after, path)
    if (changed) {
      // A node with `data` (a plugin's hName or hProperties) is converted whole.
      if (after.data) return false
      changes.push({ path, before: before as LeafChange['before'], after: after as LeafChange['after'] })
    }
  }
  return true
}

/** Puts the HTML of a changed leaf in place, copying its ancestors once; false when the last tree is not what its leaf made. */
function patchLeaf(
  change: LeafChange,
  root: HastRoot,
  fresh: Set<Parents>,
  policy: (element: Element) => void,
): boolean {
  const { path, before, after } = change
  let parent: Parents = root
  for (let depth = 0; depth < path.length - 1; depth++) {
    const index = path[depth]!
    const child = parent.children[index] as Element | undefined
    if (child?.type !== 'element') return false
    let copy = child
    if (!fresh.has(child)) {
      copy = { ...child, children: child.children.slice() }
      fresh.add(copy)
      parent.children[index] = copy
    }
    parent = copy
  }
  const index = path[path.length - 1]!
  const old = parent.children[index]
  if (old === undefined) return false
  const next = leafHtml(after)
  if (after.type === 'link' || after.type === 'image') {
    if (old.type !== 'element' || next.type !== 'element' || old.tagName !== next.tagName) return false
    // A link keeps its children (its text, patched as leaves of their own).
    const element: Element = { ...old, properties: next.properties }
    policy(element)
    if (after.type === 'link') fresh.add(element)
    parent.children[index] = element
    return true
  }
  // The last tree must hold exactly what the old leaf made: a text after a hard break, for one, has
  // its leading spaces trimmed by the conversion of its parent.
  if (textOf(old) !== textOf(leafHtml(before))) return false
  parent.children[index] = next as ElementContent
  return true
}

/** A leaf's HTML text: a text's value, or the text in inline code's `code` or a code block's `pre > code`. */
function textOf(node: HastContent): string | undefined {
  if (node.type === 'text') return node.value
  if (node.type !== 'element') return undefined
  const inner = node.tagName === 'pre' ? node.children[0] : node
  const text = inner?.type === 'element' ? inner.children[0] : undefined
  return text?.type === 'text' ? text.value : undefined
}

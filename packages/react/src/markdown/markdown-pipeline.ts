/**
 * The one markdown pipeline every block goes through: parse (remark-parse with GFM) → mdast →
 * hast (remark-rehype) → React elements (hast-util-to-jsx-runtime's mapping). It is react-markdown's
 * own pipeline, run with the packages react-markdown is built on, so a block renders exactly as
 * react-markdown renders the same source with the same `components` and `urlTransform`, but:
 * - the processor is built once per syntax set (`markdown-syntax.ts`), not once per render of every block;
 * - the default set maps its trees to React elements without hast-util-to-jsx-runtime's HTML and SVG
 *   property tables, which its trees do not need (`html-tree-to-react.ts`);
 * - parsing and rendering are separate steps, so a syntax tree the splitter already parsed can be
 *   rendered without parsing its text again (`renderSyntaxTree`);
 * - external links and tables get their attributes on the tree (`element-attributes.ts`).
 */
import type { Element, Parents as HastParents, Root as HastRoot } from 'hast'
import type { RootContent as MdastContent, Nodes as MdastNodes, Root as MdastRoot } from 'mdast'
import type { ComponentType, JSX, ReactElement, ReactNode } from 'react'
import { addElementAttributes } from './element-attributes'
import { type FootnoteList, footnoteSection } from './footnote-numbering'
import { type FreshQuoteHtml, type HtmlTreeSources, htmlTreeWithSources, patchHtmlTree } from './html-tree-patch'
import { contentAsHtml as htmlOf } from './html-tree-to-html'
import type { HtmlTreeRenderOptions } from './html-tree-to-react'
import { reportMarkdownWork } from './instrumentation'
import { gfmSyntax, type MarkdownSyntax, type UrlAttributes } from './markdown-syntax'

/** The hast element a component renders, passed as `node` (as react-markdown does). */
export interface ExtraProps {
  node?: Element | undefined
}

/** Element overrides by tag name, compatible with react-markdown's `components`. */
export type Components = {
  [Tag in keyof JSX.IntrinsicElements]?:
    | ComponentType<JSX.IntrinsicElements[Tag] & ExtraProps>
    | keyof JSX.IntrinsicElements
}

/** Rewrites (or, returning null or undefined, removes) a URL in a link, image or other URL attribute. */
export type UrlTransform = (url: string, key: string, node: Readonly<Element>) => string | null | undefined

export interface RenderOptions {
  readonly components: Components
  readonly urlTransform: UrlTransform
  /** The syntax blocks are parsed and rendered with (GFM when absent). */
  readonly syntax?: MarkdownSyntax | undefined
  /**
   * Components get their hast element as `node` (react-markdown's behaviour; default true). False
   * when no component reads it: a fiber's props would otherwise keep the element, its children and
   * their positions alive for as long as the message is shown.
   */
  readonly passNode?: boolean | undefined
  /** `target` for links to another server (`StreamingMarkdown`'s `linkTarget`); none when absent. */
  readonly externalLinkTarget?: string | undefined
}

/** The mdast of `source`, parsed with exactly the parser the render uses. */
export function parseMarkdown(source: string, syntax: MarkdownSyntax = gfmSyntax): MdastRoot {
  return syntax.parse(source)
}

/** Changes the HTML tree of a block before it becomes React elements (e.g. marks revised words). */
export type HtmlTreeTransform = (tree: HastRoot) => void

/**
 * The HTML tree a block last rendered from, the elements it rendered as, and with which options: its
 * next render hands React the same elements for the subtrees that did not change (`HtmlTreeRenderer`).
 * With `sources` (the default syntax, no transform, components not given `node`), a next syntax tree
 * of the same shape patches that HTML tree instead of being converted whole (`html-tree-patch.ts`).
 */
export interface KeptHtmlTree {
  last?: {
    readonly tree: HastRoot
    readonly elements: WeakMap<Element, ReactElement>
    readonly options: RenderOptions
    readonly sources?: HtmlTreeSources | undefined
  }
}

/**
 * React elements for a syntax tree of a whole source (the tree is consumed: do not use it again).
 * With `kept`, the elements of the last render through it are reused where nothing changed, and
 * this render's tree and elements are kept in it.
 */
export function renderSyntaxTree(
  tree: MdastRoot,
  options: RenderOptions,
  transform?: HtmlTreeTransform,
  kept?: KeptHtmlTree,
): ReactNode {
  return render(tree, options, transform, kept, false)
}

/**
 * `renderSyntaxTree` for a block that will not be patched (a finished message's): with the default
 * syntax, a top-level element renders its content as one HTML string where it can
 * (`html-tree-to-html.ts`), the same DOM with a fiber and props for the block alone.
 */
export function renderSettledSyntaxTree(tree: MdastRoot, options: RenderOptions, transform?: HtmlTreeTransform) {
  return render(tree, options, transform, undefined, true)
}

function render(
  tree: MdastRoot,
  options: RenderOptions,
  transform: HtmlTreeTransform | undefined,
  kept: KeptHtmlTree | undefined,
  settled: boolean,
): ReactNode {
  const syntax = options.syntax ?? gfmSyntax
  const passNode = options.passNode ?? true
  const last = kept?.last?.options === options ? kept.last : undefined
  // A block of a document with footnotes renders the numbering it is given: converted whole.
  const patchable =
    kept !== undefined && syntax === gfmSyntax && transform === undefined && !passNode && !tree.data?.footnoteSeed
  const patched =
    last?.sources && patchable
      ? patchHtmlTree(last.sources, last.tree, tree, (element) => applyElementPolicy(element, syntax, options))
      : undefined
  const converted: { tree: HastRoot; sources?: HtmlTreeSources; fresh?: FreshQuoteHtml } =
    patched ?? (patchable ? htmlTreeWithSources(tree, last?.sources) : { tree: syntax.toHtmlTree(tree) })
  const hast = converted.tree
  if (kept) {
    const reused = converted.fresh?.kept ?? 0
    reportMarkdownWork({ kind: 'html-tree', patched: patched !== undefined, ...(reused > 0 && { kept: reused }) })
  }
  if (converted.fresh) {
    // A quote that kept the HTML of its first children: the policy was applied to those already.
    applyElementPolicy(converted.fresh.parent, syntax, options)
    applyPolicy(converted.fresh.parent, syntax, options, converted.fresh.from)
  } else if (!patched) {
    applyPolicy(hast, syntax, options)
    transform?.(hast)
  }
  const reuse = kept && { previous: last, elements: last?.elements ?? new WeakMap() }
  const components = options.components as HtmlTreeRenderOptions['components']
  const contentAsHtml = settled && syntax === gfmSyntax ? (element: Element) => htmlOf(element, components) : undefined
  const rendered = syntax.renderHtmlTree(hast, { components, passNode, contentAsHtml }, reuse)
  if (kept && reuse) kept.last = { tree: hast, elements: reuse.elements, options, sources: converted.sources }
  return rendered
}

/**
 * React elements for the list of footnotes a whole document ends with (`footnoteSection`), after
 * the line ending react-markdown writes before it; null when no reference has a definition.
 */
export function renderFootnoteList(list: FootnoteList, options: RenderOptions, transform?: HtmlTreeTransform) {
  const syntax = options.syntax ?? gfmSyntax
  const section = footnoteSection(list, (tree) => syntax.toHtmlTree(tree))
  if (!section) return null
  const hast: HastRoot = { type: 'root', children: [{ type: 'text', value: '\n' }, section] }
  applyPolicy(hast, syntax, options)
  transform?.(hast)
  const components = options.components as HtmlTreeRenderOptions['components']
  return syntax.renderHtmlTree(hast, { components, passNode: options.passNode ?? true })
}

/** React elements for a markdown source: what react-markdown renders for it. */
export function renderMarkdown(source: string, options: RenderOptions, transform?: HtmlTreeTransform): ReactNode {
  return renderSyntaxTree(parseMarkdown(source, options.syntax), options, transform)
}

/**
 * As react-markdown: raw HTML is shown as its text (it is never rendered), and every URL attribute
 * goes through the URL policy; then external links and tables get their attributes. A plain walk:
 * unist-util-visit names a function per node it visits (`Object.defineProperty`), which cost two
 * thirds of rendering a block.
 */
function applyPolicy(parent: HastParents, syntax: MarkdownSyntax, options: RenderOptions, from = 0): void {
  const children = parent.children
  for (let index = from; index < children.length; index++) {
    const node = children[index]!
    if (node.type === 'raw') children[index] = { type: 'text', value: node.value }
    else if (node.type === 'element') {
      applyElementPolicy(node, syntax, options)
      applyPolicy(node, syntax, options)
    }
  }
}

function applyElementPolicy(node: Element, syntax: MarkdownSyntax, options: RenderOptions): void {
  transformUrls(node, syntax.urlAttributes, options.urlTransform)
  addElementAttributes(node, options.externalLinkTarget)
}

function transformUrls(node: Element, urlAttributes: UrlAttributes, urlTransform: UrlTransform): void {
  // Most elements have no properties at all: their own keys, not the table's, are walked.
  for (const key in node.properties) {
    if (!Object.hasOwn(node.properties, key) || !Object.hasOwn(urlAttributes, key)) continue
    const tags = urlAttributes[key]
    if (tags === null || tags?.includes(node.tagName)) {
      node.properties[key] = urlTransform(String(node.properties[key] || ''), key, node) as string
    }
  }
}

/** A root holding `nodes`, each moved so that its positions are relative to `offset` on `line` (1-based). */
export function rootOf(nodes: readonly MdastContent[], offset: number, line: number): MdastRoot {
  if (offset !== 0 || line !== 1) for (const node of nodes) movePositions(node, -offset, 1 - line)
  return { type: 'root', children: [...nodes] }
}

/** Copies of `nodes` with positions relative to `offset` on `line` (1-based); `nodes` are left as they are. */
export function copiesRelativeTo(nodes: readonly MdastContent[], offset: number, line: number): MdastContent[] {
  return nodes.map((node) => movedCopy(node, -offset, 1 - line))
}

/** A copy of `node` (and of its descendants) with its positions moved by `shift` characters and `lineShift` lines. */
export function movedCopy<Node extends MdastNodes>(node: Node, shift: number, lineShift: number): Node {
  const copy = { ...node }
  if (node.position)
    copy.position = {
      start: movedPoint(node.position.start, shift, lineShift),
      end: movedPoint(node.position.end, shift, lineShift),
    }
  if ('children' in node)
    (copy as { children: MdastNodes[] }).children = node.children.map((child) => movedCopy(child, shift, lineShift))
  return copy
}

function movePositions(node: MdastNodes, shift: number, lineShift: number): void {
  // A new position object: parsers may share one between nodes.
  const position = node.position
  if (position)
    node.position = {
      start: movedPoint(position.start, shift, lineShift),
      end: movedPoint(position.end, shift, lineShift),
    }
  if ('children' in node) for (const child of node.children) movePositions(child, shift, lineShift)
}

/** `point` moved by `shift` characters and `lineShift` lines. */
export function movedPoint<Point extends { line: number; offset?: number | undefined }>(
  point: Point,
  shift: number,
  lineShift: number,
): Point {
  return {
    ...point,
    line: point.line + lineShift,
    ...(point.offset !== undefined && { offset: point.offset + shift }),
  }
}

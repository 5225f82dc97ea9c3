/**
 * The default syntax's mdast → hast: the tree remark-rehype (`mdast-util-to-hast` with
 * `allowDangerousHtml`) makes of a GFM tree, written for the trees this library parses. It leaves out
 * what those trees never use (`data.hName`/`hProperties`/`hChildren`, options), so a page carries
 * none of mdast-util-to-hast's generality (with `@ungap/structured-clone`, ~4 KB gzip), and it
 * looks definitions up only when a block references one. Sets made by `defineMarkdownSyntax` still
 * run remark-rehype: their plugins may write those fields.
 *
 * Positions are the syntax tree's own objects (nothing here or downstream changes one in place).
 */
import type { Element, ElementContent, RootContent as HastContent, Root as HastRoot, Properties, Text } from 'hast'
import type {
  Blockquote,
  Definition,
  FootnoteDefinition,
  ListItem,
  Nodes as MdastNodes,
  Parents as MdastParents,
  Root as MdastRoot,
  Table,
} from 'mdast'
import { normalizeUri } from 'micromark-util-sanitize-uri'

/** Called with each HTML node made of a text, code, raw HTML, link or image node (`html-tree-patch.ts`). */
export type LeafRecorder = (html: HastContent, node: MdastNodes) => void

interface Conversion {
  readonly tree: MdastRoot
  /** False when converting a lone leaf for a patch: the patched tree keeps the last one's positions. */
  readonly positions: boolean
  readonly record: LeafRecorder | undefined
  /** Definitions by upper-cased identifier, the first of each; collected at the first reference. */
  definitions?: Map<string, Definition>
  footnotes?: Map<string, FootnoteDefinition>
  /** Footnote ids by first reference, their numbers, and how often each is referenced. */
  readonly order: string[]
  readonly numbers: Map<string, number>
  readonly counts: Map<string, number>
  /** How many references (link, image, footnote) were converted: their HTML depends on the whole tree. */
  references: number
}

type Converted = HastContent | HastContent[] | undefined

/** The HTML tree of a syntax tree; a block with a footnote seed numbers its references on from it and lists none. */
export function syntaxTreeToHtmlTree(tree: MdastRoot, record?: LeafRecorder): HastRoot {
  const seed = tree.data?.footnoteSeed
  const conversion: Conversion = {
    tree,
    positions: true,
    record,
    order: seed ? [...seed.order] : [],
    numbers: new Map(seed?.order.map((id, index) => [id, index + 1])),
    counts: new Map(seed?.counts),
    references: 0,
  }
  const root: HastRoot = { type: 'root', children: wrap(all(conversion, tree), false) }
  if (tree.position) root.position = tree.position
  const footer = seed ? undefined : footnoteFooter(conversion)
  if (footer) root.children.push(newline(), footer)
  return root
}

/** The HTML a lone leaf makes, without positions (a link without its children, which are leaves of their own). */
export function leafToHtml(node: MdastNodes): Converted {
  const conversion: Conversion = {
    tree: { type: 'root', children: [] },
    positions: false,
    record: undefined,
    order: [],
    numbers: new Map(),
    counts: new Map(),
    references: 0,
  }
  return one(conversion, node.type === 'link' ? { ...node, children: [] } : node, undefined, 0)
}

/** The HTML each child of a quote that is a whole tree made, to make the next tree of it from (`quoteHtmlTree`). */
export interface QuoteChildrenHtml {
  readonly quote: Blockquote
  /** By child: its HTML nodes, or undefined where they may not be used again (see `quoteHtmlTree`). */
  readonly html: readonly (readonly Element[] | undefined)[]
}

/**
 * The HTML tree of `tree` when it is one block quote, made child by child: a child that is the very
 * node at the same place in `last`'s quote keeps the HTML made of it (a streaming quote grows at its
 * end, and its other children are the same objects), unless that HTML depended on the rest of the
 * tree (a reference) or is not elements only (raw HTML, which the render's policy replaces in its
 * parent). `reused`: how many HTML nodes at the start of the quote's were kept. Undefined when the
 * tree is not one quote or has a footnote seed.
 */
export function quoteHtmlTree(
  tree: MdastRoot,
  record: LeafRecorder | undefined,
  last: QuoteChildrenHtml | undefined,
): { tree: HastRoot; quote: Element; children: QuoteChildrenHtml; reused: number } | undefined {
  const quote = tree.children.length === 1 ? tree.children[0] : undefined
  if (quote?.type !== 'blockquote' || tree.data?.footnoteSeed) return undefined
  const conversion: Conversion = {
    tree,
    positions: true,
    record,
    order: [],
    numbers: new Map(),
    counts: new Map(),
    references: 0,
  }
  const html: (readonly Element[] | undefined)[] = []
  const values: ElementContent[] = []
  let reused = 0
  let sharing = last !== undefined
  for (let index = 0; index < quote.children.length; index++) {
    const child = quote.children[index]!
    const kept = sharing && last!.quote.children[index] === child ? last!.html[index] : undefined
    if (kept) {
      values.push(...kept)
      reused += kept.length
      html.push(kept)
      continue
    }
    sharing = false
    const references = conversion.references
    const result = one(conversion, child, quote, index) as ElementContent | ElementContent[] | undefined
    const made = result === undefined ? [] : Array.isArray(result) ? result : [result]
    values.push(...made)
    const elements = made.every((node) => node.type === 'element') ? (made as Element[]) : undefined
    html.push(conversion.references === references ? elements : undefined)
  }
  // A footnote list: its numbering is the whole tree's, and the policy is applied to the new nodes only.
  if (reused > 0 && conversion.order.length > 0) return quoteHtmlTree(tree, record, undefined)
  const quoteElement = element(conversion, quote, 'blockquote', wrap(values, true))
  const root: HastRoot = { type: 'root', children: [quoteElement] }
  if (tree.position) root.position = tree.position
  const footer = footnoteFooter(conversion)
  if (footer) root.children.push(newline(), footer)
  return { tree: root, quote: quoteElement, children: { quote, html }, reused }
}

function all(conversion: Conversion, parent: MdastParents): ElementContent[] {
  const values: ElementContent[] = []
  const nodes = parent.children
  for (let index = 0; index < nodes.length; index++) {
    const result = one(conversion, nodes[index]!, parent, index) as ElementContent | ElementContent[] | undefined
    if (!result) continue
    if (index > 0 && nodes[index - 1]!.type === 'break' && !Array.isArray(result)) {
      const head = result.type === 'element' ? result.children[0] : result
      if (head?.type === 'text') head.value = head.value.replace(/^[ \t]+/, '')
    }
    if (Array.isArray(result)) values.push(...result)
    else values.push(result)
  }
  return values
}

function one(conversion: Conversion, node: MdastNodes, parent: MdastParents | undefined, index: number): Converted {
  switch (node.type) {
    case 'text':
      return leaf(conversion, node, at(conversion, node, { type: 'text', value: trimLines(node.value) }))
    case 'paragraph':
      return element(conversion, node, 'p', all(conversion, node))
    case 'heading':
      return element(conversion, node, `h${node.depth}`, all(conversion, node))
    case 'emphasis':
      return element(conversion, node, 'em', all(conversion, node))
    case 'strong':
      return element(conversion, node, 'strong', all(conversion, node))
    case 'delete':
      return element(conversion, node, 'del', all(conversion, node))
    case 'blockquote':
      return element(conversion, node, 'blockquote', wrap(all(conversion, node), true))
    case 'thematicBreak':
      return element(conversion, node, 'hr', [])
    case 'break':
      return [element(conversion, node, 'br', []), newline()]
    case 'html':
      return leaf(conversion, node, at(conversion, node, { type: 'raw', value: node.value }))
    case 'inlineCode': {
      const text = at(conversion, node, { type: 'text', value: node.value.replace(/\r?\n|\r/g, ' ') } as Text)
      return leaf(conversion, node, element(conversion, node, 'code', [text]))
    }
    case 'code': {
      const language = node.lang ? node.lang.split(/\s+/) : []
      const properties: Properties = language.length > 0 ? { className: [`language-${language[0]}`] } : {}
      const code = element(
        conversion,
        node,
        'code',
        [{ type: 'text', value: node.value ? `${node.value}\n` : '' }],
        properties,
      )
      if (node.meta) code.data = { meta: node.meta }
      return leaf(conversion, node, element(conversion, node, 'pre', [code]))
    }
    case 'link':
      return leaf(
        conversion,
        node,
        element(conversion, node, 'a', all(conversion, node), linkProperties(node.url, node.title)),
      )
    case 'image':
      return leaf(
        conversion,
        node,
        element(conversion, node, 'img', [], imageProperties(node.url, node.alt, node.title)),
      )
    case 'linkReference': {
      const definition = definitionOf(conversion, node.identifier)
      if (!definition) return revert(conversion, node)
      return element(
        conversion,
        node,
        'a',
        all(conversion, node),
        linkProperties(definition.url || '', definition.title),
      )
    }
    case 'imageReference': {
      const definition = definitionOf(conversion, node.identifier)
      if (!definition) return revert(conversion, node)
      return element(conversion, node, 'img', [], imageProperties(definition.url || '', node.alt, definition.title))
    }
    case 'footnoteReference':
      return footnoteReference(conversion, node)
    case 'list':
      return list(conversion, node)
    case 'listItem':
      return listItem(conversion, node, parent)
    case 'table':
      return table(conversion, node)
    case 'tableRow':
      return tableRow(conversion, node, parent, index)
    case 'tableCell':
      return element(conversion, node, 'td', all(conversion, node))
    case 'definition':
    case 'footnoteDefinition':
    case 'yaml':
      return undefined
    default:
      return unknown(conversion, node)
  }
}

/** A node of a type no handler knows (`mdast-util-to-hast`'s default): a value as text, anything else as a `div`. */
function unknown(conversion: Conversion, node: { type: string; value?: unknown; children?: unknown }): Converted {
  if (node.type === 'toml') return undefined
  if ('value' in node) return at(conversion, node as MdastNodes, { type: 'text', value: String(node.value) })
  const children = 'children' in node ? all(conversion, node as MdastParents) : []
  return element(conversion, node as MdastNodes, 'div', children)
}

function element(
  conversion: Conversion,
  node: MdastNodes,
  tagName: string,
  children: ElementContent[],
  properties: Properties = {},
): Element {
  return at(conversion, node, { type: 'element', tagName, properties, children })
}

function at<Node extends HastContent>(conversion: Conversion, node: MdastNodes, html: Node): Node {
  if (conversion.positions && node.position) html.position = node.position
  return html
}

function leaf<Node extends HastContent>(conversion: Conversion, node: MdastNodes, html: Node): Node {
  conversion.record?.(html, node)
  return html
}

const newline = (): Text => ({ type: 'text', value: '\n' })

/** `nodes` with a line ending between each two, and around them all when `loose`. */
function wrap(nodes: ElementContent[], loose: boolean): ElementContent[] {
  const result: ElementContent[] = loose ? [newline()] : []
  for (let index = 0; index < nodes.length; index++) {
    if (index > 0) result.push(newline())
    result.push(nodes[index]!)
  }
  if (loose && nodes.length > 0) result.push(newline())
  return result
}

/** Spaces and tabs around line endings removed, as `trim-lines` does. */
function trimLines(value: string): string {
  return hasSpaceAtLineEnding(value) ? value.replace(/[ \t]*(\r?\n|\r)[ \t]*/g, '$1') : value
}

/** Whether a space or tab stands next to a line ending (most wrapped text has none: no replace, no copy). */
function hasSpaceAtLineEnding(value: string): boolean {
  if (value.includes('\r')) return true
  for (let index = value.indexOf('\n'); index >= 0; index = value.indexOf('\n', index + 1)) {
    const before = value.charCodeAt(index - 1)
    const after = value.charCodeAt(index + 1)
    if (before === 32 || before === 9 || after === 32 || after === 9) return true
  }
  return false
}

function linkProperties(url: string, title: string | null | undefined): Properties {
  const properties: Properties = { href: normalizeUri(url) }
  if (title !== null && title !== undefined) properties.title = title
  return properties
}

function imageProperties(url: string, alt: string | null | undefined, title: string | null | undefined): Properties {
  const properties: Properties = { src: normalizeUri(url) }
  if (alt !== null && alt !== undefined) properties.alt = alt
  if (title !== null && title !== undefined) properties.title = title
  return properties
}

function definitionOf(conversion: Conversion, identifier: string): Definition | undefined {
  conversion.references++
  return collectDefinitions(conversion).definitions.get(identifier.toUpperCase())
}

/** The tree's definitions and footnote definitions, wherever they are, the first of each identifier. */
function collectDefinitions(conversion: Conversion) {
  if (conversion.definitions && conversion.footnotes)
    return { definitions: conversion.definitions, footnotes: conversion.footnotes }
  const definitions = new Map<string, Definition>()
  const footnotes = new Map<string, FootnoteDefinition>()
  const visit = (node: MdastNodes) => {
    if (node.type === 'definition' || node.type === 'footnoteDefinition') {
      const id = node.identifier.toUpperCase()
      const found: Map<string, MdastNodes> = node.type === 'definition' ? definitions : footnotes
      if (!found.has(id)) found.set(id, node)
    }
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(conversion.tree)
  conversion.definitions = definitions
  conversion.footnotes = footnotes
  return { definitions, footnotes }
}

/** A reference whose definition is missing, written back as its source text. */
function revert(conversion: Conversion, node: MdastNodes & { type: 'linkReference' | 'imageReference' }) {
  let suffix = ']'
  if (node.referenceType === 'collapsed') suffix += '[]'
  else if (node.referenceType === 'full') suffix += `[${node.label || node.identifier}]`
  if (node.type === 'imageReference') return [{ type: 'text', value: `![${node.alt}${suffix}` } as Text]
  const contents = all(conversion, node)
  const head = contents[0]
  if (head?.type === 'text') head.value = `[${head.value}`
  else contents.unshift({ type: 'text', value: '[' })
  const tail = contents[contents.length - 1]
  if (tail?.type === 'text') tail.value += suffix
  else contents.push({ type: 'text', value: suffix })
  return contents
}

function footnoteReference(conversion: Conversion, node: MdastNodes & { type: 'footnoteReference' }): Element {
  conversion.references++
  const id = node.identifier.toUpperCase()
  const safeId = normalizeUri(id.toLowerCase())
  let number = conversion.numbers.get(id)
  if (number === undefined) {
    number = conversion.order.push(id)
    conversion.numbers.set(id, number)
  }
  const count = (conversion.counts.get(id) ?? 0) + 1
  conversion.counts.set(id, count)
  const link = element(conversion, node, 'a', [{ type: 'text', value: String(number) }], {
    href: `#user-content-fn-${safeId}`,
    id: `user-content-fnref-${safeId}${count > 1 ? `-${count}` : ''}`,
    dataFootnoteRef: true,
    ariaDescribedBy: ['footnote-label'],
  })
  return element(conversion, node, 'sup', [link])
}

function list(conversion: Conversion, node: MdastNodes & { type: 'list' }): Element {
  const properties: Properties = {}
  const results = all(conversion, node)
  if (typeof node.start === 'number' && node.start !== 1) properties.start = node.start
  const taskList = results.some(
    (child) =>
      child.type === 'element' &&
      child.tagName === 'li' &&
      Array.isArray(child.properties.className) &&
      child.properties.className.includes('task-list-item'),
  )
  if (taskList) properties.className = ['contains-task-list']
  return element(conversion, node, node.ordered ? 'ol' : 'ul', wrap(results, true), properties)
}

function listItem(conversion: Conversion, node: ListItem, parent: MdastParents | undefined): Element {
  const results = all(conversion, node)
  const loose = parent ? parent.type === 'list' && listLoose(parent) : itemLoose(node)
  const properties: Properties = {}
  if (typeof node.checked === 'boolean') {
    const head = results[0]
    let paragraph: Element
    if (head?.type === 'element' && head.tagName === 'p') paragraph = head
    else {
      paragraph = { type: 'element', tagName: 'p', properties: {}, children: [] }
      results.unshift(paragraph)
    }
    if (paragraph.children.length > 0) paragraph.children.unshift({ type: 'text', value: ' ' })
    paragraph.children.unshift({
      type: 'element',
      tagName: 'input',
      properties: { type: 'checkbox', checked: node.checked, disabled: true },
      children: [],
    })
    properties.className = ['task-list-item']
  }
  const children: ElementContent[] = []
  results.forEach((child, index) => {
    const paragraph = child.type === 'element' && child.tagName === 'p'
    if (loose || index !== 0 || !paragraph) children.push(newline())
    if (paragraph && !loose) children.push(...child.children)
    else children.push(child)
  })
  const tail = results[results.length - 1]
  if (tail && (loose || tail.type !== 'element' || tail.tagName !== 'p')) children.push(newline())
  return element(conversion, node, 'li', children, properties)
}

function listLoose(node: MdastNodes & { type: 'list' }): boolean {
  return node.spread || node.children.some(itemLoose)
}

function itemLoose(node: ListItem): boolean {
  return node.spread ?? node.children.length > 1
}

function table(conversion: Conversion, node: Table): Element {
  const rows = all(conversion, node)
  const first = rows.shift()
  const content: ElementContent[] = []
  if (first) {
    const head: Element = { type: 'element', tagName: 'thead', properties: {}, children: wrap([first], true) }
    content.push(at(conversion, node.children[0]!, head))
  }
  if (rows.length > 0) {
    const body: Element = { type: 'element', tagName: 'tbody', properties: {}, children: wrap(rows, true) }
    const start = node.children[1]?.position?.start
    const end = node.children[node.children.length - 1]?.position?.end
    if (conversion.positions && start && end) body.position = { start, end }
    content.push(body)
  }
  return element(conversion, node, 'table', wrap(content, true))
}

function tableRow(
  conversion: Conversion,
  node: MdastNodes & { type: 'tableRow' },
  parent: MdastParents | undefined,
  index: number,
): Element {
  const tagName = index === 0 ? 'th' : 'td'
  const align = parent?.type === 'table' ? parent.align : undefined
  const length = align ? align.length : node.children.length
  const cells: Element[] = []
  for (let cellIndex = 0; cellIndex < length; cellIndex++) {
    const cell = node.children[cellIndex]
    const alignment = align?.[cellIndex]
    const properties: Properties = alignment ? { align: alignment } : {}
    cells.push(
      cell
        ? element(conversion, cell, tagName, all(conversion, cell), properties)
        : { type: 'element', tagName, properties, children: [] },
    )
  }
  return element(conversion, node, 'tr', wrap(cells, true))
}

/** The list of footnotes mdast-util-to-hast appends to a whole document: each referenced definition, in order. */
function footnoteFooter(conversion: Conversion): Element | undefined {
  if (conversion.order.length === 0) return undefined
  const { footnotes } = collectDefinitions(conversion)
  const contents: ElementContent[][] = []
  // A definition may reference another footnote: the order grows while the definitions convert.
  for (let index = 0; index < conversion.order.length; index++) {
    const definition = footnotes.get(conversion.order[index]!)
    if (definition) contents[index] = all(conversion, definition)
  }
  const items: Element[] = []
  conversion.order.forEach((id, index) => {
    const definition = footnotes.get(id)
    if (!definition) return
    const content = contents[index]!
    const safeId = normalizeUri(id.toLowerCase())
    const count = conversion.counts.get(id) ?? 0
    const backReferences: ElementContent[] = []
    for (let again = 1; again <= count; again++) {
      if (backReferences.length > 0) backReferences.push({ type: 'text', value: ' ' })
      const children: ElementContent[] = [{ type: 'text', value: '↩' }]
      if (again > 1)
        children.push({
          type: 'element',
          tagName: 'sup',
          properties: {},
          children: [{ type: 'text', value: String(again) }],
        })
      backReferences.push({
        type: 'element',
        tagName: 'a',
        properties: {
          href: `#user-content-fnref-${safeId}${again > 1 ? `-${again}` : ''}`,
          dataFootnoteBackref: '',
          ariaLabel: `Back to reference ${index + 1}${again > 1 ? `-${again}` : ''}`,
          className: ['data-footnote-backref'],
        },
        children,
      })
    }
    const tail = content[content.length - 1]
    if (tail?.type === 'element' && tail.tagName === 'p') {
      const last = tail.children[tail.children.length - 1]
      if (last?.type === 'text') last.value += ' '
      else tail.children.push({ type: 'text', value: ' ' })
      tail.children.push(...backReferences)
    } else content.push(...backReferences)
    items.push(element(conversion, definition, 'li', wrap(content, true), { id: `user-content-fn-${safeId}` }))
  })
  if (items.length === 0) return undefined
  return {
    type: 'element',
    tagName: 'section',
    properties: { dataFootnotes: true, className: ['footnotes'] },
    children: [
      {
        type: 'element',
        tagName: 'h2',
        properties: { className: ['sr-only'], id: 'footnote-label' },
        children: [{ type: 'text', value: 'Footnotes' }],
      },
      newline(),
      { type: 'element', tagName: 'ol', properties: {}, children: wrap(items, true) },
      newline(),
    ],
  }
}

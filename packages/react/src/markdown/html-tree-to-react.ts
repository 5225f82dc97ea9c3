/**
 * React elements for an HTML tree of the default syntax (`gfmSyntax`): the elements
 * hast-util-to-jsx-runtime makes of it with react-markdown's options (keys by tag and position,
 * with a suffix on links, images and checkboxes: `elementKey`; `node` for components, whitespace
 * dropped between table rows, a cell's `align` as `textAlign`), without its HTML and SVG property
 * tables (~9 KB gzip in a page). Those trees hold only HTML elements whose properties are named as
 * React names them, `data*` and `aria*` properties and a cell's `align` (`mdast-util-to-hast` and
 * the transforms in this folder write nothing else), so they need no table. A set with rehype plugins, which may write SVG or style strings, renders
 * through hast-util-to-jsx-runtime itself (`defineMarkdownSyntax`).
 */
import type { Element, Root, RootContent } from 'hast'
import type { ComponentType, ElementType, ReactElement, ReactNode } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'

export interface HtmlTreeRenderOptions {
  /** Element overrides by tag name (react-markdown's `components`). */
  readonly components: Readonly<Record<string, ComponentType<never> | string | undefined>>
  /** Components get their hast element as `node`. */
  readonly passNode: boolean
  /**
   * The content of a top-level element as HTML, when it can be (`html-tree-to-html.ts`): the element
   * then renders with it as `dangerouslySetInnerHTML`, without an element per descendant. Only for
   * blocks that are never patched (a finished message's); renderers of other syntaxes ignore it.
   */
  readonly contentAsHtml?: ((element: Element) => string | undefined) | undefined
}

/**
 * Renders an HTML tree as React elements; a syntax set brings the one that fits the trees it makes.
 * With `reuse`, a renderer may hand React the element it made for a subtree of the tree this one
 * replaces (the same block's last render) where that subtree is the same in both, so React skips it.
 */
export type HtmlTreeRenderer = (tree: Root, options: HtmlTreeRenderOptions, reuse?: HtmlTreeReuse) => ReactNode

/** The tree a render replaces, and the elements rendered for the elements of both (see `HtmlTreeRenderer`). */
export interface HtmlTreeReuse {
  readonly previous?: { readonly tree: Root } | undefined
  /**
   * The element rendered for each element of the trees rendered so far, filled by the render for the
   * next one. A patched tree shares its unchanged subtrees with the tree it replaces (`html-tree-patch.ts`):
   * those are not walked again, so their elements stay here from the render that made them.
   */
  readonly elements: WeakMap<Element, ReactElement>
}

type Props = Record<string, unknown>

/** Elements whose whitespace-only text children are dropped (as hast-util-to-jsx-runtime does). */
export const tableElements: ReadonlySet<string> = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr'])
export const whitespace = /^[ \t\n\f\r]*$/

/**
 * A block re-rendered by a rewrite or a chunk compares its new tree with its last one, subtree by
 * subtree, and hands React the same element object for a subtree that did not change: React then
 * neither renders nor commits anything below it.
 */
export const renderDefaultHtmlTree: HtmlTreeRenderer = (tree, options, reuse) =>
  create(
    Fragment,
    withChildren({}, childrenOf(tree.children, reuse?.previous?.tree.children, false, options, reuse, true).rendered),
  )

/** The element for `node`, and whether it is the one rendered for `old` (nothing below changed). */
function renderElement(
  node: Element,
  old: RootContent | undefined,
  key: string,
  options: HtmlTreeRenderOptions,
  reuse: HtmlTreeReuse | undefined,
  topLevel: boolean,
): { element: ReactElement; same: boolean } {
  const html = topLevel ? options.contentAsHtml?.(node) : undefined
  if (html !== undefined)
    return {
      element: create(node.tagName, { ...propsOf(node), dangerouslySetInnerHTML: { __html: html } }, key),
      same: false,
    }
  if (node === old) {
    const element = reuse?.elements.get(node)
    if (element && element.key === key) return { element, same: true }
  }
  const previous = old?.type === 'element' && old.tagName === node.tagName ? old : undefined
  const children = childrenOf(node.children, previous?.children, tableElements.has(node.tagName), options, reuse)
  if (previous && children.same) {
    const element = reuse?.elements.get(previous)
    if (element && element.key === key && sameProperties(node, previous, options.passNode)) {
      reuse?.elements.set(node, element)
      return { element, same: true }
    }
  }
  const { components } = options
  const type = Object.hasOwn(components, node.tagName) ? components[node.tagName] : node.tagName
  const props = propsOf(node)
  if (typeof type !== 'string' && options.passNode) props.node = node
  const element = create(type, withChildren(props, children.rendered), key)
  reuse?.elements.set(node, element)
  return { element, same: false }
}

/** React's props for an element's properties (without `node` and children). */
export function propsOf(node: Element): Props {
  const props: Props = {}
  let align: unknown
  for (const name in node.properties) {
    const value = node.properties[name]
    if (name === 'children' || !Object.hasOwn(node.properties, name) || value == null || Number.isNaN(value)) continue
    const propName = reactPropName(name)
    if (propName === 'align' && typeof value === 'string' && (node.tagName === 'td' || node.tagName === 'th'))
      align = value
    else props[propName] = Array.isArray(value) ? value.join(' ').trim() : value
  }
  if (align) props.style = { ...(props.style as object | undefined), textAlign: align }
  return props
}

function childrenOf(
  children: readonly RootContent[],
  previous: readonly RootContent[] | undefined,
  dropWhitespace: boolean,
  options: HtmlTreeRenderOptions,
  reuse: HtmlTreeReuse | undefined,
  topLevel = false,
): { rendered: ReactNode[]; same: boolean } {
  const rendered: ReactNode[] = []
  const countsByTag = new Map<string, number>()
  let same = previous !== undefined && previous.length === children.length
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    const old = previous?.[index]
    if (child.type === 'text') {
      if (!dropWhitespace || !whitespace.test(child.value)) rendered.push(child.value)
      same &&= old?.type === 'text' && old.value === child.value
    } else if (child.type === 'element') {
      const count = countsByTag.get(child.tagName) ?? 0
      countsByTag.set(child.tagName, count + 1)
      const element = renderElement(child, old, elementKey(child, count), options, reuse, topLevel)
      rendered.push(element.element)
      same &&= element.same
    } else same &&= old?.type === child.type
  }
  return { rendered, same }
}

/**
 * Its key among its siblings: by tag and position, and for a link, an image, a task list item's
 * checkbox or a table cell the attributes that only a mount writes as a fresh render has them. An
 * update appends an attribute it adds (a mount sets an image's `src` after the others), sets a
 * checkbox's `checked` property, not its attribute, and leaves `style=""` where a cell's alignment
 * went; such an element is made anew when they change.
 */
function elementKey(node: Element, count: number): string {
  const key = `${node.tagName}-${count}`
  switch (node.tagName) {
    case 'a':
      return node.properties.title == null ? key : `${key}-t`
    case 'img':
      return `${key}-${node.properties.title == null ? '' : 't'}${node.properties.alt == null ? '' : 'a'}`
    case 'input':
      return node.properties.checked ? `${key}-checked` : key
    case 'th':
    case 'td':
      return node.properties.align == null ? key : `${key}-aligned`
    default:
      return key
  }
}

/**
 * Whether two elements of the same tag have the same properties (and, where components get the
 * element as `node`, the same position, which a component may read).
 */
function sameProperties(node: Element, old: Element, withPosition: boolean): boolean {
  if (withPosition && !samePosition(node, old)) return false
  const properties = node.properties
  const oldProperties = old.properties
  let count = 0
  for (const name in properties) {
    count++
    const value = properties[name]
    const oldValue = oldProperties[name]
    if (value === oldValue) continue
    if (!Array.isArray(value) || !Array.isArray(oldValue) || value.length !== oldValue.length) return false
    for (let index = 0; index < value.length; index++) if (value[index] !== oldValue[index]) return false
  }
  for (const _ in oldProperties) count--
  return count === 0
}

function samePosition(node: Element, old: Element): boolean {
  const a = node.position
  const b = old.position
  if (!a || !b) return a === b
  return (
    a.start.offset === b.start.offset &&
    a.end.offset === b.end.offset &&
    a.start.line === b.start.line &&
    a.start.column === b.start.column &&
    a.end.line === b.end.line &&
    a.end.column === b.end.column
  )
}

function withChildren(props: Props, children: ReactNode[]): Props {
  const value = children.length > 1 ? children : children[0]
  if (value) props.children = value
  return props
}

function create(type: unknown, props: Props, key?: string): ReactElement {
  return (Array.isArray(props.children) ? jsxs : jsx)(type as ElementType, props, key)
}

/** `dataFootnoteRef` → `data-footnote-ref`, `ariaDescribedBy` → `aria-describedby`; HTML properties keep their name. */
function reactPropName(name: string): string {
  if (/^data[A-Z]/.test(name)) return `data${name.slice(4).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
  if (/^aria[A-Z]/.test(name)) return `aria-${name.slice(4).toLowerCase()}`
  return name
}

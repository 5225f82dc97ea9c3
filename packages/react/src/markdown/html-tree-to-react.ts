/**
 * React elements for an HTML tree of the default syntax (`gfmSyntax`): the elements
 * hast-util-to-jsx-runtime makes of it with react-markdown's options (keys by tag and position,
 * `node` for components, whitespace dropped between table rows, a cell's `align` as `textAlign`),
 * without its HTML and SVG property tables (~9 KB gzip in a page). Those trees hold only HTML
 * elements whose properties are named as React names them, `data*` and `aria*` properties and a
 * cell's `align` (`mdast-util-to-hast` and the transforms in this folder write nothing else), so
 * they need no table. A set with rehype plugins, which may write SVG or style strings, renders
 * through hast-util-to-jsx-runtime itself (`defineMarkdownSyntax`).
 */
import type { Element, Root, RootContent } from 'hast'
import type { ComponentType, ElementType, ReactNode } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'

export interface HtmlTreeRenderOptions {
  /** Element overrides by tag name (react-markdown's `components`). */
  readonly components: Readonly<Record<string, ComponentType<never> | string | undefined>>
  /** Components get their hast element as `node`. */
  readonly passNode: boolean
}

/** Renders an HTML tree as React elements; a syntax set brings the one that fits the trees it makes. */
export type HtmlTreeRenderer = (tree: Root, options: HtmlTreeRenderOptions) => ReactNode

type Props = Record<string, unknown>

const tableElements = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr'])
const whitespace = /^[ \t\n\f\r]*$/

export const renderDefaultHtmlTree: HtmlTreeRenderer = (tree, options) =>
  create(Fragment, withChildren({}, childrenOf(tree.children, false, options)))

function renderElement(node: Element, key: string, options: HtmlTreeRenderOptions): ReactNode {
  const { components } = options
  const type = Object.hasOwn(components, node.tagName) ? components[node.tagName] : node.tagName
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
  if (typeof type !== 'string' && options.passNode) props.node = node
  return create(type, withChildren(props, childrenOf(node.children, tableElements.has(node.tagName), options)), key)
}

function childrenOf(children: readonly RootContent[], dropWhitespace: boolean, options: HtmlTreeRenderOptions) {
  const rendered: ReactNode[] = []
  const countsByTag = new Map<string, number>()
  for (const child of children) {
    if (child.type === 'text') {
      if (!dropWhitespace || !whitespace.test(child.value)) rendered.push(child.value)
    } else if (child.type === 'element') {
      const count = countsByTag.get(child.tagName) ?? 0
      countsByTag.set(child.tagName, count + 1)
      rendered.push(renderElement(child, `${child.tagName}-${count}`, options))
    }
  }
  return rendered
}

function withChildren(props: Props, children: ReactNode[]): Props {
  const value = children.length > 1 ? children : children[0]
  if (value) props.children = value
  return props
}

function create(type: unknown, props: Props, key?: string): ReactNode {
  return (Array.isArray(props.children) ? jsxs : jsx)(type as ElementType, props, key)
}

/** `dataFootnoteRef` → `data-footnote-ref`, `ariaDescribedBy` → `aria-describedby`; HTML properties keep their name. */
function reactPropName(name: string): string {
  if (/^data[A-Z]/.test(name)) return `data${name.slice(4).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
  if (/^aria[A-Z]/.test(name)) return `aria-${name.slice(4).toLowerCase()}`
  return name
}

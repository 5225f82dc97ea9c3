/**
 * The content of a settled block's top-level element as an HTML string, for the element to render
 * with `dangerouslySetInnerHTML` instead of a React element per descendant. A finished message of a
 * history is never patched again until it is rewritten, and a fiber, its props and its DOM node's
 * wrapper per `strong`, `li`, `td` or `code` are most of what a long transcript keeps alive; the
 * string is a fraction of that (`bench/RESULTS.md`, "Heap of settled messages", session 11).
 *
 * The string must parse to exactly the DOM React would have made: the same elements, attributes and
 * text nodes. So it is written only for trees of the default syntax whose every element the HTML
 * parser puts back where the tree has it, with the attributes the React path writes, and only when
 * no element of it has an override in `components`; for anything else (a tag or property this does
 * not know, a component, text the parser would change) it returns undefined and the element renders
 * through React as before. Text and attribute values are escaped: nothing in the tree is markup.
 */
import type { Element, ElementContent } from 'hast'
import { version } from 'react'
import { propsOf, tableElements, whitespace } from './html-tree-to-react'

/** Phrasing elements: inside them, and inside `p` and headings, the parser would close a block element. */
const phrasing = new Set([
  'a',
  'code',
  'del',
  'em',
  'strong',
  'span',
  'sup',
  'sub',
  's',
  'ins',
  'mark',
  'kbd',
  'br',
  'img',
])
const blocks = new Set([
  'p',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'div',
  'section',
])
const holdsPhrasingOnly = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const voids = new Set(['br', 'hr', 'img'])
/** React 19 writes an image's `src` after its other attributes (React 18 in the order of its props). */
const imageSourceLast = Number.parseInt(version, 10) >= 19
/** The parent each table part must have, or the parser moves it (`mdast-util-to-hast` writes them so). */
const requiredParent: Readonly<Record<string, readonly string[]>> = {
  li: ['ul', 'ol'],
  thead: ['table'],
  tbody: ['table'],
  tfoot: ['table'],
  tr: ['thead', 'tbody', 'tfoot'],
  th: ['tr'],
  td: ['tr'],
}
/** React's HTML attribute names for the properties the default syntax writes. */
const attributeNames: Readonly<Record<string, string>> = {
  className: 'class',
  tabIndex: 'tabindex',
  colSpan: 'colspan',
  rowSpan: 'rowspan',
  href: 'href',
  src: 'src',
  alt: 'alt',
  title: 'title',
  id: 'id',
  start: 'start',
  dir: 'dir',
  lang: 'lang',
  rel: 'rel',
  target: 'target',
  width: 'width',
  height: 'height',
}
const urlAttributes = new Set(['href', 'src'])
const alignments = new Set(['left', 'right', 'center', 'justify'])
class NotRepresentable extends Error {}

/**
 * The HTML of `element`'s children, or undefined when it has no element child (React renders its
 * text as cheaply) or when the HTML would not parse back to what React renders (see above).
 */
export function contentAsHtml(element: Element, components: Readonly<Record<string, unknown>>): string | undefined {
  if (!element.children.some((child) => child.type === 'element')) return undefined
  if (!blocks.has(element.tagName) || voids.has(element.tagName) || overridden(element.tagName, components))
    return undefined
  try {
    return childrenHtml(element, components, false)
  } catch (error) {
    if (error instanceof NotRepresentable) return undefined
    throw error
  }
}

function childrenHtml(parent: Element, components: Readonly<Record<string, unknown>>, inLink: boolean): string {
  const { tagName } = parent
  const inTable = tableElements.has(tagName)
  const phrasingOnly = holdsPhrasingOnly.has(tagName) || phrasing.has(tagName)
  let html = ''
  parent.children.forEach((child: ElementContent, index) => {
    if (child.type === 'text') {
      if (inTable) {
        if (whitespace.test(child.value)) return
        throw new NotRepresentable()
      }
      // The parser drops a newline right after `<pre>`.
      if (index === 0 && tagName === 'pre' && child.value.startsWith('\n')) throw new NotRepresentable()
      html += escapeText(child.value)
    } else if (child.type === 'element') {
      const tag = child.tagName
      const isBlock = blocks.has(tag)
      if (!isBlock && !phrasing.has(tag)) throw new NotRepresentable()
      if (isBlock && phrasingOnly) throw new NotRepresentable()
      if (tag === 'a' && inLink) throw new NotRepresentable()
      const parents = requiredParent[tag]
      if (parents ? !parents.includes(tagName) : inTable) throw new NotRepresentable()
      if (overridden(tag, components)) throw new NotRepresentable()
      html += `<${tag}${attributesHtml(child)}>`
      if (voids.has(tag)) {
        if (child.children.length > 0) throw new NotRepresentable()
      } else html += `${childrenHtml(child, components, inLink || tag === 'a')}</${tag}>`
    }
    // Comments and other nodes render nothing on the React path either.
  })
  return html
}

function overridden(tag: string, components: Readonly<Record<string, unknown>>): boolean {
  return Object.hasOwn(components, tag) && components[tag] !== undefined
}

/** The attributes React writes for an element's props (`propsOf`), in the order it writes them. */
function attributesHtml(element: Element): string {
  let html = ''
  let source: string | undefined
  const props = propsOf(element)
  for (const name in props) {
    const value = props[name]
    if (name === 'style') {
      // Only a cell's alignment becomes a style (`propsOf`); React writes it as the browser serialises it.
      const align = (value as { textAlign?: unknown }).textAlign
      if (Object.keys(value as object).length !== 1 || typeof align !== 'string' || !alignments.has(align))
        throw new NotRepresentable()
      html += ` style="text-align: ${align};"`
      continue
    }
    if (typeof value !== 'string' && typeof value !== 'number') throw new NotRepresentable()
    const text = String(value)
    const attribute = name.startsWith('data-') || name.startsWith('aria-') ? name : attributeNames[name]
    if (attribute === undefined || !/^[a-z][a-z0-9-]*$/.test(attribute)) throw new NotRepresentable()
    if (urlAttributes.has(attribute) && (text === '' || isJavascriptUrl(text))) throw new NotRepresentable()
    if (attribute === 'src' && imageSourceLast) source = text
    else html += ` ${attribute}="${escapeAttribute(text)}"`
  }
  if (source !== undefined) html += ` src="${escapeAttribute(source)}"`
  return html
}

/**
 * A URL React refuses to write (it writes a throwing one instead), so the HTML must not carry it
 * either: `javascript:` after control characters and spaces, with tabs and line breaks anywhere in it.
 */
function isJavascriptUrl(url: string): boolean {
  let start = 0
  while (start < url.length && url.charCodeAt(start) <= 0x20) start++
  return url
    .slice(start)
    .replace(/[\t\n\r]/g, '')
    .toLowerCase()
    .startsWith('javascript:')
}

/** NUL and CR, which the parser drops or turns into a line feed where React writes them as they are. */
function changedByParser(text: string): boolean {
  return text.includes('\0') || text.includes('\r')
}

function escapeText(text: string): string {
  if (changedByParser(text)) throw new NotRepresentable()
  return text.replace(/[&<>]/g, (character) => (character === '&' ? '&amp;' : character === '<' ? '&lt;' : '&gt;'))
}

function escapeAttribute(text: string): string {
  if (changedByParser(text)) throw new NotRepresentable()
  return text.replace(/[&"]/g, (character) => (character === '&' ? '&amp;' : '&quot;'))
}

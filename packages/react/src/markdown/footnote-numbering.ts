/**
 * Numbering footnotes block by block as a render of the whole document numbers them
 * (`footnotes.ts` finds the references): the numbering a block starts from travels in its syntax
 * tree, and every syntax set's conversion reads it (the default set's own,
 * `syntax-tree-to-html-tree.ts`, and a root handler here in a defined set's remark-rehype); the list
 * after the last block is the conversion's own, made from the references and definitions.
 */
import type { Element, Root as HastRoot } from 'hast'
import type { Definition, FootnoteDefinition, FootnoteReference, Root } from 'mdast'
import { defaultHandlers, type Handler, type Handlers, type State } from 'mdast-util-to-hast'
import type { LinkDefinition } from './link-definitions'

/** The numbering the blocks before a block leave: footnote ids (upper case) by first reference, and references so far. */
export interface FootnoteSeed {
  readonly order: readonly string[]
  readonly counts: ReadonlyMap<string, number>
}

declare module 'mdast' {
  interface RootData {
    /** The tree is one block of a document with footnotes: number its references on from here, list none. */
    footnoteSeed?: FootnoteSeed | undefined
  }
}

/**
 * mdast-util-to-hast's root handler, numbering a block's references on from its seed. The block's
 * definitions are forgotten once its content is converted, so no footer is added to a block.
 */
function seededRoot(state: State, node: Root) {
  const seed = node.data?.footnoteSeed
  if (seed) {
    state.footnoteOrder.push(...seed.order)
    for (const [id, count] of seed.counts) state.footnoteCounts.set(id, count)
  }
  const result = defaultHandlers.root(state, node)
  if (seed) state.footnoteById.clear()
  return result
}

/** Handlers for a defined set's remark-rehype; mdast-util-to-hast types handlers as returning element content, though its root handler returns a root. */
export const footnoteHandlers: Handlers = { root: seededRoot as unknown as Handler }

/** The list after the last block, made from the references in order and the definitions. */
export interface FootnoteList {
  /** Ids in order of first reference, and how often each is referenced. */
  readonly order: readonly string[]
  readonly counts: ReadonlyMap<string, number>
  /** The document's footnote definitions outside other definitions, in order (the first of a label wins). */
  readonly definitions: readonly FootnoteDefinition[]
  /** The document's link definitions: a reference in a footnote resolves to them, as anywhere in it. */
  readonly linkDefinitions: readonly LinkDefinition[]
}

/**
 * The `section` a conversion appends to a whole document with these references and
 * definitions: a tree of the references, as often and in the order the document makes them, the
 * definitions and the link definitions, converted by `toHtmlTree`; undefined when no reference has
 * a definition.
 */
export function footnoteSection(list: FootnoteList, toHtmlTree: (tree: Root) => HastRoot): Element | undefined {
  const references: FootnoteReference[] = []
  for (const id of list.order) {
    for (let count = list.counts.get(id) ?? 0; count > 0; count--) {
      references.push({ type: 'footnoteReference', identifier: id, label: id })
    }
  }
  const linkDefinitions = list.linkDefinitions.map(
    ({ identifier, url, title }): Definition => ({ type: 'definition', identifier, label: identifier, url, title }),
  )
  const tree: Root = {
    type: 'root',
    children: [{ type: 'paragraph', children: references }, ...list.definitions, ...linkDefinitions],
  }
  const last = toHtmlTree(tree).children.at(-1)
  return last?.type === 'element' && last.tagName === 'section' ? last : undefined
}

/**
 * A top-level list that is the streaming tail, rendered item by item (`list-items.ts` says why an
 * item's parse does not change once the next item has started). The settled items render once, in
 * pages of items, each page parsed alone as a list whose element is dropped; the last two items
 * (one would be hidden while only its marker has arrived) are parsed with the list element, which
 * holds the settled pages before its own items. What every item's render depends on in the whole
 * list is set on each part's tree: tight or loose, the first item's number, and the task-list class.
 *
 * The DOM is the one react-markdown renders for the whole list. Once the list is followed by
 * another block it settles and renders whole, like every settled block.
 */
import type { Element, RootContent as HastContent, Root as HastRoot } from 'hast'
import type { List, Root } from 'mdast'
import { type ComponentProps, createContext, memo, type ReactNode, useContext, useRef } from 'react'
import { RenderedValue, useRenderedValue, useValueOf } from '../primitives/rendered-value'
import { reportMarkdownWork } from './instrumentation'
import { useKeptSyntaxTree } from './kept-syntax-tree'
import { useKeptValue } from './kept-value'
import { type DocumentDefinitions, withDefinitionLines } from './link-definitions'
import type { ListItemStart, StreamingList as StreamingListData } from './list-items'
import {
  type Components,
  type ExtraProps,
  type HtmlTreeTransform,
  type KeptHtmlTree,
  parseMarkdown,
  type RenderOptions,
  renderMarkdown,
  renderSyntaxTree,
} from './markdown-pipeline'
import { derivedFromOptions, type MarkdownRenderOptions, renderElement } from './render-options'
import { RenderSettingsContext } from './render-settings'
import { hashOfRange, pageKeys } from './text-hash'

/** A streaming list block cut into pages of settled items and the items that may still change. */
export interface ListItems {
  /** Settled items in pages (see `itemPaging`), without the blank lines after the last. */
  readonly pages: readonly string[]
  /** Each page's key: its first item's (a page keeps it while items settle into it, or a rewrite changes others). */
  readonly pageKeys: readonly string[]
  /** The last items, repaired. */
  readonly live: string
  /** The settled items (and the blank lines after them) make the list loose. */
  readonly loose: boolean
  /** A settled item is a task item. */
  readonly task: boolean
  readonly ordered: boolean
  readonly start: number | null | undefined
}

/**
 * A page of settled items holds about this many characters (an item settling renders its page
 * again), and at most `maxPageItems` items.
 */
const pageChars = 400
const maxPageItems = 16

/** What an item's text decides of its page: whether the page closes after it, and its key when it opens one. */
interface ItemPaging {
  readonly closes: boolean
  readonly key: string
}

/** Keyed by the start of the item after it (the two starts fix the item's text). */
const itemPagings = new WeakMap<ListItemStart, ItemPaging>()

/**
 * Whether a page closes after an item is decided by the item's text alone (a hash of it, more
 * often the longer it is), never by where the page began: an item inserted, removed or changed by a
 * rewrite moves no other page's boundaries, so every other page keeps its text and is not parsed
 * again.
 */
function itemPaging(text: string, start: number, next: ListItemStart): ItemPaging {
  let paging = itemPagings.get(next)
  if (!paging) {
    const hash = hashOfRange(text, start, next.start)
    const odds = Math.max(1, Math.round(pageChars / Math.max(1, next.start - start)))
    paging = { closes: hash % odds === 0, key: hash.toString(36) }
    itemPagings.set(next, paging)
  }
  return paging
}

/**
 * The list block `text` (repaired as `repaired`, which changes only its last item) cut into pages of
 * settled items and the live items, or undefined when no item is settled yet.
 */
export function listItems(text: string, repaired: string, list: StreamingListData): ListItems | undefined {
  const { items } = list
  // The live part starts at the item before the last one, or before it while that item's start
  // does not end the item before (`joined`).
  let live = items.length - 2
  while (live > 0 && items[live]!.joined) live--
  if (live <= 0) return undefined
  const liveItem = items[live]!
  if (repaired.length < liveItem.start) return undefined
  const pages: string[] = []
  const firstHashes: string[] = []
  let pageStart = 0
  let inPage = 0
  for (let index = 1; index <= live; index++) {
    inPage++
    const item: ListItemStart = items[index]!
    const paging = itemPaging(text, items[index - 1]!.start, item)
    if (inPage === 1) firstHashes.push(paging.key)
    if (index === live || ((paging.closes || inPage >= maxPageItems) && !item.joined)) {
      pages.push(text.slice(pageStart, item.start).replace(trailingLines, ''))
      pageStart = item.start
      inPage = 0
    }
  }
  return {
    pages,
    pageKeys: pageKeys(firstHashes),
    live: repaired.slice(liveItem.start),
    loose: liveItem.looseBefore,
    task: liveItem.taskBefore,
    ordered: list.ordered,
    start: list.start,
  }
}

/** The line ending after a page's last item and the blank lines after it. */
const trailingLines = /(?:\r\n|\r|\n)[ \t\r\n]*$/

interface StreamingListProps {
  blockKey: number
  separated: boolean
  /** The whole block, repaired. */
  text: string
  items: ListItems
  definitions: DocumentDefinitions
  options: MarkdownRenderOptions
  /** What changes the live items' HTML tree (direction, caret). */
  transform: HtmlTreeTransform | undefined
}

export function StreamingList({
  blockKey,
  separated,
  text,
  items,
  definitions,
  options,
  transform,
}: StreamingListProps) {
  // The live items' last HTML tree: an item that was live before re-renders only what changed.
  const live = useRef<KeptHtmlTree>({}).current
  const source = withDefinitionLines(items.live, definitions)
  reportMarkdownWork({ kind: 'block-render', chars: source.length, blockKey, parsed: true })
  const tree = parseMarkdown(source, options.syntax)
  const list = listIn(tree)
  const loose = items.loose || (list !== undefined && isLoose(list))
  const tag = items.ordered ? 'ol' : 'ul'
  // The settled pages, the same elements while they are: a hook, so before the return below.
  const settled = useKeptValue([tag, blockKey, loose, definitions, options, ...items.pages, ...items.pageKeys], () => ({
    tag,
    settled: items.pages.map((page, index) => (
      <SettledItems
        key={items.pageKeys[index]}
        blockKey={blockKey}
        text={page}
        loose={loose}
        definitions={definitions}
        options={options}
      />
    )),
  }))
  const settledSource = useRenderedValue(settled)
  if (!list) {
    // Not seen: the repair keeps the item before the last one. Rendered whole, as any block.
    const whole = withDefinitionLines(text, definitions)
    reportMarkdownWork({ kind: 'block-render', chars: whole.length, blockKey, parsed: true })
    return (
      <>
        {separated ? '\n' : null}
        {renderMarkdown(whole, options, transform)}
      </>
    )
  }
  setLoose(list, loose)
  list.start = items.start
  const withSettled: HtmlTreeTransform = (hast) => {
    const element = elementIn(hast)
    if (element?.tagName === tag) {
      if (items.task) element.properties.className = ['contains-task-list']
      element.tagName = settledItemsHolder
    }
    transform?.(hast)
  }
  return (
    <>
      {separated ? '\n' : null}
      <SettledItemsContext.Provider value={settledSource}>
        {renderSyntaxTree(tree, liveOptions(options), withSettled, live)}
      </SettledItemsContext.Provider>
    </>
  )
}

interface SettledItemsProps {
  blockKey: number
  text: string
  loose: boolean
  definitions: DocumentDefinitions
  options: RenderOptions
}

/** A page of settled items: the list parsed with them, rendered without its element (and its last line ending). */
const SettledItems = memo(function SettledItems({ blockKey, text, loose, definitions, options }: SettledItemsProps) {
  // A page grows as items settle into it: the items already in it are not rendered again.
  const kept = useRef<KeptHtmlTree>({}).current
  const source = withDefinitionLines(text, definitions)
  const tree = useKeptSyntaxTree(source, definitions, options.syntax, blockKey)
  const list = listIn(tree)
  if (list) setLoose(list, loose)
  return renderSyntaxTree(tree, options, itemsOnly, kept)
})

/** The list's children but the line ending after its last item (the next page or the live items go on from there). */
function itemsOnly(hast: HastRoot): void {
  const element = elementIn(hast)
  hast.children = element ? (element.children.slice(0, -1) as HastContent[]) : []
}

/** The list a part parses as, after the definitions written before it; undefined if it is not one list. */
function listIn(tree: Root): List | undefined {
  const node = tree.children[tree.children.length - 1]
  const onlyDefinitionsBefore = tree.children.every((child) => child === node || child.type === 'definition')
  return node?.type === 'list' && onlyDefinitionsBefore ? node : undefined
}

function elementIn(hast: HastRoot): Element | undefined {
  for (let index = hast.children.length - 1; index >= 0; index--) {
    const child = hast.children[index]!
    if (child.type === 'element') return child
  }
  return undefined
}

/** As mdast-util-to-hast decides it: the list or any of its items is spread. */
function isLoose(list: List): boolean {
  return list.spread === true || list.children.some((item) => item.spread === true)
}

function setLoose(list: List, loose: boolean): void {
  list.spread = loose
  if (!loose) for (const item of list.children) item.spread = false
}

/** The tag name the live list element is given, so that it (and not a nested list) holds the settled pages. */
const settledItemsHolder = 'palimpsest-settled-items'

const SettledItemsContext = createContext(
  new RenderedValue<{ tag: string; settled: ReactNode }>({ tag: 'ul', settled: null }),
)

type ListProps = ComponentProps<'ul'> & ExtraProps

/** The list element (or the user's override): the settled pages, then the live items. */
function ListWithSettledItems({ node, children, ...props }: ListProps) {
  const { tag, settled } = useValueOf(useContext(SettledItemsContext))
  const { components } = useContext(RenderSettingsContext)
  return renderElement(
    components?.[tag as 'ul' | 'ol'],
    tag,
    {
      ...props,
      children: (
        <>
          {settled}
          {children}
        </>
      ),
    },
    node && { ...node, tagName: tag },
  )
}

const liveOptions = derivedFromOptions(
  (options): RenderOptions => ({
    ...options,
    components: { ...options.components, [settledItemsHolder]: ListWithSettledItems } as Components,
  }),
)

/**
 * A top-level list that is the streaming tail, rendered item by item (`list-items.ts` says why an
 * item's parse does not change once the next item has started). The settled items render once, in
 * pages of items, each page parsed alone as a list whose element is dropped; the last two items
 * (one would be hidden while only its marker has arrived) are parsed with the list element, which
 * holds the settled pages before its own items. What every item's render depends on in the whole
 * list is set on each part's tree: tight or loose, the first item's number, and the task-list class.
 * A list nested in the last item (and one nested in its last item, …) renders the same way: its
 * settled items, cut from the live text (`nestedCuts`), render once in pages inside its element,
 * after its first item.
 *
 * The DOM is the one react-markdown renders for the whole list. Once the list is followed by
 * another block it settles and renders whole, like every settled block.
 */
import type { Element, RootContent as HastContent, Root as HastRoot } from 'hast'
import type { Code, List, Root } from 'mdast'
import { type ComponentProps, createContext, memo, type ReactNode, useContext, useRef } from 'react'
import { RenderedValue, useRenderedValue, useValueOf } from '../primitives/rendered-value'
import { blankCharacter } from './block-lines'
import { reportMarkdownWork } from './instrumentation'
import { useKeptSyntaxTree } from './kept-syntax-tree'
import { useKeptValue } from './kept-value'
import { type DocumentDefinitions, withDefinitionLines } from './link-definitions'
import {
  type ListItemStart,
  listCuts,
  maxNestedDepth,
  nestedCuts,
  type StreamingList as StreamingListData,
  withoutCuts,
} from './list-items'
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
  /** The settled items the nested lists' cuts took from `live` (`nestedCuts`), in pages, outermost first. */
  readonly nested: readonly NestedPages[]
  /** The code of the lines cut from the open fence ending the innermost last item (`ItemFence`). */
  readonly fenceCode?: string
}

/** A nested list's settled items, in pages. */
export interface NestedPages {
  readonly depth: number
  /** The indentation of the item holding the list, which every line of its items has. */
  readonly indent: number
  readonly pages: readonly string[]
  readonly pageKeys: readonly string[]
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
  const nested = nestedCuts(list)
  const cuts = listCuts(list, nested)
  const lastCut = cuts[cuts.length - 1]
  // Text after the last cut (a fence's code would otherwise end with the cut's last line ending,
  // which the code of a fence at the text's end does not take).
  if (lastCut && repaired.length <= lastCut.to) nested.length = cuts.length = 0
  if (live <= 0 && cuts.length === 0) return undefined
  const fenceCode = cuts.length > nested.length ? list.fence?.code : undefined
  live = Math.max(live, 0)
  const liveItem = items[live]!
  if (repaired.length < liveItem.start) return undefined
  const { pages, keys } = itemPages(text, items, 0, live)
  return {
    pages,
    pageKeys: keys,
    live: withoutCuts(repaired, liveItem.start, cuts),
    loose: liveItem.looseBefore,
    task: liveItem.taskBefore,
    ordered: list.ordered,
    start: list.start,
    ...(fenceCode !== undefined && { fenceCode }),
    nested: nested.map((cut) => {
      const settled = itemPages(text, cut.list.items, 1, cut.next)
      return { depth: cut.depth, indent: cut.list.indent, pages: settled.pages, pageKeys: settled.keys }
    }),
  }
}

/** The items from `first` to before `end`, in pages (each without the line endings after its last item). */
function itemPages(
  text: string,
  items: readonly ListItemStart[],
  first: number,
  end: number,
): { pages: string[]; keys: string[] } {
  const pages: string[] = []
  const firstHashes: string[] = []
  let pageStart = items[first]!.start
  let inPage = 0
  for (let index = first + 1; index <= end; index++) {
    inPage++
    const item: ListItemStart = items[index]!
    const paging = itemPaging(text, items[index - 1]!.start, item)
    if (inPage === 1) firstHashes.push(paging.key)
    if (index === end || ((paging.closes || inPage >= maxPageItems) && !item.joined)) {
      pages.push(withoutTrailingLines(text.slice(pageStart, item.start)))
      pageStart = item.start
      inPage = 0
    }
  }
  return { pages, keys: pageKeys(firstHashes) }
}

/**
 * `text` without the line ending after its last item and the blank lines after it. Read back from the
 * end: a pattern for it, tried at each line ending of a long run of blank lines, is quadratic in it.
 */
function withoutTrailingLines(text: string): string {
  let end = text.length
  while (end > 0 && blankCharacter.test(text[end - 1]!)) end--
  let cut = end
  while (cut < text.length && text[cut] !== '\r' && text[cut] !== '\n') cut++
  return text.slice(0, cut)
}

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
  // The live parse's nested lists, outermost first, as deep as the deepest cut.
  const deepestCut = items.nested[items.nested.length - 1]?.depth ?? 0
  const nestedLists = list ? nestedListsIn(list, deepestCut) : []
  const nestedInputs = items.nested.flatMap((level) => [
    level.depth,
    level.indent,
    nestedLists[level.depth - 1] !== undefined && isLoose(nestedLists[level.depth - 1]!),
    ...level.pages,
    ...level.pageKeys,
  ])
  const nestedSettled = useKeptValue([blockKey, definitions, options, ...nestedInputs], () => {
    const byDepth: ReactNode[] = []
    for (const level of items.nested) {
      const nestedList = nestedLists[level.depth - 1]
      byDepth[level.depth] = level.pages.map((page, index) => (
        <SettledItems
          key={level.pageKeys[index]}
          blockKey={blockKey}
          text={page}
          indent={level.indent}
          loose={nestedList !== undefined && isLoose(nestedList)}
          definitions={definitions}
          options={options}
        />
      ))
    }
    return byDepth
  })
  const nestedSource = useRenderedValue(nestedSettled)
  const fenceCode = list && items.fenceCode !== undefined ? innermostCode(list) : undefined
  if (!list || nestedLists.length < deepestCut || (items.fenceCode !== undefined && !fenceCode)) {
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
  if (fenceCode) fenceCode.value = items.fenceCode + fenceCode.value
  const withSettled: HtmlTreeTransform = (hast) => {
    const element = lastElement(hast)
    if (element?.tagName === tag) {
      if (items.task) element.properties.className = ['contains-task-list']
      element.tagName = settledItemsHolder
      if (items.nested.length > 0) holdNestedItems(element, items.nested)
    }
    transform?.(hast)
  }
  return (
    <>
      {separated ? '\n' : null}
      <SettledItemsContext.Provider value={settledSource}>
        <NestedItemsContext.Provider value={nestedSource}>
          {renderSyntaxTree(tree, liveOptions(options), withSettled, live)}
        </NestedItemsContext.Provider>
      </SettledItemsContext.Provider>
    </>
  )
}

/** The lists nested in the last item of `list`, in its last item, …, outermost first, at most `depth` of them. */
function nestedListsIn(list: List, depth: number): List[] {
  const lists: List[] = []
  let holder = list
  while (lists.length < depth) {
    const item = holder.children[holder.children.length - 1]
    const nested = item?.children[item.children.length - 1]
    if (nested?.type !== 'list') break
    lists.push(nested)
    holder = nested
  }
  return lists
}

/** The code block ending the innermost last item of `list` (through its nested lists). */
function innermostCode(list: List): Code | undefined {
  let item = list.children[list.children.length - 1]
  for (;;) {
    const last = item?.children[item.children.length - 1]
    if (last?.type === 'code') return last
    if (last?.type !== 'list') return undefined
    item = last.children[last.children.length - 1]
  }
}

/**
 * Puts, in each nested list with a cut, the element holding its settled items after its first item
 * (the live parse holds the first item and the items after the cut).
 */
function holdNestedItems(list: Element, levels: readonly NestedPages[]): void {
  let holder = list
  const deepest = levels[levels.length - 1]!.depth
  for (let depth = 1; depth <= deepest; depth++) {
    const item = lastElement(holder)
    const nested = item && lastElement(item)
    if (nested?.tagName !== 'ul' && nested?.tagName !== 'ol') return
    if (levels.some((level) => level.depth === depth)) {
      const first = nested.children.findIndex((child) => child.type === 'element')
      nested.children.splice(first + 1, 0, {
        type: 'element',
        tagName: nestedItemsHolder(depth),
        properties: {},
        children: [],
      })
    }
    holder = nested
  }
}

function lastElement(parent: HastRoot | Element): Element | undefined {
  for (let index = parent.children.length - 1; index >= 0; index--) {
    const child = parent.children[index]!
    if (child.type === 'element') return child
  }
  return undefined
}

interface SettledItemsProps {
  blockKey: number
  text: string
  /** Spaces every line of the items starts with (a nested list's), left out. */
  indent?: number
  loose: boolean
  definitions: DocumentDefinitions
  options: RenderOptions
}

/** A page of settled items: the list parsed with them, rendered without its element (and its last line ending). */
const SettledItems = memo(function SettledItems({
  blockKey,
  text,
  indent = 0,
  loose,
  definitions,
  options,
}: SettledItemsProps) {
  // A page grows as items settle into it: the items already in it are not rendered again.
  const kept = useRef<KeptHtmlTree>({}).current
  const source = withDefinitionLines(indent > 0 ? withoutIndentation(text, indent) : text, definitions)
  const tree = useKeptSyntaxTree(source, definitions, options.syntax, blockKey)
  const list = listIn(tree)
  if (list) setLoose(list, loose)
  return renderSyntaxTree(tree, options, itemsOnly, kept)
})

/** `text` without the first `indent` spaces of each line (every line has them: `plainBefore`). */
function withoutIndentation(text: string, indent: number): string {
  return text.replace(new RegExp(`(^|\\r\\n?|\\n) {${indent}}`, 'g'), '$1')
}

/** The list's children but the line ending after its last item (the next page or the live items go on from there). */
function itemsOnly(hast: HastRoot): void {
  const element = lastElement(hast)
  hast.children = element ? (element.children.slice(0, -1) as HastContent[]) : []
}

/** The list a part parses as, after the definitions written before it; undefined if it is not one list. */
function listIn(tree: Root): List | undefined {
  const node = tree.children[tree.children.length - 1]
  const onlyDefinitionsBefore = tree.children.every((child) => child === node || child.type === 'definition')
  return node?.type === 'list' && onlyDefinitionsBefore ? node : undefined
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

/** The element standing, in the live items' nested list at `depth`, for its settled items. */
const nestedItemsHolder = (depth: number) => `palimpsest-settled-nested-items-${depth}`

const NestedItemsContext = createContext(new RenderedValue<readonly ReactNode[]>([]))

/** A component per depth, reading that depth's settled items. */
const nestedSettledItems = Object.fromEntries(
  Array.from({ length: maxNestedDepth }, (_, index) => [
    nestedItemsHolder(index + 1),
    function NestedSettledItems() {
      return useValueOf(useContext(NestedItemsContext))[index + 1]
    },
  ]),
)

const liveOptions = derivedFromOptions(
  (options): RenderOptions => ({
    ...options,
    components: {
      ...options.components,
      [settledItemsHolder]: ListWithSettledItems,
      ...nestedSettledItems,
    } as Components,
  }),
)

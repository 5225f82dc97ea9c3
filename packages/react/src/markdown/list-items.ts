/**
 * A top-level list that is the streaming tail, item by item. CommonMark closes a list item when a
 * line starts the next one, and that line is read as it would be at the start of a document (a new
 * sibling item never interrupts anything: the item before it was not continued). So while a list
 * grows, only its last item has to be parsed again, and the items before it keep their parse.
 *
 * What an item's render depends on besides its own text is the whole list's: tight or loose (a
 * blank line between two items or between two blocks of any item makes every item loose), whether
 * any item is a task item (the list's class), and the first item's number. These are carried here
 * per item start, for the items before it. The same holds inside the last item, for the list that
 * ends it (`NestedList`).
 */
import type { Code, List, ListItem } from 'mdast'
import type { MarkdownSyntax } from './markdown-syntax'
import { deepestLast, lineEndingLength, lineStartBefore } from './top-level-blocks'

/** Where an item starts in its list block, and what the items before it decide for the whole list. */
export interface ListItemStart {
  /** Offset of the line the item starts on, in the block. */
  readonly start: number
  /** The items before this one, or a blank line between them or before this one, make the list loose. */
  readonly looseBefore: boolean
  /** An item before this one is a task item (the list gets `contains-task-list`). */
  readonly taskBefore: boolean
  /**
   * The item before ends in HTML, code other than a closed fence, or another fenced leaf: where
   * such a leaf ends, and whether it keeps its last line ending, depends on the line that closes
   * it, so the item before is rendered only together with this one.
   */
  readonly joined: boolean
}

/** A streaming top-level list: its kind and its items' starts, the last one being the item that still grows. */
export interface StreamingList {
  readonly ordered: boolean
  /** The first item's number (an ordered list's `start`). */
  readonly start: number | null | undefined
  /** The bullet (`-`, `+`, `*`) or, for an ordered list, the delimiter (`.`, `)`): another one starts another list. */
  readonly marker: string
  readonly items: readonly ListItemStart[]
  /** The list that ends the last item, when it has one (a table of contents under its heading item). */
  readonly nested?: NestedList
}

/**
 * The list that is the last child of a streaming list's last item (and, in turn, the list ending its
 * own last item, and so on). Its items settle as the top-level list's do; those that can be cut
 * from the text (`nestedCuts`) are parsed once, and every later parse of the last item reads it
 * without them, so a long nested list streams without parsing it whole at every line.
 */
export interface NestedList {
  /** Columns of the content of the item holding it: every line of its items starts with at least this many spaces. */
  readonly indent: number
  readonly ordered: boolean
  readonly marker: string
  /** The column its first item's content starts at (0 when unknown: no item is then cut). */
  readonly firstContent: number
  /** Its items' starts, in the top-level list's block. */
  readonly items: readonly NestedItemStart[]
  /** The list ending its last item. */
  readonly nested?: NestedList
}

export interface NestedItemStart extends ListItemStart {
  /**
   * The item before is cut-safe: its lines all start with the holding item's indentation (no lazy
   * line, none leaving that item), none is blank (tight or loose is the nested list's and the holding
   * item's), it has no task checkbox (the list's class) and does not end in a leaf the next line
   * closes (`joined`).
   */
  readonly plainBefore: boolean
  /**
   * Its line, right after the first item, would start a sibling too: it is indented with spaces,
   * fewer than the first item's content column (more would continue the first item).
   */
  readonly followsFirst: boolean
}

/** The settled items of one nested list that parses leave out, from `from` to `to` in the block. */
export interface NestedCut {
  /** 1 for the list in the top-level list's last item, 2 for the list in its last item, … */
  readonly depth: number
  readonly from: number
  readonly to: number
  /** The index of the first item after the cut. */
  readonly next: number
  readonly list: NestedList
}

/** Nested lists deeper than this are parsed whole (each depth has its own element in the render). */
export const maxNestedDepth = 6

/**
 * The cuts of the nested lists of `list`, outermost first (so in text order: a list nested deeper
 * is in the last item of the one holding it, after that one's cut).
 */
export function nestedCuts(list: StreamingList): NestedCut[] {
  const cuts: NestedCut[] = []
  let depth = 1
  for (let nested = list.nested; nested; nested = nested.nested, depth++) {
    const cut = cutOf(nested)
    if (cut) cuts.push({ depth, ...cut, list: nested })
  }
  return cuts
}

/**
 * From the second item (the first stays, so the list starts as it does, with its number,
 * interrupting what it interrupts) to the item before the last two, as far as every item between
 * is cut-safe.
 */
function cutOf(nested: NestedList): { from: number; to: number; next: number } | undefined {
  const { items } = nested
  if (items.length < 4 || items[1]!.joined) return undefined
  let plain = 1
  while (plain + 1 < items.length - 1 && items[plain + 1]!.plainBefore) plain++
  let next = plain
  while (next > 1 && !items[next]!.followsFirst) next--
  return next > 1 ? { from: items[1]!.start, to: items[next]!.start, next } : undefined
}

/** `text` from `start` on without the cuts (all after `start`). */
export function withoutCuts(text: string, start: number, cuts: readonly NestedCut[]): string {
  let kept = ''
  let from = start
  for (const cut of cuts) {
    kept += text.slice(from, cut.from)
    from = cut.to
  }
  return kept + text.slice(from)
}

/** Where `offset`, an offset in text that left out the cuts (counted from the block's start), is in the block. */
export function offsetBeside(offset: number, cuts: readonly NestedCut[]): number {
  let at = offset
  for (const cut of cuts) if (at >= cut.from) at += cut.to - cut.from
  return at
}

function hasCut(nested: NestedList | undefined): boolean {
  return nested !== undefined && (cutOf(nested) !== undefined || hasCut(nested.nested))
}

/** Streaming lists by the tail block they describe (a block made from it otherwise, by a rewrite, has none). */
const streamingLists = new WeakMap<object, StreamingList>()

export function streamingListOf(block: object): StreamingList | undefined {
  return streamingLists.get(block)
}

export function keepStreamingList(block: object, list: StreamingList): void {
  streamingLists.set(block, list)
}

/**
 * The streaming list of `node`, parsed from `text` (where the block starts at `blockStart`), or
 * undefined when it is empty.
 */
export function streamingList(
  node: List,
  text: string,
  blockStart: number,
  syntax: MarkdownSyntax,
): StreamingList | undefined {
  const first = node.children[0]
  if (!first) return undefined
  const firstItem: ListItemStart = {
    start: lineStartBefore(text, offsetOf(first)) - blockStart,
    looseBefore: false,
    taskBefore: false,
    joined: false,
  }
  const toBlock = (offset: number) => offset - blockStart
  const last = node.children[node.children.length - 1]!
  const nested = nestedListOf(last, text, toBlock, syntax)
  return {
    ordered: node.ordered === true,
    start: node.start,
    marker: markerOf(text, first),
    items: withItems([firstItem], node.children, text, toBlock, syntax),
    ...(nested && { nested }),
  }
}

/**
 * The nested list ending `item` (parsed from `text`; `toBlock` maps an offset in it to the block),
 * when the item's first line, after `parentIndent` spaces, has its content after one to four spaces.
 */
export function nestedListOf(
  item: ListItem,
  text: string,
  toBlock: (offset: number) => number,
  syntax: MarkdownSyntax,
  parentIndent = 0,
  depth = 1,
): NestedList | undefined {
  const nested = item.children[item.children.length - 1]
  const first = nested?.type === 'list' ? nested.children[0] : undefined
  if (nested?.type !== 'list' || !first || depth > maxNestedDepth) return undefined
  const lineStart = lineStartBefore(text, offsetOf(item))
  if (!text.startsWith(' '.repeat(parentIndent), lineStart)) return undefined
  itemContent.lastIndex = lineStart + parentIndent
  const content = itemContent.exec(text)
  if (!content) return undefined
  const indent = parentIndent + content[0].length
  const firstLine = lineStartBefore(text, offsetOf(first))
  const firstEntry: NestedItemStart = {
    start: toBlock(firstLine),
    looseBefore: false,
    taskBefore: false,
    joined: false,
    plainBefore: false,
    followsFirst: false,
  }
  markerContent.lastIndex = offsetOf(first)
  const marker = markerContent.exec(text)
  const spacesBefore = /^ *$/.test(text.slice(firstLine, offsetOf(first)))
  const firstContent = marker && spacesBefore ? offsetOf(first) - firstLine + marker[0].length : 0
  const items = withNestedItems([firstEntry], nested.children, text, toBlock, syntax, indent, firstContent)
  const last = nested.children[nested.children.length - 1]!
  return withDeeper<NestedList>(
    { indent, ordered: nested.ordered === true, marker: markerOf(text, first), firstContent, items },
    nestedListOf(last, text, toBlock, syntax, indent, depth + 1),
  )
}

/**
 * `nested` grown by a parse of the last item with the cut items left out: `node` is its list there,
 * whose first item is its first, and whose second is the one after its cut (or its second). Undefined
 * when the parse does not read so (the items there start elsewhere, or fewer of them, or a list
 * nested deeper with a cut is not there).
 */
export function grownNestedList(
  nested: NestedList,
  node: List,
  text: string,
  toBlock: (offset: number) => number,
  syntax: MarkdownSyntax,
  depth = 1,
): NestedList | undefined {
  const parsed = node.children
  const next = cutOf(nested)?.next ?? 1
  const known = nested.items.length - next + 1
  if (parsed.length < known || !isSameList(nested, node, text)) return undefined
  const startOf = (item: ListItem) => toBlock(lineStartBefore(text, offsetOf(item)))
  if (startOf(parsed[0]!) !== nested.items[0]!.start) return undefined
  if (next < nested.items.length && startOf(parsed[1]!) !== nested.items[next]!.start) return undefined
  const last = parsed[parsed.length - 1]!
  if (parsed.length > known) {
    const items = withNestedItems(
      nested.items,
      parsed.slice(known - 1),
      text,
      toBlock,
      syntax,
      nested.indent,
      nested.firstContent,
    )
    return withDeeper({ ...nested, items }, nestedListOf(last, text, toBlock, syntax, nested.indent, depth + 1))
  }
  if (!hasCut(nested.nested))
    return withDeeper(nested, nestedListOf(last, text, toBlock, syntax, nested.indent, depth + 1))
  const child = last.children[last.children.length - 1]
  const deeper =
    child?.type === 'list' ? grownNestedList(nested.nested!, child, text, toBlock, syntax, depth + 1) : undefined
  return deeper && withDeeper(nested, deeper)
}

/** `list` with `nested` as the list ending its last item (the same object when that is so already). */
function withDeeper<T extends { readonly nested?: NestedList }>(list: T, nested: NestedList | undefined): T {
  if (nested === list.nested) return list
  const { nested: _, ...rest } = list
  return (nested ? { ...rest, nested } : rest) as T
}

/** An item's first line up to its content, when that is one to four spaces after the marker. */
const itemContent = / {0,3}(?:[-+*]|\d{1,9}[.)]) {1,4}(?=[^ \t\r\n])/y
/** An item's marker and the spaces after it, when its content follows on that line. */
const markerContent = /(?:[-+*]|\d{1,9}[.)]) {1,4}(?=[^ \t\r\n])/y

/**
 * `list` after changes inside its items' lines that leave its structure as it was (words replaced,
 * plain runs inserted or removed: no line, blank line, marker or checkbox made or unmade): each
 * item starts where `shift` moves its line's start.
 */
export function shiftedStreamingList(list: StreamingList, shift: (offset: number) => number): StreamingList {
  return withDeeper(
    { ...list, items: list.items.map((item) => ({ ...item, start: shift(item.start) })) },
    shiftedNested(list.nested, shift),
  )
}

/**
 * `list` with its items from `index` (not the first) to before `next` (not the last) rewritten:
 * `node` is a parse of the new text from item `index`'s start to item `next`'s (`text`, starting
 * in the block at the item's start), holding one or more items of the same kind, none a task item,
 * with no blank line in it unless the list is loose already; the items from `next` on move by
 * `shift`. Undefined when `node` is another list. The items before keep their entries; whether the
 * list is loose or holds task items does not change (no blank line, or a list loose before the
 * items; no task item, before or after).
 */
export function rewrittenItems(
  list: StreamingList,
  index: number,
  next: number,
  node: List,
  text: string,
  shift: number,
  syntax: MarkdownSyntax,
): StreamingList | undefined {
  const item = list.items[index]!
  if (!isSameList(list, node, text)) return undefined
  if (node.children.some((child) => typeof child.checked === 'boolean')) return undefined
  const entries = withItems([...list.items.slice(0, index + 1)], node.children, text, (at) => at + item.start, syntax)
  const last = node.children[node.children.length - 1]!
  const after = list.items.slice(next).map(
    (entry, offset): ListItemStart => ({
      ...entry,
      start: entry.start + shift,
      ...(offset === 0 && { joined: endsInFlowLeaf(last, text, syntax) }),
    }),
  )
  return withDeeper(
    { ...list, items: [...entries, ...after] },
    shiftedNested(list.nested, (at) => at + shift),
  )
}

function shiftedNested(nested: NestedList | undefined, shift: (offset: number) => number): NestedList | undefined {
  return (
    nested && {
      ...nested,
      items: nested.items.map((item) => ({ ...item, start: shift(item.start) })),
      ...(nested.nested && { nested: shiftedNested(nested.nested, shift) }),
    }
  )
}

/**
 * `list` with the items of `node`, a parse of its last item and what followed it (`text`; `toBlock`
 * maps an offset in it to the block, the parse having left out the cut nested items, `nestedCuts`):
 * undefined when `node` is another list (its first item has another marker) or its nested list is
 * not read as before.
 */
export function continuedList(
  list: StreamingList,
  node: List,
  text: string,
  toBlock: (offset: number) => number,
  syntax: MarkdownSyntax,
): StreamingList | undefined {
  if (!isSameList(list, node, text)) return undefined
  const last = node.children[node.children.length - 1]!
  if (node.children.length > 1) {
    const items = withItems(list.items, node.children, text, toBlock, syntax)
    return withDeeper({ ...list, items }, nestedListOf(last, text, toBlock, syntax))
  }
  if (!hasCut(list.nested)) return withDeeper(list, nestedListOf(last, text, toBlock, syntax))
  const child = last.children[last.children.length - 1]
  const grown = child?.type === 'list' ? grownNestedList(list.nested!, child, text, toBlock, syntax) : undefined
  return grown && withDeeper(list, grown)
}

/**
 * `known` (whose last entry is `items[0]`'s) with entries for the items after the first, parsed
 * from `text` (`toBlock` maps an offset in it to the block).
 */
function withItems(
  known: readonly ListItemStart[],
  items: readonly ListItem[],
  text: string,
  toBlock: (offset: number) => number,
  syntax: MarkdownSyntax,
): ListItemStart[] {
  const entries = [...known]
  let entry = entries[entries.length - 1]!
  for (let index = 1; index < items.length; index++) {
    entry = nextEntry(entry, items[index - 1]!, items[index]!, text, toBlock, syntax)
    entries.push(entry)
  }
  return entries
}

function nextEntry(
  entry: ListItemStart,
  before: ListItem,
  item: ListItem,
  text: string,
  toBlock: (offset: number) => number,
  syntax: MarkdownSyntax,
): ListItemStart {
  return {
    start: toBlock(lineStartBefore(text, offsetOf(item))),
    looseBefore: entry.looseBefore || before.spread === true || blankLineBetween(text, before, item),
    taskBefore: entry.taskBefore || typeof before.checked === 'boolean',
    joined: endsInFlowLeaf(before, text, syntax),
  }
}

/** `withItems` for a nested list, whose entries also say whether the item before is cut-safe. */
function withNestedItems(
  known: readonly NestedItemStart[],
  items: readonly ListItem[],
  text: string,
  toBlock: (offset: number) => number,
  syntax: MarkdownSyntax,
  indent: number,
  firstContent: number,
): NestedItemStart[] {
  const entries = [...known]
  let entry = entries[entries.length - 1]!
  for (let index = 1; index < items.length; index++) {
    const before = items[index - 1]!
    const item = items[index]!
    const made = nextEntry(entry, before, item, text, toBlock, syntax)
    const line = lineStartBefore(text, offsetOf(item))
    const beforeText = text.slice(lineStartBefore(text, offsetOf(before)), line)
    const indentation = text.slice(line, offsetOf(item))
    entry = {
      ...made,
      plainBefore: !made.joined && isCutSafe(beforeText, indent),
      followsFirst: /^ *$/.test(indentation) && indentation.length < firstContent,
    }
    entries.push(entry)
  }
  return entries
}

/** A nested item's text (its lines, each with its line ending) that a parse may leave out: see `plainBefore`. */
function isCutSafe(item: string, indent: number): boolean {
  if (taskCheckbox.test(item)) return false
  const prefix = ' '.repeat(indent)
  let at = 0
  while (at < item.length) {
    if (!item.startsWith(prefix, at)) return false
    let end = at
    while (end < item.length && item[end] !== '\n' && item[end] !== '\r') end++
    if (item.slice(at, end).trim() === '') return false
    at = end + lineEndingLength(item, end)
  }
  return true
}

/** A task list item's checkbox at the start of a line (an item's, or a nested item's). */
export const taskCheckbox = /^[ \t>]*(?:[-+*]|\d{1,9}[.)])[ \t]+\[[ xX]\]/m

const lineEndings = /\r\n|\r|\n/g

function offsetOf(item: ListItem): number {
  return item.position?.start.offset ?? 0
}

/** Whether `node` (a parse of `text`) starts with an item `list` could go on with: the same kind, the same marker. */
function isSameList(list: Pick<StreamingList, 'ordered' | 'marker'>, node: List, text: string): boolean {
  const first = node.children[0]
  return first !== undefined && (node.ordered === true) === list.ordered && markerOf(text, first) === list.marker
}

/**
 * Whether a blank line separates `item` from the item `before` it (which makes their list loose), in
 * `text`, the parsed text: between an item's end and the next item's marker there are only line
 * endings and container prefixes.
 */
export function blankLineBetween(text: string, before: ListItem, item: ListItem): boolean {
  const end = before.position?.end.offset ?? 0
  return (text.slice(end, offsetOf(item)).match(lineEndings)?.length ?? 0) > 1
}

/** The bullet, or the delimiter after an ordered item's number (another one starts another list). */
export function markerOf(text: string, item: ListItem): string {
  let at = offsetOf(item)
  while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++
  return text[at] ?? ''
}

function endsInFlowLeaf(item: ListItem, text: string, syntax: MarkdownSyntax): boolean {
  const leaf = deepestLast(item)
  if (leaf.type === 'code') return !isClosedFence(leaf as Code, text)
  return leaf.type === 'html' || syntax.fencedTypes?.includes(leaf.type) === true
}

/**
 * A fenced code block whose closing fence is there: it ends there whatever the next line is. Its
 * source is then the opening fence, a line per line of its value, and the closing fence.
 */
function isClosedFence(code: Code, text: string): boolean {
  const lines = text.slice(code.position?.start.offset ?? 0, code.position?.end.offset ?? 0).split(lineEnding)
  const opening = /^[ \t>]*(`{3,}|~{3,})/.exec(lines[0]!)?.[1]
  const closing = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(lines[lines.length - 1]!)?.[1]
  return (
    opening !== undefined &&
    closing !== undefined &&
    closing[0] === opening[0] &&
    closing.length >= opening.length &&
    lines.length === code.value.split(lineEnding).length + 2
  )
}

const lineEnding = /\r\n|\r|\n/

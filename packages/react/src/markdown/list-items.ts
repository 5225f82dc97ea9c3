/**
 * A top-level list that is the streaming tail, item by item. CommonMark closes a list item when a
 * line starts the next one, and that line is read as it would be at the start of a document (a new
 * sibling item never interrupts anything: the item before it was not continued). So while a list
 * grows, only its last item has to be parsed again, and the items before it keep their parse.
 *
 * What an item's render depends on besides its own text is the whole list's: tight or loose (a
 * blank line between two items or between two blocks of any item makes every item loose), whether
 * any item is a task item (the list's class), and the first item's number. These are carried here
 * per item start, for the items before it.
 */
import type { Code, List, ListItem } from 'mdast'
import type { MarkdownSyntax } from './markdown-syntax'
import { deepestLast, lineStartBefore } from './top-level-blocks'

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
  return {
    ordered: node.ordered === true,
    start: node.start,
    marker: markerOf(text, first),
    items: withItems([firstItem], node.children, text, blockStart, syntax),
  }
}

/**
 * `list` after changes inside its items' lines that leave its structure as it was (words replaced,
 * plain runs inserted or removed: no line, blank line, marker or checkbox made or unmade): each
 * item starts where `shift` moves its line's start.
 */
export function shiftedStreamingList(list: StreamingList, shift: (offset: number) => number): StreamingList {
  return { ...list, items: list.items.map((item) => ({ ...item, start: shift(item.start) })) }
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
  const entries = withItems([...list.items.slice(0, index + 1)], node.children, text, -item.start, syntax)
  const last = node.children[node.children.length - 1]!
  const after = list.items.slice(next).map(
    (entry, offset): ListItemStart => ({
      ...entry,
      start: entry.start + shift,
      ...(offset === 0 && { joined: endsInFlowLeaf(last, text, syntax) }),
    }),
  )
  return { ...list, items: [...entries, ...after] }
}

/**
 * `list` with the items of `node`, a parse of its last item and what followed it (`text`, starting
 * in the block at `itemStart`): undefined when `node` is another list (its first item has another
 * marker), the same object when no item was added.
 */
export function continuedList(
  list: StreamingList,
  node: List,
  text: string,
  itemStart: number,
  syntax: MarkdownSyntax,
): StreamingList | undefined {
  if (!isSameList(list, node, text)) return undefined
  if (node.children.length === 1) return list
  return { ...list, items: withItems(list.items, node.children, text, -itemStart, syntax) }
}

/**
 * `known` (whose last entry is `items[0]`'s) with entries for the items after the first, parsed
 * from `text` where the block starts at `blockStart`.
 */
function withItems(
  known: readonly ListItemStart[],
  items: readonly ListItem[],
  text: string,
  blockStart: number,
  syntax: MarkdownSyntax,
): ListItemStart[] {
  const entries = [...known]
  let entry = entries[entries.length - 1]!
  for (let index = 1; index < items.length; index++) {
    const before = items[index - 1]!
    const item = items[index]!
    entry = {
      start: lineStartBefore(text, offsetOf(item)) - blockStart,
      looseBefore: entry.looseBefore || before.spread === true || blankLineBetween(text, before, item),
      taskBefore: entry.taskBefore || typeof before.checked === 'boolean',
      joined: endsInFlowLeaf(before, text, syntax),
    }
    entries.push(entry)
  }
  return entries
}

const lineEndings = /\r\n|\r|\n/g

function offsetOf(item: ListItem): number {
  return item.position?.start.offset ?? 0
}

/** Whether `node` (a parse of `text`) starts with an item `list` could go on with: the same kind, the same marker. */
function isSameList(list: StreamingList, node: List, text: string): boolean {
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

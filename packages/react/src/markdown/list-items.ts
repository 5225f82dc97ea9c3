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
import type { List, ListItem } from 'mdast'
import { lineEndings } from './block-lines'
import type { MarkdownSyntax } from './markdown-syntax'
import { endsInFlowLeaf, isClosedFence, lineEndingLength, lineStartBefore } from './top-level-blocks'

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
  /** The open fenced code block ending the innermost last item (of this list or of the deepest nested one). */
  readonly fence?: ItemFence
}

/**
 * An open code fence ending the last item of a streaming list (or of its deepest nested list). Its
 * complete lines but the last two are cut from the text both parses read, as a nested list's settled
 * items are: a line of code in a list item is code whatever the lines around it, as long as it has the
 * item's indentation (or is blank) and does not close the fence, and the fence stays open (the parse
 * that grows the list checks). The render puts the cut code back before the code of its parse.
 */
export interface ItemFence {
  /** Where its opening fence's line starts, in the block. */
  readonly start: number
  /** Where its code starts: the line after the opening fence. */
  readonly codeStart: number
  /** The holding item's content column: the spaces its lines give to the containers. */
  readonly indent: number
  /** Spaces before the opening fence beyond `indent`: at most this many are taken from each line of code. */
  readonly fenceIndent: number
  /** Up to where (a line start) the lines are cut: code lines with neither tab nor carriage return. */
  readonly cutTo: number
  /** The code of the cut lines, each with its line ending. */
  readonly code: string
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

/** A range of a streaming list's block that parses leave out. */
export interface TextCut {
  readonly from: number
  readonly to: number
}

/** The nested lists' cuts, then the cut lines of the fence ending the innermost last item. */
export function listCuts(list: StreamingList, nested: readonly NestedCut[] = nestedCuts(list)): TextCut[] {
  const cuts: TextCut[] = [...nested]
  if (list.fence && list.fence.cutTo > list.fence.codeStart)
    cuts.push({ from: list.fence.codeStart, to: list.fence.cutTo })
  return cuts
}

/** `text` from `start` on without the cuts (all after `start`). */
export function withoutCuts(text: string, start: number, cuts: readonly TextCut[]): string {
  let kept = ''
  let from = start
  for (const cut of cuts) {
    kept += text.slice(from, cut.from)
    from = cut.to
  }
  return kept + text.slice(from)
}

/** Where `offset`, an offset in text that left out the cuts (counted from the block's start), is in the block. */
export function offsetBeside(offset: number, cuts: readonly TextCut[]): number {
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
  const fence = itemFenceOf(node, nested, text, toBlock, undefined)
  return {
    ordered: node.ordered === true,
    start: node.start,
    marker: markerOf(text, first),
    items: withItems([firstItem], node.children, text, toBlock, syntax),
    ...(nested && { nested }),
    ...(fence && { fence }),
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
  const indent = contentColumn(item, text, parentIndent)
  if (indent === undefined) return undefined
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

/**
 * The column `item`'s content starts at, when its line has `parentIndent` spaces (the containers'),
 * then the marker after at most three more, then its content after one to four spaces.
 */
function contentColumn(item: ListItem, text: string, parentIndent: number): number | undefined {
  const lineStart = lineStartBefore(text, offsetOf(item))
  if (!text.startsWith(' '.repeat(parentIndent), lineStart)) return undefined
  itemContent.lastIndex = lineStart + parentIndent
  const content = itemContent.exec(text)
  return content ? parentIndent + content[0].length : undefined
}

/**
 * The open fence ending the innermost last item of `node` (a parse of `text`, its items from the
 * block's last item on; `toBlock` maps an offset in it to the block), when the nested lists on the
 * way are those `nested` describes; `previous` when it is the same fence, its cut grown by the
 * complete lines after it but the last.
 */
export function itemFenceOf(
  node: List,
  nested: NestedList | undefined,
  text: string,
  toBlock: (offset: number) => number,
  previous: ItemFence | undefined,
): ItemFence | undefined {
  let item = node.children[node.children.length - 1]
  let parentIndent = 0
  let level = nested
  while (item) {
    const last = item.children[item.children.length - 1]
    if (last?.type === 'list') {
      if (!level) return undefined
      parentIndent = level.indent
      item = last.children[last.children.length - 1]
      level = level.nested
      continue
    }
    if (last?.type !== 'code' || isClosedFence(last, text)) return undefined
    const fenceAt = last.position?.start.offset ?? 0
    const start = toBlock(lineStartBefore(text, fenceAt))
    const indent = contentColumn(item, text, parentIndent)
    if (indent === undefined) return undefined
    const fenceLine = text.slice(lineStartBefore(text, fenceAt), fenceAt)
    if (!/^ *$/.test(fenceLine) || fenceLine.length < indent || !fenceOpening.test(text.slice(fenceAt)))
      return undefined
    const openingEnd = lineEndAfter(text, fenceAt)
    if (openingEnd >= text.length) return undefined
    // Mapped from the line ending: where the code starts may be where a cut of it ends.
    const codeAt = openingEnd + lineEndingLength(text, openingEnd)
    const codeStart = toBlock(openingEnd) + lineEndingLength(text, openingEnd)
    const fence =
      previous && previous.start === start && previous.codeStart === codeStart && previous.indent === indent
        ? previous
        : { start, codeStart, indent, fenceIndent: fenceLine.length - indent, cutTo: codeStart, code: '' }
    return grownFenceCut(fence, text, codeAt, toBlock)
  }
  return undefined
}

/**
 * `fence` with its cut taken on over the complete lines of code after it but the last two. `text`
 * holds its code from the cut's end on, at `at` (right after the opening fence's line: a parse leaves
 * the cut lines out, and `toBlock` maps back over them).
 */
function grownFenceCut(fence: ItemFence, text: string, at: number, toBlock: (offset: number) => number): ItemFence {
  // The last two complete lines stay, and the line being written: the render drops a final line
  // ending, and a blank last line with it, and the code after the cut must not be empty.
  let keepFrom = lineStartBefore(text, text.length)
  for (let line = 0; line < 2; line++) keepFrom = lineStartBefore(text, Math.max(0, keepFrom - 1))
  let code = ''
  let cutTo = at
  while (cutTo < keepFrom) {
    const end = lineEndAfter(text, cutTo)
    const line = text.slice(cutTo, end)
    if (text[end] !== '\n' || /[\t\r]/.test(line)) break
    const spaces = /^ */.exec(line)![0].length
    if (spaces < line.length && (spaces < fence.indent || closingFence.test(line.slice(fence.indent)))) break
    // The containers take the item's indentation, the fence up to its own (a blank line gives what it has).
    code += `${line.slice(Math.min(spaces, fence.indent + fence.fenceIndent))}\n`
    cutTo = end + 1
  }
  return cutTo === at ? fence : { ...fence, cutTo: toBlock(cutTo), code: fence.code + code }
}

/** The end of the line `offset` is on (its line ending, or the text's end). */
function lineEndAfter(text: string, offset: number): number {
  let end = offset
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++
  return end
}

/** An opening code fence, from its first character. */
const fenceOpening = /^(?:`{3,}[^`\r\n]*|~{3,}[^\r\n]*)(?:\r\n?|\n)/
/** A line (less the item's indentation) that could close a fence. */
const closingFence = /^ {0,3}(?:`{3,}|~{3,})[ \t]*$/

/** `list` with `nested` as the list ending its last item (the same object when that is so already). */
function withDeeper<T extends { readonly nested?: NestedList }>(list: T, nested: NestedList | undefined): T {
  return withOptional(list, 'nested', nested)
}

/** `list` with `fence` as the fence its last item ends with (the same object when that is so already). */
function withFence(list: StreamingList, fence: ItemFence | undefined): StreamingList {
  return withOptional(list, 'fence', fence)
}

/** `object` with its optional `field` set to `value`, or without the field for none; the same object when it is so already. */
function withOptional<T, Field extends keyof T>(object: T, field: Field, value: T[Field] | undefined): T {
  if (value === object[field]) return object
  const { [field]: _, ...rest } = object
  return (value === undefined ? rest : { ...rest, [field]: value }) as T
}

/** An item's first line up to its content, when that is one to four spaces after the marker. */
const itemContent = / {0,3}(?:[-+*]|\d{1,9}[.)]) {1,4}(?=[^ \t\r\n])/y
/** An item's marker and the spaces after it, when its content follows on that line. */
const markerContent = /(?:[-+*]|\d{1,9}[.)]) {1,4}(?=[^ \t\r\n])/y

/**
 * `list` after changes inside its items' lines that leave its structure as it was (words replaced,
 * plain runs inserted or removed: no line, blank line, marker or checkbox made or unmade): each
 * item starts where `shift` moves its line's start; `text` is the block's new text.
 */
export function shiftedStreamingList(
  list: StreamingList,
  shift: (offset: number) => number,
  text: string,
): StreamingList {
  // The fence's cut code may be what changed: it is taken again from the new text (`text`, the block).
  const fence = list.fence && {
    ...list.fence,
    start: shift(list.fence.start),
    codeStart: shift(list.fence.codeStart),
    cutTo: shift(list.fence.codeStart),
    code: '',
  }
  return withFence(
    withDeeper(
      { ...list, items: list.items.map((item) => ({ ...item, start: shift(item.start) })) },
      shiftedNested(list.nested, shift),
    ),
    fence && grownFenceCut(fence, text, fence.codeStart, (offset) => offset),
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
  const fence = list.fence && {
    ...list.fence,
    start: list.fence.start + shift,
    codeStart: list.fence.codeStart + shift,
    cutTo: list.fence.cutTo + shift,
  }
  return withFence(
    withDeeper(
      { ...list, items: [...entries, ...after] },
      shiftedNested(list.nested, (at) => at + shift),
    ),
    fence,
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
    const nested = nestedListOf(last, text, toBlock, syntax)
    return withFence(withDeeper({ ...list, items }, nested), itemFenceOf(node, nested, text, toBlock, undefined))
  }
  let nested: NestedList | undefined
  if (!hasCut(list.nested)) nested = nestedListOf(last, text, toBlock, syntax)
  else {
    const child = last.children[last.children.length - 1]
    nested = child?.type === 'list' ? grownNestedList(list.nested!, child, text, toBlock, syntax) : undefined
    if (!nested) return undefined
  }
  // The lines cut from an open fence were code lines in it, and stay so whatever follows: when it has
  // closed since (or its item ended), the parse without them is read as the whole text is.
  return withFence(withDeeper(list, nested), itemFenceOf(node, nested, text, toBlock, list.fence))
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
    const end = lineEndAfter(item, at)
    if (item.slice(at, end).trim() === '') return false
    at = end + lineEndingLength(item, end)
  }
  return true
}

/** A task list item's checkbox at the start of a line (an item's, or a nested item's). */
export const taskCheckbox = /^[ \t>]*(?:[-+*]|\d{1,9}[.)])[ \t]+\[[ xX]\]/m

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

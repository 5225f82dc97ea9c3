/**
 * A rewrite inside a block quote, re-parsed by the quote's children: a quote of six hundred
 * paragraphs is one top-level block, and a line added to one of them would otherwise parse the
 * whole quote. A child that follows a blank line of the quote (and a block no later line can join)
 * starts as the quote's first child does, so the lines from the child holding the change up to the
 * first child starting after it, after a blank line, are parsed again as a quote of their own, and
 * the children after them are what they were, moved. The result is the tree a parse of the whole new block gives, or
 * undefined when that cannot be shown here (the caller parses).
 */
import type { Nodes, Root, RootContent } from 'mdast'
import { blankLineBetween, markerOf } from './list-items'
import { movedCopy, movedPoint } from './markdown-pipeline'
import { sharedPrefixLength, sharedSuffixLength } from './text-comparison'
import { lineFeeds, lineStartBefore, type TailLeaf, tailLeafOf } from './top-level-blocks'

/** `from`–`to` (offsets of a block's source) replaced by `insert`. */
export interface QuoteChange {
  readonly from: number
  readonly to: number
  readonly insert: string
}

/** A text parsed as a document: its top-level nodes, and its innermost last block. */
export interface ParsedText {
  readonly nodes: readonly RootContent[]
  readonly leaf: TailLeaf | undefined
}

/**
 * The tree of `source` with `change` made, from `tree` (a parse of `source`, positions relative to
 * it, one block quote). With `atEnd` (the quote is the last thing in the text, a streaming tail), a
 * change in its last child is made too, and `leaf` is then the new text's innermost last block
 * (offsets of the new source); otherwise the quote's last lines are as they were.
 */
export function quoteTreeRewritten(
  tree: Root,
  source: string,
  change: QuoteChange,
  parse: (text: string) => ParsedText,
  atEnd: boolean,
): { tree: Root; leaf?: TailLeaf | undefined } | undefined {
  const quote = tree.children.length === 1 ? tree.children[0] : undefined
  if (quote?.type !== 'blockquote' || quote.children.length < 2 || !quote.position) return undefined
  const children = quote.children
  const lineStarts: number[] = []
  for (const child of children) {
    const start = child.position?.start.offset
    if (start === undefined) return undefined
    lineStarts.push(lineStartBefore(source, start))
  }
  // The child whose lines the change starts in, moved back while the child before it might take its
  // first line (a list, indented code, or no blank line between them): its first line then starts a
  // block as at the start of a document, whatever the change made of it.
  let first = -1
  while (first + 1 < children.length && lineStarts[first + 1]! <= change.from) first++
  if (first < 0) return undefined
  while (first > 0 && !startsAfresh(children, first, lineStarts[first]!, source)) first--
  // What the quote's first line holds may decide where the block before it ends (a line a paragraph
  // before it takes, lazily or not): it stays as it was.
  if (first === 0) {
    const firstLineEnd = source.indexOf('\n', lineStarts[0]!)
    if (firstLineEnd < 0 || change.from <= firstLineEnd) return undefined
  }
  // The first child starting on a line after the change, after a blank line: it and the children
  // after it stay. One right under the lines parsed again may parse differently after what the
  // change made of them (a list interrupting a paragraph opens in interrupt mode: `1. -` holds the
  // text `-` there, an empty list elsewhere).
  let next = first + 1
  while (
    next < children.length &&
    (lineStarts[next]! < change.to || !startsAfresh(children, next, lineStarts[next]!, source))
  )
    next++
  if (next >= children.length) {
    if (!atEnd) return undefined
    return (
      lastItemsRewritten(tree, source, change, parse) ??
      lastChildrenRewritten(tree, source, change, parse, first, lineStarts)
    )
  }

  const regionStart = lineStarts[first]!
  const regionEnd = lineStarts[next]!
  const region = source.slice(regionStart, change.from) + change.insert + source.slice(change.to, regionEnd)
  const nextLineEnd = source.indexOf('\n', regionEnd)
  const nextLine = source.slice(regionEnd, nextLineEnd < 0 ? source.length : nextLineEnd)
  if (!region.endsWith('\n') || unsafe.test(region) || nextLine.includes('\r')) return undefined
  // Parsed as a quote of its own, markers and all, so every position is the one a parse of the
  // whole quote gives (a list ends after the marker of the blank line closing it): the quote's
  // children read from a line after a blank one as from its first line.
  const own = quoteOf(parse(region + nextLine))
  // The next child's line must still start a block of its own.
  const regionLines = lineFeeds(region)
  if (own?.children[own.children.length - 1]?.position?.start.line !== regionLines + 1) return undefined
  if (!startsAfresh(own.children, own.children.length - 1, region.length, region + nextLine)) return undefined
  const firstLine = children[first]!.position!.start.line
  const placed = own.children.slice(0, -1).map((child) => movedCopy(child, regionStart, firstLine - 1))

  const shift = change.insert.length - (change.to - change.from)
  const lineShift = lineFeeds(change.insert) - lineFeeds(source.slice(change.from, change.to))
  const moved = children.slice(next).map((child) => movedCopy(child, shift, lineShift))
  const end = movedPoint(quote.position.end, shift, lineShift)
  const rewritten = {
    ...quote,
    children: [...children.slice(0, first), ...placed, ...moved] as typeof children,
    position: { start: quote.position.start, end },
  }
  // The root without a position: its nodes are what a render and a later rewrite read.
  return { tree: { type: 'root', children: [rewritten] } }
}

/** A parse of a block's source, kept with the source to make the next one from (see `quoteTreeFromEarlier`). */
export interface ParsedSource {
  readonly source: string
  readonly tree: Root
}

/**
 * The tree of `source`, a whole block, made from `earlier` (a parse of an earlier text of the same
 * block) when both are one block quote: the children the difference touches are parsed again, to the
 * end of the quote if need be (a streaming quote grows in its last child). Undefined otherwise. The
 * caller knows that the block defines no link or footnote label (its other children might use one
 * the changed ones define); the changed text is checked here.
 */
export function quoteTreeFromEarlier(
  earlier: ParsedSource,
  source: string,
  parse: (text: string) => ParsedText,
): Root | undefined {
  const old = earlier.source
  const [only, ...more] = earlier.tree.children
  if (only?.type !== 'blockquote' || more.length > 0 || only.children.length < 2) return undefined
  if (old.charCodeAt(0) !== source.charCodeAt(0) || source.includes('\r')) return undefined
  const from = sharedPrefixLength(old, source)
  const suffix = sharedSuffixLength(old, source, Math.min(old.length, source.length) - from)
  const change = { from, to: old.length - suffix, insert: source.slice(from, source.length - suffix) }
  return quoteTreeRewritten(earlier.tree, old, change, parse, true)?.tree
}

/** The one block quote a parse starting at its first character made, if that is all it made. */
function quoteOf(parsed: ParsedText) {
  const own = parsed.nodes.length === 1 ? parsed.nodes[0] : undefined
  return own?.type === 'blockquote' && own.position?.start.offset === 0 && !definesLabel(own.children) ? own : undefined
}

/**
 * Whether a parse made a link or footnote definition: they apply to the whole document (the quote's
 * other children may use them), so the caller parses it all.
 */
function definesLabel(nodes: readonly Nodes[]): boolean {
  for (const node of nodes) {
    if (node.type === 'definition' || node.type === 'footnoteDefinition') return true
    if ((node.type === 'blockquote' || node.type === 'list' || node.type === 'listItem') && definesLabel(node.children))
      return true
  }
  return false
}

/**
 * A change in the last child of a quote that ends its source: the lines from the child `first` to
 * the end are parsed as a quote of their own, which must take all of them.
 */
function lastChildrenRewritten(
  tree: Root,
  source: string,
  change: QuoteChange,
  parse: (text: string) => ParsedText,
  first: number,
  lineStarts: readonly number[],
): { tree: Root; leaf: TailLeaf | undefined } | undefined {
  const quote = endingQuote(tree, source)
  const tail = quote && tailParsed(source, lineStarts[first]!, change, parse)
  if (!tail) return undefined
  const lineShift = quote.children[first]!.position!.start.line - 1
  const placed = tail.own.children.map((child) => movedCopy(child, tail.regionStart, lineShift))
  return grownQuote(source, quote, [...quote.children.slice(0, first), ...placed], tail, lineShift)
}

/**
 * A change in the last items of a list that ends a quote ending its source (a streaming quote whose
 * last child is a long list): from the line of the item holding the change to the end is parsed as
 * a quote of its own, which must be one list going on with the same marker. The items before it
 * stay; the list is spread when a blank line separates two of its items (the parse says so for the
 * new ones). Undefined otherwise.
 */
function lastItemsRewritten(
  tree: Root,
  source: string,
  change: QuoteChange,
  parse: (text: string) => ParsedText,
): { tree: Root; leaf: TailLeaf | undefined } | undefined {
  const quote = endingQuote(tree, source)
  const list = quote?.children[quote.children.length - 1]
  if (!quote || list?.type !== 'list' || list.children.length < 2 || !list.position) return undefined
  const items = list.children
  const itemStart = (index: number) => items[index]?.position?.start.offset ?? Number.NaN
  // The item whose line the change starts on or after: its marker, and every item before it, stay.
  let item = items.length - 1
  while (item > 0 && !(lineStartBefore(source, itemStart(item)) <= change.from)) item--
  // An item whose end micromark placed on the next item's line (after a fence it closed, it ends
  // after that line's markers) ends where that line now says: it is parsed again too.
  while (item > 0 && (items[item - 1]!.position?.end.offset ?? 0) > lineStartBefore(source, itemStart(item))) item--
  if (item < 1 || Number.isNaN(itemStart(item))) return undefined
  const tail = tailParsed(source, lineStartBefore(source, itemStart(item)), change, parse)
  const grown = tail?.own.children.length === 1 ? tail.own.children[0] : undefined
  const firstItem = grown?.type === 'list' ? grown.children[0] : undefined
  const firstItemStart = firstItem?.position?.start
  if (!tail || grown?.type !== 'list' || !grown.position || firstItemStart?.offset === undefined) return undefined
  if (firstItemStart.line !== 1 || grown.ordered !== list.ordered) return undefined
  if (markerOf(tail.region, firstItem!) !== markerOf(source, items[item - 1]!)) return undefined
  const lineShift = items[item]!.position!.start.line - 1
  let spread = grown.spread === true
  for (let index = 1; index <= item && !spread; index++) {
    if (items[index - 1]!.position?.end.offset === undefined) return undefined
    spread = blankLineBetween(source, items[index - 1]!, items[index]!)
  }
  const placed = grown.children.map((child) => movedCopy(child, tail.regionStart, lineShift))
  const merged = {
    ...list,
    spread,
    children: [...items.slice(0, item), ...placed],
    position: { start: list.position.start, end: movedPoint(grown.position.end, tail.regionStart, lineShift) },
  }
  return grownQuote(source, quote, [...quote.children.slice(0, -1), merged], tail, lineShift)
}

type Blockquote = Extract<RootContent, { type: 'blockquote' }>

/** The tree's one block quote, when nothing but a final line ending follows it in `source`. */
function endingQuote(tree: Root, source: string): Blockquote | undefined {
  const quote = tree.children[0]
  if (quote?.type !== 'blockquote' || quote.position?.end.offset === undefined) return undefined
  return source.length - quote.position.end.offset > 1 ? undefined : quote
}

/** The quote's lines from `regionStart` to the end, changed, parsed as a quote of their own. */
interface TailParse {
  readonly regionStart: number
  readonly region: string
  readonly parsed: ParsedText
  readonly own: Blockquote
  /** Where the parse's quote ends (offsets of the region). */
  readonly end: NonNullable<Blockquote['position']>['end']
}

function tailParsed(
  source: string,
  regionStart: number,
  change: QuoteChange,
  parse: (text: string) => ParsedText,
): TailParse | undefined {
  const region = source.slice(regionStart, change.from) + change.insert + source.slice(change.to)
  if (unsafe.test(region)) return undefined
  const parsed = parse(region)
  const own = quoteOf(parsed)
  return own?.position ? { regionStart, region, parsed, own, end: own.position.end } : undefined
}

/** The quote with `children`, ending where the tail's parse ends, and the new text's innermost last block. */
function grownQuote(
  source: string,
  quote: Blockquote,
  children: Blockquote['children'],
  tail: TailParse,
  lineShift: number,
): { tree: Root; leaf: TailLeaf | undefined } {
  const { regionStart, parsed, end } = tail
  const rewritten = {
    ...quote,
    children,
    position: { start: quote.position!.start, end: movedPoint(end, regionStart, lineShift) },
  }
  // Quote markers alone (a change that took the last child's text) leave the innermost last block in a
  // child kept before the region, or the quote itself, where the source is unchanged.
  const leaf =
    tail.own.children.length === 0
      ? tailLeafOf(source, rewritten)
      : parsed.leaf && { ...parsed.leaf, start: parsed.leaf.start + regionStart }
  return { tree: { type: 'root', children: [rewritten] }, leaf }
}

/**
 * The tree of a quote whose last child is an open fence, grown by lines of that fence, made from the
 * tree of `source` (one quote ending it) without a parse: a quote of streamed code (a log, a quoted
 * file) grows by its new lines. Each line from the last one of `source` on must be the quote's, at
 * the top (`>` first, no tab after it), hold no fence character first (which could close the fence),
 * and the fence must start right after its quote marker: a line's code is then what follows its
 * marker and the one space after it, as micromark reads it. The code is its lines' code joined, less
 * a last line of markers alone, which micromark leaves out (and, not yet ended, leaves out of the
 * code's position too). Undefined otherwise (the caller parses).
 */
export function quoteFenceGrown(tree: Root, source: string, grownText: string): Root | undefined {
  const quote = endingQuote(tree, source)
  const code = quote?.children[quote.children.length - 1]
  const start = code?.position?.start.offset
  if (code?.type !== 'code' || start === undefined || quote!.position?.end.offset === undefined) return undefined
  // The fence opens a line of the quote, right after its marker (and the marker's one space).
  const openingStart = lineStartBefore(source, start)
  if (source.charCodeAt(openingStart) !== 62 || start - openingStart > 2) return undefined
  if (start - openingStart === 2 && source.charCodeAt(openingStart + 1) !== 32) return undefined
  const fence = source[start]
  if (fence !== '`' && fence !== '~') return undefined
  const openingEnd = source.indexOf('\n', start)
  const lastStart = lineStartBefore(source, source.length)
  if (openingEnd < 0 || lastStart <= openingEnd) return undefined
  // Open: its last line is its opening line or a line of code (a closed fence's is the closing fence),
  // or it ends where a last line of markers alone starts.
  const codeEnd = code.position!.end.offset!
  const codeLastStart = lineStartBefore(source, codeEnd)
  const codeLast = source.slice(codeLastStart, codeEnd)
  if (codeLastStart > openingEnd && codeLast !== '' && !isCodeLine(codeLast, fence)) return undefined
  // The code of the lines before the last one (`before`), from the code of all of them.
  const oldLast = source.slice(lastStart)
  const linesBefore = lastStart > openingEnd + 1
  const lineBefore = linesBefore ? source.slice(lineStartBefore(source, lastStart - 1), lastStart - 1) : undefined
  if (lineBefore !== undefined && !isCodeLine(lineBefore, fence)) return undefined
  if (oldLast !== '' && !isCodeLine(oldLast, fence)) return undefined
  let before = code.value
  if (oldLast !== '' && lineCode(oldLast) !== '') {
    const lastCode = (linesBefore ? '\n' : '') + lineCode(oldLast)
    if (!before.endsWith(lastCode)) return undefined
    before = before.slice(0, before.length - lastCode.length)
  } else if (oldLast === '' && lineBefore !== undefined && lineCode(lineBefore) === '') {
    // That line was the last and left out; the code of the lines before it goes on with it now.
    if (lastStart - 1 > openingEnd + 1 + lineBefore.length) before += '\n'
  }
  const lines = grownText.slice(lastStart).split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  if (lines.length === 0 || !lines.every((line) => isCodeLine(line, fence))) return undefined
  const final = lines[lines.length - 1]!
  const coded = lineCode(final) === '' ? lines.slice(0, -1) : lines
  const added = coded.map(lineCode).join('\n')
  const value = linesBefore && coded.length > 0 ? `${before}\n${added}` : before + added
  // Where the last line starts and ends, and on which line it is.
  const finalStart =
    lastStart + lines.length - 1 + lines.reduce((length, line) => length + line.length, 0) - final.length
  const line = quote!.position.end.line + (oldLast === '' ? 1 : 0) + lines.length - 1
  const end = { line, column: final.length + 1, offset: finalStart + final.length }
  const open = !grownText.endsWith('\n') && lineCode(final) === ''
  const grownEnd = open ? { line, column: 1, offset: finalStart } : end
  const grown = { ...code, value, position: { start: code.position!.start, end: grownEnd } }
  const rewritten = {
    ...quote!,
    children: [...quote!.children.slice(0, -1), grown],
    position: { start: quote!.position!.start, end },
  }
  return { type: 'root', children: [rewritten] }
}

/**
 * A line of a quote's fence that cannot close it or end the quote: `>`, then no tab (whose columns
 * the marker's space would be taken from), and no fence character first.
 */
function isCodeLine(line: string, fence: string): boolean {
  if (line.charCodeAt(0) !== 62 || line.charCodeAt(1) === 9 || unsafe.test(line)) return false
  const first = /[^ ]/.exec(line.slice(1))?.[0]
  return first !== fence && first !== '`' && first !== '~'
}

/** The code of a quote's line: what follows its marker and the one space after it. */
function lineCode(line: string): string {
  return line.slice(line.charCodeAt(1) === 32 ? 2 : 1)
}

/** Line endings read as `\r` (lines are found by `\n` here), and NUL. */
const unsafe = /[\r\0]/

/** Blocks that a blank line closes whatever line follows (a list or indented code may take it). */
const closedByBlankLine = new Set(['paragraph', 'heading', 'thematicBreak', 'html', 'blockquote', 'table'])

function startsAfresh(children: readonly Nodes[], index: number, lineStart: number, source: string): boolean {
  const before = children[index - 1]!
  const end = before.position?.end.offset
  if (end === undefined) return false
  const fenced =
    (before.type === 'code' || before.type === 'math') && /[`~$]/.test(source[before.position!.start.offset!] ?? '')
  if (!fenced && !closedByBlankLine.has(before.type)) return false
  // At least one whole line between them (a blank line in the quote).
  const lineEnd = source.indexOf('\n', end)
  return lineEnd >= 0 && lineEnd < lineStart - 1
}

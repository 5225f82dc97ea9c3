/**
 * A long paragraph growing as the streaming tail, parsed from its last safe split point on instead
 * of whole: the render of a 20 KB paragraph arriving 40 characters at a time parsed 5 MB.
 *
 * A paragraph's inline constructs can reach far back (an emphasis, code span, link or tag opened
 * early and closed late), but only from an opener left unmatched. So the split point lies in text
 * directly in the paragraph, right after a space or line ending and before an ASCII letter (which
 * starts no block), with nothing before it that could still open a construct. The texts before it
 * are read in their source (an escaped character is no delimiter, and a delimiter's neighbours are
 * its neighbours there): no backtick or `<`, no bracket left open, no `](` (a link's destination and
 * title, which may hold spaces, may still end), no `*` or `~` before a non-space,
 * nor such a `_` after no ASCII letter or digit (only those may open emphasis or strikethrough).
 * Text after such a point is parsed as a paragraph of its own and placed after the earlier tree's
 * nodes before it: what a parse of the whole gives. The block structure is checked too: the rest
 * must parse as one paragraph, and no line in it may look like a table's delimiter row (which would
 * make the line before it, perhaps split, a header).
 * The default syntax only (another may add constructs with other openers).
 */
import type { Paragraph, PhrasingContent, Root, Text } from 'mdast'
import type { ParsedSource } from './quote-children'
import { sharedPrefixLength } from './text-comparison'

/** Below this much kept text, a parse of the whole paragraph costs about what the checks do. */
const minimumKept = 1024

/**
 * A line made of `|`, `:`, `-` and spaces with a `-`: a table's delimiter row, a thematic break, a
 * setext underline. Its first `-` is the one the pattern finds (any `-` before it would be tried
 * too: quadratic in a long line of them).
 */
const delimiterRowLike = /^[ \t|:]*-[ \t|:-]*$/m

type Point = NonNullable<Paragraph['position']>['start']

interface SplitPoint {
  /** The paragraph's child (a text) the point splits. */
  readonly index: number
  /** Where in that text's value (and its source: the text before the point is verbatim). */
  readonly at: number
  readonly point: Required<Point>
}

/**
 * The tree of `source` made from `earlier` (a parse of an earlier text of the same block) when both
 * are one paragraph starting the block and share at least `minimumKept` characters: the text from
 * the last split point in what they share is parsed again, the nodes before it kept. Undefined
 * otherwise (the caller parses).
 */
export function paragraphTreeFromEarlier(
  earlier: ParsedSource,
  source: string,
  parse: (text: string) => Root,
): Root | undefined {
  const paragraph = earlier.tree.children.length === 1 ? earlier.tree.children[0] : undefined
  if (paragraph?.type !== 'paragraph' || paragraph.position?.start.offset !== 0) return undefined
  const shared = sharedPrefixLength(earlier.source, source)
  // Lines are counted by `\n`.
  if (shared < minimumKept || source.includes('\r')) return undefined
  const split = lastSplitPoint(paragraph, earlier.source, shared)
  if (!split) return undefined
  const rest = source.slice(split.point.offset)
  if (delimiterRowLike.test(rest)) return undefined
  const parsed = parse(rest).children
  const own = parsed.length === 1 ? parsed[0] : undefined
  if (own?.type !== 'paragraph' || own.position?.start.offset !== 0) return undefined
  const placed = own.children.map((child) => placedCopy(child, split.point))
  const splitText = paragraph.children[split.index] as Text
  const left = splitText.value.slice(0, split.at)
  const first = placed[0]
  // The literal autolink pass leaves the texts it splits, and its links, without a position.
  const end = first?.type === 'text' ? first.position?.end : first?.position && split.point
  const joined: Text = { type: 'text', value: first?.type === 'text' ? left + first.value : left }
  if (end) joined.position = { start: splitText.position!.start, end }
  const grown: Paragraph = {
    ...paragraph,
    children: [...paragraph.children.slice(0, split.index), joined, ...placed.slice(first?.type === 'text' ? 1 : 0)],
    position: { start: paragraph.position.start, end: placedPoint(own.position.end, split.point) },
  }
  return { type: 'root', children: [grown] }
}

/**
 * The last split point (see the module comment) of a paragraph parsed from `source` at or before
 * `limit`, undefined when there is none. Its texts are read in their source, where an escaped
 * character is no delimiter and a delimiter's neighbours are what they are in the text.
 */
function lastSplitPoint(paragraph: Paragraph, source: string, limit: number): SplitPoint | undefined {
  let found: SplitPoint | undefined
  const openers = { brackets: 0 }
  const children = paragraph.children
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    const start = child.position?.start
    const end = child.position?.end.offset
    if (start?.offset === undefined || end === undefined || start.offset >= limit) break
    if (child.type !== 'text') {
      if (!closedBelow(child, source, openers)) break
      continue
    }
    let candidate = -1
    const open = scanText(source, start.offset, Math.min(end, limit), openers, (at) => {
      if (isSpace(source.charCodeAt(at - 1)) && isAsciiLetter(source.charCodeAt(at))) candidate = at
    })
    const at = candidate - start.offset
    if (candidate > start.offset && source.startsWith(child.value.slice(0, at), start.offset))
      found = { index, at, point: pointAfter(start, child.value, at) }
    if (open) break
  }
  return found
}

/**
 * Reads the source of a text from `from` to `to`, counting its brackets in `openers`, and calls
 * `boundary` at each offset after the first where no bracket is open. True when it met a character
 * that may open a construct closed later (it stops there): a backtick or `<`, or an emphasis or
 * strikethrough delimiter that may open (see the module comment).
 */
function scanText(
  source: string,
  from: number,
  to: number,
  openers: { brackets: number },
  boundary: (at: number) => void,
): boolean {
  for (let at = from; at < to; at++) {
    if (at > from && openers.brackets === 0) boundary(at)
    const code = source.charCodeAt(at)
    if (code === 92) {
      // `\` escapes the character after it (or ends a line: a hard break, which is no text).
      at++
      continue
    }
    if (code === 96 || code === 60) return true
    if (code === 91) openers.brackets++
    else if (code === 93) {
      // A link's destination and title (which may hold spaces) until its `)`.
      if (source.charCodeAt(at + 1) === 40) return true
      openers.brackets = Math.max(0, openers.brackets - 1)
    } else if (code === 42 || code === 126 || code === 95) {
      const next = source.charCodeAt(at + 1)
      if (isSpace(next) || next === 13) continue
      if (code !== 95 || !isAsciiAlphanumeric(source.charCodeAt(at - 1))) return true
    }
  }
  return false
}

/** Reads the texts inside a construct (`scanText`): false when one may open another or has no position. */
function closedBelow(node: PhrasingContent, source: string, openers: { brackets: number }): boolean {
  if (node.type === 'text') {
    const from = node.position?.start.offset
    const to = node.position?.end.offset
    return from !== undefined && to !== undefined && !scanText(source, from, to, openers, () => {})
  }
  if (!('children' in node)) return true
  return node.children.every((child) => closedBelow(child as PhrasingContent, source, openers))
}

/** The point `at` characters into `value`, a text starting at `start` whose source is `value` itself. */
function pointAfter(start: Point, value: string, at: number): Required<Point> {
  const before = value.slice(0, at)
  const lineEnd = before.lastIndexOf('\n')
  let lines = 0
  for (let index = before.indexOf('\n'); index >= 0; index = before.indexOf('\n', index + 1)) lines++
  return {
    line: start.line + lines,
    column: lineEnd < 0 ? start.column + at : at - lineEnd,
    offset: (start.offset ?? 0) + at,
  }
}

/** A copy of a node of a parse starting at `origin` with its positions in the whole text. */
function placedCopy<Node extends PhrasingContent>(node: Node, origin: Required<Point>): Node {
  const copy = { ...node }
  if (node.position)
    copy.position = { start: placedPoint(node.position.start, origin), end: placedPoint(node.position.end, origin) }
  if ('children' in node)
    (copy as { children: PhrasingContent[] }).children = node.children.map((child) =>
      placedCopy(child as PhrasingContent, origin),
    )
  return copy
}

function placedPoint(point: Point, origin: Required<Point>): Point {
  return {
    line: point.line + origin.line - 1,
    column: point.line === 1 ? point.column + origin.column - 1 : point.column,
    offset: (point.offset ?? 0) + origin.offset,
  }
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10
}

function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiLetter(code) || (code >= 48 && code <= 57)
}

function isAsciiLetter(code: number): boolean {
  const lower = code | 32
  return lower >= 97 && lower <= 122
}

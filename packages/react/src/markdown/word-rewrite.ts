/**
 * Rewrites that only change words: a diffusion-style model repainting an answer, an edit that
 * swaps one word for another. When every run of characters other than letters, digits and marks is
 * the same before and after, the markdown's structure cannot have changed (every block and inline
 * construct starts and ends with such characters), so a block's syntax tree is its previous tree
 * with the words replaced in its text nodes: no parse.
 *
 * Words in a few places can still change what the text means, and are left to a parse:
 * - a word starting a line's content with a digit in it (an ordered list's number, which decides
 *   whether the line interrupts a paragraph), a word in a tag, comment, declaration or CDATA
 *   opening that starts a line's content (an HTML block, whose kind decides where it ends) or after
 *   `</` (the end of a `<script>` or `<pre>` block): the block structure itself may change, so the
 *   whole rewrite takes the general path
 *   (`wordChanges` returns undefined);
 * - a word next to `[`, `]` (a link label matched against definitions), `<`, `>` (inline HTML or an
 *   autolink), `&` (a character reference), `\`, `@`, `www.` or `://` (an autolink literal): only
 *   that block is parsed again (`WordChange.patchable`).
 * A word outside a text, inline code or code node (a link destination, a code fence's language,
 * raw HTML) is also parsed again (`patchSyntaxTree` returns undefined).
 */
import type { Nodes, Root } from 'mdast'

/** One word replaced by another, at offsets of the old text. */
export interface WordChange {
  readonly from: number
  readonly to: number
  readonly insert: string
  /** The tree of its block can be patched (see the module comment); otherwise the block is parsed. */
  readonly patchable: boolean
}

const word = /[\p{L}\p{N}\p{M}]+/gu
const wordUnit = /[\p{L}\p{N}\p{M}]/u
const digit = /\p{N}/u
const unpatchable = /[[\]<>&\\@]|www\.|:\/\//i
/** What may precede a line's content: indentation, block quote markers, list item markers. */
const linePrefix = /^(?:[ \t]*(?:>|[-+*][ \t]|\d{1,9}[.)][ \t]))*[ \t]*$/
/** The same, then the start of a tag, comment, declaration or CDATA section the word is in. */
const lineTagStart = /^(?:[ \t]*(?:>|[-+*][ \t]|\d{1,9}[.)][ \t]))*[ \t]*<\S*$/

/**
 * The word changes that turn `before` into `after`, which share their first `prefix` and last
 * `suffix` characters; undefined when they differ in anything but words, or when a changed word
 * may change the block structure.
 */
export function wordChanges(before: string, after: string, prefix: number, suffix: number): WordChange[] | undefined {
  // Widen the differing region to whole words (and whole surrogate pairs).
  let start = prefix
  while (start > 0 && isWordUnit(before.charCodeAt(start - 1))) start--
  let oldEnd = before.length - suffix
  let newEnd = after.length - suffix
  while (oldEnd < before.length && isWordUnit(before.charCodeAt(oldEnd))) {
    oldEnd++
    newEnd++
  }
  const oldWords = wordsIn(before, start, oldEnd)
  const newWords = wordsIn(after, start, newEnd)
  if (oldWords.length !== newWords.length) return undefined
  const changes: WordChange[] = []
  let oldGap = start
  let newGap = start
  for (let index = 0; index <= oldWords.length; index++) {
    const oldWord = oldWords[index]
    const newWord = newWords[index]
    const oldGapEnd = oldWord ? oldWord.index : oldEnd
    const newGapEnd = newWord ? newWord.index : newEnd
    if (oldGapEnd - oldGap !== newGapEnd - newGap || !after.startsWith(before.slice(oldGap, oldGapEnd), newGap)) {
      return undefined
    }
    if (!oldWord || !newWord) break
    if (oldWord[0] !== newWord[0]) {
      if (mayRestructure(before, oldWord) || mayRestructure(after, newWord)) return undefined
      const oldRun = runAround(before, oldWord.index, oldWord.index + oldWord[0].length)
      const newRun = runAround(after, newWord.index, newWord.index + newWord[0].length)
      changes.push({
        from: oldWord.index,
        to: oldWord.index + oldWord[0].length,
        insert: newWord[0],
        patchable: !unpatchable.test(oldRun) && !unpatchable.test(newRun),
      })
    }
    oldGap = oldWord.index + oldWord[0].length
    newGap = newWord.index + newWord[0].length
  }
  return changes
}

/** Whether changing this word may change the block structure (see the module comment). */
function mayRestructure(text: string, found: RegExpExecArray): boolean {
  const at = found.index
  if (text[at - 1] === '/' && text[at - 2] === '<') return true
  let lineStart = at
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--
  if (digit.test(found[0]) && linePrefix.test(text.slice(lineStart, at))) return true
  return lineTagStart.test(text.slice(lineStart, at))
}

function isWordUnit(code: number): boolean {
  return (code >= 0xd800 && code <= 0xdfff) || wordUnit.test(String.fromCharCode(code))
}

function wordsIn(text: string, start: number, end: number): RegExpExecArray[] {
  const words: RegExpExecArray[] = []
  word.lastIndex = start
  for (let match = word.exec(text); match && match.index < end; match = word.exec(text)) words.push(match)
  word.lastIndex = 0
  return words
}

/** The run of non-whitespace characters around `from`–`to`. */
function runAround(text: string, from: number, to: number): string {
  let start = from
  while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start--
  let end = to
  while (end < text.length && !isSpace(text.charCodeAt(end))) end++
  return text.slice(start, end)
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11 || code === 0xa0
}

/** Where a change lies in a block: offsets relative to the block's start, and its (1-based) line. */
export interface BlockWordChange {
  readonly from: number
  readonly to: number
  readonly insert: string
  readonly line: number
}

const lineEndings = /\r\n|\r|\n/g

/** `changes` (offsets in the whole old text) relative to a block `block` starting at `start`, with their lines. */
export function changesInBlock(block: string, changes: readonly WordChange[], start: number): BlockWordChange[] {
  let line = 1
  lineEndings.lastIndex = 0
  let ending = lineEndings.exec(block)
  return changes.map((change) => {
    const from = change.from - start
    while (ending && ending.index < from) {
      line++
      ending = lineEndings.exec(block)
    }
    return { from, to: change.to - start, insert: change.insert, line }
  })
}

type Point = { line: number; column: number; offset?: number | undefined }

/**
 * The tree of a block whose text `source` changed by `changes` (in order, offsets in `source`),
 * made from the tree of `source` (positions relative to the block): the changed words replaced in
 * its text nodes, every later position shifted. Nodes before the first change are shared with the
 * old tree, which is not modified. Undefined when a change is not inside a text, inline code or code
 * node whose words it can map, or is inside a link reference (its text is its label).
 */
export function patchSyntaxTree(tree: Root, source: string, changes: readonly BlockWordChange[]): Root | undefined {
  const first = changes[0]?.from ?? Number.POSITIVE_INFINITY
  let done = 0
  const shifted = (point: Point): Point => {
    let offset = 0
    let column = 0
    for (const change of changes) {
      if (point.offset === undefined || change.to > point.offset) break
      const delta = change.insert.length - (change.to - change.from)
      offset += delta
      if (change.line === point.line) column += delta
    }
    if (offset === 0 && column === 0) return point
    return { ...point, column: point.column + column, offset: (point.offset ?? 0) + offset }
  }

  const patch = (node: Nodes, inReference: boolean): Nodes | undefined => {
    const position = node.position
    const start = position?.start.offset
    const end = position?.end.offset
    if (end !== undefined && end <= first) return node
    let next: Nodes = node
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') {
      let covered = 0
      while (done + covered < changes.length && end !== undefined && changes[done + covered]!.from < end) covered++
      if (covered > 0) {
        if (inReference || start === undefined || end === undefined || changes[done]!.from < start) return undefined
        const value = replaceWords(
          node.value,
          source,
          start,
          end,
          changes.slice(done, done + covered),
          node.type === 'code',
        )
        if (value === undefined) return undefined
        done += covered
        next = { ...node, value }
      }
    } else if ('children' in node) {
      const reference = inReference || node.type === 'linkReference'
      let children: Nodes[] | undefined
      for (let index = 0; index < node.children.length; index++) {
        const child = node.children[index] as Nodes
        const patched = patch(child, reference)
        if (patched === undefined) return undefined
        if (patched !== child) {
          children ??= node.children.slice() as Nodes[]
          children[index] = patched
        }
      }
      if (children) next = { ...node, children } as Nodes
    }
    if (position) {
      const moved = { start: shifted(position.start), end: shifted(position.end) }
      if (moved.start !== position.start || moved.end !== position.end) next = { ...next, position: moved }
    }
    return next
  }

  const root = patch(tree, false)
  // A change no node covered (a link destination, a fence's language, raw HTML) needs a parse.
  if (root === undefined || done !== changes.length) return undefined
  return root as Root
}

/**
 * The value of a node whose source is `source` from `start` to `end`, with `changes` applied. A
 * node's value is its source without some non-word characters (markers, escapes, indentation,
 * fences), so its words are its source's words in order — for a fenced code block, the last of
 * them (the language comes first). Undefined when they are not.
 */
function replaceWords(
  value: string,
  source: string,
  start: number,
  end: number,
  changes: readonly BlockWordChange[],
  isCode: boolean,
): string | undefined {
  const sourceWords = wordsIn(source, start, end)
  const valueWords = wordsIn(value, 0, value.length)
  const skipped = sourceWords.length - valueWords.length
  if (skipped < 0 || (skipped > 0 && !isCode)) return undefined
  for (let index = 0; index < valueWords.length; index++) {
    if (valueWords[index]![0] !== sourceWords[index + skipped]![0]) return undefined
  }
  let result = ''
  let from = 0
  let searched = skipped
  for (const change of changes) {
    while (searched < sourceWords.length && sourceWords[searched]!.index < change.from) searched++
    const sourceWord = sourceWords[searched]
    if (!sourceWord || sourceWord.index !== change.from || sourceWord[0].length !== change.to - change.from) {
      return undefined
    }
    const valueWord = valueWords[searched - skipped]!
    result += value.slice(from, valueWord.index) + change.insert
    from = valueWord.index + valueWord[0].length
  }
  return result + value.slice(from)
}

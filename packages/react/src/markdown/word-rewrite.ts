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
 * - in text, a word next to `[`, `]` (a link label matched against definitions), `<`, `>` (inline
 *   HTML or an autolink), `&` (a character reference), `\`, `@`, `www.` or `://` (an autolink
 *   literal): only that block is parsed again (`WordChange.patchable`).
 * A word outside a text, inline code or code node or an inline link's or image's destination, title
 * or alt (a code fence's language, raw HTML, a definition) is also parsed again (`patchSyntaxTree`
 * returns undefined).
 */
import type { Nodes, Root } from 'mdast'
import { lineStartBefore } from './top-level-blocks'

/** One word replaced by another, at offsets of the old text. */
export interface WordChange {
  readonly from: number
  readonly to: number
  readonly insert: string
  /** In a text node, it can be patched (see the module comment); otherwise the block is parsed. */
  readonly patchable: boolean
}

const word = /[\p{L}\p{N}\p{M}]+/gu
const wordUnit = /[\p{L}\p{N}\p{M}]/u
const digit = /\p{N}/u
const unpatchable = /[[\]<>&\\@]|www\.|:\/\//i
/** What may precede a line's content: indentation, block quote markers, list item markers. */
const containerMarkers = String.raw`^(?:[ \t]*(?:>|[-+*][ \t]|\d{1,9}[.)][ \t]))*[ \t]*`
const linePrefix = new RegExp(`${containerMarkers}$`)
/** The same, then the start of a tag, comment, declaration or CDATA section the word is in. */
const lineTagStart = new RegExp(`${containerMarkers}<\\S*$`)

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
  // Both texts' words in step: the first differing run of other characters ends it (a rewrite that
  // is not a word rewrite costs only the scan up to its first such difference).
  const oldWords = wordReader(before, start, oldEnd)
  const newWords = wordReader(after, start, newEnd)
  const changes: WordChange[] = []
  let oldGap = start
  let newGap = start
  for (;;) {
    const oldWord = oldWords()
    const newWord = newWords()
    const oldGapEnd = oldWord ? oldWord.index : oldEnd
    const newGapEnd = newWord ? newWord.index : newEnd
    if (oldGapEnd - oldGap !== newGapEnd - newGap || !after.startsWith(before.slice(oldGap, oldGapEnd), newGap)) {
      return undefined
    }
    if (!oldWord || !newWord) {
      if (oldWord || newWord) return undefined
      break
    }
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
  const lineStart = lineStartBefore(text, at)
  if (digit.test(found[0]) && linePrefix.test(text.slice(lineStart, at))) return true
  return lineTagStart.test(text.slice(lineStart, at))
}

function isWordUnit(code: number): boolean {
  return (code >= 0xd800 && code <= 0xdfff) || wordUnit.test(String.fromCharCode(code))
}

/** The words of `text` from `start` to `end`, one per call (its own pattern, so two can run in step). */
function wordReader(text: string, start: number, end: number): () => RegExpExecArray | undefined {
  const pattern = new RegExp(word.source, word.flags)
  pattern.lastIndex = start
  return () => {
    const match = pattern.exec(text)
    return match && match.index < end ? match : undefined
  }
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
export interface BlockWordChange extends WordChange {
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
    return { ...change, from, to: change.to - start, line }
  })
}

/** `text` with `changes` (in order, offsets in `text`) made. */
export function applyWordChanges(text: string, changes: readonly WordChange[]): string {
  let result = ''
  let from = 0
  for (const change of changes) {
    result += text.slice(from, change.from) + change.insert
    from = change.to
  }
  return result + text.slice(from)
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
    const covering = () => {
      let count = 0
      while (done + count < changes.length && end !== undefined && changes[done + count]!.from < end) count++
      return count
    }
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') {
      const covered = covering()
      if (covered > 0) {
        const own = changes.slice(done, done + covered)
        if (inReference || start === undefined || end === undefined || own[0]!.from < start) return undefined
        if (node.type === 'text' && !own.every((change) => change.patchable)) return undefined
        const [value] = replaceWords([node.value], source, start, end, own, node.type === 'code') ?? []
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
    // An inline link's destination and title, an image's alt too: no construct can start or end in them.
    if (node.type === 'link' || node.type === 'image') {
      const covered = covering()
      if (covered > 0) {
        const own = changes.slice(done, done + covered)
        const lastChild = node.type === 'link' ? node.children[node.children.length - 1] : undefined
        const from = lastChild ? lastChild.position?.end.offset : start
        if (from === undefined || end === undefined || own[0]!.from < from) return undefined
        const fields =
          node.type === 'image' ? [node.alt ?? '', node.url, node.title ?? ''] : [node.url, node.title ?? '']
        const values = replaceWords(fields, source, from, end, own, false)
        if (values === undefined) return undefined
        done += covered
        const [url, title] = node.type === 'image' ? values.slice(1) : values
        next = {
          ...next,
          url: url!,
          ...(node.title != null && { title: title! }),
          ...(node.type === 'image' && node.alt != null && { alt: values[0]! }),
        } as Nodes
      }
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
 * The values of a node whose source is `source` from `start` to `end`, with `changes` applied. A
 * node's values (a text's value; a link's destination and title) are its source without some
 * non-word characters (markers, escapes, indentation, fences, brackets), so their words are its
 * source's words in order — for a fenced code block, the last of them (`skipLeading`: the language
 * comes first). Undefined when they are not.
 */
function replaceWords(
  values: readonly string[],
  source: string,
  start: number,
  end: number,
  changes: readonly BlockWordChange[],
  skipLeading: boolean,
): string[] | undefined {
  const sourceWords = wordsIn(source, start, end)
  const valueWords = values.flatMap((value, field) =>
    wordsIn(value, 0, value.length).map((found) => ({ found, field })),
  )
  const skipped = sourceWords.length - valueWords.length
  if (skipped < 0 || (skipped > 0 && !skipLeading)) return undefined
  for (let index = 0; index < valueWords.length; index++) {
    if (valueWords[index]!.found[0] !== sourceWords[index + skipped]![0]) return undefined
  }
  const results = values.map(() => '')
  const from = values.map(() => 0)
  let searched = skipped
  for (const change of changes) {
    while (searched < sourceWords.length && sourceWords[searched]!.index < change.from) searched++
    const sourceWord = sourceWords[searched]
    if (!sourceWord || sourceWord.index !== change.from || sourceWord[0].length !== change.to - change.from) {
      return undefined
    }
    const { found, field } = valueWords[searched - skipped]!
    results[field] += values[field]!.slice(from[field], found.index) + change.insert
    from[field] = found.index + found[0].length
  }
  return results.map((result, field) => result + values[field]!.slice(from[field]))
}

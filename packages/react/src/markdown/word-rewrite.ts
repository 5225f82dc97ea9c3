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
 *   opening that starts a line's content (an HTML block, whose kind decides where it ends; in the
 *   attributes too of a tag whose name alone opens none, which opens one only when the whole tag
 *   is valid: an attribute name starting with a digit makes it text), or after
 *   `</` (the end of a `<script>` or `<pre>` block): the block structure itself may change, so the
 *   whole rewrite takes the general path
 *   (`wordChanges` returns undefined); so does a word or plain run among a line's first 120
 *   characters that changes whether the line opens text after container markers (a `]` closing the
 *   bracket a quote's line opens), which decides whether that line ends a paragraph above it;
 * - in text, a word whose run of non-space characters has `<`, `>` (inline HTML or an autolink),
 *   `&` (a character reference) or `\`; a word after `://`, `www.` or `@` in its run, before `@`,
 *   or right before `:` (an autolink literal's scheme, host or address); a word in brackets when
 *   the document has link or footnote definitions (a label matched against them), or alone in
 *   brackets with one character (a task list item's checkbox): only that block is parsed again
 *   (`WordChange.patchable`).
 * A word on a later line of an HTML block (which shows as its text) is patched too; a word on its
 * first line, where its kind is read, is parsed again.
 * A word in an autolink's text changes its destination too: it is replaced in both when it follows
 * the scheme's colon (or a literal's `www.`, or is a scheme between `<` and `>`) and the link has no
 * `@`, `&` or `\` (a literal takes ASCII words only). A word outside a text, inline code or code
 * node, an HTML block's later lines, an inline link's or image's destination, title or alt, or such
 * an autolink (a code fence's language, inline HTML, an HTML block's first line, a definition, an
 * address) is also parsed again (`patchSyntaxTree` returns undefined).
 *
 * With a syntax whose text punctuation is plain (`MarkdownSyntax.plainTextPunctuation`), a run of
 * words, spaces and the punctuation `[](),.;:?'"` inserted or removed in the middle of a line is a
 * change too (a citation marker ` [1]`, a clause added to a sentence), when nothing around it can
 * read it as syntax (see `isInertRun`): not at a line's start or after a list marker's digits or a
 * code fence, nor in the attributes of a tag opening a line (as for a word), no trailing spaces
 * after it, brackets balanced in it and neither `](` nor `][` made, and its neighbours words,
 * spaces, such punctuation or a backtick, never an emphasis delimiter, bracket or other syntax
 * character. In text, a run that may stand in the parentheses after a link's text is parsed
 * again: they stay text while they hold no valid destination and title, and a run going or coming
 * may make them valid (see `inLinkParentheses`).
 *
 * A scan stops at the first difference that is neither (`WordScan.stop`): the changes before it
 * are still made in place, and the rest of the rewrite takes the general path.
 */
import type { Link, Nodes, Root } from 'mdast'
import { htmlBlockNames, htmlRawNames } from 'micromark-util-html-tag-name'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import { lineEndings, lineOpeningLength, opensTextAfterMarkers } from './block-lines'
import { codeSpanEnd } from './inline-repair'
import { reportMarkdownWork } from './instrumentation'
import { applyTextChanges, pointShifter, type TextChange } from './text-changes'
import { hasTextAt, sharedPrefixLength, sharedSuffixLength } from './text-comparison'
import { lineEndingLength, lineStartBefore } from './top-level-blocks'

/** One word replaced by another (or a plain run inserted or removed), at offsets of the old text. */
export interface WordChange extends TextChange {
  /** In a text node, it can be patched (see the module comment); otherwise the block is parsed. */
  readonly patchable: boolean
  /** A plain run inserted or removed, not a word replaced. */
  readonly run?: boolean
}

/** The changes a scan found, in order; `stop`: where it met a difference it cannot make in place. */
export interface WordScan {
  readonly changes: WordChange[]
  /** Offsets in the old and new text where both have been the same since the last change. */
  readonly stop?: { readonly old: number; readonly new: number } | undefined
}

export interface WordScanOptions {
  /** The text has no link or footnote definition: a bracketed word is no label that could match one. */
  readonly bracketsAreText?: boolean
  /**
   * Whether the text defines a link label (by its identifier, as mdast writes it): where it has
   * definitions, a plain run holding one bracketed label none matches (a citation marker ` [3]`)
   * may still be text (`citationStaysText`).
   */
  readonly isDefinedLabel?: (identifier: string) => boolean
  /** Plain runs of punctuation may be inserted or removed too (`MarkdownSyntax.plainTextPunctuation`). */
  readonly plainPunctuation?: boolean
  /**
   * Whether an offset of the old text lies in the code of a fenced code block (its lines between
   * fences that stay): a word there changes no block structure, whatever starts its line.
   */
  readonly inCode?: (offset: number) => boolean
  /**
   * A change the caller cannot make in place (a run its block's tree cannot take): the scan stops
   * before it, as at a difference it cannot read, instead of reading on to the end of the text.
   */
  readonly stopsBefore?: (change: WordChange) => boolean
  /**
   * `before` holds the old text from this many characters later than `after` holds the new one:
   * the scan starts at `prefix` in `after` and `prefix + beforeShift` in `before`, and its offsets
   * of the old text (changes, the stop, and those given to `inCode` and `stopsBefore`) are
   * `before`'s. Both texts must be the same from where the scan may look back (the start of the
   * block holding `prefix`) up to `prefix`, and share their last `suffix` characters.
   */
  readonly beforeShift?: number
}

const wordUnit = /[\p{L}\p{N}\p{M}]/u
const digit = /\p{N}/u
const unpatchableInRun = /[<>&\\]/
const unpatchableBefore = /:\/\/|www\.|@/i
const brackets = /[[\]]/
/** What may precede a line's content: indentation, block quote markers, list item markers, footnote labels. */
const containerMarkers = String.raw`^(?:[ \t]*(?:>|[-+*][ \t]|\d{1,9}[.)][ \t]|\[\^[^\]\s]*\]:))*[ \t]*`
const linePrefix = new RegExp(`${containerMarkers}$`)
/** The same, then the start of a tag, comment, declaration or CDATA section the word is in. */
const lineTagStart = new RegExp(`${containerMarkers}<\\S*$`)
/** The same, then a tag's name (captured) and attributes, not closed before the word. */
const lineTagAttributes = new RegExp(`${containerMarkers}</?([A-Za-z][A-Za-z0-9-]*)[ \\t/][^>]*$`)
/** Tags that open an HTML block by their name alone (CommonMark's kinds 1 and 6); any other needs a valid whole tag. */
const namedBlockTags = new Set([...htmlRawNames, ...htmlBlockNames])
/** Before a plain run: the line's markers, then maybe the digits (and `.` or `)`) of an ordered list item's. */
const markerPrefix = new RegExp(`${containerMarkers}(?:\\d{1,9}[.)]?)?$`)
/** Before a plain run: a code fence (text after a closing fence makes it a line of code). */
const fencePrefix = new RegExp(`${containerMarkers}(?:\`{3,}|~{3,})`)

/** How far the scan skips shared text per native comparison. */
const sharedStride = 256
/** The start of a link definition: a label, then `:`. */
const definitionLike = /^\[(?:[^\\\]]|\\.)*\]:/

/** A word: where it starts and ends in its text. */
interface Word {
  readonly start: number
  readonly end: number
}

/** Whether a code point is a letter, digit or mark (`[\p{L}\p{N}\p{M}]`), memoised beyond ASCII. */
const nonAsciiWordPoints = new Map<number, boolean>()

/** The length in code units of the word character at `at` (a letter, digit or mark), 0 when it is none. */
function wordUnitLength(text: string, at: number): number {
  if (at >= text.length) return 0
  const code = text.charCodeAt(at)
  if (code < 0x80) return isAsciiWordCode(code) ? 1 : 0
  const point = text.codePointAt(at) as number
  let isWord = nonAsciiWordPoints.get(point)
  if (isWord === undefined) {
    if (nonAsciiWordPoints.size > 4096) nonAsciiWordPoints.clear()
    isWord = wordUnit.test(String.fromCodePoint(point))
    nonAsciiWordPoints.set(point, isWord)
  }
  return isWord ? (point > 0xffff ? 2 : 1) : 0
}

/** The length of the word character ending at `at` (0 when there is none). */
function wordUnitBefore(text: string, at: number): number {
  if (at >= 2 && wordUnitLength(text, at - 2) === 2) return 2
  return at >= 1 && wordUnitLength(text, at - 1) === 1 ? 1 : 0
}

/** The word starting at `at`, undefined when no word starts there. */
function wordAt(text: string, at: number): Word | undefined {
  const end = wordEnd(text, at)
  return end > at ? { start: at, end } : undefined
}

/**
 * The word changes that turn `before` into `after`, which share their first `prefix` and last
 * `suffix` characters, up to the first difference that is not one (`stop`); undefined when there is
 * no change before it.
 */
export function wordChanges(
  before: string,
  after: string,
  prefix: number,
  suffix: number,
  {
    bracketsAreText = false,
    isDefinedLabel,
    plainPunctuation = false,
    inCode,
    stopsBefore,
    beforeShift = 0,
  }: WordScanOptions = {},
): WordScan | undefined {
  // Widen the differing region to whole words (and whole surrogate pairs).
  let start = prefix + beforeShift
  while (start > beforeShift && isWordUnit(before.charCodeAt(start - 1))) start--
  let oldEnd = before.length - suffix
  let newEnd = after.length - suffix
  while (oldEnd < before.length && isWordUnit(before.charCodeAt(oldEnd))) {
    oldEnd++
    newEnd++
  }
  // Both texts in step: what they share is skipped a character at a time; at each difference, the
  // words it is in are read (or, failing that, a plain run). A difference that is neither ends the
  // scan (a rewrite that is not a word rewrite costs only the scan up to its first such difference).
  const changes: WordChange[] = []
  let oldAt = start
  let newAt = start - beforeShift
  for (;;) {
    const shared = oldAt
    // Long shared stretches (between citation markers far apart) a native comparison at a time.
    while (
      oldAt + sharedStride <= oldEnd &&
      newAt + sharedStride <= newEnd &&
      before.slice(oldAt, oldAt + sharedStride) === after.slice(newAt, newAt + sharedStride)
    ) {
      oldAt += sharedStride
      newAt += sharedStride
    }
    while (oldAt < oldEnd && newAt < newEnd && before.charCodeAt(oldAt) === after.charCodeAt(newAt)) {
      oldAt++
      newAt++
    }
    if (oldAt === oldEnd && newAt === newEnd) break
    const word = wordChangeAt(before, after, oldAt, newAt, shared, oldEnd, newEnd, bracketsAreText, inCode)
    const change =
      word === restructures
        ? undefined
        : (word ??
          (plainPunctuation
            ? inertSpan(before, after, oldAt, newAt, oldEnd, newEnd, bracketsAreText, isDefinedLabel)
            : undefined))
    if (!change || stopsBefore?.(change)) {
      reportMarkdownWork({ kind: 'word-scan', chars: oldAt - start })
      return changes.length > 0 ? { changes, stop: { old: oldAt, new: newAt } } : undefined
    }
    changes.push(change)
    oldAt = change.to
    newAt = change.to + change.endShift
  }
  reportMarkdownWork({ kind: 'word-scan', chars: oldEnd - start })
  return { changes }
}

/** A change found by the scan, with how far its end in the new text lies after its end in the old. */
interface ScannedChange extends WordChange {
  readonly endShift: number
}

/** A word change that may change the block structure (see the module comment). */
const restructures = Symbol('restructures')

/**
 * The word change at a difference (`oldAt` in `before`, `newAt` in `after`, both texts the same
 * since `shared`): the words it is in, replaced; undefined when it is in no word on either side or
 * the words are the same (the difference follows them); `restructures` when it may change the
 * block structure.
 */
function wordChangeAt(
  before: string,
  after: string,
  oldAt: number,
  newAt: number,
  shared: number,
  oldEnd: number,
  newEnd: number,
  bracketsAreText: boolean,
  inCode: ((offset: number) => boolean) | undefined,
): ScannedChange | typeof restructures | undefined {
  // Back to the start of the word the difference is in, within what both share since the last change.
  let back = 0
  for (let unit = wordUnitBefore(before, oldAt); unit > 0 && oldAt - back - unit >= shared; ) {
    back += unit
    unit = wordUnitBefore(before, oldAt - back)
  }
  const oldWord = wordAt(before, oldAt - back)
  const newWord = wordAt(after, newAt - back)
  if (!oldWord || !newWord || oldWord.end > oldEnd || newWord.end > newEnd) return undefined
  const length = oldWord.end - oldWord.start
  // The same words: the difference is in what follows them.
  if (length === newWord.end - newWord.start && sameRun(before, oldWord.start, after, newWord.start, length)) {
    return undefined
  }
  if (
    (mayRestructure(before, oldWord) ||
      mayRestructure(after, newWord) ||
      changesLineOpening(before, oldAt, after, newAt)) &&
    !inCode?.(oldWord.start)
  ) {
    return restructures
  }
  return {
    from: oldWord.start,
    to: oldWord.end,
    insert: after.slice(newWord.start, newWord.end),
    endShift: newWord.end - oldWord.end,
    patchable:
      isPatchableInText(before, oldWord, bracketsAreText) && isPatchableInText(after, newWord, bracketsAreText),
  }
}

/** The longest plain run `inertSpan` looks for, in each text. */
const maxInertSpan = 48
/** How many characters after a candidate run both texts must share to end it there (fewer at their ends). */
const resyncLength = 8

/**
 * A plain run inserted, removed or replaced at a difference (`oldAt` in `before`, `newAt` in
 * `after`): the shortest pair of runs after which both texts are the same again, when both are plain
 * and nothing around them reads them as syntax (see the module comment); undefined otherwise.
 */
function inertSpan(
  before: string,
  after: string,
  oldAt: number,
  newAt: number,
  oldEnd: number,
  newEnd: number,
  bracketsAreText: boolean,
  isDefinedLabel: WordScanOptions['isDefinedLabel'],
): ScannedChange | undefined {
  const oldMax = Math.min(plainRunLength(before, oldAt, oldEnd), maxInertSpan)
  const newMax = Math.min(plainRunLength(after, newAt, newEnd), maxInertSpan)
  for (let total = 1; total <= oldMax + newMax; total++) {
    for (let oldLength = Math.max(0, total - newMax); oldLength <= Math.min(total, oldMax); oldLength++) {
      const oldTo = oldAt + oldLength
      const newTo = newAt + total - oldLength
      if (!resynced(before, oldTo, oldEnd, after, newTo, newEnd)) continue
      const removed = { start: oldAt, end: oldTo }
      const inserted = { start: newAt, end: newTo }
      if (!isInertRun(before, removed) || !isInertRun(after, inserted)) return undefined
      if (changesLineOpening(before, oldAt, after, newAt)) return undefined
      return {
        from: oldAt,
        to: oldTo,
        insert: after.slice(newAt, newTo),
        endShift: newTo - oldTo,
        run: true,
        patchable:
          isPatchableRun(before, removed, bracketsAreText, isDefinedLabel) &&
          isPatchableRun(after, inserted, bracketsAreText, isDefinedLabel),
      }
    }
  }
  return undefined
}

/** Whether both texts are the same from `oldAt` and `newAt` on: for `resyncLength` characters, or to both ends. */
function resynced(
  before: string,
  oldAt: number,
  oldEnd: number,
  after: string,
  newAt: number,
  newEnd: number,
): boolean {
  const length = Math.min(resyncLength, oldEnd - oldAt, newEnd - newAt)
  if (length < resyncLength && oldEnd - oldAt !== newEnd - newAt) return false
  return sameRun(before, oldAt, after, newAt, length)
}

/** How many plain characters (word characters, spaces, `[](),.;:?'"^-`) `text` has from `at`, up to `end`. */
function plainRunLength(text: string, at: number, end: number): number {
  let length = 0
  while (at + length < end && isPlain(text.charCodeAt(at + length))) length++
  return length
}

function isPlain(code: number): boolean {
  return isWordUnit(code) || plainPunctuation.has(code)
}

/** `^` and `-` only in a footnote call's brackets (`[^note-1]`, see `isInertRun`). */
const plainPunctuation = new Set([...' [](),.;:?\'"^-'].map((character) => character.charCodeAt(0)))
/**
 * What may stand next to a plain run: anything plain but brackets and `(` (which could make a link),
 * and a backtick (a run of them pairs with the next run of the same length, whatever lies between).
 */
const neighbourPunctuation = new Set([...' ),.;:?\'"`'].map((character) => character.charCodeAt(0)))

/**
 * Whether a plain run (empty for a pure insertion or removal) in `text` reads as text wherever it
 * stands in a line: brackets balanced and no `](` or `][` in it, neighbours that start no syntax,
 * not at a line's start (indentation, list and quote markers, a task checkbox), after an ordered
 * list marker's digits (`1` + `.`) or on a code fence's line, and not ending in spaces a line ending
 * follows (a hard break, trimmed spaces).
 */
function isInertRun(text: string, run: Word): boolean {
  let depth = 0
  // The bracket opened at this depth is a footnote call's (`[^`): `-` may stand in its label.
  let callDepth = 0
  for (let at = run.start; at < run.end; at++) {
    const code = text.charCodeAt(at)
    if (code === 91)
      depth++ // [
    else if (code === 93) {
      if (callDepth === depth) callDepth = 0
      depth--
      const next = text.charCodeAt(at + 1)
      if (depth < 0 || (at + 1 < run.end && (next === 40 || next === 91))) return false // ](  ][
    } else if (code === 94) {
      // ^ only right after the run's own [
      if (at === run.start || text.charCodeAt(at - 1) !== 91 || callDepth !== 0) return false
      callDepth = depth
    } else if (code === 45 && (callDepth === 0 || callDepth !== depth)) return false // - only in a call's label
  }
  if (depth !== 0) return false
  const beforeRun = run.start > 0 ? text.charCodeAt(run.start - 1) : Number.NaN
  const afterRun = run.end < text.length ? text.charCodeAt(run.end) : Number.NaN
  if (!isNeighbour(beforeRun) || !(isNeighbour(afterRun) || isLineEnding(afterRun) || Number.isNaN(afterRun))) {
    return false
  }
  // Between two backticks, a run splits (or, removed, joins) a run of them.
  if (beforeRun === 96 && afterRun === 96) return false
  const before = text.slice(lineStartBefore(text, run.start), run.start)
  if (markerPrefix.test(before) || fencePrefix.test(before) || inLineOpeningTag(before)) return false
  // In a word after `</` (the end of a `<script>` or `<pre>` block, wherever it stands).
  let wordStart = run.start
  while (wordStart > 0 && isWordUnit(text.charCodeAt(wordStart - 1))) wordStart--
  if (text.charCodeAt(wordStart - 1) === 47 && text.charCodeAt(wordStart - 2) === 60) return false
  // A space at the run's end (or, for an empty run, before it) followed by the line's end.
  const last = run.end > run.start ? text.charCodeAt(run.end - 1) : beforeRun
  if (isSpace(last)) {
    let at = run.end
    while (at < text.length && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at++
    if (at === text.length || isLineEnding(text.charCodeAt(at))) return false
  }
  return true
}

function isNeighbour(code: number): boolean {
  return isWordUnit(code) || neighbourPunctuation.has(code)
}

function isLineEnding(code: number): boolean {
  return code === 10 || code === 13
}

/** Whether `a` from `aStart` and `b` from `bStart` have the same `length` characters. */
function sameRun(a: string, aStart: number, b: string, bStart: number, length: number): boolean {
  for (let index = 0; index < length; index++) {
    if (a.charCodeAt(aStart + index) !== b.charCodeAt(bStart + index)) return false
  }
  return true
}

/** Whether changing this word may change the block structure (see the module comment). */
function mayRestructure(text: string, found: Word): boolean {
  const at = found.start
  if (text[at - 1] === '/' && text[at - 2] === '<') return true
  const before = text.slice(lineStartBefore(text, at), at)
  if (digit.test(text.slice(at, found.end)) && linePrefix.test(before)) return true
  return inLineOpeningTag(before)
}

/**
 * Whether the line a difference is on (at `oldAt` in `before`, `newAt` in `after`) opens text after
 * container markers in one text and not in the other: right under a paragraph, that decides whether
 * the paragraph ends there (`opensTextAfterMarkers`), so the blocks would change (a `]` inserted
 * that closes the bracket a quote's line opens, or a word that moves it past what is read).
 */
function changesLineOpening(before: string, oldAt: number, after: string, newAt: number): boolean {
  // Only a line's first characters are read: the first change among them is what may change it.
  let lineStart = oldAt
  while (lineStart > 0 && !isLineEnding(before.charCodeAt(lineStart - 1))) {
    if (oldAt - lineStart === lineOpeningLength) return false
    lineStart--
  }
  return opensTextAfterMarkers(before, lineStart) !== opensTextAfterMarkers(after, lineStartBefore(after, newAt))
}

/**
 * Whether a line's text up to here (`before`) ends inside a tag that opens the line and whose
 * whole tag decides whether an HTML block starts there: in its start (a tag's name, a comment,
 * declaration or CDATA opening), or in the attributes of a tag whose name alone opens none.
 */
function inLineOpeningTag(before: string): boolean {
  if (lineTagStart.test(before)) return true
  const name = lineTagAttributes.exec(before)?.[1]
  return name !== undefined && !namedBlockTags.has(name.toLowerCase())
}

/** Whether a change of this word in a text node cannot change what the text around it means (see the module comment). */
function isPatchableInText(text: string, found: Word, bracketsAreText: boolean): boolean {
  const run = runAround(text, found.start, found.end)
  if (unpatchableInRun.test(run.text)) return false
  const before = run.text.slice(0, found.start - run.start)
  const after = run.text.slice(found.end - run.start)
  if (unpatchableBefore.test(before) || after.includes('@') || after.startsWith('://')) return false
  if (after.startsWith('.') && text.slice(found.start, found.end).toLowerCase() === 'www') return false
  if (!brackets.test(run.text)) return true
  if (!bracketsAreText) return false
  // `[x]` after a list item marker is a task list checkbox; `[y]` is text.
  return !(before.endsWith('[') && after.startsWith(']') && found.end - found.start === 1)
}

/**
 * Whether a plain run in a text node cannot change what the text around it means: no character
 * reference, escape, tag or autolink (literal or not) in the non-space characters around and in it,
 * and brackets only where they cannot be a label.
 */
function isPatchableRun(
  text: string,
  run: Word,
  bracketsAreText: boolean,
  isDefinedLabel: WordScanOptions['isDefinedLabel'],
): boolean {
  const around = runAround(text, run.start, run.end)
  if (unpatchableAroundRun.test(around.text)) return false
  if (
    !bracketsAreText &&
    brackets.test(around.text) &&
    !(isDefinedLabel && citationStaysText(text, run, isDefinedLabel))
  ) {
    return false
  }
  return !inLinkParentheses(text, run.start)
}

/**
 * Whether the brackets a run holds stay text in a text with definitions: they are the only ones in
 * the run and in the non-space characters around them (so no link text or label right before or
 * after), one label (` [3]`) that no link definition matches and no footnote's (`^`), no task
 * checkbox (`[ ]`, `[x]`), and the bracket before them in their paragraph is known and not a `[`
 * (which, were they removed, could open a label a definition matches; a label holds no brackets).
 * Parentheses after them are `isPatchableRun`'s to judge, as where there are no definitions; a
 * label around an inserted run is the tree patch's (`inLabel`).
 */
function citationStaysText(text: string, run: Word, isDefinedLabel: (identifier: string) => boolean): boolean {
  // Where a run goes in (or comes out), the other text's run is empty: it is judged there.
  if (run.start === run.end) return true
  const open = text.indexOf('[', run.start)
  const close = open < 0 ? -1 : text.indexOf(']', open)
  if (close < 0 || close >= run.end) return false
  if (brackets.test(text.slice(run.start, open)) || brackets.test(text.slice(close + 1, run.end))) return false
  const around = runAround(text, open, close + 1)
  for (let index = around.start; index < around.start + around.text.length; index++) {
    const code = text.charCodeAt(index)
    if ((code === 91 || code === 93) && index !== open && index !== close) return false
  }
  const label = text.slice(open + 1, close)
  if (!citationLabel.test(label) || isDefinedLabel(normalizeIdentifier(label).toLowerCase())) return false
  const before = bracketBefore(text, paragraphStart(text, open), open)
  return before === 0 || before === 93
}

/** Where the paragraph holding `at` starts: after the last blank line before it. */
function paragraphStart(text: string, at: number): number {
  for (let index = at - 1; index > 0; index--) {
    if (text.charCodeAt(index) === 10 && endsBlankLine(text, index)) return index + 1
  }
  return 0
}

/**
 * The last bracket (its code: `[` 91 or `]` 93; 0 for none) from `from` to `to` that is one: not
 * escaped, not in a code span. A `[` there with nothing bracketed after it may open a label around
 * `to`; a `]` leaves any label around `to` holding brackets, so no label. -1 where it cannot tell:
 * after a tag or autolink's `<`, or a backtick run that `to` may lie in.
 */
function bracketBefore(text: string, from: number, to: number): number {
  let last = 0
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index)
    if (code === 92) index++
    else if (code === 60) return -1
    else if (code === 91 || code === 93) last = code
    else if (code === 96) {
      const end = codeSpanEnd(text, index)
      if (end < 0 || end > to) return -1
      index = end - 1
    }
  }
  return last
}

/** A label that is text unless defined: not a footnote's, a checkbox, blank, or holding a backtick. */
const citationLabel = /^(?![ \t]*[xX]?[ \t]*$)(?!\^)[^`]+$/

/**
 * Whether a run at `at` may stand in the parentheses after a link's text: a `](` before it in its
 * paragraph (no blank line between) whose parentheses hold no destination and title closed before
 * `at`. They are text while what they hold is not valid (`[a](b it)`), and a run going or coming
 * may make it valid, a link.
 */
function inLinkParentheses(text: string, at: number): boolean {
  for (let index = at - 1; index > 0; index--) {
    const code = text.charCodeAt(index)
    if (code === 10 && endsBlankLine(text, index)) return false
    if (code === 40 && text.charCodeAt(index - 1) === 93) {
      const end = linkParenthesesEnd(text, index + 1)
      if (end < 0 || end > at) return true
    }
  }
  return false
}

/**
 * Where the parentheses of an inline link end (after its `)`), read from just after their `(`: an
 * optional destination (`<…>`, or characters other than spaces with balanced parentheses) and an
 * optional title (`"…"`, `'…'` or `(…)`), spaces and one line ending around them. -1 when they hold
 * anything else.
 */
function linkParenthesesEnd(text: string, from: number): number {
  let at = afterLinkSpace(text, from)
  if (text.charCodeAt(at) === 60) {
    // <
    for (at++; at < text.length && text.charCodeAt(at) !== 62; at++) {
      const code = text.charCodeAt(at)
      if (code === 10 || code === 13 || code === 60) return -1
      if (code === 92) at++
    }
    if (at >= text.length) return -1
    at++
  } else {
    let depth = 0
    for (; at < text.length; at++) {
      const code = text.charCodeAt(at)
      if (code <= 32 || code === 127) break
      if (code === 92) at++
      else if (code === 40) depth++
      else if (code === 41 && depth-- === 0) break
    }
    if (depth > 0) return -1
  }
  const destinationEnd = at
  at = afterLinkSpace(text, at)
  const quote = text.charCodeAt(at)
  if (at > destinationEnd && (quote === 34 || quote === 39 || quote === 40)) {
    const close = quote === 40 ? 41 : quote
    for (at++; at < text.length && text.charCodeAt(at) !== close; at++) {
      if (quote === 40 && text.charCodeAt(at) === 40) return -1
      if (text.charCodeAt(at) === 92) at++
    }
    if (at >= text.length) return -1
    at = afterLinkSpace(text, at + 1)
  }
  return text.charCodeAt(at) === 41 ? at + 1 : -1
}

/** After the spaces and tabs from `at`, with at most one line ending among them. */
function afterLinkSpace(text: string, at: number): number {
  let lineEndings = 0
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === 10 || (code === 13 && text.charCodeAt(at + 1) !== 10)) {
      if (++lineEndings > 1) break
    } else if (code !== 32 && code !== 9 && code !== 13) break
  }
  return at
}

/** Whether the line ending at the line feed at `at` holds only spaces and tabs (or nothing). */
function endsBlankLine(text: string, at: number): boolean {
  let index = at - 1
  while (index >= 0 && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9 || text.charCodeAt(index) === 13))
    index--
  return index < 0 || text.charCodeAt(index) === 10
}

const unpatchableAroundRun = /[<>&\\@]|:\/\/|www\./i

/** Whether an ASCII code is a digit or a letter. */
function isAsciiWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122)
}

function isWordUnit(code: number): boolean {
  if (code < 0x80) return isAsciiWordCode(code)
  return (code >= 0xd800 && code <= 0xdfff) || wordUnit.test(String.fromCharCode(code))
}

/** The run of non-whitespace characters around `from`–`to`. */
function runAround(text: string, from: number, to: number): { start: number; text: string } {
  let start = from
  while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start--
  let end = to
  while (end < text.length && !isSpace(text.charCodeAt(end))) end++
  return { start, text: text.slice(start, end) }
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11 || code === 0xa0
}

/** Where a change lies in a block: offsets relative to the block's start, and its (1-based) line. */
export interface BlockWordChange extends WordChange {
  readonly line: number
}

/** `changes` (offsets in the whole old text) relative to a block `block` starting at `start`, with their lines. */
export function changesInBlock(block: string, changes: readonly WordChange[], start: number): BlockWordChange[] {
  let line = 1
  // Line feeds found natively, one call a line (a change deep in a fence of thousands of lines).
  const crs = block.includes('\r')
  lineEndings.lastIndex = 0
  let ending = crs ? (lineEndings.exec(block)?.index ?? -1) : block.indexOf('\n')
  return changes.map((change) => {
    const from = change.from - start
    while (ending >= 0 && ending < from) {
      line++
      ending = crs ? (lineEndings.exec(block)?.index ?? -1) : block.indexOf('\n', ending + 1)
    }
    return { ...change, from, to: change.to - start, line }
  })
}

/**
 * The tree of `text` made from `tree`, the tree of `source`, when the two differ by word changes
 * only (`wordChanges`, no stop) that `patchSyntaxTree` can make; undefined otherwise.
 */
export function rewordedTree(tree: Root, source: string, text: string, options: WordScanOptions): Root | undefined {
  const prefix = sharedPrefixLength(source, text)
  const suffix = sharedSuffixLength(source, text, Math.min(source.length, text.length) - prefix)
  const scan = wordChanges(source, text, prefix, suffix, options)
  if (!scan || scan.stop) return undefined
  return patchSyntaxTree(tree, source, changesInBlock(source, scan.changes, 0))
}

/**
 * The tree of a block whose text `source` changed by `changes` (in order, offsets in `source`),
 * made from the tree of `source` (positions relative to the block): the changed words replaced in
 * its text nodes, every later position shifted. Nodes before the first change are shared with the
 * old tree, which is not modified. Undefined when a change is not inside a text, inline code or code
 * node (or a later line of an HTML block) whose words it can map, or is inside a link reference (its text is its label) or in an
 * autolink where its change could change the link (see `patchedAutolink`).
 */
export function patchSyntaxTree(
  tree: Root,
  source: string,
  blockChanges: readonly BlockWordChange[],
): Root | undefined {
  const changes = blockChanges.map((change) =>
    joinsWordBefore(source, change) ? { ...change, joinsBefore: true } : change,
  )
  const first = changes[0]?.from ?? Number.POSITIVE_INFINITY
  // A node ending where the first change joins the word before it takes that change.
  const firstJoins = changes[0]?.joinsBefore === true
  let done = 0
  const shifted = pointShifter(changes)

  // `inLabel`: in a link reference's text (its label) or an autolink's (its destination).
  // `edges`: whether the node is its parent's first child (1), last (2), both or neither.
  // How many changes from the next one on start before `end`.
  const covering = (end: number | undefined) => {
    let count = 0
    for (let change = changes[done]; change && end !== undefined; change = changes[done + count]) {
      if (change.from > end || (change.from === end && !change.joinsBefore)) break
      count++
    }
    return count
  }

  const patch = (node: Nodes, inLabel: boolean, edges: number, flow = false): Nodes | undefined => {
    const position = node.position
    const start = position?.start.offset
    const end = position?.end.offset
    if (end !== undefined && (end < first || (end === first && !firstJoins))) return node
    let next: Nodes = node
    // An autolink (`<https://…>`, or a literal `https://…` or `www.…`): its text is its destination.
    const autolinkChanges =
      node.type === 'link' && start !== undefined && source.charCodeAt(start) !== 91 ? covering(end) : 0 // `[`
    if (
      node.type === 'text' ||
      node.type === 'inlineCode' ||
      node.type === 'code' ||
      // An HTML block (shown as its text): its kind and so where it ends are read from its first
      // line, and only a blank line or punctuation ends it after that (a word after `</`, which may
      // end a `<script>` or `<pre>` block, never reaches here), so a word on a later line is text.
      (node.type === 'html' && flow)
    ) {
      const covered = covering(end)
      if (covered > 0) {
        const own = changes.slice(done, done + covered)
        if (inLabel || start === undefined || end === undefined || own[0]!.from < start) return undefined
        if (node.type === 'text' && !own.every((change) => change.patchable)) return undefined
        if (node.type === 'html' && (!/[\n\r]/.test(source.slice(start, own[0]!.from)) || own.some((c) => c.run))) {
          return undefined
        }
        const [value] =
          node.type === 'text' && node.value.length === end - start && source.slice(start, end) === node.value
            ? [applyTextChanges(node.value, own, start)]
            : (replaceWords(
                [node.value],
                source,
                start,
                end,
                own,
                node.type === 'text' ? 'text' : node.type === 'inlineCode' ? 'inline-code' : node.type,
              ) ?? [])
        if (value === undefined) return undefined
        // Space a change brings to or takes from the edge of a parent's content may be trimmed (a
        // table cell, a heading) or kept: a parse decides.
        if (node.type === 'text' && !sameEdges(node.value, value, edges)) return undefined
        done += covered
        next = { ...node, value }
      }
    } else if (node.type === 'link' && autolinkChanges > 0) {
      const patched = patchedAutolink(node, source, changes.slice(done, done + autolinkChanges), shifted)
      if (patched === undefined) return undefined
      done += autolinkChanges
      next = patched
    } else if ('children' in node) {
      // A paragraph starting with `[label]:` is a link definition the parser turned down: a plain run
      // going or coming (in its title, after its destination) may make it one.
      if (
        node.type === 'paragraph' &&
        start !== undefined &&
        source.charCodeAt(start) === 91 && // `[`
        definitionLike.test(source.slice(start, end))
      ) {
        const covered = covering(end)
        for (let index = done; index < done + covered; index++) if (changes[index]!.run) return undefined
      }
      const label =
        inLabel ||
        node.type === 'linkReference' ||
        (node.type === 'link' && start !== undefined && source.charCodeAt(start) !== 91) // `[`
      const holdsBlocks = node.type === 'root' || node.type === 'blockquote' || node.type === 'listItem'
      let children: Nodes[] | undefined
      for (let index = 0; index < node.children.length; index++) {
        const child = node.children[index] as Nodes
        const edges = (index === 0 ? 1 : 0) | (index === node.children.length - 1 ? 2 : 0)
        const patched = patch(child, label, edges, holdsBlocks)
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
      const covered = covering(end)
      if (covered > 0) {
        const own = changes.slice(done, done + covered)
        const lastChild = node.type === 'link' ? node.children[node.children.length - 1] : undefined
        const from = lastChild ? lastChild.position?.end.offset : start
        if (from === undefined || end === undefined || own[0]!.from < from) return undefined
        const fields =
          node.type === 'image' ? [node.alt ?? '', node.url, node.title ?? ''] : [node.url, node.title ?? '']
        const values = replaceWords(fields, source, from, end, own, 'fields')
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
      const start = shifted(position.start)
      const end = shifted(position.end)
      if (!start || !end) return undefined
      if (start !== position.start || end !== position.end) next = { ...next, position: { start, end } }
    }
    return next
  }

  const root = patch(tree, false, 3)
  // A change no node covered (a link destination, a fence's language, inline HTML) needs a parse.
  if (root === undefined || done !== changes.length) return undefined
  return root as Root
}

/**
 * Whether a change is a plain run inserted right after a word that ends a line (or the text): it
 * lengthens the text that word ends (` indeed` after `words` at a paragraph's end), which ends
 * there too, instead of beginning what follows (nothing does: the line ends).
 */
function joinsWordBefore(source: string, change: BlockWordChange): boolean {
  if (!change.run || change.from !== change.to || wordUnitBefore(source, change.from) === 0) return false
  return change.from === source.length || isLineEnding(source.charCodeAt(change.from))
}

/**
 * An autolink whose words `changes` replace, in its text and its destination alike (they are the
 * same text, or the destination is `http://` and the text). Undefined unless each change is a word
 * after the scheme's colon or a literal's `www.` (or, between `<` and `>`, a whole scheme for another
 * valid one), so the link stays the same kind of autolink and ends where it did: not in an address (`@`: a literal address takes ASCII only), not near a character
 * reference or escape, and, in a literal (whose extent GFM's text transform also reads with ASCII
 * word characters), with ASCII words only.
 */
function patchedAutolink(
  node: Link,
  source: string,
  changes: readonly BlockWordChange[],
  shifted: ReturnType<typeof pointShifter>,
): Link | undefined {
  const text = node.children[0]
  if (node.children.length !== 1 || text?.type !== 'text' || !text.position) return undefined
  const from = text.position.start.offset
  const to = text.position.end.offset
  if (from === undefined || to === undefined || source.slice(from, to) !== text.value) return undefined
  if (/[@&\\]/.test(text.value)) return undefined
  const www = node.url === `http://${text.value}` && text.value.slice(0, 4).toLowerCase() === 'www.'
  if (node.url !== text.value && !www) return undefined
  const kept = www ? 4 : text.value.indexOf(':') + 1
  if (kept === 0) return undefined
  const literal = source.charCodeAt(from - 1) !== 60 // `<`
  for (const change of changes) {
    if (change.run || change.to > to) return undefined
    if (literal && !isAsciiWord(change.insert)) return undefined
    // `<scheme:…>`: a scheme for a scheme (a letter, then letters or digits, 2 to 32 in all).
    const scheme = !literal && change.from === from && change.to === from + kept - 1
    if (change.from < from + kept && !(scheme && uriScheme.test(change.insert))) return undefined
  }
  const value = applyTextChanges(text.value, changes, from)
  const start = shifted(text.position.start)
  const end = shifted(text.position.end)
  if (!start || !end) return undefined
  return {
    ...node,
    url: www ? `http://${value}` : value,
    children: [{ ...text, value, position: { start, end } }],
  }
}

const uriScheme = /^[A-Za-z][A-Za-z0-9]{1,31}$/

function isAsciiWord(word: string): boolean {
  for (let index = 0; index < word.length; index++) if (!isAsciiWordCode(word.charCodeAt(index))) return false
  return word.length > 0
}

/** Whether two texts both start (`edges` & 1) and both end (`edges` & 2) with a space or neither does. */
function sameEdges(before: string, after: string, edges: number): boolean {
  return (
    (!(edges & 1) || isSpace(before.charCodeAt(0)) === isSpace(after.charCodeAt(0))) &&
    (!(edges & 2) || isSpace(before.charCodeAt(before.length - 1)) === isSpace(after.charCodeAt(after.length - 1)))
  )
}

/**
 * The values of a node whose source is `source` from `start` to `end`, with `changes` applied. A
 * node's values (a text's value; a link's destination and title) are its source without some
 * non-word characters (markers, escapes, indentation, fences, brackets), so their words are its
 * source's words in order; a fenced code block's start on the line after its opening fence (whose
 * info string is no value). Both are read word by word up to the last change, each pair checked to
 * be the same word. In a text (not code) a plain run is placed by the word before it, when the
 * characters from that word to the run's end are the same in the source and the value. Undefined
 * when they are not, or when another change is not a word for a word, or (`decodes`: a
 * destination, title or alt, where character references are read) could make or unmake a
 * character reference.
 */
function replaceWords(
  values: readonly string[],
  source: string,
  start: number,
  end: number,
  changes: readonly BlockWordChange[],
  kind: 'text' | 'inline-code' | 'code' | 'html' | 'fields',
): string[] | undefined {
  let sourceAt = kind === 'code' ? codeContentStart(source, start, end) : start
  if (sourceAt === undefined) return undefined
  // A fence's code after its opening line's line ending; an HTML block outside a container from its start.
  const verbatimStart =
    kind === 'code' && sourceAt > start ? sourceAt + lineEndingLength(source, sourceAt) : kind === 'html' ? start : -1
  if (verbatimStart >= 0) {
    const replaced = verbatimReplaced(values[0]!, source, verbatimStart, changes)
    if (replaced !== undefined) return [replaced]
  } else if (kind === 'code') {
    const replaced = indentedCodeReplaced(values[0]!, source, start, changes)
    if (replaced !== undefined) return [replaced]
  }
  const results = values.map(() => '')
  const copied = values.map(() => 0)
  let field = 0
  let valueAt = 0
  let next = 0
  while (next < changes.length) {
    const sourceStart = nextWordStart(source, sourceAt, end)
    const change = changes[next]!
    // A plain run in a text or a code block before its next word: it stands as far past the last
    // word in the value as in the source, when what lies between and what it removes are the same
    // in both (in code under an indented fence, lines lose their indentation: a parse decides).
    if (change.run && (kind === 'text' || kind === 'code') && (sourceStart < 0 || change.from <= sourceStart)) {
      const value = values[field]!
      const valueTo = valueAt + (change.to - sourceAt)
      if (change.from < sourceAt || source.slice(sourceAt, change.to) !== value.slice(valueAt, valueTo))
        return undefined
      results[field] += value.slice(copied[field], valueAt + (change.from - sourceAt)) + change.insert
      copied[field] = valueTo
      sourceAt = change.to
      valueAt = valueTo
      next++
      continue
    }
    if (sourceStart < 0) return undefined
    const sourceEnd = wordEnd(source, sourceStart)
    let valueStart = -1
    while (field < values.length) {
      valueStart = nextWordStart(values[field]!, valueAt, values[field]!.length)
      if (valueStart >= 0) break
      field++
      valueAt = 0
    }
    if (valueStart < 0) return undefined
    const value = values[field]!
    const valueEnd = wordEnd(value, valueStart)
    const length = sourceEnd - sourceStart
    if (length !== valueEnd - valueStart || !sameRun(value, valueStart, source, sourceStart, length)) return undefined
    if (change.from < sourceEnd) {
      if (change.from !== sourceStart || change.to !== sourceEnd) return undefined
      // Only a word for a word: a plain run may hold a link title's quotes or a destination's parentheses.
      if (wordEnd(change.insert, 0) !== change.insert.length || change.insert.length === 0) return undefined
      if (kind === 'fields' && mayBeCharacterReference(source, sourceStart, sourceEnd)) return undefined
      results[field] += value.slice(copied[field], valueStart) + change.insert
      copied[field] = valueEnd
      next++
    }
    sourceAt = sourceEnd
    valueAt = valueEnd
  }
  return results.map((result, index) => result + values[index]!.slice(copied[index]))
}

/**
 * `replaceWords` for a value that is its source verbatim from `contentStart` (a fence's code, when
 * the fence starts its line; an HTML block's text, when no container's markers are cut from its
 * lines): each change is a word for a word, or a plain run, at the same place in the value, so its
 * words need not be read one by one up to the change (a word changed in a fence or an HTML block of
 * 100 KB read all of it). Undefined when the value is not verbatim there or a change is not one of
 * those.
 */
function verbatimReplaced(
  value: string,
  source: string,
  contentStart: number,
  changes: readonly BlockWordChange[],
): string | undefined {
  if (!hasTextAt(source, value, contentStart)) return undefined
  let result = ''
  let copied = 0
  for (const change of changes) {
    const from = change.from - contentStart
    const to = change.to - contentStart
    if (from < copied || to > value.length || !takesChangeAt(value, from, to, change)) return undefined
    result += value.slice(copied, from) + change.insert
    copied = to
  }
  return result + value.slice(copied)
}

/**
 * `replaceWords` for indented code outside a container: each line of its value is its source line
 * without up to four spaces of indentation, so a change inside a line stands at the same place in
 * that line of the value, found by comparing the lines before it (one native comparison each), not
 * by reading their words (a word changed in 20 KB of indented code read all of it). Undefined when a
 * line up to the last change is not so (a tab in its indentation, a container's markers, a carriage
 * return) or a change is not a word for a word or a plain run inside one line's code.
 */
export function indentedCodeReplaced(
  value: string,
  source: string,
  start: number,
  changes: readonly BlockWordChange[],
): string | undefined {
  if (start > 0 && !isLineEnding(source.charCodeAt(start - 1))) return undefined
  let result = ''
  let copied = 0
  let lineStart = start
  let valueLineStart = 0
  let next = 0
  while (next < changes.length) {
    if (lineStart > source.length) return undefined
    const ending = source.indexOf('\n', lineStart)
    const lineEnd = ending < 0 ? source.length : ending
    let codeStart = lineStart
    while (codeStart < lineStart + 4 && source.charCodeAt(codeStart) === 32) codeStart++
    if (codeStart < lineStart + 4 && source.charCodeAt(codeStart) === 9) return undefined
    const code = source.slice(codeStart, lineEnd)
    const valueLineEnd = valueLineStart + code.length
    if (
      code.includes('\r') ||
      !hasTextAt(value, code, valueLineStart) ||
      (valueLineEnd < value.length && value.charCodeAt(valueLineEnd) !== 10)
    )
      return undefined
    for (let change = changes[next]; change && change.from <= lineEnd; change = changes[++next]) {
      if (change.from < codeStart || change.to > lineEnd) return undefined
      const from = valueLineStart + (change.from - codeStart)
      const to = valueLineStart + (change.to - codeStart)
      if (from < copied || !takesChangeAt(value, from, to, change)) return undefined
      result += value.slice(copied, from) + change.insert
      copied = to
    }
    lineStart = lineEnd + 1
    valueLineStart = valueLineEnd + 1
  }
  return result + value.slice(copied)
}

/** Whether `change` can be made at `from`–`to` of a verbatim value: a plain run, or a word for a whole word. */
function takesChangeAt(value: string, from: number, to: number, change: BlockWordChange): boolean {
  if (change.run) return true
  const word = wordUnitBefore(value, from) === 0 && from < to && wordEnd(value, from) === to
  return word && change.insert.length > 0 && wordEnd(change.insert, 0) === change.insert.length
}

/** Where a code block's content starts: after its opening fence's line, or at its start when indented. */
function codeContentStart(source: string, start: number, end: number): number | undefined {
  let at = start
  while (source.charCodeAt(at) === 32 || source.charCodeAt(at) === 9) at++
  const marker = source.charCodeAt(at)
  // `` ` `` or `~` after at most three spaces: fenced (indented code may start with a backtick too).
  const indented = at - start > 3 || source.slice(start, at).includes('\t')
  if ((marker !== 96 && marker !== 126) || indented) return start
  while (at < end && !isLineEnding(source.charCodeAt(at))) at++
  return at < end ? at : undefined
}

/** Whether a word in `source` is between `&` (or `&#`) and `;`: a character reference's name or number. */
function mayBeCharacterReference(source: string, start: number, end: number): boolean {
  const before = source.charCodeAt(start - 1)
  return before === 38 || (before === 35 && source.charCodeAt(start - 2) === 38) || source.charCodeAt(end) === 59
}

/** The first word character at or after `from` and before `end`, -1 when there is none. */
function nextWordStart(text: string, from: number, end: number): number {
  for (let at = from; at < end; at++) if (wordUnitLength(text, at) > 0) return at
  return -1
}

/** Where the word starting at `at` ends. */
function wordEnd(text: string, at: number): number {
  let end = at
  for (let unit = wordUnitLength(text, end); unit > 0; unit = wordUnitLength(text, end)) end += unit
  return end
}

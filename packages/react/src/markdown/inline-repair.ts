/**
 * Completes unfinished inline syntax at the end of a streaming paragraph so nothing renders as raw
 * punctuation that will later snap into style: open emphasis, strong, `~~` strikethrough and code
 * spans are closed; a half link shows its text without a destination; a half image, a reference
 * label being typed, a tag being typed, a trailing delimiter run, a dangling backslash or entity,
 * and a lone `[` are hidden until more text decides what they are.
 *
 * This runs only on the unsettled tail while streaming; the final render never sees it.
 */
import { angleConstructAt } from './inline-html'

interface Opener {
  char: '*' | '_' | '~'
  length: number
  /** Offset of the run's first character. */
  at: number
}

interface Bracket {
  at: number
  image: boolean
}

/** Destination of links whose `(` arrived but not the `)`: an unknown scheme, so no `href` is rendered. */
export const pendingLinkDestination = 'pending:'

/**
 * The innermost open delimiter runs closed at most: real emphasis nests a few levels deep. A
 * paragraph of thousands of runs that never close (`*a *a *a …`) would otherwise render as
 * emphasis nested thousands deep, which micromark matches in quadratic time and React renders
 * recursively (a 20 KB paragraph took seconds per chunk and overflowed the stack); past this
 * many, the older runs show as the text the final render shows them as.
 */
const maxClosedOpeners = 8
/** The longest open run closed: `***` opens emphasis and strong at once; a longer run stays text until its closer arrives. */
const maxClosedRunLength = 3

const whitespace = /\s/
const punctuation = /[\p{P}\p{S}]/u

export function repairInline(source: string): string {
  const openers: Opener[] = []
  const brackets: Bracket[] = []
  /** The `<` of an unfinished autolink: its text shows, the `<` never does. */
  let hiddenAngle = -1
  let cut = source.length
  let suffix = ''
  let suffixAt = -1
  let openCode = ''
  /** Offset of the open code span's opening run. */
  let codeAt = -1
  /** The last delimiter run that neither opened nor closed anything (plain text). */
  let textRun = { at: -1, end: -1 }
  let index = 0

  scan: while (index < source.length) {
    const char = source[index]!
    switch (char) {
      case '\\':
        if (index + 1 >= source.length) {
          cut = index
          break scan
        }
        index += 2
        continue
      case '`': {
        const run = runLength(source, index)
        if (index + run >= source.length) {
          cut = index
          break scan
        }
        const end = codeSpanEnd(source, index)
        if (end !== -1) {
          index = end
          continue
        }
        // Open to the end: all that follows is its text, but a last run shorter than the opening
        // one may be the start of the closing run (a longer one stays text whatever follows).
        openCode = source.slice(index, index + run)
        codeAt = index
        const lastRun = source.length - source.replace(/`+$/, '').length
        if (lastRun > 0 && lastRun < run) cut = source.length - lastRun
        break scan
      }
      case '&': {
        if (/^&#?[A-Za-z0-9]*$/.test(source.slice(index))) {
          cut = index
          break scan
        }
        index++
        continue
      }
      case '<': {
        const construct = angleConstructAt(source, index)
        if (construct.kind === 'complete') {
          // Raw HTML shows as its source and an autolink as its URL: nothing inside is syntax.
          index = construct.end
          continue
        }
        if (construct.kind === 'unfinishedAutolink') {
          hiddenAngle = index
          break scan
        }
        if (construct.kind === 'undecided') {
          cut = index
          break scan
        }
        index++
        continue
      }
      case '!':
        if (index + 1 === source.length) {
          cut = index
          break scan
        }
        if (source[index + 1] === '[') {
          brackets.push({ at: index, image: true })
          index += 2
          continue
        }
        index++
        continue
      case '[':
        brackets.push({ at: index, image: false })
        index++
        continue
      case ']': {
        const bracket = brackets.pop()
        if (bracket && index + 1 === source.length) {
          // `[text]` may still become a link (text only) or stay text (brackets too).
          cut = bracket.at
          break scan
        }
        if (bracket && source[index + 1] === '(') {
          const close = destinationEnd(source, index + 2)
          if (close === -1) {
            if (bracket.image) cut = bracket.at
            else {
              cut = index + 1
              suffix = `(${pendingLinkDestination})`
              suffixAt = cut
            }
            dropOpenersFrom(openers, cut)
            break scan
          }
          index = close + 1
          // Links cannot contain links: every `[` before this one is now plain text.
          if (!bracket.image) dropLinkBrackets(brackets)
          continue
        }
        if (bracket && source[index + 1] === '[') {
          const labelEnd = referenceLabelEnd(source, index + 1)
          if (labelEnd === -1 || labelEnd === source.length - 1) {
            // `[text][label`: a link (its text) if the label is defined, else text (all of it).
            cut = bracket.at
            break scan
          }
          if (labelEnd !== undefined) {
            index = labelEnd + 1
            continue
          }
        }
        index++
        continue
      }
      case '*':
      case '_':
      case '~': {
        const run = runLength(source, index)
        if (index + run >= source.length) {
          cut = index
          break scan
        }
        if (handleDelimiterRun(source, index, run, openers)) textRun = { at: index, end: index + run }
        index += run
        continue
      }
      default:
        index++
    }
  }

  // An open `[` is a link's text (shown without it) or text (shown with it): hide it all until decided.
  const firstOpenBracket = brackets[0]
  if (firstOpenBracket && firstOpenBracket.at < cut) cut = firstOpenBracket.at
  const onlyWhitespaceOrHidden = (from: number, to: number) => {
    for (let at = from; at < to; at++) if (at !== hiddenAngle && !whitespace.test(source[at]!)) return false
    return true
  }
  for (const opener of openers) {
    if (opener.at < cut && onlyWhitespaceOrHidden(opener.at + opener.length, cut)) {
      cut = opener.at
      break
    }
  }
  if (cut === source.length && hiddenAngle === -1 && !openCode && openers.length === 0) return source
  let kept =
    hiddenAngle === -1 ? source.slice(0, cut) : source.slice(0, hiddenAngle) + source.slice(hiddenAngle + 1, cut)
  kept = kept.replace(/\s+$/, '')
  // Scanning stops at an unfinished autolink, so an open code span lies before any hidden `<`.
  if (openCode && cut > codeAt) kept = closeCodeSpan(kept, codeAt, openCode)
  if (cut === suffixAt) kept += suffix
  let closers = ''
  let closed = 0
  for (let at = openers.length - 1; at >= 0 && closed < maxClosedOpeners; at--) {
    const opener = openers[at]!
    // A single `~` mostly means "about" (`~5 min`): it stays text until its closer arrives. A run
    // longer than `***` is rarely emphasis, and closed it would nest half its length deep.
    if (opener.at < cut && !(opener.char === '~' && opener.length === 1) && opener.length <= maxClosedRunLength) {
      closers += opener.char.repeat(opener.length)
      closed++
    }
  }
  // A plain `~` or `*` run at the end would merge with a closer of its character (`~~a~` + `~~`).
  if (closers && kept.length === textRun.end && hiddenAngle === -1 && source[textRun.at] === closers[0]) {
    kept = kept.slice(0, textRun.at).replace(/\s+$/, '')
  }
  return kept + closers
}

/**
 * Closes the code span opened at `openAt` in `kept`. Its text gets one space on each side (or only
 * after it when it starts with one), which CommonMark strips again, so a backtick at either end never
 * merges with the runs around it. An opener with no text yet is hidden.
 */
function closeCodeSpan(kept: string, openAt: number, fence: string): string {
  const text = kept.slice(openAt + fence.length)
  if (text === '') return kept.slice(0, openAt).replace(/\s+$/, '')
  return `${kept.slice(0, openAt + fence.length)}${text.startsWith(' ') ? '' : ' '}${text} ${fence}`
}

/** Offset of the `]` ending the reference label opened at `from`, -1 when it has not arrived, undefined when it is no label. */
function referenceLabelEnd(source: string, from: number): number | undefined {
  for (let at = from + 1; at < source.length; at++) {
    const char = source[at]
    if (char === '\\') at++
    else if (char === '[') return undefined
    else if (char === ']') return at
  }
  return -1
}

function dropLinkBrackets(brackets: Bracket[]): void {
  let kept = 0
  for (const bracket of brackets) if (bracket.image) brackets[kept++] = bracket
  brackets.length = kept
}

/** Offset just past the code span whose opening backtick run starts at `at`, or -1 while it has no closing run. */
export function codeSpanEnd(source: string, at: number): number {
  const length = runLength(source, at)
  let index = at + length
  while (index < source.length) {
    if (source[index] !== '`') {
      index++
      continue
    }
    const run = runLength(source, index)
    if (run === length) return index + run
    index += run
  }
  return -1
}

export function runLength(source: string, at: number): number {
  const char = source[at]
  let end = at
  while (source[end] === char) end++
  return end - at
}

/** Offset of the `)` closing a link destination that starts at `from`, or -1 when it has not arrived. */
function destinationEnd(source: string, from: number): number {
  let depth = 0
  let angle = false
  for (let at = from; at < source.length; at++) {
    const char = source[at]
    if (char === '\\') {
      at++
      continue
    }
    if (angle) {
      if (char === '>') angle = false
      continue
    }
    if (char === '<' && at === from) angle = true
    else if (char === '(') depth++
    else if (char === ')') {
      if (depth === 0) return at
      depth--
    } else if (char === '\n' && source[at + 1] === '\n') return -1
  }
  return -1
}

function dropOpenersFrom(openers: Opener[], at: number): void {
  while (openers.length > 0 && openers[openers.length - 1]!.at >= at) openers.pop()
}

/**
 * CommonMark flanking rules, then match against the open delimiters (same character). True when the
 * run neither closes nor opens anything: it is plain text.
 */
function handleDelimiterRun(source: string, at: number, length: number, openers: Opener[]): boolean {
  const char = source[at] as Opener['char']
  const before = at === 0 ? ' ' : source[at - 1]!
  const after = source[at + length] ?? ' '
  const afterSpace = whitespace.test(after)
  const beforeSpace = whitespace.test(before)
  const afterPunct = punctuation.test(after)
  const beforePunct = punctuation.test(before)
  const leftFlanking = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
  const rightFlanking = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
  let canOpen = leftFlanking
  let canClose = rightFlanking
  if (char === '_') {
    canOpen = leftFlanking && (!rightFlanking || beforePunct)
    canClose = rightFlanking && (!leftFlanking || afterPunct)
  }
  if (char === '~' && length > 2) return true
  let remaining = length
  if (canClose) {
    for (let index = openers.length - 1; index >= 0 && remaining > 0; index--) {
      const opener = openers[index]!
      if (opener.char !== char) continue
      if (char === '~' && opener.length !== remaining) continue
      openers.length = index + 1
      const used = Math.min(opener.length, remaining)
      opener.length -= used
      remaining -= used
      if (opener.length === 0) openers.pop()
    }
  }
  if (remaining > 0 && canOpen) {
    openers.push({ char, length: remaining, at: at + length - remaining })
    return false
  }
  return remaining === length
}

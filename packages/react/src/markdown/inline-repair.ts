/**
 * Completes unfinished inline syntax at the end of a streaming paragraph so nothing renders as raw
 * punctuation that will later snap into style: open emphasis, strong, strikethrough and code spans
 * are closed; a half link shows its text without a destination; a half image, a trailing delimiter
 * run, a dangling backslash or entity, and a lone `[` are hidden until more text decides what they are.
 *
 * This runs only on the unsettled tail while streaming; the final render never sees it.
 */

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

const whitespace = /\s/
const punctuation = /[\p{P}\p{S}]/u

export function repairInline(source: string): string {
  const openers: Opener[] = []
  const brackets: Bracket[] = []
  const removed = new Set<number>()
  let cut = source.length
  let suffix = ''
  let suffixAt = -1
  let openCode = ''
  let index = 0

  scan: while (index < source.length) {
    const char = source[index]!
    if (openCode) {
      if (char === '`') {
        const run = runLength(source, index)
        if (run === openCode.length) openCode = ''
        index += run
      } else index++
      continue
    }
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
        openCode = source.slice(index, index + run)
        index += run
        continue
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
        if (
          /^<(?:[A-Za-z][A-Za-z0-9+.-]*(?::[^\s<>]*)?)?$|^<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[^\s<>]*$/.test(
            source.slice(index),
          )
        ) {
          removed.add(index)
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
          // `[text]` may still become a link: show the text without the brackets for now.
          if (bracket.image) cut = bracket.at
          else {
            removed.add(bracket.at)
            removed.add(index)
          }
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
          continue
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
        handleDelimiterRun(source, index, run, openers)
        index += run
        continue
      }
      default:
        index++
    }
  }

  for (const bracket of brackets) {
    if (bracket.at >= cut) continue
    if (bracket.image) {
      cut = bracket.at
      break
    }
    removed.add(bracket.at)
  }
  const onlyWhitespaceOrRemoved = (from: number, to: number) => {
    for (let at = from; at < to; at++) if (!removed.has(at) && !whitespace.test(source[at]!)) return false
    return true
  }
  for (const opener of openers) {
    if (opener.at < cut && onlyWhitespaceOrRemoved(opener.at + opener.length, cut)) {
      cut = opener.at
      break
    }
  }
  if (cut === source.length && removed.size === 0 && !openCode && openers.length === 0) return source
  let kept = ''
  for (let at = 0; at < cut; at++) if (!removed.has(at)) kept += source[at]
  kept = kept.replace(/\s+$/, '')
  if (openCode && cut === source.length) kept += openCode
  if (cut === suffixAt) kept += suffix
  let closers = ''
  for (let at = openers.length - 1; at >= 0; at--) {
    const opener = openers[at]!
    if (opener.at < cut) closers += opener.char.repeat(opener.length)
  }
  return kept + closers
}

function runLength(source: string, at: number): number {
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

/** CommonMark flanking rules, then match against the open delimiters (same character). */
function handleDelimiterRun(source: string, at: number, length: number, openers: Opener[]): void {
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
  if (char === '~' && length > 2) return
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
  if (remaining > 0 && canOpen) openers.push({ char, length: remaining, at: at + length - remaining })
}

/**
 * Streaming repairs for math (the `repairBlock` and `repairText` of the math syntax set). A formula
 * renders only once it is complete: an open `$$` block (or ```` ```math ```` fence) shows its TeX
 * as a `latex` code block, and an open inline formula is hidden until its closing `$` arrives. So
 * half a formula never renders, fails to parse, and renders again on the next chunk.
 */
import type { MarkdownTailLeaf } from '@palimpsest/react'

/**
 * The last block with its open display formula as a code block of its TeX, or undefined when the
 * formula is closed (or the leaf is no formula). A closing fence counts once its line has ended: a
 * last line of only `$` (or fence characters) may still become content (`$$x`), so it is hidden.
 * A formula opened by `\[` (`bracket-math.ts`) closes at a line of only `\]`; a last line of `\` or `\]` is hidden.
 */
export function showOpenDisplayMathAsSource(block: string, leaf: MarkdownTailLeaf): string | undefined {
  let closing: RegExp
  let typing: RegExp
  if (leaf.type === 'math' && block.startsWith('\\[', leaf.start)) {
    // Opened by `\[`: a line of only `\]` closes it.
    closing = /^[ \t>]*\\\][ \t]*$/
    typing = /^[ \t>]*\\\]?[ \t]*$/
  } else {
    let fence: '$' | '`' | '~'
    if (leaf.type === 'math') fence = '$'
    else if (leaf.type === 'code' && leaf.fence && mathFenceInfo.test(block.slice(leaf.start, leaf.start + 64))) {
      fence = leaf.fence
    } else return undefined
    closing = new RegExp(`^[ \\t>]*\\${fence}{${runLength(block, leaf.start)},}[ \\t]*$`)
    typing = /^[ \t>]*[$`~]+[ \t]*$/
  }
  const openingEnd = lineEnd(block, leaf.start)
  const lines = block.slice(openingEnd).split(/\r\n?|\n/)
  // The first entry is the (empty) rest of the opening line; the last is the line being typed.
  const last = lines.length - 1
  if (lines.some((line, index) => index > 0 && index < last && closing.test(line))) return undefined
  const end = last > 0 && typing.test(lines[last]!) ? block.length - lines[last]!.length : block.length
  const body = block.slice(openingEnd, end)
  const ticks = '`'.repeat(Math.max(3, longestRun(body, '`') + 1))
  return `${block.slice(0, leaf.start)}${ticks}latex${body}`
}

// The info string of a fence rehype-katex renders as display math.
const mathFenceInfo = /^(?:`{3,}|~{3,})[ \t]*math(?:[ \t\r\n]|$)/

/**
 * `text` (a streaming paragraph or heading) up to its first inline formula that has not closed: a
 * run of `$` (of two or more unless `singleDollar`) without a run of the same length after it.
 * A run at the very end is hidden too, since the next character may lengthen it. `repairInline`
 * (the default inline repair) then sees the kept text with every formula's TeX blanked out, so a
 * `*` or `[` in TeX is not taken for emphasis or a link to close; it only cuts or appends at the
 * end, so what it keeps is the text's own.
 */
export function hideOpenInlineMath(
  text: string,
  singleDollar: boolean,
  repairInline: (text: string) => string = (kept) => kept,
): string {
  const formulas: [number, number][] = []
  const kept = keptBeforeOpenFormula(text, singleDollar, formulas)
  if (formulas.length === 0) return repairInline(kept)
  let masked = ''
  let from = 0
  for (const [start, end] of formulas) {
    masked += kept.slice(from, start) + 'x'.repeat(end - start)
    from = end
  }
  masked += kept.slice(from)
  const repaired = repairInline(masked)
  let same = 0
  while (same < repaired.length && same < masked.length && repaired[same] === masked[same]) same++
  return kept.slice(0, same) + repaired.slice(same)
}

/** `text` up to its first open formula; the contents of the closed ones (between their `$` runs) go to `formulas`. */
function keptBeforeOpenFormula(text: string, singleDollar: boolean, formulas: [number, number][]): string {
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (char === '\\') {
      const next = text[at + 1]
      // A backslash at the end may become `\[` (or `\(`): hidden until the next character decides.
      if (next === undefined) return text.slice(0, at)
      if (next === '[' || (next === '(' && singleDollar)) {
        const end = bracketCloseEnd(text, at + 2, next === '[' ? ']' : ')')
        if (end === -1) return text.slice(0, at)
        formulas.push([at + 2, end - 2])
        at = end - 1
      } else at++
    } else if (char === '`') {
      const run = runLength(text, at)
      const end = closingRunEnd(text, at + run, '`', run)
      at = (end === -1 ? at + run : end) - 1
    } else if (char === '$') {
      const run = runLength(text, at)
      if (at + run === text.length) return text.slice(0, at)
      if (run === 1 && !singleDollar) continue
      const end = closingRunEnd(text, at + run, '$', run)
      if (end === -1) return text.slice(0, at)
      formulas.push([at + run, end - run])
      at = end - 1
    }
  }
  return text
}

/** The offset after the `\]` (or `\)`) closing a formula opened before `from`, or -1; `\\` is TeX's pair, not a closing. */
function bracketCloseEnd(text: string, from: number, closer: string): number {
  for (let at = text.indexOf('\\', from); at !== -1 && at + 1 < text.length; at = text.indexOf('\\', at + 2)) {
    if (text[at + 1] === closer) return at + 2
  }
  return -1
}

/**
 * The offset after the first run of exactly `length` `char`s from `from`, or -1. A run at the very
 * end does not count: the next character may lengthen it.
 */
function closingRunEnd(text: string, from: number, char: string, length: number): number {
  for (let at = text.indexOf(char, from); at !== -1; at = text.indexOf(char, at)) {
    const run = runLength(text, at)
    if (run === length && at + run < text.length) return at + run
    at += run
  }
  return -1
}

function runLength(text: string, at: number): number {
  let end = at
  while (text[end] === text[at]) end++
  return end - at
}

function longestRun(text: string, char: string): number {
  let longest = 0
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at)) {
    const run = runLength(text, at)
    longest = Math.max(longest, run)
    at += run
  }
  return longest
}

function lineEnd(text: string, from: number): number {
  const match = /\r\n?|\n/.exec(text.slice(from))
  return match ? from + match.index : text.length
}

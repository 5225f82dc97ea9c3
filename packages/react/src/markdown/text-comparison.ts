/**
 * Comparisons over a whole message's text (100 KB and more, on every rewrite). Two slices compared
 * with `===` are one native memory comparison, while `startsWith`, `endsWith` and `charCodeAt`
 * loops compare a character at a time: over 100 KB in V8 the first takes a few microseconds, the
 * others a tenth of a millisecond or more.
 */

/** Strides the scans below skip shared text by, each a native comparison: long ones first, then finer. */
const strides = [4096, 256, 16]

/** Whether `text` has `part` at `at` (`text.startsWith(part, at)`, compared natively). */
export function hasTextAt(text: string, part: string, at = 0): boolean {
  const start = Math.min(Math.max(at, 0), text.length)
  const end = start + part.length
  if (end > text.length) return false
  return (start === 0 && end === text.length ? text : text.slice(start, end)) === part
}

/** Whether `text` extends `prefix` (`text.startsWith(prefix)`, compared natively). */
export function extendsText(text: string, prefix: string): boolean {
  return hasTextAt(text, prefix, 0)
}

/** How many characters `a` and `b` share from their starts, given that they share the first `known`. */
export function sharedPrefixLength(a: string, b: string, known = 0): number {
  const from = Math.min(known, a.length, b.length)
  return from + sharedLengthFrom(a, from, b, from)
}

/** How many characters `a` from `aFrom` and `b` from `bFrom` have in common before they first differ. */
export function sharedLengthFrom(a: string, aFrom: number, b: string, bFrom: number): number {
  const limit = Math.min(a.length - aFrom, b.length - bFrom)
  let length = 0
  for (const stride of strides) {
    while (
      length + stride <= limit &&
      a.slice(aFrom + length, aFrom + length + stride) === b.slice(bFrom + length, bFrom + length + stride)
    ) {
      length += stride
    }
  }
  while (length < limit && a.charCodeAt(aFrom + length) === b.charCodeAt(bFrom + length)) length++
  return length
}

/** How many characters `a` and `b` share at their ends, counting at most `limit`. */
export function sharedSuffixLength(a: string, b: string, limit = Math.min(a.length, b.length)): number {
  let length = 0
  for (const stride of strides) {
    while (
      length + stride <= limit &&
      a.slice(a.length - length - stride, a.length - length) === b.slice(b.length - length - stride, b.length - length)
    ) {
      length += stride
    }
  }
  while (length < limit && a.charCodeAt(a.length - 1 - length) === b.charCodeAt(b.length - 1 - length)) length++
  return length
}

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
  const limit = Math.min(a.length, b.length)
  let at = Math.min(known, limit)
  for (const stride of strides) {
    while (at + stride <= limit && a.slice(at, at + stride) === b.slice(at, at + stride)) at += stride
  }
  while (at < limit && a.charCodeAt(at) === b.charCodeAt(at)) at++
  return at
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

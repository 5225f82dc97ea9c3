/** The common prefix and suffix of two texts, as the rewrite paths are given them by the splitter. */

export function commonPrefix(a: string, b: string): number {
  let length = 0
  while (length < a.length && length < b.length && a[length] === b[length]) length++
  return length
}

/** The common suffix, not overlapping the first `prefix` characters. */
export function commonSuffix(a: string, b: string, prefix: number): number {
  let length = 0
  while (length < Math.min(a.length, b.length) - prefix && a[a.length - 1 - length] === b[b.length - 1 - length]) {
    length++
  }
  return length
}

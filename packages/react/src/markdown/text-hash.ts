/**
 * A 32-bit hash of `text` from `start` to `end`: FNV-1a over the UTF-16 code units, then MurmurHash3's
 * finaliser (FNV's low bits follow the last characters'). Streaming lists and tables cut their settled
 * items or rows into pages where this hash says, so that a page's boundaries depend on its own text.
 */
export function hashOfRange(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5
  for (let at = start; at < end; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193)
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b)
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35)
  return (hash ^ (hash >>> 16)) >>> 0
}

/**
 * Keys for pages from their first item's or row's hash (base 36): a page keeps its key while what
 * comes before it changes. A hash that repeats is numbered by its repeats.
 */
export function pageKeys(firstHashes: readonly string[]): string[] {
  const uses = new Map<string, number>()
  return firstHashes.map((hash) => {
    const count = uses.get(hash) ?? 0
    uses.set(hash, count + 1)
    return count === 0 ? hash : `${hash}:${count}`
  })
}

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

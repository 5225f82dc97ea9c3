/** Test helpers for reading a whole async iterable and for building byte sources. */

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = []
  for await (const item of iterable) items.push(item)
  return items
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

/** An async iterable that yields the given chunks, one per pull. */
export async function* chunksOf<T>(...chunks: T[]): AsyncGenerator<T> {
  for (const chunk of chunks) yield chunk
}

/** Splits bytes at the given offsets (sorted, deduplicated, inside the array). */
export function splitAt(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.filter((o) => o > 0 && o < bytes.length))].sort((a, b) => a - b)
  const pieces: Uint8Array[] = []
  let start = 0
  for (const cut of [...cuts, bytes.length]) {
    pieces.push(bytes.slice(start, cut))
    start = cut
  }
  return pieces
}

/**
 * Deterministic chunking: the same text cut the same way for every renderer and every run, so the
 * renderers receive byte-identical streams.
 */

/** A small seeded PRNG (mulberry32): uniform floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface ChunkSizes {
  min: number
  max: number
}

/** The chunk sizes of the issue: 4 to 40 characters. */
export const agentChunkSizes: ChunkSizes = { min: 4, max: 40 }

/** Cuts `text` into chunks of `min`..`max` characters (the last one may be shorter), never inside a surrogate pair. */
export function chunkText(text: string, seed: number, sizes: ChunkSizes = agentChunkSizes): string[] {
  const random = seededRandom(seed)
  const chunks: string[] = []
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + sizes.min + Math.floor(random() * (sizes.max - sizes.min + 1)))
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++
    chunks.push(text.slice(start, end))
    start = end
  }
  return chunks
}

/** Groups chunks into frames: each inner array is what arrives during one animation frame. */
export function frameBatches<T>(chunks: readonly T[], chunksPerFrame: number): T[][] {
  const batches: T[][] = []
  for (let i = 0; i < chunks.length; i += chunksPerFrame) batches.push(chunks.slice(i, i + chunksPerFrame))
  return batches
}

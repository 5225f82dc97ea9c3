/**
 * Recent code blocks by the lines they hold, most recently used last, bounded in blocks and lines
 * (least recently used dropped): what the token cache and the main thread's rendered lines keep.
 */

export interface KeptBlock {
  readonly group: string
  readonly lines: readonly string[]
}

export interface KeptBlocks<Block extends KeptBlock> {
  /** The kept block of `group` sharing the most first lines with `lines` (at least one), and how many. */
  bestMatch(group: string, lines: readonly string[]): { block: Block; shared: number } | undefined
  /** Takes `block` out (to change it, or because another replaces it). */
  remove(block: Block): void
  /** Keeps `block` as the most recently used, dropping the least recently used beyond the bounds. */
  add(block: Block): void
  readonly size: { blocks: number; lines: number }
}

export function createKeptBlocks<Block extends KeptBlock>(maxBlocks: number, maxLines: number): KeptBlocks<Block> {
  const kept: Block[] = []
  let keptLines = 0
  return {
    bestMatch(group, lines) {
      let best: { block: Block; shared: number } | undefined
      for (let i = kept.length - 1; i >= 0; i--) {
        const block = kept[i] as Block
        if (block.group !== group) continue
        const shared = sharedLines(block.lines, lines)
        if (shared > 0 && (!best || shared > best.shared)) best = { block, shared }
        // A block this code continues (or equals) cannot be beaten.
        if (shared === block.lines.length) break
      }
      return best
    },
    remove(block) {
      kept.splice(kept.indexOf(block), 1)
      keptLines -= block.lines.length
    },
    add(block) {
      kept.push(block)
      keptLines += block.lines.length
      while (kept.length > 1 && (kept.length > maxBlocks || keptLines > maxLines)) {
        keptLines -= (kept.shift() as Block).lines.length
      }
    },
    get size() {
      return { blocks: kept.length, lines: keptLines }
    },
  }
}

function sharedLines(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length)
  let shared = 0
  while (shared < length && a[shared] === b[shared]) shared++
  return shared
}

/**
 * The rendered lines of recent code blocks, kept on the main thread while a worker tokenises: a
 * request whose code shares its first lines with a kept block needs tokens only for the lines after
 * them, and a block whose every line is kept renders at once. Bounded like the token cache
 * (least recently used blocks dropped).
 */
import { createKeptBlocks, type KeptBlock } from './kept-blocks'

export interface RenderedLines<Line> {
  /** The kept lines `code` starts with: their rendering, and whether they are all of `lines`. */
  match(group: string, lines: readonly string[]): { rendered: readonly Line[]; complete: boolean }
  /** Keeps `rendered` as the rendering of `lines`, replacing the block it continues. */
  keep(group: string, lines: readonly string[], rendered: readonly Line[]): void
}

interface KeptLines<Line> extends KeptBlock {
  rendered: readonly Line[]
}

export function createRenderedLines<Line>({ maxBlocks = 64, maxLines = 50_000 } = {}): RenderedLines<Line> {
  const kept = createKeptBlocks<KeptLines<Line>>(maxBlocks, maxLines)
  return {
    match(group, lines) {
      const best = kept.bestMatch(group, lines)
      if (!best) return { rendered: [], complete: false }
      const complete = best.shared === lines.length && best.block.lines.length === lines.length
      return { rendered: complete ? best.block.rendered : best.block.rendered.slice(0, best.shared), complete }
    },
    keep(group, lines, rendered) {
      const replaced = kept.bestMatch(group, lines)?.block
      if (replaced) kept.remove(replaced)
      kept.add({ group, lines, rendered })
    },
  }
}

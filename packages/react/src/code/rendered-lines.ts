/**
 * The rendered lines of recent code blocks, kept on the main thread while a worker tokenises: a
 * request whose code shares its first lines with a kept block needs tokens only for the lines after
 * them, and a block whose every line is kept renders at once. Bounded like the token cache
 * (least recently used blocks dropped).
 */

export interface RenderedLines<Line> {
  /** The kept lines `code` starts with: their rendering, and whether they are all of `lines`. */
  match(group: string, lines: readonly string[]): { rendered: readonly Line[]; complete: boolean }
  /** Keeps `rendered` as the rendering of `lines`, replacing the block it continues. */
  keep(group: string, lines: readonly string[], rendered: readonly Line[]): void
}

interface KeptLines<Line> {
  group: string
  lines: readonly string[]
  rendered: readonly Line[]
}

export function createRenderedLines<Line>({ maxBlocks = 64, maxLines = 50_000 } = {}): RenderedLines<Line> {
  // Most recently used last.
  const kept: KeptLines<Line>[] = []
  let keptLines = 0

  const bestMatch = (group: string, lines: readonly string[]) => {
    let best: { block: KeptLines<Line>; shared: number } | undefined
    for (let i = kept.length - 1; i >= 0; i--) {
      const block = kept[i] as KeptLines<Line>
      if (block.group !== group) continue
      const shared = sharedLines(block.lines, lines)
      if (shared > 0 && (!best || shared > best.shared)) best = { block, shared }
      if (shared === block.lines.length) break
    }
    return best
  }

  return {
    match(group, lines) {
      const best = bestMatch(group, lines)
      if (!best) return { rendered: [], complete: false }
      const complete = best.shared === lines.length && best.block.lines.length === lines.length
      return { rendered: complete ? best.block.rendered : best.block.rendered.slice(0, best.shared), complete }
    },
    keep(group, lines, rendered) {
      const replaced = bestMatch(group, lines)?.block
      if (replaced) {
        kept.splice(kept.indexOf(replaced), 1)
        keptLines -= replaced.lines.length
      }
      kept.push({ group, lines, rendered })
      keptLines += lines.length
      while (kept.length > 1 && (kept.length > maxBlocks || keptLines > maxLines)) {
        keptLines -= (kept.shift() as KeptLines<Line>).lines.length
      }
    },
  }
}

function sharedLines(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length)
  let shared = 0
  while (shared < length && a[shared] === b[shared]) shared++
  return shared
}

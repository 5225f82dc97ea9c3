/**
 * Rewrites of a text as splices (replace `remove` characters at `at` with `insert`): how the rewrite
 * scenarios describe each step, so a step over a 1 MB message sends its change, not the message.
 */

export interface Splice {
  /** Offset in the text before the rewrite. */
  at: number
  remove: number
  insert: string
}

/** Applies non-overlapping splices, all positioned in `text`, in any order. */
export function applySplices(text: string, splices: readonly Splice[]): string {
  const ordered = [...splices].sort((a, b) => a.at - b.at)
  const pieces: string[] = []
  let from = 0
  for (const { at, remove, insert } of ordered) {
    if (at < from || at + remove > text.length) throw new Error(`splice at ${at} overlaps or leaves the text`)
    pieces.push(text.slice(from, at), insert)
    from = at + remove
  }
  pieces.push(text.slice(from))
  return pieces.join('')
}

/** The splices that turn `applySplices(text, splices)` back into `text`. */
export function invertSplices(text: string, splices: readonly Splice[]): Splice[] {
  const ordered = [...splices].sort((a, b) => a.at - b.at)
  let shift = 0
  return ordered.map(({ at, remove, insert }) => {
    const inverse = { at: at + shift, remove: insert.length, insert: text.slice(at, at + remove) }
    shift += insert.length - remove
    return inverse
  })
}

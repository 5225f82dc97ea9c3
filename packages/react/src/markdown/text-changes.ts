/**
 * Changes that replace ranges of a text, and what they do to offsets and syntax-tree positions: one
 * set of helpers for the rewrites that patch a tree instead of parsing it (words, table padding).
 */

/** `from`–`to` (offsets of the old text) replaced by `insert`. */
export interface TextChange {
  readonly from: number
  readonly to: number
  readonly insert: string
  /**
   * An insertion (`from` = `to`) that lengthens what ends where it is made (a phrase after a line's
   * last word): a position at `from` moves after it. Otherwise it begins what follows.
   */
  readonly joinsBefore?: boolean
}

/** A change within a block, with its (1-based) line there (changes never add or remove a line). */
export interface LineTextChange extends TextChange {
  readonly line: number
}

/** `text` with `changes` (in order, at offsets of `text` plus `offset`) made. */
export function applyTextChanges(text: string, changes: readonly TextChange[], offset = 0): string {
  let result = ''
  let from = 0
  for (const change of changes) {
    result += text.slice(from, change.from - offset) + change.insert
    from = change.to - offset
  }
  return result + text.slice(from)
}

/** Where `offset` moves to when the changes (in order) before it are made. */
export function shiftedOffset(offset: number, changes: readonly TextChange[]): number {
  let shifted = offset
  for (const change of changes) {
    if (change.to > offset) break
    shifted += change.insert.length - (change.to - change.from)
  }
  return shifted
}

/**
 * Where a construct starting at `offset` starts after the changes: as `shiftedOffset`, except that
 * text inserted exactly there joins it (a task item's paragraph starts one space after its
 * checkbox, wherever its words begin).
 */
export function shiftedStart(offset: number, changes: readonly TextChange[]): number {
  let shifted = offset
  for (const change of changes) {
    if (change.to > offset || change.from === offset) break
    shifted += change.insert.length - (change.to - change.from)
  }
  return shifted
}

type Point = { line: number; column: number; offset?: number | undefined }

/**
 * Moves a tree position of the old text to the new one: by every change ending at or before it, its
 * column by those on its line. Undefined for a position strictly inside a change. The same point
 * object when it does not move.
 */
export function pointShifter(changes: readonly LineTextChange[]): <P extends Point>(point: P) => P | undefined {
  // Per change, the offsets it and the changes before it moved later text by, in all and on its line.
  const moved: number[] = []
  const movedOnLine: number[] = []
  for (const [index, change] of changes.entries()) {
    const delta = change.insert.length - (change.to - change.from)
    const sameLine = index > 0 && changes[index - 1]!.line === change.line
    moved.push((moved[index - 1] ?? 0) + delta)
    movedOnLine.push((sameLine ? movedOnLine[index - 1]! : 0) + delta)
  }
  return (point) => {
    const offset = point.offset
    if (offset === undefined || changes.length === 0 || !isAfter(changes[0]!, offset)) return point
    // The last change before the point.
    let low = 0
    let high = changes.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (isAfter(changes[middle]!, offset)) low = middle
      else high = middle - 1
    }
    const change = changes[low]!
    if (offset < change.to) return undefined
    const column = change.line === point.line ? movedOnLine[low]! : 0
    if (moved[low] === 0 && column === 0) return point
    return { ...point, column: point.column + column, offset: offset + moved[low]! }
  }
}

/** Whether a position at `offset` comes after `change` (see `TextChange.joinsBefore`). */
function isAfter(change: TextChange, offset: number): boolean {
  return change.from < offset || (change.from === offset && change.joinsBefore === true)
}

/**
 * Rewrites that only re-pad a table (a model reformatting a table it already wrote, column widths
 * recomputed): GFM trims a cell's content, so the spaces between a cell delimiter `|` and the cell's
 * content are not part of it, and the number of `-` in a delimiter row's cell does not matter (only
 * its colons do). When the old and new texts differ only in the length of such runs, the table's
 * syntax tree is its old tree with later positions shifted, and its render is the old render.
 *
 * The exact rule (`paddingChanges`, `isTablePadding`): every difference is a run of spaces (never
 * tabs) or of `-` whose length changed but not to or from zero (so no `\` ends up next to a `|`,
 * and an empty cell stays empty), and
 * - a run of spaces has an unescaped `|` of its line right before or right after it (`\|` is cell
 *   content, also in a code span, as in GFM's table tokenizer), and is not the line's indentation;
 * - a run of `-` is in the table's delimiter row (its second line);
 * - the line is in a top-level table: the block is a table, and its lines from the first through the
 *   changed one all start with `|` after at most three spaces (no paragraph line, whose inner
 *   spaces are text; no list or quote marker, which a space after it could make).
 * Line endings never change, so no line changes its number and no block boundary moves.
 */
import type { Nodes, Root } from 'mdast'
import { lineEndings } from './block-lines'
import { type LineTextChange, pointShifter, type TextChange } from './text-changes'

/** One run of spaces or `-` changed in length, at offsets of the old text (`insert`: the new run). */
export type PaddingChange = TextChange

/** A change relative to a block, with its (1-based) line in the block. */
export type BlockPaddingChange = LineTextChange

function isRunCharacter(code: number): boolean {
  return code === 32 || code === 45
}

/**
 * The runs of spaces or `-` whose length changed between `before` and `after` (which share their
 * first `prefix` and last `suffix` characters), undefined when they differ in anything else (or a
 * run appeared or vanished).
 */
export function paddingChanges(
  before: string,
  after: string,
  prefix: number,
  suffix: number,
): PaddingChange[] | undefined {
  // Widen the differing region to whole runs.
  let start = prefix
  while (start > 0 && isRunCharacter(before.charCodeAt(start - 1))) start--
  let oldEnd = before.length - suffix
  let newEnd = after.length - suffix
  while (oldEnd < before.length && isRunCharacter(before.charCodeAt(oldEnd))) {
    oldEnd++
    newEnd++
  }
  const changes: PaddingChange[] = []
  let oldAt = start
  let newAt = start
  for (;;) {
    while (oldAt < oldEnd && newAt < newEnd && before.charCodeAt(oldAt) === after.charCodeAt(newAt)) {
      oldAt++
      newAt++
    }
    if (oldAt === oldEnd && newAt === newEnd) break
    const oldCode = before.charCodeAt(oldAt)
    const code = isRunCharacter(oldCode) ? oldCode : after.charCodeAt(newAt)
    if (!isRunCharacter(code)) return undefined
    // Back to the run's start (both texts are equal since the last change, which ended a run).
    let back = 0
    while (before.charCodeAt(oldAt - back - 1) === code && oldAt - back - 1 >= start) back++
    let oldStop = oldAt
    while (oldStop < oldEnd && before.charCodeAt(oldStop) === code) oldStop++
    let newStop = newAt
    while (newStop < newEnd && after.charCodeAt(newStop) === code) newStop++
    const from = oldAt - back
    const oldLength = oldStop - from
    const newLength = newStop - (newAt - back)
    if (oldLength === 0 || newLength === 0 || oldLength === newLength) return undefined
    changes.push({ from, to: oldStop, insert: (code === 32 ? ' ' : '-').repeat(newLength) })
    oldAt = oldStop
    newAt = newStop
  }
  return changes
}

const tableLine = /^ {0,3}\|/

/** The lines of `text`: start and end (before the line ending) of each. */
function linesOf(text: string): { start: number; end: number }[] {
  const lines: { start: number; end: number }[] = []
  lineEndings.lastIndex = 0
  let start = 0
  for (let ending = lineEndings.exec(text); ending; ending = lineEndings.exec(text)) {
    lines.push({ start, end: ending.index })
    start = ending.index + ending[0].length
  }
  lines.push({ start, end: text.length })
  return lines
}

/** Offsets of the cell delimiters of a table line: `|` not escaped (`\` escapes `\` and `|`). */
function delimiters(line: string): Set<number> {
  const found = new Set<number>()
  for (let at = 0; at < line.length; at++) {
    const code = line.charCodeAt(at)
    if (code === 92) {
      const next = line.charCodeAt(at + 1)
      if (next === 92 || next === 124) at++
    } else if (code === 124) found.add(at)
  }
  return found
}

/**
 * `changes` (offsets in the block `block`, which is a table block: `type === 'table'`) with their
 * lines, when each is table padding by the rule above; undefined otherwise.
 */
export function tablePaddingInBlock(
  block: string,
  changes: readonly PaddingChange[],
): BlockPaddingChange[] | undefined {
  const lines = linesOf(block)
  let first = 0
  while (first < lines.length && block.slice(lines[first]!.start, lines[first]!.end).trim() === '') first++
  const result: BlockPaddingChange[] = []
  let line = first
  let checked = first - 1
  for (const change of changes) {
    while (line < lines.length && lines[line]!.end < change.from) line++
    const at = lines[line]
    if (!at || change.to > at.end) return undefined
    // Every line of the table up to this one is a row starting with `|`.
    for (; checked < line; checked++) {
      const next = lines[checked + 1]!
      if (!tableLine.test(block.slice(next.start, next.end))) return undefined
    }
    const text = block.slice(at.start, at.end)
    const from = change.from - at.start
    const to = change.to - at.start
    if (change.insert[0] === '-') {
      if (line !== first + 1) return undefined
    } else {
      const pipes = delimiters(text)
      const leading = text.slice(0, from).trim() === ''
      if (leading || !(pipes.has(from - 1) || pipes.has(to))) return undefined
    }
    result.push({ ...change, line: line + 1 })
  }
  return result
}

/**
 * The tree of a block re-padded by `changes`, from its old tree (positions relative to the block):
 * the same nodes with later positions shifted; nodes before the first change are shared, the old
 * tree is not modified. Undefined when a position lies inside a changed run (it has no place in the
 * new text).
 */
export function shiftSyntaxTree(tree: Root, changes: readonly BlockPaddingChange[]): Root | undefined {
  const first = changes[0]
  if (!first) return tree
  const shifted = pointShifter(changes)
  let inside = false
  const shift = (node: Nodes): Nodes => {
    const position = node.position
    if (position?.end.offset !== undefined && position.end.offset <= first.from) return node
    let next = node
    if ('children' in node) {
      let children: Nodes[] | undefined
      for (let index = 0; index < node.children.length; index++) {
        const child = node.children[index] as Nodes
        const result = shift(child)
        if (result !== child) {
          children ??= node.children.slice() as Nodes[]
          children[index] = result
        }
      }
      if (children) next = { ...node, children } as Nodes
    }
    if (position) {
      const start = shifted(position.start)
      const end = shifted(position.end)
      if (!start || !end) inside = true
      else if (start !== position.start || end !== position.end) next = { ...next, position: { start, end } }
    }
    return next
  }
  const root = shift(tree) as Root
  return inside ? undefined : root
}

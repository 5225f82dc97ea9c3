import { diffSequences } from './sequence-diff'

/**
 * A line diff (Myers' O(ND) algorithm, `diffSequences`): the shortest edit script turning `oldText` into
 * `newText`, as equal / deleted / inserted lines with their line numbers.
 */
export type DiffLine =
  | { type: 'equal'; text: string; oldLine: number; newLine: number }
  | { type: 'delete'; text: string; oldLine: number }
  | { type: 'insert'; text: string; newLine: number }

export function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.split(/\r?\n/)
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

export function diffLines(oldText: string, newText: string): DiffLine[] {
  const a = splitLines(oldText)
  const b = splitLines(newText)
  return diffSequences(a, b).map((edit): DiffLine => {
    if (edit.type === 'equal') {
      return { type: 'equal', text: a[edit.oldIndex]!, oldLine: edit.oldIndex + 1, newLine: edit.newIndex + 1 }
    }
    if (edit.type === 'delete') return { type: 'delete', text: a[edit.oldIndex]!, oldLine: edit.oldIndex + 1 }
    return { type: 'insert', text: b[edit.newIndex]!, newLine: edit.newIndex + 1 }
  })
}

import fc from 'fast-check'
import { expect, test } from 'vitest'
import { diffLines, splitLines } from '../src/diff/line-diff'

/** Length of the longest common subsequence, by dynamic programming (the reference the diff must match). */
function lcsLength(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(above, row[j - 1] as number)
      diagonal = above
    }
  }
  return row[b.length] as number
}

const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', '', '  x'), { maxLength: 30 })

test('the diff rebuilds both texts and is minimal (its equal lines are a longest common subsequence)', () => {
  fc.assert(
    fc.property(lines, lines, (a, b) => {
      const oldText = a.map((l) => `${l}\n`).join('')
      const newText = b.map((l) => `${l}\n`).join('')
      const diff = diffLines(oldText, newText)
      expect(diff.filter((l) => l.type !== 'insert').map((l) => l.text)).toEqual(a)
      expect(diff.filter((l) => l.type !== 'delete').map((l) => l.text)).toEqual(b)
      expect(diff.filter((l) => l.type === 'equal')).toHaveLength(lcsLength(a, b))
      // Line numbers count up from 1 on each side.
      const oldNumbers = diff.flatMap((l) => (l.type === 'insert' ? [] : [l.oldLine]))
      expect(oldNumbers).toEqual(a.map((_, i) => i + 1))
      const newNumbers = diff.flatMap((l) => (l.type === 'delete' ? [] : [l.newLine]))
      expect(newNumbers).toEqual(b.map((_, i) => i + 1))
    }),
    { numRuns: 300 },
  )
})

test('a one-line change in a file is one delete and one insert between equal lines', () => {
  const diff = diffLines('a\nb\nc\n', 'a\nB\nc\n')
  expect(diff.map((l) => `${l.type}:${l.text}`)).toEqual(['equal:a', 'delete:b', 'insert:B', 'equal:c'])
})

test('a new file (no old text) is all insertions; CRLF and a missing final newline split like LF', () => {
  expect(diffLines('', 'x\ny').map((l) => l.type)).toEqual(['insert', 'insert'])
  expect(splitLines('x\r\ny\r\n')).toEqual(['x', 'y'])
  expect(splitLines('x\ny')).toEqual(['x', 'y'])
})

/**
 * A line diff (Myers' O(ND) algorithm): the shortest edit script turning `oldText` into
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
  // Common prefix and suffix cost nothing; diff only the middle.
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const result: DiffLine[] = []
  for (let i = 0; i < start; i++) result.push({ type: 'equal', text: a[i] as string, oldLine: i + 1, newLine: i + 1 })
  result.push(...myersMiddle(a, b, start, endA, start, endB))
  for (let i = endA, j = endB; i < a.length; i++, j++)
    result.push({ type: 'equal', text: a[i] as string, oldLine: i + 1, newLine: j + 1 })
  return result
}

/** Myers' greedy forward search with a trace of V arrays, then a backtrack. */
function myersMiddle(a: string[], b: string[], a0: number, a1: number, b0: number, b1: number): DiffLine[] {
  const n = a1 - a0
  const m = b1 - b0
  const max = n + m
  const offset = max + 1
  const trace: Int32Array[] = []
  const v = new Int32Array(2 * max + 3)
  let found = false
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice())
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1
      let y = x - k
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) {
        found = true
        break
      }
    }
  }
  // Backtrack from (n, m) through the saved V arrays.
  const reversed: DiffLine[] = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d] as Int32Array
    const k = x - y
    let prevK: number
    if (d === 0) prevK = k
    else
      prevK = k === -d || (k !== d && (vd[offset + k - 1] as number) < (vd[offset + k + 1] as number)) ? k + 1 : k - 1
    const prevX = d === 0 ? 0 : (vd[offset + prevK] as number)
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      x--
      y--
      reversed.push({ type: 'equal', text: a[a0 + x] as string, oldLine: a0 + x + 1, newLine: b0 + y + 1 })
    }
    if (d > 0) {
      if (x === prevX) reversed.push({ type: 'insert', text: b[b0 + prevY] as string, newLine: b0 + prevY + 1 })
      else reversed.push({ type: 'delete', text: a[a0 + prevX] as string, oldLine: a0 + prevX + 1 })
    }
    x = prevX
    y = prevY
  }
  return reversed.reverse()
}

/**
 * The shortest edit script between two sequences of strings (Myers' O(ND) algorithm), as equal,
 * deleted and inserted items by index. The common prefix and suffix are matched first, so the cost
 * is that of the changed middle. Lines of a diff view and words of a revised block both use it.
 */
export type SequenceEdit =
  | { type: 'equal'; oldIndex: number; newIndex: number }
  | { type: 'delete'; oldIndex: number }
  | { type: 'insert'; newIndex: number }

export function diffSequences(a: readonly string[], b: readonly string[]): SequenceEdit[] {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const result: SequenceEdit[] = []
  for (let i = 0; i < start; i++) result.push({ type: 'equal', oldIndex: i, newIndex: i })
  result.push(...myersMiddle(a, b, start, endA, start, endB))
  for (let i = endA, j = endB; i < a.length; i++, j++) result.push({ type: 'equal', oldIndex: i, newIndex: j })
  return result
}

/** Myers' greedy forward search with a trace of V arrays, then a backtrack. */
function myersMiddle(
  a: readonly string[],
  b: readonly string[],
  a0: number,
  a1: number,
  b0: number,
  b1: number,
): SequenceEdit[] {
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
  const reversed: SequenceEdit[] = []
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
      reversed.push({ type: 'equal', oldIndex: a0 + x, newIndex: b0 + y })
    }
    if (d > 0) {
      if (x === prevX) reversed.push({ type: 'insert', newIndex: b0 + prevY })
      else reversed.push({ type: 'delete', oldIndex: a0 + prevX })
    }
    x = prevX
    y = prevY
  }
  return reversed.reverse()
}

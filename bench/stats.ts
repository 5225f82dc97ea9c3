/** Order statistics used by every scenario (nearest-rank percentiles, medians of repetitions). */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] as number
}

export function median(values: readonly number[]): number {
  const finite = values.filter((v) => Number.isFinite(v))
  if (finite.length === 0) return Number.NaN
  const sorted = [...finite].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

export function sum(values: readonly number[]): number {
  let total = 0
  for (const v of values) total += v
  return total
}

export function max(values: readonly number[]): number {
  let best = Number.NEGATIVE_INFINITY
  for (const v of values) if (v > best) best = v
  return values.length ? best : Number.NaN
}

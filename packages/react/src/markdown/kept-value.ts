/**
 * A value computed again only when what it is computed from changes, compared item by item (unlike
 * `useMemo`, the number of inputs may change from one render to the next: one per settled page).
 *
 * For a context value above rendered markdown: a provider whose value is new on every commit makes
 * React search the whole subtree below it for readers at each memoised block that bails out, so the
 * commit would cost as much as the content already rendered.
 */
import { useRef } from 'react'

export function useKeptValue<T>(inputs: readonly unknown[], compute: () => T): T {
  // Written during render: the value is a function of the inputs alone, so one kept from a render
  // React discarded is still right for the same inputs.
  const kept = useRef<{ readonly inputs: readonly unknown[]; readonly value: T } | undefined>(undefined)
  const last = kept.current
  if (last && last.inputs.length === inputs.length && last.inputs.every((input, i) => Object.is(input, inputs[i])))
    return last.value
  const value = compute()
  kept.current = { inputs, value }
  return value
}

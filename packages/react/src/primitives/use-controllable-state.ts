/**
 * A value that is either controlled by a prop or held by the component, behind one setter:
 * `open` / `defaultOpen` / `onOpenChange` and the like.
 *
 * Two differences from the usual pattern, both needed by the panels: the default may change over
 * time and is shown until the first change (reasoning is open while it streams, then closes unless
 * the user toggled it), and an uncontrolled change can be kept outside the component (`memory`),
 * so it survives a remount.
 */
import { useCallback, useState, useSyncExternalStore } from 'react'

/** Where an uncontrolled change is kept instead of component state. `subscribe` must be stable. */
export interface ControllableStateMemory<T> {
  get(): T | undefined
  set(value: T): void
  subscribe(listener: () => void): () => void
}

export interface ControllableStateOptions<T> {
  /** The controlled value; `undefined` leaves the value to the component. */
  prop: T | undefined
  /** The value until the first change. May change between renders; followed until then. */
  defaultProp: T
  /** Told every change, controlled or not (not called when the value would stay the same). */
  onChange?: ((value: T) => void) | undefined
  /** Keep uncontrolled changes here rather than in component state. */
  memory?: ControllableStateMemory<T> | undefined
}

const subscribeToNothing = () => () => {}

export function useControllableState<T>({
  prop,
  defaultProp,
  onChange,
  memory,
}: ControllableStateOptions<T>): [T, (next: T) => void] {
  const [local, setLocal] = useState<T | undefined>(undefined)
  const remembered = useSyncExternalStore(
    memory?.subscribe ?? subscribeToNothing,
    () => memory?.get(),
    () => memory?.get(),
  )
  const controlled = prop !== undefined
  const value = controlled ? prop : ((memory ? remembered : local) ?? defaultProp)
  const setValue = useCallback(
    (next: T) => {
      if (Object.is(next, value)) return
      if (!controlled) {
        if (memory) memory.set(next)
        else setLocal(() => next)
      }
      onChange?.(next)
    },
    [value, controlled, memory, onChange],
  )
  return [value, setValue]
}

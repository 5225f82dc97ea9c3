/**
 * A context value that stays the same object while what it holds changes. A context value that
 * changes on every commit makes React search the whole subtree below its provider for readers at
 * each memoised component that bails out (every memoised markdown block), so a commit would cost as
 * much as everything already rendered below it. Readers subscribe instead.
 */
import { useRef, useSyncExternalStore } from 'react'
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect'

export class RenderedValue<T> {
  current: T
  private listeners: Set<() => void> | undefined
  private subscriber: ((listener: () => void) => () => void) | undefined

  constructor(value: T) {
    this.current = value
  }

  /**
   * Subscribes a reader; a stable function per source (as `useSyncExternalStore` needs), made
   * with the listener set when the first reader asks: most sources have none.
   */
  get subscribe(): (listener: () => void) => () => void {
    this.subscriber ??= (listener) => {
      this.listeners ??= new Set()
      const listeners = this.listeners
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
    return this.subscriber
  }

  /** The current value: a stable function, so a reader's render schedules no effect to remember a new one. */
  readonly read = (): T => this.current

  notify(): void {
    if (this.listeners) for (const listener of this.listeners) listener()
  }
}

/** The source a provider gives for `value`: current during render, readers told after each commit that changed it. */
export function useRenderedValue<T>(value: T): RenderedValue<T> {
  // A ref rather than state: a state hook keeps an update queue and a dispatch function per provider.
  const ref = useRef<RenderedValue<T> | null>(null)
  ref.current ??= new RenderedValue(value)
  const source = ref.current
  // Written during render so the readers rendered in this same pass see this value; a reader that
  // did not re-render (a memoised component) is told after the commit.
  source.current = value
  useIsomorphicLayoutEffect(() => source.notify(), [source, value])
  return source
}

/** What `source` holds now, for a reader below its provider. */
export function useValueOf<T>(source: RenderedValue<T>): T {
  return useSyncExternalStore(source.subscribe, source.read, source.read)
}

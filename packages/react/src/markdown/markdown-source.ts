/**
 * The text a `StreamingMarkdown` renders and whether more may arrive, for element overrides that
 * must know whether their own source is final: a diagram renders only once its code fence has
 * closed, which the repaired render cannot tell (an open fence is rendered closed while streaming).
 *
 * It is a subscription, not a context value: the context holds one object for the life of the
 * component, so a chunk changes no context (React would otherwise search every element of the
 * message for readers on every commit), and a reader re-renders only when what it selects changes.
 */
import { createContext, useCallback, useContext, useRef, useSyncExternalStore } from 'react'
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect'

export interface MarkdownSource {
  readonly text: string
  readonly streaming: boolean
}

export interface MarkdownSourceStore {
  current(): MarkdownSource
  subscribe(listener: () => void): () => void
  /** Called while rendering: readers rendering in the same pass see it. */
  set(source: MarkdownSource): void
  /** Called after the commit: readers that did not render in it check what they select. */
  notify(): void
}

export function createMarkdownSourceStore(source: MarkdownSource): MarkdownSourceStore {
  let current = source
  const listeners = new Set<() => void>()
  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(next) {
      current = next
    },
    notify() {
      for (const listener of listeners) listener()
    },
  }
}

/**
 * The store a markdown renderer provides for its text: readers rendering in the same pass see the
 * new text, readers that did not render are told after the commit.
 */
export function useMarkdownSourceStore(text: string, streaming: boolean): MarkdownSourceStore {
  const source = useRef<MarkdownSourceStore | undefined>(undefined)
  source.current ??= createMarkdownSourceStore({ text, streaming })
  const store = source.current
  if (store.current().text !== text || store.current().streaming !== streaming) store.set({ text, streaming })
  useIsomorphicLayoutEffect(() => store.notify(), [store, text, streaming])
  return store
}

export const MarkdownSourceContext = createContext<MarkdownSourceStore | undefined>(undefined)

/**
 * What `select` picks from the source being rendered (undefined outside `StreamingMarkdown`, e.g.
 * under react-markdown). The component re-renders when the selection changes (compared with
 * `Object.is`), not on every chunk: select a boolean or a string, not a new object.
 */
export function useMarkdownSource<Selected>(select: (source: MarkdownSource | undefined) => Selected): Selected {
  const store = useContext(MarkdownSourceContext)
  const subscribe = useCallback((listener: () => void) => store?.subscribe(listener) ?? (() => {}), [store])
  const snapshot = useCallback(() => select(store?.current()), [store, select])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

/**
 * The text a `StreamingMarkdown` renders and whether more may arrive, for element overrides that
 * must know whether their own source is final: a diagram renders only once its code fence has
 * closed, which the repaired render cannot tell (an open fence is rendered closed while streaming).
 *
 * It is a subscription, not a context value: the context holds one object for the life of the
 * component, so a chunk changes no context (React would otherwise search every element of the
 * message for readers on every commit), and a reader re-renders only when what it selects changes.
 */
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react'
import { type RenderedValue, useRenderedValue } from '../primitives/rendered-value'

export interface MarkdownSource {
  readonly text: string
  readonly streaming: boolean
}

/**
 * The source a markdown renderer provides for its text: readers rendering in the same pass see the
 * new text, readers that did not render are told after the commit.
 */
export function useMarkdownSourceValue(text: string, streaming: boolean): RenderedValue<MarkdownSource> {
  return useRenderedValue(useMemo(() => ({ text, streaming }), [text, streaming]))
}

export const MarkdownSourceContext = createContext<RenderedValue<MarkdownSource> | undefined>(undefined)

/**
 * What `select` picks from the source being rendered (undefined outside `StreamingMarkdown`, e.g.
 * under react-markdown). The component re-renders when the selection changes (compared with
 * `Object.is`), not on every chunk: select a boolean or a string, not a new object.
 */
export function useMarkdownSource<Selected>(select: (source: MarkdownSource | undefined) => Selected): Selected {
  const source = useContext(MarkdownSourceContext)
  const subscribe = useCallback((listener: () => void) => source?.subscribe(listener) ?? (() => {}), [source])
  const snapshot = useCallback(() => select(source?.current), [source, select])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

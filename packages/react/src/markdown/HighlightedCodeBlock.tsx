/**
 * A fenced code block run through the `highlight` hook, stale-while-revalidate: while a new
 * highlight is pending, the last highlighted markup stays on screen (with the code that arrived
 * since appended as plain text), so a growing block never flashes back to unhighlighted text.
 */
import {
  type ComponentType,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { RenderSettingsContext } from './render-settings'
import { extendsText } from './text-comparison'

interface Highlighted {
  source: string
  markup: ReactNode
  request: number
}

interface HighlightedCodeBlockProps {
  code: string
  language: string | undefined
  className: string | undefined
}

export function HighlightedCodeBlock({ code, language, className }: HighlightedCodeBlockProps) {
  // react-markdown ends code with a newline; the highlighter gets the code without it, so a growing
  // block's earlier highlight is a prefix of the new code.
  const source = code.endsWith('\n') ? code.slice(0, -1) : code
  const newline = source === code ? '' : '\n'
  const { components, highlight, onIssue } = useContext(RenderSettingsContext)
  const requests = useRef(0)
  const [shown, setShown] = useState<Highlighted | undefined>(undefined)
  // The last markup returned at once. Kept in a ref, not state: recording it must not render the
  // block a second time per chunk; it is read only when a later request is still pending.
  const shownAtOnce = useRef<Highlighted | undefined>(undefined)

  const result = useMemo(() => {
    const request = ++requests.current
    if (!highlight) return { request, value: undefined }
    try {
      return { request, value: highlight(source, language) }
    } catch (error) {
      return { request, value: undefined, error }
    }
  }, [source, language, highlight])

  useEffect(() => {
    if ('error' in result) {
      onIssue?.({ reason: 'the code highlighter threw; the block stays plain', error: result.error })
      return
    }
    const { value, request } = result
    if (isPromiseLike(value)) {
      value.then(
        (markup) =>
          setShown((current) => (current && current.request > request ? current : { source, markup, request })),
        (error: unknown) =>
          onIssue?.({ reason: 'the code highlighter rejected; the block keeps its last markup', error }),
      )
    } else if (value !== undefined) {
      shownAtOnce.current = { source, markup: value, request }
    }
  }, [result, source, onIssue])

  const atOnce = shownAtOnce.current
  const latest = shown && atOnce ? (shown.request > atOnce.request ? shown : atOnce) : (shown ?? atOnce)
  let content: ReactNode = code
  if (result.value !== undefined && !isPromiseLike(result.value)) {
    content = (
      <>
        {result.value}
        {newline}
      </>
    )
  } else if (latest && extendsText(source, latest.source)) {
    content = (
      <>
        {latest.markup}
        {source.slice(latest.source.length)}
        {newline}
      </>
    )
  }
  const props = { className, 'data-highlighted': content === code ? undefined : '', children: content }
  const override = components?.code
  if (typeof override === 'string') return createElement(override, props)
  return createElement((override as ComponentType<typeof props> | undefined) ?? 'code', props)
}

function isPromiseLike(value: unknown): value is PromiseLike<ReactNode> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

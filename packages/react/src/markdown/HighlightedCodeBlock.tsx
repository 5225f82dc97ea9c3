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

interface Highlighted {
  code: string
  markup: ReactNode
  request: number
}

interface HighlightedCodeBlockProps {
  code: string
  language: string | undefined
  className: string | undefined
}

export function HighlightedCodeBlock({ code, language, className }: HighlightedCodeBlockProps) {
  const { components, highlight, onIssue } = useContext(RenderSettingsContext)
  const requests = useRef(0)
  const [shown, setShown] = useState<Highlighted | undefined>(undefined)

  const result = useMemo(() => {
    const request = ++requests.current
    if (!highlight) return { request, value: undefined }
    try {
      return { request, value: highlight(code, language) }
    } catch (error) {
      return { request, value: undefined, error }
    }
  }, [code, language, highlight])

  useEffect(() => {
    if ('error' in result) {
      onIssue?.({ reason: 'the code highlighter threw; the block stays plain', error: result.error })
      return
    }
    const { value, request } = result
    if (isPromiseLike(value)) {
      value.then(
        (markup) => setShown((current) => (current && current.request > request ? current : { code, markup, request })),
        (error: unknown) =>
          onIssue?.({ reason: 'the code highlighter rejected; the block keeps its last markup', error }),
      )
    } else if (value !== undefined) {
      setShown((current) => (current && current.request > request ? current : { code, markup: value, request }))
    }
  }, [result, code, onIssue])

  let content: ReactNode = code
  if (result.value !== undefined && !isPromiseLike(result.value)) content = result.value
  else if (shown && code.startsWith(shown.code)) {
    content = (
      <>
        {shown.markup}
        {code.slice(shown.code.length)}
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

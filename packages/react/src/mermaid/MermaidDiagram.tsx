/**
 * A Mermaid diagram, rendered from its source once: Mermaid is imported on first use and runs with
 * `securityLevel: 'strict'` (labels are sanitised, `click` callbacks and scripts are disabled). It
 * renders again only when the source changes; while it renders the source shows as code, and a
 * source Mermaid cannot parse shows as code with the error under it.
 */
import { useEffect, useRef, useState } from 'react'

export interface MermaidDiagramProps {
  source: string
  /** Called when the source cannot be rendered; the source stays on screen as code. */
  onError?: (error: unknown) => void
}

type MermaidApi = typeof import('mermaid')['default']

let mermaid: Promise<MermaidApi> | undefined
/** Mermaid's `render` is not re-entrant: renders run one after another. */
let queue: Promise<unknown> = Promise.resolve()
let nextId = 0
const renderTimeoutMs = 4000

function loadMermaid(): Promise<MermaidApi> {
  mermaid ??= import('mermaid').then((module) => module.default)
  return mermaid
}

/** Mermaid's theme for the page's (or the element's) colour scheme. */
function themeFor(element: Element | null): 'dark' | 'default' {
  const theme = element?.closest('[data-theme]')?.getAttribute('data-theme')
  if (theme) return theme === 'dark' ? 'dark' : 'default'
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'default'
}

/**
 * A render still running when its time is up. Mermaid waits forever on some inputs, so the queue moves
 * on; a render that was only slow (the first of a diagram type loads its code, a busy or throttled
 * page) still delivers `late`.
 */
export class MermaidTimeoutError extends Error {
  constructor(readonly late: Promise<string>) {
    super(`the diagram did not render within ${renderTimeoutMs} ms`)
    this.name = 'MermaidTimeoutError'
  }
}

/**
 * Renders `source` to SVG markup (sanitised by Mermaid in strict mode); rejects with a
 * `MermaidTimeoutError` when the render takes longer than the time limit.
 */
export function renderMermaid(source: string, theme: 'dark' | 'default'): Promise<string> {
  const run = queue.then(async () => {
    const api = await loadMermaid()
    api.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme,
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      // Keys a `%%{init}%%` directive in the diagram may not change (Mermaid's defaults, and labels as SVG text).
      secure: ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'maxEdges', 'htmlLabels', 'flowchart'],
    })
    const id = `palimpsest-mermaid-${++nextId}`
    const rendering = api.render(id, source).then(
      ({ svg }) => svg,
      (error: unknown) => {
        // A failed render leaves its scratch element in the body.
        document.getElementById(`d${id}`)?.remove()
        throw error
      },
    )
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new MermaidTimeoutError(rendering)), renderTimeoutMs)
    })
    try {
      return await Promise.race([rendering, timeout])
    } finally {
      clearTimeout(timer)
    }
  })
  queue = run.catch(() => undefined)
  return run
}

type Rendered = { source: string; svg: string } | { source: string; error: string }

export function MermaidDiagram({ source, onError }: MermaidDiagramProps) {
  const holder = useRef<HTMLDivElement>(null)
  const [rendered, setRendered] = useState<Rendered | undefined>(undefined)
  const onErrorRef = useRef(onError)
  onErrorRef.current = onError

  useEffect(() => {
    let current = true
    const show = (svg: string) => current && setRendered({ source, svg })
    const fail = (error: unknown) => {
      if (!current) return
      setRendered({ source, error: error instanceof Error ? error.message : String(error) })
      onErrorRef.current?.(error)
    }
    renderMermaid(source, themeFor(holder.current)).then(show, (error: unknown) => {
      fail(error)
      // The time limit's message stands until the slow render ends, then the diagram (or its error) replaces it.
      if (error instanceof MermaidTimeoutError) error.late.then(show, fail)
    })
    return () => {
      current = false
    }
  }, [source])

  const shown = rendered?.source === source ? rendered : undefined
  if (shown && 'svg' in shown) {
    return (
      <div
        ref={holder}
        data-palimpsest-mermaid=""
        data-state="rendered"
        role="img"
        aria-label="Diagram"
        // Mermaid's own output, sanitised by it in strict mode (DOMPurify).
        dangerouslySetInnerHTML={{ __html: shown.svg }}
      />
    )
  }
  return (
    <div ref={holder} data-palimpsest-mermaid="" data-state={shown ? 'error' : 'pending'}>
      <pre>
        <code className="language-mermaid">{source}</code>
      </pre>
      {shown && 'error' in shown && (
        <p role="alert" data-palimpsest-mermaid-error="">
          {shown.error}
        </p>
      )}
    </div>
  )
}

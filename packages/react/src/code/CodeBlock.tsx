/**
 * A `pre` override for markdown code blocks: a header naming the language, with a Copy button (and
 * optionally Download) above the code, which scrolls sideways inside its own box. Copying is
 * announced to assistive technology ("Copied") through a polite live region.
 */

import { fencedCodeOf, visuallyHidden } from '@palimpsest/react'
import {
  type ComponentProps,
  type ComponentType,
  memo,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import type { ExtraProps } from '../markdown/markdown-pipeline'

export interface CodeBlockLabels {
  copy: string
  copied: string
  copyFailed: string
  download: string
  /** Shown when the fence names no language. */
  plainText: string
}

export const defaultCodeBlockLabels: CodeBlockLabels = {
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  download: 'Download',
  plainText: 'text',
}

export interface CodeBlockOptions {
  /** Offer a Download button (the file is named after the language: `code.ts`, `code.py`, …). */
  download?: boolean
  labels?: Partial<CodeBlockLabels>
}

type PreProps = ComponentProps<'pre'> & ExtraProps

/** How long the button says "Copied". */
const copiedMs = 2000

/** A `pre` component for `components` (or `markdownComponents`). Create it once, outside render. */
export function createCodeBlock(options: CodeBlockOptions = {}): ComponentType<PreProps> {
  const labels = { ...defaultCodeBlockLabels, ...options.labels }
  function CodeBlock({ node, children, ...props }: PreProps) {
    const fenced = fencedCodeOf(node)
    // The buttons read the code when clicked, so a streaming fence does not render its header again per chunk.
    const code = useRef('')
    useLayoutEffect(() => {
      code.current = fenced?.code ?? ''
    })
    if (!fenced) return <pre {...props}>{children}</pre>
    return (
      <div data-palimpsest-code-block="" data-language={fenced.language}>
        <CodeHeader code={code} language={fenced.language} labels={labels} download={options.download ?? false} />
        {/* Focusable so a keyboard user can scroll a long line into view. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it */}
        <pre {...props} tabIndex={0}>
          {children}
        </pre>
      </div>
    )
  }
  return CodeBlock
}

interface CodeHeaderProps {
  code: RefObject<string>
  language: string | undefined
  labels: CodeBlockLabels
  download: boolean
}

const CodeHeader = memo(function CodeHeader({ code, language, labels, download }: CodeHeaderProps) {
  const shown = language ?? labels.plainText
  return (
    <div data-palimpsest-code-header="">
      <span data-palimpsest-code-language="">{shown}</span>
      <CopyButton code={code} language={shown} labels={labels} />
      {download && <DownloadButton code={code} language={language} labels={labels} />}
    </div>
  )
})

/** The code block with the default labels and no Download button. */
export const CodeBlock = createCodeBlock()

interface ButtonProps {
  /** The code as of the last render. */
  code: RefObject<string>
  language: string | undefined
  labels: CodeBlockLabels
}

function CopyButton({ code, language, labels }: ButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    const done = (next: 'copied' | 'failed') => {
      setState(next)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setState('idle'), copiedMs)
    }
    if (!clipboard) {
      done('failed')
      return
    }
    clipboard.writeText(code.current).then(
      () => done('copied'),
      () => done('failed'),
    )
  }
  const announcement = state === 'copied' ? labels.copied : state === 'failed' ? labels.copyFailed : ''
  return (
    <>
      <button
        type="button"
        data-palimpsest-code-copy=""
        data-state={state}
        aria-label={`${labels.copy} ${language ?? ''}`.trim()}
        onClick={copy}
      >
        {state === 'copied' ? labels.copied : labels.copy}
      </button>
      <span role="status" aria-live="polite" style={visuallyHidden}>
        {announcement}
      </span>
    </>
  )
}

/** File extensions of common fence languages; anything else downloads as `.txt`. */
const extensions: Record<string, string> = {
  typescript: 'ts',
  ts: 'ts',
  tsx: 'tsx',
  javascript: 'js',
  js: 'js',
  jsx: 'jsx',
  python: 'py',
  py: 'py',
  rust: 'rs',
  go: 'go',
  java: 'java',
  ruby: 'rb',
  shell: 'sh',
  bash: 'sh',
  sh: 'sh',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  html: 'html',
  css: 'css',
  sql: 'sql',
  diff: 'diff',
  markdown: 'md',
  md: 'md',
  mermaid: 'mmd',
}

function DownloadButton({ code, language, labels }: ButtonProps) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([code.current], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `code.${(language && extensions[language.toLowerCase()]) ?? 'txt'}`
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  return (
    <button type="button" data-palimpsest-code-download="" onClick={download}>
      {labels.download}
    </button>
  )
}

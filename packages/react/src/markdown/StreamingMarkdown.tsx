/**
 * PLACEHOLDER (to be replaced by the streaming implementation): renders the whole text with
 * react-markdown. The props are the contract the components build on.
 */
import type { ReactNode } from 'react'
import Markdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'

/** Highlights fenced code: return markup (or a promise of it); the plain code stays until it resolves. */
export type CodeHighlighter = (code: string, language: string | undefined) => ReactNode | Promise<ReactNode>

export interface StreamingMarkdownProps {
  /** The markdown source received so far. */
  text: string
  /** True while more text may arrive: the unsettled tail is repaired (open emphasis, fences, tables, …). */
  streaming?: boolean
  /** Override any element, like react-markdown's `components`. */
  components?: Components
  /** Do not load remote images; show their alt text as a link instead. */
  blockRemoteImages?: boolean
  /** Optional syntax highlighter for fenced code blocks (stale-while-revalidate). */
  highlight?: CodeHighlighter
  className?: string
}

export function StreamingMarkdown({ text, components, className }: StreamingMarkdownProps) {
  return (
    <div className={className} data-palimpsest-markdown="">
      <Markdown remarkPlugins={[remarkGfm]} {...(components && { components })}>
        {text}
      </Markdown>
    </div>
  )
}

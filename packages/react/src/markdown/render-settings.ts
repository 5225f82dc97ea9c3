/** What the element overrides of a markdown render need to know, passed through context. */
import { createContext, type ReactNode } from 'react'
import type { Components } from './markdown-pipeline'

/** Highlights fenced code: return markup (or a promise of it); the plain code stays until it resolves. */
export type CodeHighlighter = (code: string, language: string | undefined) => ReactNode | Promise<ReactNode>

export interface MarkdownIssue {
  reason: string
  error?: unknown
}

export interface RenderSettings {
  components: Components | undefined
  highlight: CodeHighlighter | undefined
  onIssue: ((issue: MarkdownIssue) => void) | undefined
}

export const RenderSettingsContext = createContext<RenderSettings>({
  components: undefined,
  highlight: undefined,
  onIssue: undefined,
})

/**
 * The text a `StreamingMarkdown` renders and whether more may arrive, for element overrides that
 * must know whether their own source is final: a diagram renders only once its code fence has
 * closed, which the repaired render cannot tell (an open fence is rendered closed while streaming).
 * Only components that read it re-render when it changes.
 */
import { createContext } from 'react'

export interface MarkdownSource {
  text: string
  streaming: boolean
}

export const MarkdownSourceContext = createContext<MarkdownSource | undefined>(undefined)

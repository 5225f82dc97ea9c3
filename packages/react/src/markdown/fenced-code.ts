/** What an element override of `pre` needs to know about the fenced code inside it. */
import type { ExtraProps } from './markdown-pipeline'
import { type HastNode, textOf } from './render-options'

export interface FencedCode {
  /** The code, without the line ending react-markdown ends it with. */
  code: string
  /** The fence's info word (`ts` in ```` ```ts ````), if any. */
  language: string | undefined
}

/** The code block a `pre` element holds, read from react-markdown's `node`; undefined for another `pre`. */
export function fencedCodeOf(node: ExtraProps['node']): FencedCode | undefined {
  const code = (node as HastNode | undefined)?.children?.find(
    (child) => child.type === 'element' && child.tagName === 'code',
  )
  if (!code) return undefined
  const classNames = Array.isArray(code.properties?.className) ? code.properties.className.map(String) : []
  const language = classNames.find((name) => name.startsWith('language-'))?.slice('language-'.length)
  const text = textOf(code)
  return { code: text.endsWith('\n') ? text.slice(0, -1) : text, language }
}

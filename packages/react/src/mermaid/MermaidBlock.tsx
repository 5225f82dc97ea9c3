/**
 * A `pre` override that renders ```` ```mermaid ```` fences as diagrams once the fence has closed
 * (until then, and for every other code block, the `fallback` renders: a plain `pre` or e.g.
 * `CodeBlock` from `@palimpsest/react/code`). A diagram that was rendered stays on screen while a
 * message is rewritten, and renders again only when its source changes.
 */

import { fencedCodeOf, useMarkdownSource } from '@palimpsest/react'
import { type ComponentProps, type ComponentType, createElement } from 'react'
import type { ExtraProps } from '../markdown/markdown-pipeline'
import { isFenceClosed } from './fence-closed'
import { MermaidDiagram } from './MermaidDiagram'

type PreProps = ComponentProps<'pre'> & ExtraProps

export interface MermaidBlockOptions {
  /** How other code blocks (and a diagram whose fence is still open) render. Default: a plain `pre`. */
  fallback?: ComponentType<PreProps>
  onError?: (error: unknown) => void
}

/** A `pre` component for `components` (or `markdownComponents`). Create it once, outside render. */
export function createMermaidBlock({ fallback, onError }: MermaidBlockOptions = {}): ComponentType<PreProps> {
  const renderFallback = (props: PreProps) => {
    if (fallback) return createElement(fallback, props)
    const { node: _node, ...rest } = props
    return <pre {...rest} />
  }
  function MermaidBlock(props: PreProps) {
    const fenced = fencedCodeOf(props.node)
    const diagram = fenced?.language?.toLowerCase() === 'mermaid' ? fenced.code : undefined
    // Re-renders when its fence closes, not on every chunk.
    const closed = useMarkdownSource((source) =>
      diagram === undefined || !source ? true : isFenceClosed(diagram, source.text, source.streaming),
    )
    if (diagram === undefined || !closed) return renderFallback(props)
    return <MermaidDiagram source={diagram} {...(onError && { onError })} />
  }
  return MermaidBlock
}

export const MermaidBlock = createMermaidBlock()

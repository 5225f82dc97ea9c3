/**
 * The Mermaid `pre` override learns whether its fence has closed from `useMarkdownSource`: it draws
 * a diagram once the fence closes, and no code block re-renders on chunks that do not concern it
 * (a context value changing per chunk re-rendered every code block of the message on every chunk).
 */
import type { ComponentProps } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExtraProps } from '../../src/markdown/markdown-pipeline'
import { createMermaidBlock } from '../../src/mermaid'
import { type LiveMarkdown, liveMarkdown } from '../markdown/markdown-harness'

let live: LiveMarkdown | undefined
afterEach(() => {
  live?.unmount()
  live = undefined
})

describe('the Mermaid block while a message streams', () => {
  const fallbackRenders: string[] = []
  const Fallback = ({ node: _node, ...props }: ComponentProps<'pre'> & ExtraProps) => {
    fallbackRenders.push(String((props.children as { props?: { className?: string } })?.props?.className ?? ''))
    return <pre {...props} />
  }
  const components = { pre: createMermaidBlock({ fallback: Fallback }) }

  it('shows the code while its fence is open and a diagram once it closes', () => {
    live = liveMarkdown()
    let text = 'A diagram:\n\n```mermaid\ngraph TD\n  A-->B\n'
    live.render({ text, streaming: true, components })
    expect(live.container.querySelector('[data-palimpsest-mermaid]')).toBeNull()
    expect(live.container.querySelector('pre code.language-mermaid')?.textContent).toContain('A-->B')
    text += '```\n\nAfter it.'
    live.render({ text, streaming: true, components })
    expect(live.container.querySelector('[data-palimpsest-mermaid]')).not.toBeNull()
  })

  it('re-renders no settled code block while other text streams', () => {
    live = liveMarkdown()
    let text = '```js\nconst a = 1\n```\n\n```mermaid\ngraph TD\n  A-->B\n```\n\nThen'
    live.render({ text, streaming: true, components })
    expect(fallbackRenders.some((className) => className.includes('language-js'))).toBe(true)
    fallbackRenders.length = 0
    for (const word of ' the answer goes on for a while, word by word'.split(' ')) {
      text += ` ${word}`
      live.render({ text, streaming: true, components })
    }
    expect(fallbackRenders).toEqual([])
    expect(live.container.querySelector('[data-palimpsest-mermaid]')).not.toBeNull()
  })
})

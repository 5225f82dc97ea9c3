/**
 * Highlighted code in real Chromium with the stylesheet: tokens take their colours from the
 * theme's variables through their classes, in the light and in the dark theme.
 */
import '../../src/styles.css'
import { render, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { CodeBlock, createShikiHighlighter } from '../../src/code'
import { StreamingMarkdown } from '../../src/markdown'

afterEach(() => document.documentElement.removeAttribute('data-theme'))

/** The colour `color: var(<variable>)` resolves to here, as the browser computes it. */
function colourOf(variable: string, within: Element): string {
  const probe = document.createElement('span')
  probe.style.color = `var(${variable})`
  within.append(probe)
  const colour = getComputedStyle(probe).color
  probe.remove()
  return colour
}

test('keywords, strings, comments and plain code take the theme colours, light and dark', async () => {
  const highlight = createShikiHighlighter()
  await highlight.load('ts')
  const text = '```ts\n// greet\nconst name = "Ada"\n```'
  const { container } = render(
    <div data-palimpsest-markdown="">
      <StreamingMarkdown text={text} highlight={highlight} components={{ pre: CodeBlock }} />
    </div>,
  )
  const code = container.querySelector('pre code') as HTMLElement
  const spanWith = (words: string) =>
    [...code.querySelectorAll('span:not([data-line])')].find((span) => span.textContent?.includes(words)) as Element
  // Tokenised in a worker: the colours arrive after the first render.
  await waitFor(() => expect(spanWith('const')).toBeDefined())
  expect(code.hasAttribute('data-highlighted')).toBe(true)
  const seen: Record<string, string>[] = []
  for (const theme of ['light', 'dark']) {
    document.documentElement.setAttribute('data-theme', theme)
    const colours = {
      keyword: getComputedStyle(spanWith('const')).color,
      string: getComputedStyle(spanWith('Ada')).color,
      comment: getComputedStyle(spanWith('greet')).color,
      plain: getComputedStyle(code).color,
    }
    expect(colours).toEqual({
      keyword: colourOf('--palimpsest-code-token-keyword', code),
      string: colourOf('--palimpsest-code-token-string', code),
      comment: colourOf('--palimpsest-code-token-comment', code),
      plain: colourOf('--palimpsest-code-foreground', code),
    })
    seen.push(colours)
  }
  // The two themes differ, so each check above saw its own theme's colours.
  expect(seen[0]?.keyword).not.toBe(seen[1]?.keyword)
  expect(seen[0]?.plain).not.toBe(seen[1]?.plain)
  // The identifier is in the code's own colour, not a span of its own.
  expect(code.textContent).toBe('// greet\nconst name = "Ada"\n')
})

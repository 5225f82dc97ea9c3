/**
 * In Chromium the highlighter tokenises in its worker: a streaming fence shows its earlier
 * highlighting and the new code at once, is highlighted when the worker answers, never shows plain
 * again, and the worker tokenises only the new lines.
 */
import '../../src/styles.css'
import { act, render, waitFor } from '@testing-library/react'
import { Profiler } from 'react'
import { expect, test, vi } from 'vitest'
import { CodeBlock, createShikiHighlighter } from '../../src/code'
import { StreamingMarkdown } from '../../src/markdown'
import { referenceShiki, shikiColours, shownColours } from './shiki-colours'

const lines = [
  'interface User {',
  '  id: number',
  '}',
  '/* the users',
  '   we know */',
  'export function greet(user: User): string {',
  '  return `Hello, ` + user.id',
  '}',
]

test('a fence streamed line by line is tokenised in the worker, only its new lines, and ends with Shiki colours', async () => {
  const highlight = createShikiHighlighter()
  expect(await highlight.load('ts')).toBe(true)
  const view = (text: string, streaming = true) => (
    <StreamingMarkdown text={text} streaming={streaming} highlight={highlight} components={{ pre: CodeBlock }} />
  )
  let text = '```ts\n'
  const { container, rerender } = render(view(text))
  const code = () => container.querySelector('pre code') as HTMLElement
  let highlighted = false
  const perLine: number[] = []
  for (const [index, line] of lines.entries()) {
    text += `${line}\n`
    const before = highlight.linesTokenized
    rerender(view(text))
    // Shown at once, before the worker answers: all of the code, and no going back to plain.
    expect(code().textContent).toBe(`${lines.slice(0, index + 1).join('\n')}\n`)
    if (highlighted) expect(code().hasAttribute('data-highlighted'), 'the block went back to plain text').toBe(true)
    // The new line is plain until the worker answers: it was not tokenised on the main thread.
    expect(code().querySelectorAll('[data-line]').length).toBe(index)
    // The answer: every line highlighted (one element per line).
    await waitFor(() => expect(code().querySelectorAll('[data-line]').length).toBe(index + 1))
    highlighted = true
    perLine.push(highlight.linesTokenized - before)
  }
  // Each new line: the line just finished and the new (empty) last line at most.
  expect(Math.max(...perLine)).toBeLessThanOrEqual(2)
  rerender(view(`${text}\`\`\`\n\nDone.`, false))
  const whole = lines.join('\n')
  expect(code().textContent).toBe(`${whole}\n`)
  expect(shownColours(code())).toEqual(shikiColours(await referenceShiki(), whole, 'typescript'))
})

test('the main-thread option highlights in the same render, as without a worker', async () => {
  const highlight = createShikiHighlighter({ tokenise: 'main-thread' })
  await highlight.load('ts')
  const { container } = render(<StreamingMarkdown text={'```ts\nconst a = 1\n```'} highlight={highlight} />)
  const code = container.querySelector('pre code') as HTMLElement
  expect(code.hasAttribute('data-highlighted')).toBe(true)
  expect(code.querySelector('.palimpsest-code-token-keyword')?.textContent).toBe('const')
})

/** Waits (by animation frames, which fake timers leave alone) until `done` holds. */
async function framesUntil(done: () => boolean) {
  for (let frame = 0; !done(); frame++) {
    if (frame > 600) throw new Error('gave up waiting')
    await new Promise((resolve) => requestAnimationFrame(resolve))
  }
}

test('while chunks keep coming each is one commit, the next chunk showing the answer; then the last answer on its own', async () => {
  const highlight = createShikiHighlighter()
  await highlight.load('ts')
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    let commits = 0
    const view = (text: string) => (
      <Profiler id="answer" onRender={() => commits++}>
        <StreamingMarkdown text={text} streaming highlight={highlight} components={{ pre: CodeBlock }} />
      </Profiler>
    )
    let text = '```ts\n'
    const { container, rerender } = render(view(text))
    const highlightedLines = () => container.querySelectorAll('pre code [data-line]').length
    // The answer for the empty fence; from here on each answer tokenises at least the line just added.
    await framesUntil(() => highlight.linesTokenized > 0)
    for (const [index, line] of lines.entries()) {
      text += `${line}\n`
      const before = commits
      const tokenized = highlight.linesTokenized
      rerender(view(text))
      // The lines the worker answered for before this chunk are highlighted by this chunk's render.
      expect(highlightedLines()).toBe(index)
      await framesUntil(() => highlight.linesTokenized > tokenized)
      expect(commits - before, 'the answer was committed on its own while chunks kept coming').toBe(1)
    }
    await act(async () => {
      vi.advanceTimersByTime(100)
      await new Promise((resolve) => requestAnimationFrame(resolve))
    })
    expect(highlightedLines()).toBe(lines.length)
  } finally {
    vi.useRealTimers()
  }
})

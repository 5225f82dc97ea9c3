import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Profiler, type ReactNode } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { CodeBlock, createCodeBlock, createShikiHighlighter } from '../../src/code'
import { StreamingMarkdown } from '../../src/markdown'
import { referenceShiki, shikiColours, shownColours } from './shiki-colours'

const typescriptLines = [
  'interface User {',
  '  id: number',
  '  name: string',
  '}',
  '',
  '/* the users we know',
  '   about */',
  'export function greet(user: User): string {',
  '  return `Hello, ` + user.name',
  '}',
]

const components = { pre: CodeBlock }

const fences = [
  { language: 'ts', id: 'typescript', code: typescriptLines.join('\n') },
  { language: 'python', id: 'python', code: 'def f(x):\n    """a docstring\n    over lines"""\n    return x  # done' },
]

describe('Shiki highlighting while a fence streams', () => {
  test('tokenises only the new lines per commit and never shows the block plain again', async () => {
    const highlight = createShikiHighlighter()
    await highlight.load('ts')
    let text = 'Here it is:\n\n```ts\n'
    const { container, rerender } = render(
      <StreamingMarkdown text={text} streaming highlight={highlight} components={components} />,
    )
    let highlighted = false
    const perCommit: number[] = []
    for (const line of typescriptLines) {
      text += `${line}\n`
      const before = highlight.linesTokenized
      rerender(<StreamingMarkdown text={text} streaming highlight={highlight} components={components} />)
      perCommit.push(highlight.linesTokenized - before)
      const code = container.querySelector('pre code') as HTMLElement
      if (code.hasAttribute('data-highlighted')) highlighted = true
      else expect(highlighted, 'the block went back to plain text').toBe(false)
    }
    // Each commit adds one line: the line just finished and the new (empty) last line at most.
    expect(Math.max(...perCommit)).toBeLessThanOrEqual(2)
    text += '```\n\nDone.'
    rerender(<StreamingMarkdown text={text} highlight={highlight} components={components} />)
    const code = container.querySelector('pre code') as HTMLElement
    expect(code.hasAttribute('data-highlighted')).toBe(true)
    expect(code.textContent).toBe(`${typescriptLines.join('\n')}\n`)
    // Keywords and strings are coloured by the stylesheet's classes, no style object per token.
    const classOf = (text: string) =>
      [...code.querySelectorAll('span[class]')].find((span) => span.textContent?.includes(text))?.className
    expect(classOf('interface')).toBe('palimpsest-code-token-keyword')
    expect(classOf('Hello')).toMatch(/^palimpsest-code-token-string(-expression)?$/)
    expect(classOf('the users we know')).toContain('palimpsest-code-token-comment')
    expect(code.querySelector('[style]')).toBeNull()
    expect(container.querySelector('[data-palimpsest-code-language]')?.textContent).toBe('ts')
  })

  test('an edited fence re-tokenises only the lines that changed', async () => {
    const highlight = createShikiHighlighter()
    await highlight.load('python')
    const lines = ['def area(r):', '    return 3.14 * r * r', '', 'print(area(2))']
    const { rerender } = render(
      <StreamingMarkdown text={`\`\`\`python\n${lines.join('\n')}\n\`\`\``} highlight={highlight} />,
    )
    const before = highlight.linesTokenized
    const edited = [...lines]
    edited[1] = '    return math.pi * r * r'
    rerender(<StreamingMarkdown text={`\`\`\`python\n${edited.join('\n')}\n\`\`\``} highlight={highlight} />)
    expect(highlight.linesTokenized - before).toBe(1)
  })

  test('before the grammar has loaded the code shows plain, then highlighted; an unknown language stays plain', async () => {
    const highlight = createShikiHighlighter()
    const { container } = render(<StreamingMarkdown text={'```diff\n- old\n+ new\n```'} highlight={highlight} />)
    const code = container.querySelector('pre code') as HTMLElement
    expect(code.textContent).toBe('- old\n+ new\n')
    await waitFor(() => expect(code.hasAttribute('data-highlighted')).toBe(true), { timeout: 10_000 })
    expect(code.textContent).toBe('- old\n+ new\n')
    expect(code.querySelector('.palimpsest-code-token-inserted')?.textContent).toContain('+ new')

    const unknown = render(<StreamingMarkdown text={'```no-such-language\nx = 1\n```'} highlight={highlight} />)
    await act(() => highlight.load('no-such-language'))
    const plain = unknown.container.querySelector('pre code') as HTMLElement
    expect(plain.textContent).toBe('x = 1\n')
    expect(plain.querySelector('span')).toBeNull()
  })

  test('only the languages asked for are highlighted', async () => {
    const highlight = createShikiHighlighter({ languages: ['python'] })
    expect(await highlight.load('ts')).toBe(false)
    expect(await highlight.load('python')).toBe(true)
  })
})

describe('the colours of highlighted code', () => {
  test("every character has the colour Shiki's own tokens give it, line state carried across lines", async () => {
    const shiki = await referenceShiki()
    const highlight = createShikiHighlighter()
    for (const { language, id, code } of fences) {
      await highlight.load(language)
      const { container } = render(
        <StreamingMarkdown text={`\`\`\`${language}\n${code}\n\`\`\``} highlight={highlight} />,
      )
      expect(shownColours(container.querySelector('pre code') as Element)).toEqual(shikiColours(shiki, code, id))
    }
  })
})

describe('where the tokenising worker cannot run', () => {
  const realWorker = globalThis.Worker
  afterEach(() => {
    globalThis.Worker = realWorker
  })

  /** A `Worker` that a content security policy forbids (the constructor throws). */
  class ForbiddenWorker {
    constructor() {
      throw new DOMException('Refused to create a worker', 'SecurityError')
    }
  }

  /** A `Worker` whose script does not load (a bundler that did not emit it): an `error` event, later. */
  class MissingWorker extends EventTarget {
    constructor() {
      super()
      setTimeout(() => this.dispatchEvent(new Event('error', { cancelable: true })), 10)
    }
    postMessage() {}
    terminate() {}
  }

  for (const [what, stub] of [
    ['forbidden', ForbiddenWorker],
    ['missing its script', MissingWorker],
  ] as const) {
    test(`a worker ${what}: the code is highlighted on the main thread, with Shiki's colours`, async () => {
      globalThis.Worker = stub as unknown as typeof Worker
      const shiki = await referenceShiki()
      const highlight = createShikiHighlighter()
      for (const { language, id, code } of fences) {
        const { container } = render(
          <StreamingMarkdown text={`\`\`\`${language}\n${code}\n\`\`\``} highlight={highlight} />,
        )
        const element = container.querySelector('pre code') as HTMLElement
        await waitFor(() => expect(element.hasAttribute('data-highlighted')).toBe(true), { timeout: 10_000 })
        expect(shownColours(element)).toEqual(shikiColours(shiki, code, id))
      }
      expect(highlight.linesTokenized).toBeGreaterThan(0)
    })
  }
})

describe('a streaming fence with a highlighter that answers at once', () => {
  test('each chunk is one commit: remembering the highlight does not render the block again', async () => {
    const highlight = createShikiHighlighter()
    await highlight.load('ts')
    let commits = 0
    const view = (text: string) => (
      <Profiler id="answer" onRender={() => commits++}>
        <StreamingMarkdown text={text} streaming highlight={highlight} components={components} />
      </Profiler>
    )
    let text = '```ts\n'
    const { rerender } = render(view(text))
    for (const line of typescriptLines) {
      text += `${line}\n`
      const before = commits
      await act(async () => rerender(view(text)))
      expect(commits - before).toBe(1)
    }
  })

  test('when a later request is pending, the markup returned at once stays, the new code after it', async () => {
    let answerAtOnce = true
    const pending: (() => void)[] = []
    const highlight = (code: string): ReactNode | Promise<ReactNode> => {
      const markup = <span className="highlighted">{code}</span>
      if (answerAtOnce) return markup
      return new Promise((resolve) => pending.push(() => resolve(markup)))
    }
    const { container, rerender } = render(<StreamingMarkdown text={'```js\nlet a'} streaming highlight={highlight} />)
    const code = () => container.querySelector('pre code') as HTMLElement
    expect(code().querySelector('.highlighted')?.textContent).toBe('let a')
    await act(async () => rerender(<StreamingMarkdown text={'```js\nlet a = 1'} streaming highlight={highlight} />))
    answerAtOnce = false
    rerender(<StreamingMarkdown text={'```js\nlet a = 1\nlet b'} streaming highlight={highlight} />)
    expect(code().querySelector('.highlighted')?.textContent).toBe('let a = 1')
    expect(code().textContent).toBe('let a = 1\nlet b\n')
    await act(async () => pending.shift()?.())
    expect(code().querySelector('.highlighted')?.textContent).toBe('let a = 1\nlet b')
  })
})

describe('CodeBlock', () => {
  test('the copy button is a keyboard-operable button that copies the code and announces "Copied"', async () => {
    const user = userEvent.setup()
    render(<StreamingMarkdown text={'```py\nprint("hi")\n```'} components={components} />)
    const button = screen.getByRole('button', { name: 'Copy py' })
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('')
    button.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(status.textContent).toBe('Copied'))
    expect(await navigator.clipboard.readText()).toBe('print("hi")')
    expect(button.textContent).toBe('Copied')
  })

  test('copying while the fence streams copies the code shown at that moment', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<StreamingMarkdown text={'```py\nprint(1)'} streaming components={components} />)
    rerender(<StreamingMarkdown text={'```py\nprint(1)\nprint(2)'} streaming components={components} />)
    await user.click(screen.getByRole('button', { name: 'Copy py' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'))
    expect(await navigator.clipboard.readText()).toBe('print(1)\nprint(2)')
  })

  test('an optional Download button; a pre without code is left alone', () => {
    const WithDownload = createCodeBlock({ download: true, labels: { download: 'Save' } })
    render(<StreamingMarkdown text={'```ts\nconst a = 1\n```'} components={{ pre: WithDownload }} />)
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()
    const { container } = render(<WithDownload>plain</WithDownload>)
    expect(container.innerHTML).toBe('<pre>plain</pre>')
  })
})

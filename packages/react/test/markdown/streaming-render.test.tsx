/**
 * What a chunk costs and what it touches: only the tail block re-renders, code blocks keep their DOM
 * nodes while they grow, the highlighter never flashes back to plain text, and a clear or a
 * replacement restarts the split and still renders exactly the new text.
 */
import { act } from 'react'
import type { Components } from 'react-markdown'
import { afterEach, describe, expect, it } from 'vitest'
import { type MarkdownWork, setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import {
  canonicalHtml,
  type LiveMarkdown,
  liveMarkdown,
  referenceHtml,
  renderedHtml,
  splitStates,
  staticReferenceHtml,
  staticSplitHtml,
} from './markdown-harness'

let live: LiveMarkdown
afterEach(() => {
  live?.unmount()
  setMarkdownWorkListener(undefined)
})

function recordWork(): MarkdownWork[] {
  const work: MarkdownWork[] = []
  setMarkdownWorkListener((item) => work.push(item))
  return work
}

describe('memoisation', () => {
  it('re-renders only the tail block when a chunk arrives', () => {
    live = liveMarkdown()
    const text = '# One\n\nFirst paragraph.\n\n- a\n- b\n\nLast para'
    live.render({ text, streaming: true })
    const work = recordWork()
    live.render({ text: `${text}graph grows`, streaming: true })
    const rendered = work.filter((item) => item.kind === 'block-render')
    expect(rendered.map((item) => item.kind === 'block-render' && item.blockKey)).toEqual([3])
  })

  it('never re-renders a settled block component, counted through the components map', () => {
    let headingRenders = 0
    const components: Components = {
      h2: ({ node: _node, ...props }) => {
        headingRenders++
        return <h2 {...props} />
      },
    }
    live = liveMarkdown()
    let text = '## Settled heading\n\n'
    live.render({ text, streaming: true, components })
    for (const word of 'a paragraph that keeps on streaming word by word'.split(' ')) {
      text += `${word} `
      live.render({ text, streaming: true, components })
    }
    live.render({ text, streaming: false, components })
    expect(live.container.querySelector('h2')?.textContent).toBe('Settled heading')
    expect(headingRenders).toBe(1)
  })
})

describe('code blocks', () => {
  it('keep the same pre and code nodes while they grow, close, settle and finish', () => {
    live = liveMarkdown()
    const source = 'Intro\n\n```ts\nconst a = 1\n\nconst b = 2\nconst c = a + b\n```\n\nAfter the code.'
    const start = source.indexOf('```ts\nconst')
    let pre: Element | null = null
    let code: Element | null = null
    for (let end = start + 7; end <= source.length; end++) {
      live.render({ text: source.slice(0, end), streaming: true })
      const currentPre = live.container.querySelector('pre')
      const currentCode = live.container.querySelector('pre > code')
      pre ??= currentPre
      code ??= currentCode
      expect(currentPre).toBe(pre)
      expect(currentCode).toBe(code)
    }
    live.render({ text: source, streaming: false })
    expect(live.container.querySelector('pre')).toBe(pre)
    expect(live.container.querySelector('pre > code')).toBe(code)
    expect(code?.textContent).toBe('const a = 1\n\nconst b = 2\nconst c = a + b\n')
  })

  it('re-highlight stale-while-revalidate: the last highlight stays until the next one resolves', async () => {
    const pending: { code: string; resolve: () => void }[] = []
    const highlight = (code: string) =>
      new Promise<React.ReactNode>((resolve) => {
        pending.push({ code, resolve: () => resolve(<span className="highlighted">{code}</span>) })
      })
    live = liveMarkdown()
    const codeText = () => live.container.querySelector('pre > code')
    live.render({ text: '```js\nlet a', streaming: true, highlight })
    expect(codeText()?.textContent).toBe('let a\n')
    expect(codeText()?.querySelector('.highlighted')).toBeNull()

    await act(async () => pending.shift()?.resolve())
    expect(codeText()?.querySelector('.highlighted')?.textContent).toBe('let a')
    expect(codeText()?.textContent).toBe('let a\n')

    // A new chunk: the old highlight stays, the new code shows after it as plain text.
    live.render({ text: '```js\nlet a = 1\nlet b', streaming: true, highlight })
    expect(codeText()?.querySelector('.highlighted')?.textContent).toBe('let a')
    expect(codeText()?.textContent).toBe('let a = 1\nlet b\n')

    // An older request resolving late must not replace a newer highlight.
    live.render({ text: '```js\nlet a = 1\nlet b = 2\n', streaming: true, highlight })
    const [older, newer] = [pending[pending.length - 2], pending[pending.length - 1]]
    await act(async () => newer?.resolve())
    await act(async () => older?.resolve())
    expect(codeText()?.querySelector('.highlighted')?.textContent).toBe('let a = 1\nlet b = 2')
    expect(codeText()?.textContent).toBe('let a = 1\nlet b = 2\n')
  })

  it('uses a synchronous highlighter result immediately', () => {
    live = liveMarkdown()
    const highlight = (code: string, language: string | undefined) => <mark data-language={language}>{code}</mark>
    live.render({ text: '```py\nprint(1)\n```', streaming: false, highlight })
    const mark = live.container.querySelector('pre > code > mark')
    expect(mark?.getAttribute('data-language')).toBe('py')
    expect(mark?.textContent).toBe('print(1)')
    expect(live.container.querySelector('pre > code')?.textContent).toBe('print(1)\n')
  })

  it('reports a throwing highlighter through onIssue and keeps the plain code', () => {
    const issues: string[] = []
    live = liveMarkdown()
    live.render({
      text: '```\nx\n```',
      streaming: false,
      highlight: () => {
        throw new Error('boom')
      },
      onIssue: (issue) => issues.push(issue.reason),
    })
    expect(live.container.querySelector('pre > code')?.textContent).toBe('x\n')
    expect(issues).toEqual(['the code highlighter threw; the block stays plain'])
  })
})

describe('non-append changes', () => {
  it('a clear or replacement restarts the split and renders exactly the new text', () => {
    live = liveMarkdown()
    const first = '# Draft\n\nSome draft text.\n\n```\ncode\n```\n\nMore'
    live.render({ text: first, streaming: true })
    const work = recordWork()
    live.render({ text: '', streaming: true })
    expect(renderedHtml(live)).toBe('')
    const second = '# Final\n\nA different answer.'
    for (let end = 1; end <= second.length; end++) live.render({ text: second.slice(0, end), streaming: true })
    live.render({ text: second, streaming: false })
    expect(canonicalHtml(renderedHtml(live))).toBe(canonicalHtml(referenceHtml(second)))
    // After the restart nothing of the first text is parsed again: every parse fits in the new text.
    // (Characters that only lengthen a decided line are not parsed; each of the 3 lines is, at least.)
    const parses = work.flatMap((item) => (item.kind === 'split-parse' ? [item.chars] : []))
    expect(parses.length).toBeGreaterThanOrEqual(3)
    expect(Math.max(...parses)).toBeLessThanOrEqual(second.length)
  })

  it('an in-place edit of an earlier block renders the edited text', () => {
    live = liveMarkdown()
    live.render({ text: 'Alpha paragraph.\n\nBeta paragraph.\n\nGamma', streaming: true })
    const edited = 'Alpha (revised) paragraph.\n\nBeta paragraph.\n\nGamma'
    live.render({ text: edited, streaming: false })
    expect(canonicalHtml(renderedHtml(live))).toBe(canonicalHtml(referenceHtml(edited)))
  })
})

describe('link reference and footnote definitions', () => {
  it('a link definition resolves references in every block, before and after it, while streaming', () => {
    live = liveMarkdown()
    const text =
      'See [the docs][Docs].\n\n- a list with [docs]\n\n> quoted ![Docs]\n\n[docs]: https://example.com/a&amp;b "The \\"docs\\""\n\nAfter [docs].\n\nThe end.'
    const href = 'https://example.com/a&b'
    for (let end = 1; end <= text.length; end++) live.render({ text: text.slice(0, end), streaming: true })
    const links = [...live.container.querySelectorAll('a')].filter((link) => link.getAttribute('href') === href)
    expect(links.map((link) => link.textContent)).toEqual(['the docs', 'docs', 'docs'])
    expect(links[0]?.getAttribute('title')).toBe('The "docs"')
    const image = live.container.querySelector('blockquote img')
    expect([image?.getAttribute('src'), image?.getAttribute('alt')]).toEqual([href, 'Docs'])
    live.render({ text, streaming: false })
    expect(canonicalHtml(renderedHtml(live))).toBe(canonicalHtml(referenceHtml(text)))
  })

  it('blocks see a definition once its line has ended, not on every chunk of it; the final render sees all', () => {
    const labels = Array.from({ length: 12 }, (_, i) => `ref${i}`)
    const uses = labels.map((label) => `Uses [${label}].`).join('\n\n')
    const definitionLines = labels.map((label) => `[${label}]: https://example.com/${label}/a/long/path`).join('\n')
    const text = `${uses}\n\n${definitionLines}`
    const states = splitStates([...text])
    const changes = states.filter(
      (state, index) => index > 0 && state.streamingDefinitions !== states[index - 1]!.streamingDefinitions,
    )
    expect(changes.length).toBeLessThanOrEqual(labels.length)
    // The last definition's line never ended: blocks stream without it, and the final render has it.
    const last = states[states.length - 1]!
    expect(last.streamingDefinitions.list.map((definition) => definition.identifier)).toEqual(labels.slice(0, -1))
    expect(last.definitions.list).toHaveLength(labels.length)
    expect(staticSplitHtml(last)).toBe(staticReferenceHtml(text))
  })

  it('the first definition of a label wins, even when a later block defines it again', () => {
    live = liveMarkdown()
    const text = '[x]: /first\n\nUse [x].\n\n[X]: /second\n\nAgain [x].\n'
    live.render({ text, streaming: false })
    expect([...live.container.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/first',
      '/first',
    ])
    expect(canonicalHtml(renderedHtml(live))).toBe(canonicalHtml(referenceHtml(text)))
  })

  it('footnotes are numbered and listed once, as in a render of the whole text, with link definitions too', () => {
    live = liveMarkdown()
    const text = 'See [the docs][docs].\n\nMore text[^1].\n\n[docs]: https://example.com\n\n[^1]: A note.\n'
    for (let end = 1; end <= text.length; end++) live.render({ text: text.slice(0, end), streaming: true })
    live.render({ text, streaming: false })
    expect(live.container.querySelector('a[href="https://example.com"]')?.textContent).toBe('the docs')
    expect(live.container.querySelector('section[data-footnotes]')).not.toBeNull()
    expect(canonicalHtml(renderedHtml(live))).toBe(canonicalHtml(referenceHtml(text)))
  })
})

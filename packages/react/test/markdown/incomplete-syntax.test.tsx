/**
 * Incomplete syntax at the streaming tail renders sensibly: at every prefix of the sample inputs the
 * visible text is a prefix of the final visible text (no markdown punctuation appears and later
 * disappears), and styled spans are styled while they are still open.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { type LiveMarkdown, liveMarkdown } from './markdown-harness'

const samples: Record<string, string> = {
  inline:
    'Hello **bold text** and *italic* and _under_ and `code span` and ~~gone~~ and ***both*** done, 2 * 3 = 6 and snake_case_name.',
  links:
    'A [link to docs](https://example.com/docs) and ![alt text](https://example.com/a.png) and <https://example.com/auto> end.',
  blocks:
    '# Heading\n\n- item one\n- item two\n  - nested **deep**\n\n1. first\n2. second\n\n> quoted **strong** text\n> more\n\nTitle\n=====\n\nPara after.',
  code: 'Before\n\n```js\nconst a = 1\n\nconst b = `x`\n```\n\nAfter with `tick`.',
  tildeFence: '~~~\nplain ~~ text\n~~~\n\nx',
  table: '| Name | Value |\n| --- | :---: |\n| a | 1 |\n| b | **2** |\n\nDone.',
  escapes: 'Use \\*literal\\* stars &amp; entities &copy; here.',
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim()

let live: LiveMarkdown
afterEach(() => live?.unmount())

function visibleTextAt(prefix: string): string {
  live.render({ text: prefix, streaming: true })
  return normalise(live.container.textContent ?? '')
}

describe('at every prefix, the visible text only grows', () => {
  it.each(Object.entries(samples))('%s', (_name, sample) => {
    live = liveMarkdown()
    live.render({ text: sample, streaming: false })
    const final = normalise(live.container.textContent ?? '')
    live.unmount()
    live = liveMarkdown()
    for (let end = 1; end <= sample.length; end++) {
      const shown = visibleTextAt(sample.slice(0, end))
      expect(
        final.startsWith(shown),
        `prefix ${JSON.stringify(sample.slice(0, end))} shows ${JSON.stringify(shown)}`,
      ).toBe(true)
    }
  })
})

describe('open spans are styled while they stream', () => {
  function renderPrefix(text: string) {
    live = liveMarkdown()
    live.render({ text, streaming: true })
    return live.container
  }

  it('closes open strong, emphasis, strikethrough and code spans', () => {
    expect(renderPrefix('Hello **bold te').querySelector('strong')?.textContent).toBe('bold te')
    live.unmount()
    expect(renderPrefix('an *ital').querySelector('em')?.textContent).toBe('ital')
    live.unmount()
    expect(renderPrefix('an _under').querySelector('em')?.textContent).toBe('under')
    live.unmount()
    expect(renderPrefix('a ~~go').querySelector('del')?.textContent).toBe('go')
    live.unmount()
    expect(renderPrefix('run `npm i').querySelector('code')?.textContent).toBe('npm i')
  })

  it('shows a half link as its text, without a destination', () => {
    const link = renderPrefix('see [the docs](https://exa').querySelector('a')
    expect(link?.textContent).toBe('the docs')
    expect(link?.hasAttribute('href')).toBe(false)
  })

  it('hides a half image until it is complete', () => {
    const container = renderPrefix('look ![a diagram](https://example.com/di')
    expect(container.querySelector('img')).toBeNull()
    expect(normalise(container.textContent ?? '')).toBe('look')
  })

  it('shows an open code fence as a code block that grows', () => {
    const container = renderPrefix('```python\nprint(1)\nprint(2')
    // react-markdown ends a code block's text with a newline.
    expect(container.querySelector('pre code.language-python')?.textContent).toBe('print(1)\nprint(2\n')
  })

  it('shows a table whose delimiter row has not arrived as a table', () => {
    const header = renderPrefix('| Name | Value |')
    expect([...header.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['Name', 'Value'])
    live.unmount()
    const halfDelimiter = renderPrefix('| Name | Value |\n| --- | :-')
    expect([...halfDelimiter.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['Name', 'Value'])
    expect(halfDelimiter.textContent).not.toContain('-')
  })

  it('renders a half-typed table row into its cells', () => {
    const container = renderPrefix('| a | b |\n| - | - |\n| 1 | **tw')
    const cells = [...container.querySelectorAll('tbody td')]
    expect(cells.map((cell) => cell.textContent)).toEqual(['1', 'tw'])
    expect(cells[1]?.querySelector('strong')?.textContent).toBe('tw')
  })

  it('hides a trailing list or heading marker instead of rendering an empty item or heading', () => {
    expect(renderPrefix('- one\n-').querySelectorAll('li')).toHaveLength(1)
    live.unmount()
    expect(renderPrefix('text\n\n##').querySelector('h2')).toBeNull()
    live.unmount()
    // `-` under a paragraph would make it a setext heading for one frame.
    expect(renderPrefix('a paragraph\n-').querySelector('h2')).toBeNull()
  })

  it('renders the raw text once streaming stops (no repair of the final text)', () => {
    live = liveMarkdown()
    live.render({ text: 'Hello **bold', streaming: false })
    expect(live.container.textContent).toBe('Hello **bold')
  })
})

describe('ambiguous fragments', () => {
  function shownFor(text: string) {
    live = liveMarkdown()
    live.render({ text, streaming: true })
    return normalise(live.container.textContent ?? '')
  }

  it('does not close an emphasis whose only content is hidden', () => {
    expect(shownFor('*[')).toBe('')
  })

  it('hides a table header that has no cell text yet', () => {
    expect(shownFor('|~')).toBe('')
  })
})

/**
 * A finished message renders its blocks' descendants as HTML strings (`html-tree-to-html.ts`);
 * Chromium's own parser must build from them exactly the DOM React builds on the block path, for
 * every CommonMark spec example, the GFM examples and hostile text, and nothing in them may run.
 */
import '../../src/styles.css'
import specText from 'commonmark-spec/spec.txt?raw'
import { flushSync } from 'react-dom'
import { describe, expect, test } from 'vitest'
import { StreamingMarkdown } from '../../src/markdown'
import { gfmExamples } from '../markdown/gfm-examples'
import { mountHost } from './mounted-hosts'

declare global {
  interface Window {
    __pwned?: unknown
  }
}

/** The examples of the spec text: the markdown between an example fence and its `.` line, `→` for a tab. */
function specExamples(text: string): string[] {
  const fence = '`'.repeat(32)
  const pattern = new RegExp(`^${fence} example\\n([\\s\\S]*?)^\\.\\n`, 'gm')
  return [...text.matchAll(pattern)].map((match) => match[1]!.replace(/→/g, '\t'))
}

const commonmark = specExamples(specText)
const hostile = [
  'Say <script>window.__pwned = 1</script> and `<img src=x onerror="window.__pwned=2">` **<b>bold</b>**\n',
  '[click *me*](javascript:window.__pwned=3) [tab](java\tscript:window.__pwned=4) <svg onload="window.__pwned=5">\n',
  '[a *b*](https://example.com/"onmouseover="window.__pwned=6 "t \\" & <x>")\n\n- <iframe src="javascript:1"> *x*\n',
  '&lt;script&gt; &amp;amp; &#0; *x*\n\n| a | <img src=x onerror="window.__pwned=7"> |\n| - | - |\n| *c* | d |\n',
]

function html(text: string, path: 'finished' | 'block'): string {
  const { host, root } = mountHost(600)
  if (path === 'block') flushSync(() => root.render(<StreamingMarkdown text={text} streaming />))
  flushSync(() => root.render(<StreamingMarkdown text={text} streaming={false} />))
  return host.innerHTML
}

describe('a finished message builds the DOM of the block path in Chromium', () => {
  test('the spec text has its 652 examples', () => {
    expect(commonmark).toHaveLength(652)
  })

  test('every CommonMark example', () => {
    const differing = commonmark
      .map((markdown, index) => ({ number: index + 1, markdown }))
      .filter(({ markdown }) => html(markdown, 'finished') !== html(markdown, 'block'))
    expect(differing).toEqual([])
  })

  test.each(gfmExamples.map((example) => [example.name, example.markdown] as const))('%s', (_name, markdown) => {
    expect(html(markdown, 'finished')).toBe(html(markdown, 'block'))
  })

  test.each(hostile)('hostile text %#: the same DOM, and nothing runs', async (markdown) => {
    expect(html(markdown, 'finished')).toBe(html(markdown, 'block'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(window.__pwned).toBeUndefined()
  })
})

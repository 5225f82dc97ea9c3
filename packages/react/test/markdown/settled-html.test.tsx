/**
 * A finished message renders a block's descendants as HTML (`html-tree-to-html.ts`): the DOM it
 * makes is the DOM the block path makes for every CommonMark and GFM example and for hostile text,
 * its descendants are not React's (no fiber of their own), and whatever the HTML cannot say the
 * same (an override in `components`, a nested link, a NUL or a carriage return) renders through
 * React as before.
 */
import { tests as commonmarkExamples } from 'commonmark-spec'
import type { Element } from 'hast'
import { version } from 'react'
import { describe, expect, it } from 'vitest'
import { contentAsHtml } from '../../src/markdown/html-tree-to-html'
import { gfmExamples } from './gfm-examples'
import { liveMarkdown } from './markdown-harness'

const examples = [
  ...commonmarkExamples.map((example) => [`CommonMark #${example.number}`, example.markdown] as const),
  ...gfmExamples.map((example) => [example.name, example.markdown] as const),
]

const hostile = [
  ['markup in text and code', 'Say <script>alert(1)</script> and `<img src=x onerror=alert(1)>` & **"quoted" <b>**\n'],
  ['entities', '&lt;b&gt; &amp;amp; &quot; &#0; *x*\n'],
  ['a javascript link', '[click *me*](javascript:alert(1)) and [tab](java\tscript:alert(1))\n'],
  ['attribute breakers', '[a *b*](https://example.com/"onmouseover="alert(1) "title \\" & <x>")\n'],
  ['carriage returns', 'one *two*\r\nthree\r\n\r\n- a *b*\r\n- c\r\n'],
  ['a NUL', 'one \u0000 *two*\n'],
  ['a code block opening on a newline', '- item\n\n  ```\n\n  code\n  ```\n'],
  ['images', 'A ![chart *x*](/chart.png "Chart") and ![empty]() and ![](</a b.png>) *y*\n\n- ![i](x.png)\n'],
] as const

/** The HTML of `text` rendered through the block path (streamed in one chunk, then finished). */
function blockPathHtml(text: string): string {
  const live = liveMarkdown()
  live.render({ text, streaming: true })
  live.render({ text, streaming: false })
  const html = live.container.innerHTML
  live.unmount()
  return html
}

function finishedHtml(text: string): string {
  const live = liveMarkdown()
  live.render({ text, streaming: false })
  const html = live.container.innerHTML
  live.unmount()
  return html
}

const hasFiber = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))

describe('a finished message renders the DOM of the block path', () => {
  it.each([...examples, ...hostile])('%s', (_name, text) => {
    expect(finishedHtml(text)).toBe(blockPathHtml(text))
  })

  it('runs no script and keeps markup as text', () => {
    const live = liveMarkdown()
    live.render({ text: hostile[0][1], streaming: false })
    const paragraph = live.container.querySelector('p')!
    expect(paragraph.querySelector('script, img, b')).toBeNull()
    expect(paragraph.textContent).toBe('Say <script>alert(1)</script> and <img src=x onerror=alert(1)> & "quoted" <b>')
    live.unmount()
  })
})

describe('descendants as HTML', () => {
  it("a block's descendants have no fiber; the block element keeps its own", () => {
    const live = liveMarkdown()
    live.render({ text: '- one *two*\n- three\n\n| a | b |\n| :- | -: |\n| `x` | y |\n', streaming: false })
    const list = live.container.querySelector('ul')!
    const table = live.container.querySelector('table')!
    expect(hasFiber(list)).toBe(true)
    expect(hasFiber(table)).toBe(true)
    expect(table.tabIndex).toBe(0)
    for (const node of live.container.querySelectorAll('li, em, thead, tr, td, code'))
      expect(hasFiber(node)).toBe(false)
    expect(live.container.querySelector('td')!.style.textAlign).toBe('left')
    live.unmount()
  })

  it('a block whose descendants have an override renders them through it', () => {
    const Emphasis = ({ children }: { children?: React.ReactNode }) => <i data-override="">{children}</i>
    const components = { em: Emphasis }
    const live = liveMarkdown()
    live.render({ text: 'one *two*\n\n- three **four**\n', components, streaming: false })
    expect(live.container.querySelector('p > i[data-override]')?.textContent).toBe('two')
    expect(hasFiber(live.container.querySelector('strong')!)).toBe(false)
    live.unmount()
  })

  it('a rewrite of one block renders that block again and keeps the DOM of the others', () => {
    const live = liveMarkdown()
    live.render({ text: 'one *two*\n\n- three **four**\n', streaming: false })
    const strong = live.container.querySelector('strong')
    live.render({ text: 'one *five*\n\n- three **four**\n', streaming: false })
    expect(live.container.querySelector('em')?.textContent).toBe('five')
    expect(live.container.querySelector('strong')).toBe(strong)
    live.unmount()
  })
})

describe('contentAsHtml', () => {
  const element = (tagName: string, children: Element['children'], properties: Element['properties'] = {}) =>
    ({ type: 'element', tagName, properties, children }) as Element
  const text = (value: string) => ({ type: 'text', value }) as const

  it('escapes text and attribute values', () => {
    const link = element('a', [text('<b>&')], { href: 'https://x.test/?a=1&b="2"', title: '<t>' })
    expect(contentAsHtml(element('p', [text('a < b > c & d'), link]), {})).toBe(
      'a &lt; b &gt; c &amp; d<a href="https://x.test/?a=1&amp;b=&quot;2&quot;" title="<t>">&lt;b&gt;&amp;</a>',
    )
  })

  it('writes what React writes for class lists, data and aria properties and cell alignment', () => {
    const row = element('tr', [text('\n'), element('td', [text('x')], { align: 'right', dataCell: 'y' }), text('\n')])
    const table = element('table', [element('tbody', [row])])
    expect(contentAsHtml(table, {})).toBe('<tbody><tr><td data-cell="y" style="text-align: right;">x</td></tr></tbody>')
    const code = element('pre', [element('code', [text('x\n')], { className: ['language-js'] })])
    expect(contentAsHtml(code, {})).toBe('<code class="language-js">x\n</code>')
    const reference = element('sup', [element('a', [text('1')], { dataFootnoteRef: true, ariaDescribedBy: ['n'] })])
    expect(contentAsHtml(element('p', [reference]), {})).toBeUndefined()
  })

  it('declines what the parser would put elsewhere or React would write otherwise', () => {
    const cases: Element[] = [
      element('p', [element('a', [element('a', [text('x')], { href: '/a' })], { href: '/b' })]),
      element('p', [element('em', [element('ul', [])])]),
      element('p', [element('img', [], { src: '', alt: 'x' })]),
      element('p', [element('img', [text('x')], { src: '/x.png', alt: '' })]),
      element('p', [element('em', [text('x')]), text('a\u0000b')]),
      element('p', [element('em', [text('x')]), text('a\rb')]),
      element('p', [element('a', [text('x')], { href: ' java\nscript:alert(1)' })]),
      element('p', [element('a', [text('x')], { href: '' })]),
      element('p', [element('span', [text('x')], { style: 'color: red' })]),
      element('p', [element('em', [text('x')], { onClick: 'alert(1)' })]),
      element('p', [element('script', [text('x')])]),
      element('ul', [element('li', [element('input', [], { type: 'checkbox', checked: true, disabled: true })])]),
      element('table', [text('x'), element('tbody', [])]),
      element('table', [element('tr', [])]),
      element('pre', [text('\nx'), element('code', [text('y')])]),
    ]
    for (const tree of cases) expect(contentAsHtml(tree, {})).toBeUndefined()
    expect(contentAsHtml(element('p', [element('em', [text('x')])]), { em: () => null })).toBeUndefined()
    expect(contentAsHtml(element('p', [element('em', [text('x')])]), { p: 'div' })).toBeUndefined()
  })

  it("writes an image's source where React writes it: last in React 19, in the props' order before", () => {
    const image = element('img', [], { src: '/x.png?a=1&b=2', alt: 'a "b"', title: 't' })
    const html = contentAsHtml(element('p', [text('see '), image]), {})
    const source = 'src="/x.png?a=1&amp;b=2"'
    const others = 'alt="a &quot;b&quot;" title="t"'
    expect(html).toBe(
      Number.parseInt(version, 10) >= 19 ? `see <img ${others} ${source}>` : `see <img ${source} ${others}>`,
    )
  })

  it('leaves an element of text alone (React renders it as cheaply)', () => {
    expect(contentAsHtml(element('p', [text('plain')]), {})).toBeUndefined()
  })
})

/**
 * Safe by default: raw HTML is never executed, links and images with script or data schemes lose
 * their URL (whatever the encoding, case or embedded whitespace), external links get
 * `rel="noopener noreferrer"`, `target` only on request, and remote images can be blocked.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { type LiveMarkdown, liveMarkdown } from './markdown-harness'

let live: LiveMarkdown
afterEach(() => live?.unmount())

function render(text: string, props: { blockRemoteImages?: boolean; linkTarget?: string } = {}) {
  live = liveMarkdown()
  live.render({ text, streaming: false, ...props })
  return live.container
}

describe('raw HTML', () => {
  it('is shown as text, never turned into elements', () => {
    const container = render(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\ninline <b onclick="alert(1)">bold</b> and <iframe src="https://evil.example"></iframe>',
    )
    expect(container.querySelector('script, iframe, b, [onerror], [onclick]')).toBeNull()
    expect(container.querySelectorAll('img')).toHaveLength(0)
    expect(container.textContent).toContain('<script>alert(1)</script>')
  })
})

describe('dangerous URLs', () => {
  const dangerous = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;&#x61;vascript:alert(1)',
    'javascript&colon;alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
    '<java\tscript:alert(1)>',
    '<\u0001javascript:alert(1)>',
  ]

  it.each(dangerous)('a link to %s has no href', (url) => {
    const link = render(`[click](${url})`).querySelector('a')
    expect(link?.textContent).toBe('click')
    expect(link?.hasAttribute('href')).toBe(false)
  })

  it.each(dangerous)('an image from %s has no src', (url) => {
    const image = render(`![pic](${url})`).querySelector('img')
    expect(image?.getAttribute('alt')).toBe('pic')
    expect(image?.hasAttribute('src')).toBe(false)
  })

  it('neutralises autolinks with a script scheme', () => {
    const link = render('<javascript:alert(1)>').querySelector('a')
    expect(link?.hasAttribute('href')).toBe(false)
  })

  it('keeps safe and relative URLs', () => {
    const container = render(
      '[a](https://example.com) [b](mailto:me@example.com) [c](/docs/page) [d](#anchor) [e](page?x=1:2) [f](tel:+123)',
    )
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com',
      'mailto:me@example.com',
      '/docs/page',
      '#anchor',
      'page?x=1:2',
      'tel:+123',
    ])
  })
})

describe('external links', () => {
  it('get rel="noopener noreferrer" and no target by default; relative links get neither', () => {
    const container = render('[out](https://example.com) and //cdn.example.com/x and [in](/local) www.example.org')
    const [out, local, literal] = [...container.querySelectorAll('a')]
    expect(out?.getAttribute('rel')).toBe('noopener noreferrer')
    expect(out?.hasAttribute('target')).toBe(false)
    expect(local?.hasAttribute('rel')).toBe(false)
    expect(literal?.getAttribute('href')).toBe('http://www.example.org')
    expect(literal?.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('get a target when linkTarget asks for one', () => {
    const container = render('[out](https://example.com) [in](/local)', { linkTarget: '_blank' })
    const [out, local] = [...container.querySelectorAll('a')]
    expect(out?.getAttribute('target')).toBe('_blank')
    expect(local?.hasAttribute('target')).toBe(false)
  })
})

describe('blockRemoteImages', () => {
  it('replaces remote images with a link showing the alt text, and keeps local ones', () => {
    const container = render(
      '![remote chart](https://example.com/chart.png) ![local](/img/a.png) ![](//cdn.example.com/b.png)',
      {
        blockRemoteImages: true,
      },
    )
    expect([...container.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(['/img/a.png'])
    const blocked = [...container.querySelectorAll('a[data-palimpsest-blocked-image]')]
    expect(blocked.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('rel')])).toEqual([
      ['remote chart', 'https://example.com/chart.png', 'noopener noreferrer'],
      ['//cdn.example.com/b.png', '//cdn.example.com/b.png', 'noopener noreferrer'],
    ])
  })

  it('loads remote images when not asked to block them', () => {
    expect(render('![remote](https://example.com/chart.png)').querySelector('img')?.getAttribute('src')).toBe(
      'https://example.com/chart.png',
    )
  })
})

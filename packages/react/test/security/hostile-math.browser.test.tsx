/**
 * The math syntax under hostile TeX, in real Chromium, streamed through the real `Transcript` with
 * KaTeX's stylesheet loaded: nothing runs, no request leaves the page's origin or reaches the
 * tracker, no long task over 200 ms (macros that blow up, deep nesting, huge sizes and long formulas
 * included: without the math limits these took 1.4–1.5 s in one task), the words stay readable, and no formula made a link, an
 * event handler or an element from TeX.
 */
import '../../src/styles.css'
import 'katex/dist/katex.min.css'
import { createTranscriptStore } from '@palimpsest/core'
import { createRoot, type Root } from 'react-dom/client'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { Transcript } from '../../src'
import { mathSyntax } from '../../src/math'
import { hostileTex, trackerPath } from './hostile-corpus'

declare global {
  interface Window {
    __pwned?: unknown
  }
}

const longTasks: number[] = []
let observer: PerformanceObserver | undefined
let root: Root | undefined
let host: HTMLElement | undefined

beforeAll(() => {
  observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration)
  })
  observer.observe({ type: 'longtask', buffered: false })
})

afterAll(() => observer?.disconnect())

afterEach(() => {
  root?.unmount()
  host?.remove()
})

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

/** What in the rendered message could run code, load something, or carry TeX-made HTML. */
function audit(view: HTMLElement): string[] {
  const problems: string[] = []
  for (const element of view.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase()
    if (['script', 'iframe', 'object', 'embed', 'img', 'a'].includes(tag)) problems.push(`<${tag}>`)
    if (element.id === 'pwn') problems.push('id from \\htmlId')
    for (const { name } of element.attributes) {
      if (name.startsWith('on') || name.startsWith('data-onclick')) problems.push(`${tag} ${name}`)
    }
  }
  return problems
}

describe('hostile TeX with math on', () => {
  test.each(hostileTex(location.origin).map((message) => [message.name, message] as const))(
    '%s: nothing runs, nothing loads, no long task, the words stay readable',
    async (_name, message) => {
      performance.clearResourceTimings()
      longTasks.length = 0
      const store = createTranscriptStore()
      host = document.createElement('main')
      host.style.cssText = 'height: 700px; width: 900px; overflow: auto;'
      document.body.append(host)
      root = createRoot(host)
      root.render(<Transcript store={store} lazyRender={false} markdownSyntax={mathSyntax} />)
      const text = message.markdown
      // At most about 200 chunks: a 40 KB formula still streams in many pieces, in a few seconds.
      const step = Math.max(16, Math.ceil(text.length / 200))
      for (let i = 0; i < text.length; i += step) {
        store.getState().apply({ type: 'chunk', messageId: 'hostile', text: text.slice(i, i + step) })
        await nextFrame()
      }
      store.getState().apply({ type: 'message-done', messageId: 'hostile' })
      const view = host
      for (let i = 0; i < 5; i++) await nextFrame()
      for (const element of view.querySelectorAll('.katex *')) element.dispatchEvent(new MouseEvent('mouseover'))

      // The formulas were typeset (or show their TeX), not left as raw text.
      expect(view.querySelector('.katex, .katex-error')).not.toBeNull()
      expect(window.__pwned).toBeUndefined()
      expect(audit(view)).toEqual([])
      expect(Math.max(0, ...longTasks)).toBeLessThan(200)
      // biome-ignore lint/performance/useDomNodeTextContent: what is rendered visibly is the point
      for (const word of message.words) expect(view.innerText).toContain(word)
      const requests = performance.getEntriesByType('resource').map((entry) => entry.name)
      expect(requests.filter((name) => !name.startsWith(`${location.origin}/`))).toEqual([])
      expect(requests.filter((name) => name.includes(trackerPath))).toEqual([])
    },
    60_000,
  )
})

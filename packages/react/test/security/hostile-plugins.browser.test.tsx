/**
 * The opt-in plugins under hostile fences, in real Chromium: Shiki highlighting and Mermaid
 * diagrams streamed through the real `Transcript`. Nothing runs, nothing is requested from another
 * origin or from the tracker, no long task over 200 ms, the words stay readable, and a diagram's
 * SVG holds no script, event handler or script link.
 */
import '../../src/styles.css'
import { createTranscriptStore } from '@palimpsest/core'
import { createRoot, type Root } from 'react-dom/client'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { Transcript } from '../../src'
import { CodeBlock, createShikiHighlighter } from '../../src/code'
import { createMermaidBlock } from '../../src/mermaid'
import { hostileFences, trackerPath } from './hostile-corpus'

declare global {
  interface Window {
    __pwned?: unknown
  }
}

const highlight = createShikiHighlighter()
const markdownComponents = { pre: createMermaidBlock({ fallback: CodeBlock }) }
const longTasks: number[] = []
let observer: PerformanceObserver | undefined
let root: Root | undefined
let host: HTMLElement | undefined

beforeAll(async () => {
  observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration)
  })
  observer.observe({ type: 'longtask', buffered: false })
  // Loading the libraries is not the message's doing: done before the clock starts.
  await Promise.all(['ts', 'html'].map((language) => highlight.load(language)))
  const { renderMermaid } = await import('../../src/mermaid')
  await renderMermaid('flowchart LR\n  warm --> up', 'default')
})

afterAll(() => observer?.disconnect())

afterEach(() => {
  root?.unmount()
  host?.remove()
})

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

/** What in a diagram or code block could run code or load something. */
function audit(view: HTMLElement): string[] {
  const problems: string[] = []
  for (const element of view.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase()
    if (['script', 'iframe', 'object', 'embed', 'foreignobject', 'img'].includes(tag)) problems.push(`<${tag}>`)
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on')) problems.push(`${tag} ${name}`)
      if (/href$/i.test(name) && /^\s*(javascript|vbscript|data):/i.test(value))
        problems.push(`${tag} ${name}=${value}`)
    }
  }
  return problems
}

describe('hostile fences with highlighting and diagrams on', () => {
  test.each(hostileFences(location.origin).map((message) => [message.name, message] as const))(
    '%s: nothing runs, nothing loads, no long task, the words stay readable',
    async (_name, message) => {
      performance.clearResourceTimings()
      longTasks.length = 0
      const store = createTranscriptStore()
      host = document.createElement('main')
      host.style.cssText = 'height: 700px; width: 900px; overflow: auto;'
      document.body.append(host)
      root = createRoot(host)
      root.render(
        <Transcript store={store} lazyRender={false} highlight={highlight} markdownComponents={markdownComponents} />,
      )
      const text = message.markdown
      for (let i = 0; i < text.length; i += 16) {
        store.getState().apply({ type: 'chunk', messageId: 'hostile', text: text.slice(i, i + 16) })
        await nextFrame()
      }
      store.getState().apply({ type: 'message-done', messageId: 'hostile' })
      const view = host
      // The store applies the end of the message on the next frame.
      for (let i = 0; i < 3; i++) await nextFrame()
      // Diagrams render (or fail) asynchronously; wait until none is pending.
      for (let i = 0; i < 400 && view.querySelector('[data-palimpsest-mermaid][data-state="pending"]'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      for (let i = 0; i < 5; i++) await nextFrame()
      for (const diagram of view.querySelectorAll('svg a, svg [onclick]'))
        diagram.dispatchEvent(new MouseEvent('click'))

      // Every diagram was drawn, or shows its source with an error (a render that never ends times out);
      // these two are drawn, so the checks below see Mermaid's own output.
      expect(view.querySelector('[data-palimpsest-mermaid][data-state="pending"]')).toBeNull()
      if (message.name.startsWith('mermaid click') || message.name.startsWith('mermaid init')) {
        expect(view.querySelector('[data-palimpsest-mermaid][data-state="rendered"] svg')).not.toBeNull()
      }
      expect(window.__pwned).toBeUndefined()
      expect(audit(view)).toEqual([])
      expect(Math.max(0, ...longTasks)).toBeLessThan(200)
      // biome-ignore lint/performance/useDomNodeTextContent: what is rendered visibly is the point
      for (const word of message.words) expect(view.innerText).toContain(word)
      const requests = performance.getEntriesByType('resource').map((entry) => entry.name)
      expect(requests.filter((name) => !name.startsWith(`${location.origin}/`))).toEqual([])
      expect(requests.filter((name) => name.includes(trackerPath))).toEqual([])
    },
  )
})

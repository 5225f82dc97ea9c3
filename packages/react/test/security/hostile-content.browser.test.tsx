/**
 * Untrusted markdown and tool output in real Chromium (issue 7): hostile messages streamed through
 * the real `Transcript`. Nothing runs (no dialog, no global set), nothing is requested from an
 * address the options do not allow, the page stays responsive (no long task over 200 ms), the
 * words stay readable, and tool output and data render as text, never as HTML.
 */
import '../../src/styles.css'
import { type AgentUpdate, createTranscriptStore, type TranscriptStore } from '@palimpsest/core'
import { createRoot, type Root } from 'react-dom/client'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { Transcript } from '../../src'
import { type HostileMessage, hostileMessages, hostileParts, trackerPath } from './hostile-corpus'

declare global {
  interface Window {
    __pwned?: unknown
  }
}

const dialogs: string[] = []
const longTasks: number[] = []
let longTaskObserver: PerformanceObserver | undefined
const saved = { alert: window.alert, confirm: window.confirm, prompt: window.prompt, print: window.print }

beforeAll(() => {
  // A script that got in would call these; record instead of blocking the page.
  window.alert = (message?: unknown) => void dialogs.push(`alert ${String(message)}`)
  window.confirm = (message?: string) => {
    dialogs.push(`confirm ${message}`)
    return false
  }
  window.prompt = (message?: string) => {
    dialogs.push(`prompt ${message}`)
    return null
  }
  window.print = () => void dialogs.push('print')
  longTaskObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration)
  })
  longTaskObserver.observe({ type: 'longtask', buffered: false })
})

afterAll(() => {
  Object.assign(window, saved)
  longTaskObserver?.disconnect()
})

let root: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  root?.unmount()
  host?.remove()
  root = undefined
  host = undefined
})

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

function mount(store: TranscriptStore, blockRemoteImages: boolean): HTMLElement {
  host = document.createElement('main')
  host.style.cssText = 'height: 700px; width: 900px; overflow: auto;'
  document.body.append(host)
  root = createRoot(host)
  root.render(
    <Transcript
      store={store}
      blockRemoteImages={blockRemoteImages}
      lazyRender={false}
      panels={{ reasoning: true, 'tool-call': true, plan: true }}
      onApprove={() => {}}
      onDeny={() => {}}
    />,
  )
  return host
}

/** Streams `text` as an assistant message in about 100 chunks, painting as it goes. */
async function stream(store: TranscriptStore, messageId: string, text: string): Promise<void> {
  const size = Math.max(24, Math.ceil(text.length / 100))
  for (let i = 0, n = 0; i < text.length; i += size, n++) {
    store.getState().apply({ type: 'chunk', messageId, text: text.slice(i, i + size) })
    if (n % 4 === 3) await nextFrame()
  }
  store.getState().apply({ type: 'message-done', messageId })
  await nextFrame()
  await nextFrame()
}

const forbiddenTags = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'base',
  'meta',
  'link',
  'style',
  'svg',
  'math',
])
const urlAttributes = new Set([
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'data',
  'srcdoc',
])
const safeSchemes = new Set(['http:', 'https:', 'mailto:', 'tel:', 'blob:'])

/** What in the rendered DOM could run code or load something it should not. */
function audit(root: HTMLElement, blockRemoteImages: boolean): string[] {
  const problems: string[] = []
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase()
    if (forbiddenTags.has(tag)) problems.push(`<${tag}> element`)
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on')) problems.push(`${tag}[${name}]`)
      if (!urlAttributes.has(name)) continue
      if (name === 'srcdoc' || name === 'srcset') {
        problems.push(`${tag}[${name}]`)
        continue
      }
      const url = new URL(value, location.href)
      const inlineImage = tag === 'img' && name === 'src' && /^data:image\//i.test(value)
      if (!safeSchemes.has(url.protocol) && !inlineImage) problems.push(`${tag}[${name}=${value.slice(0, 60)}]`)
      if (blockRemoteImages && tag === 'img' && /^(https?:)?\/\//i.test(value.trim()))
        problems.push(`remote image ${value.slice(0, 60)}`)
    }
  }
  return problems
}

/** What a reader sees: the visible text, and the alternative text of images (shown when not loaded). */
function readableText(root: HTMLElement): string {
  const alts = [...root.querySelectorAll('img')].map((image) => image.alt)
  // biome-ignore lint/performance/useDomNodeTextContent: what is rendered visibly is the point (textContent includes hidden text)
  return `${root.innerText}\n${alts.join('\n')}`
}

/** Requests to any other origin than the test server's (none of the corpus may cause one). */
function foreignRequests(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => !name.startsWith(`${location.origin}/`))
}

function trackerRequests(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.includes(trackerPath))
}

async function settle(): Promise<void> {
  // Let image loads start and their resource entries arrive.
  for (let i = 0; i < 5; i++) await nextFrame()
  await new Promise((resolve) => setTimeout(resolve, 50))
}

describe.each([false, true])('blockRemoteImages: %s', (blockRemoteImages) => {
  const corpus = hostileMessages(location.origin)

  test.each(corpus.map((message) => [message.name, message] as const))(
    '%s: nothing runs, nothing unsafe loads, the page stays responsive, the words stay readable',
    async (_name, message: HostileMessage) => {
      performance.clearResourceTimings()
      longTasks.length = 0
      const store = createTranscriptStore()
      const view = mount(store, blockRemoteImages)
      await stream(store, 'hostile', message.markdown)
      await settle()

      expect(window.__pwned).toBeUndefined()
      expect(dialogs).toEqual([])
      expect(audit(view, blockRemoteImages)).toEqual([])
      expect(Math.max(0, ...longTasks)).toBeLessThan(200)
      for (const word of message.words) expect(readableText(view)).toContain(word)
      expect(foreignRequests()).toEqual([])
      const requests = trackerRequests()
      if (message.name === 'tracking images') {
        // Remote images are the option's to allow: loaded by default, never when blocked.
        if (blockRemoteImages) expect(requests).toEqual([])
        else expect(requests.length).toBeGreaterThan(0)
      } else expect(requests).toEqual([])
    },
  )

  test.each(corpus.map((message) => [message.name, message] as const))(
    '%s, already in the store when the transcript mounts (a history): nothing runs, nothing unsafe loads',
    async (_name, message: HostileMessage) => {
      performance.clearResourceTimings()
      const store = createTranscriptStore()
      store.getState().apply({ type: 'chunk', messageId: 'hostile', text: message.markdown })
      store.getState().apply({ type: 'message-done', messageId: 'hostile' })
      const view = mount(store, blockRemoteImages)
      await settle()

      expect(window.__pwned).toBeUndefined()
      expect(dialogs).toEqual([])
      expect(audit(view, blockRemoteImages)).toEqual([])
      for (const word of message.words) expect(readableText(view)).toContain(word)
      expect(foreignRequests()).toEqual([])
      if (message.name !== 'tracking images' || blockRemoteImages) expect(trackerRequests()).toEqual([])
    },
  )

  test('tool output, data and every other part render HTML as text', async () => {
    performance.clearResourceTimings()
    const store = createTranscriptStore()
    const view = mount(store, blockRemoteImages)
    const updates: AgentUpdate[] = hostileParts(location.origin)
    for (const update of updates) {
      store.getState().apply(update)
      await nextFrame()
    }
    await settle()

    expect(window.__pwned).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(audit(view, blockRemoteImages)).toEqual([])
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered visibly is the point
    const visible = view.innerText
    for (const text of ['tool text <img src=x onerror=', '$ echo <img', 'status <img', 'error <img', 'plan <img'])
      expect(visible).toContain(text)
    // The JSON of the output, input and data parts is shown as text, markup and all.
    expect(view.querySelectorAll('pre').length).toBeGreaterThan(3)
    expect(
      [...view.querySelectorAll('pre')].some((pre) => pre.textContent?.includes('<script>window.__pwned=1</script>')),
    ).toBe(true)
    expect(foreignRequests()).toEqual([])
    if (blockRemoteImages) expect(trackerRequests()).toEqual([])
    else expect(trackerRequests().length).toBeGreaterThan(0)
  })

  test('a bidi override in one message does not reorder the next one', async () => {
    const store = createTranscriptStore()
    const view = mount(store, blockRemoteImages)
    await stream(store, 'spoof', 'Open invoice\u202Egnp.exe and \u202Dtext\u202E left open')
    await stream(store, 'next', 'NEXTMESSAGE')
    const next = view.querySelector('[data-message-id="next"]')
    const walker = document.createTreeWalker(next as Node, NodeFilter.SHOW_TEXT)
    let node = walker.nextNode()
    while (node && !node.textContent?.includes('NEXTMESSAGE')) node = walker.nextNode()
    expect(node).not.toBeNull()
    const at = (offset: number) => {
      const range = document.createRange()
      const start = (node?.textContent ?? '').indexOf('NEXTMESSAGE') + offset
      range.setStart(node as Node, start)
      range.setEnd(node as Node, start + 1)
      return range.getBoundingClientRect().left
    }
    // Left to right: N before the final E.
    expect(at(0)).toBeLessThan(at(10))
  })
})

/**
 * Palimpsest as an app uses it: a transcript store fed chunk updates, rendered by `<Transcript>`
 * (message chrome, stick-to-bottom, streaming markdown, flicker-free clear) with the default styles.
 */
import '../../packages/react/src/styles.css'
import { type AgentUpdate, createTranscriptStore } from '@palimpsest/core'
import { Transcript } from '@palimpsest/react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { markdownOptions } from '../../packages/react/src/markdown/render-options'
import { installBenchApi } from './bench-api'
import type { Renderer } from './renderer'

const messageId = 'answer'
const fill = { height: '100%' }
/**
 * Whole-text react-markdown as the markdown tests take it for reference: remark-gfm itself, with the
 * element overrides and URL policy Palimpsest documents (external links get `rel`, unsafe URLs go).
 */
const referenceOptions = {
  ...markdownOptions({ components: undefined, highlight: undefined }),
  remarkPlugins: [remarkGfm],
}

const palimpsest: Renderer = {
  name: 'palimpsest',
  mount(host, options) {
    const element = document.createElement('div')
    element.style.height = '100%'
    host.append(element)
    // Manual: the harness flushes once per frame itself (exactly what the default 'frame' schedule does).
    const store = createTranscriptStore({ schedule: options.schedule === 'natural' ? 'frame' : () => {} })
    const { apply, flush } = store.getState()
    apply({ type: 'message-start', messageId, role: 'assistant' })
    flush()
    const root = createRoot(element)
    flushSync(() => root.render(<Transcript store={store} style={fill} />))
    return {
      push: (text) => apply({ type: 'chunk', messageId, text }),
      clear: () => apply({ type: 'clear', messageId, target: 'text' }),
      replace: (text) => apply({ type: 'full', messageId, target: 'text', text }),
      commit: () => flushSync(flush),
      finish() {
        apply({ type: 'message-done', messageId, status: 'complete' })
        flushSync(flush)
      },
      textRoot: () => element.querySelector('[data-palimpsest-part="text"]'),
      markup: () => element.querySelector('[data-palimpsest-part="text"]')?.innerHTML ?? '',
      flatMarkup() {
        const markdown = element.querySelector('[data-palimpsest-markdown]')?.cloneNode(true) as Element | undefined
        if (!markdown) return ''
        for (const page of markdown.querySelectorAll(':scope > [data-palimpsest-block-page]'))
          page.replaceWith(...page.childNodes)
        return markdown.innerHTML
      },
      unmount() {
        root.unmount()
        element.remove()
      },
    }
  },
  mountMany(host, texts) {
    const element = document.createElement('div')
    element.style.height = '100%'
    host.append(element)
    const store = createTranscriptStore({ schedule: 'sync' })
    const updates: AgentUpdate[] = []
    texts.forEach((text, index) => {
      const id = `m${index}`
      updates.push(
        { type: 'message-start', messageId: id, role: 'assistant' },
        { type: 'chunk', messageId: id, text },
        { type: 'message-done', messageId: id, status: 'complete' },
      )
    })
    store.getState().apply(updates)
    const root = createRoot(element)
    flushSync(() => root.render(<Transcript store={store} style={fill} />))
    return () => root.unmount()
  },
  reactMarkdownMarkup(host, text) {
    const element = document.createElement('div')
    host.append(element)
    const root = createRoot(element)
    flushSync(() => root.render(<Markdown {...referenceOptions}>{text}</Markdown>))
    const markup = element.innerHTML
    root.unmount()
    element.remove()
    return markup
  },
}

installBenchApi(palimpsest)

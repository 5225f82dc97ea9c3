/**
 * Palimpsest as an app uses it: a transcript store fed chunk updates, rendered by `<Transcript>`
 * (message chrome, stick-to-bottom, streaming markdown, flicker-free clear) with the default styles.
 */
import '../../packages/react/src/styles.css'
import { type AgentUpdate, createTranscriptStore } from '@palimpsest/core'
import { Transcript } from '@palimpsest/react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { installBenchApi } from './bench-api'
import type { Renderer } from './renderer'

const messageId = 'answer'
const fill = { height: '100%' }

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
      commit: () => flushSync(flush),
      finish() {
        apply({ type: 'message-done', messageId, status: 'complete' })
        flushSync(flush)
      },
      textRoot: () => element.querySelector('[data-palimpsest-part="text"]'),
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
}

installBenchApi(palimpsest)

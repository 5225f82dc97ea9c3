/**
 * A long finished transcript mounted at once, by `<Transcript>` or by `<VirtualTranscript>`
 * (`bench/virtual-probe.ts`): the time to the first painted frame and the DOM it leaves.
 */
import '../../packages/react/src/styles.css'
import { type AgentUpdate, createTranscriptStore } from '@palimpsest/core'
import { Transcript } from '@palimpsest/react'
import { VirtualTranscript } from '@palimpsest/react/virtual'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'

export type TranscriptVariant = 'transcript' | 'virtual'

export interface MountResult {
  /** From `render` to the end of React's synchronous commit, ms. */
  commitMs: number
  /** From `render` to the frame after the first paint, ms. */
  paintedMs: number
  elements: number
  messagesInDom: number
  /** The last message is in the DOM and the view is at the bottom. */
  atLatest: boolean
}

declare global {
  interface Window {
    __mountTranscript?: (input: { texts: string[]; variant: TranscriptVariant }) => Promise<MountResult>
  }
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

window.__mountTranscript = async ({ texts, variant }) => {
  const store = createTranscriptStore({ schedule: 'sync' })
  store.getState().apply(
    texts.flatMap((text, index): AgentUpdate[] => [
      { type: 'message-start', messageId: `m${index}`, role: index % 2 === 0 ? 'user' : 'assistant' },
      { type: 'chunk', messageId: `m${index}`, text },
      { type: 'message-done', messageId: `m${index}`, status: 'complete' },
    ]),
  )
  const host = document.getElementById('message') as HTMLElement
  const root = createRoot(host)
  const Component = variant === 'virtual' ? VirtualTranscript : Transcript
  const started = performance.now()
  flushSync(() => root.render(<Component store={store} style={{ height: '100%' }} />))
  const commitMs = performance.now() - started
  await nextFrame()
  await nextFrame()
  const paintedMs = performance.now() - started
  const scroller = host.querySelector('[data-palimpsest-scroller]') as HTMLElement
  return {
    commitMs,
    paintedMs,
    elements: host.querySelectorAll('*').length,
    messagesInDom: host.querySelectorAll('[data-palimpsest-message]').length,
    atLatest:
      host.querySelector(`[data-message-id="m${texts.length - 1}"]`) !== null &&
      scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop <= 2,
  }
}

/**
 * The soak page: a real `Transcript` over a frame-batched store, driven from Node through
 * `window.soak` in slices, so the driver can collect garbage and read the heap between them.
 */
import './resource-counters'
import { createTranscriptStore, type TranscriptStore } from '@palimpsest/core'
import { Transcript } from '@palimpsest/react'
import '../../../packages/react/src/styles.css'
import { createRoot, type Root } from 'react-dom/client'

const words = ['stream', 'token', 'delta', 'clear', 'full', 'render', 'frame', 'heap', 'soak', '**bold**', '`code`']
const chunkText = (n: number) => `${words[n % words.length]} ${n % 97 === 0 ? '\n\n' : ''}`

let root: Root | undefined
let store: TranscriptStore | undefined
let sent = 0

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

/**
 * `chunks` chunks into message `messageId`, `perFrame` per animation frame. Every `clearEvery`
 * chunks the answer is cleared and streamed again; every `fullEvery` it is replaced by a `full`.
 */
async function streamInto(messageId: string, chunks: number, perFrame: number, clearEvery: number, fullEvery: number) {
  const apply = store!.getState().apply
  for (let i = 0; i < chunks; i++) {
    sent++
    if (i > 0 && i % fullEvery === 0)
      apply({ type: 'full', messageId, parts: [{ kind: 'text', text: `Replaced at chunk ${sent}.\n\n` }] })
    else if (i > 0 && i % clearEvery === 0) apply({ type: 'clear', messageId, target: 'text' })
    apply({ type: 'chunk', messageId, text: chunkText(sent) })
    if (i % perFrame === perFrame - 1) await nextFrame()
  }
  await nextFrame()
}

const soak = {
  mount() {
    store = createTranscriptStore()
    root = createRoot(document.getElementById('transcript')!)
    root.render(<Transcript store={store} />)
  },
  /** Grows the transcript: `messages` settled messages of `chunksEach` chunks (with clears and a final full). */
  async grow(messages: number, chunksEach: number, perFrame: number) {
    const start = store!.getState().messageIds.length
    for (let m = start; m < start + messages; m++) {
      const id = `m${m}`
      store!.getState().apply({ type: 'chunk', messageId: id, role: 'user', text: `Question ${m}?` })
      store!.getState().apply({ type: 'message-done', messageId: id })
      await streamInto(`a${m}`, chunksEach, perFrame, Math.floor(chunksEach / 3), chunksEach + 1)
      store!.getState().apply({ type: 'full', messageId: `a${m}`, text: `Answer ${m}: settled.`, final: true })
    }
    await nextFrame()
  },
  /** Streams into one live message that is cleared and replaced over and over: the transcript stops growing. */
  async churn(chunks: number, perFrame: number) {
    await streamInto('live', chunks, perFrame, 1_500, 10_000)
  },
  unmount() {
    root?.unmount()
    root = undefined
    store = undefined
  },
  chunksSent: () => sent,
  messageCount: () => store?.getState().messageIds.length ?? 0,
  domNodes: () => document.getElementsByTagName('*').length,
  resourceCounts: () => window.resourceCounts(),
  nextFrame,
}

declare global {
  interface Window {
    soak: typeof soak
  }
}
window.soak = soak

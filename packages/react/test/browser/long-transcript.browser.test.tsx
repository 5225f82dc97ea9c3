/**
 * Long transcripts: streaming into the last message costs the same whether 200 or 2,000 settled
 * messages sit above it (only the streaming message re-renders), and settled messages are laid
 * out lazily (`content-visibility: auto`).
 */
import { type AgentUpdate, createTranscriptStore } from '@palimpsest/core'
import { Profiler } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { Transcript } from '../../src'
import { nextFrame } from './frame-sampler'

let root: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  root?.unmount()
  host?.remove()
})

async function streamTokens(settledMessages: number, tokens: number) {
  const updates: AgentUpdate[] = []
  for (let i = 0; i < settledMessages; i++)
    updates.push(
      { type: 'chunk', messageId: `m${i}`, text: `Message ${i} with **some** text and a [link](https://example.com).` },
      { type: 'message-done', messageId: `m${i}` },
    )
  const store = createTranscriptStore({ schedule: 'sync' })
  store.getState().apply(updates)
  host = document.createElement('div')
  host.style.cssText = 'height: 600px; overflow: auto;'
  document.body.append(host)
  let durations: number[] = []
  root = createRoot(host)
  root.render(
    <Profiler
      id="transcript"
      onRender={(_id, phase, actualDuration) => {
        if (phase !== 'mount') durations.push(actualDuration)
      }}
    >
      <Transcript store={store} />
    </Profiler>,
  )
  for (let i = 0; i < 200 && !host.querySelector(`[data-message-id="m${settledMessages - 1}"]`); i++) await nextFrame()
  // The first token adds the message to the list (one list render); measure the tokens after it.
  store.getState().apply({ type: 'chunk', messageId: 'live', text: 'Start ' })
  await nextFrame()
  await nextFrame()
  durations = []
  const started = performance.now()
  for (let i = 0; i < tokens; i++) {
    store.getState().apply({ type: 'chunk', messageId: 'live', text: `token${i} ` })
    await Promise.resolve()
    await nextFrame()
  }
  const lazy = host.querySelector('[data-message-id="m0"]') as HTMLElement
  const result = {
    // The median: a garbage-collection pause in one commit says nothing about the cost per token.
    renderMsPerToken: [...durations].sort((a, b) => a - b)[Math.floor(durations.length / 2)] ?? Number.NaN,
    wallMs: performance.now() - started,
    lazy: getComputedStyle(lazy).contentVisibility,
  }
  root.unmount()
  host.remove()
  root = undefined
  return result
}

test('a token costs the same with 200 or 2,000 settled messages above it', async () => {
  const small = await streamTokens(200, 60)
  const large = await streamTokens(2000, 60)
  console.info(
    `median render per token: ${small.renderMsPerToken.toFixed(3)} ms with 200 messages, ${large.renderMsPerToken.toFixed(3)} ms with 2000`,
  )
  expect(large.lazy).toBe('auto')
  // Rendering work per token does not grow with the number of settled messages (generous bound for CI noise).
  expect(large.renderMsPerToken).toBeLessThan(Math.max(2, small.renderMsPerToken * 3))
})

/**
 * Long transcripts: streaming into the last message does the same work whether 200 or 2,000
 * settled messages sit above it (no settled part renders again), and settled messages are laid out
 * lazily (`content-visibility: auto`). Work is counted in renders, not timed: render time is the
 * benchmark's business (bench/), where it is measured as ratios.
 */
import { type AgentUpdate, createTranscriptStore, type TextPart } from '@palimpsest/core'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { type PartProps, Transcript } from '../../src'
import { TextView } from '../../src/parts/TextView'
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
  const textRenders = new Map<string, number>()
  function CountingText(props: PartProps<TextPart>) {
    textRenders.set(props.message.id, (textRenders.get(props.message.id) ?? 0) + 1)
    return <TextView {...props} />
  }
  root = createRoot(host)
  root.render(<Transcript store={store} components={{ text: CountingText }} />)
  for (let i = 0; i < 200 && !host.querySelector(`[data-message-id="m${settledMessages - 1}"]`); i++) await nextFrame()
  // The first token adds the message to the list (one list render); measure the tokens after it.
  store.getState().apply({ type: 'chunk', messageId: 'live', text: 'Start ' })
  await nextFrame()
  await nextFrame()
  textRenders.clear()
  for (let i = 0; i < tokens; i++) {
    store.getState().apply({ type: 'chunk', messageId: 'live', text: `token${i} ` })
    await Promise.resolve()
    await nextFrame()
  }
  const lazy = host.querySelector('[data-message-id="m0"]') as HTMLElement
  const settledRenders = [...textRenders].filter(([id]) => id !== 'live').length
  const result = {
    settledRenders,
    liveRenders: textRenders.get('live') ?? 0,
    liveText: host.querySelector('[data-message-id="live"]')?.textContent ?? '',
    lazy: getComputedStyle(lazy).contentVisibility,
  }
  root.unmount()
  host.remove()
  root = undefined
  return result
}

test('a token does the same work with 200 or 2,000 settled messages above it', async () => {
  const small = await streamTokens(200, 60)
  const large = await streamTokens(2000, 60)
  expect(large.lazy).toBe('auto')
  // No settled message renders again while the live one streams, however many there are…
  expect(small.settledRenders).toBe(0)
  expect(large.settledRenders).toBe(0)
  // …and the live message renders at most once per token (fewer when React batches commits).
  expect(large.liveRenders).toBeGreaterThan(0)
  expect(large.liveRenders).toBeLessThanOrEqual(60)
  expect(large.liveText).toContain('token59')
}, 60_000)

/**
 * The flicker test: stream a message, clear it, re-stream it after a gap of 0, 16, 50 or 500 ms,
 * and watch every animation frame and every DOM commit. Within the hold no frame may show an
 * empty message or old and new text together, and the clear may cause no layout shift. The same
 * harness run against naive renderers (react-markdown over the raw buffer, applied synchronously;
 * an append-only renderer that ignores clears) must detect flicker, proving the test can fail.
 */
import { type AgentUpdate, createTranscriptStore } from '@palimpsest/core'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { Transcript } from '../../src'
import { nextFrame, record, sleep } from './frame-sampler'
import { NaiveMessage } from './naive-message'

const holdMs = 400
const gaps = [0, 16, 50, 500]

/** Old and new text have the same shape (monospace, equal word lengths), so the final heights match. */
const paragraph = (word: string) => Array.from({ length: 24 }, () => word).join(' ')
const words = (word: string) =>
  [paragraph(word), paragraph(word), paragraph(word)].join('\n\n').split(/(?<= )|(?=\n\n)/)

type RendererName = 'palimpsest' | 'naive' | 'append-only'

interface Harness {
  apply(update: AgentUpdate): void
  read(): string
  root: HTMLElement
}

let reactRoot: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  reactRoot?.unmount()
  host?.remove()
})

async function mount(renderer: RendererName): Promise<Harness> {
  host = document.createElement('div')
  host.style.cssText = 'width: 520px; font: 16px/1.5 monospace;'
  const app = document.createElement('div')
  const sentinel = document.createElement('div')
  sentinel.textContent = 'content below the message'
  sentinel.style.cssText = 'height: 40px; background: #eee;'
  host.append(app, sentinel)
  document.body.append(host)
  reactRoot = createRoot(app)
  if (renderer === 'palimpsest') {
    const store = createTranscriptStore()
    reactRoot.render(<Transcript store={store} holdMs={holdMs} lazyRender={false} />)
    await nextFrame()
    return {
      apply: (update) => store.getState().apply(update),
      read: () => app.querySelector('[data-palimpsest-part="text"]')?.textContent ?? '',
      root: app,
    }
  }
  const store = createTranscriptStore({ schedule: 'sync' })
  const root = reactRoot
  flushSync(() => root.render(<NaiveMessage store={store} />))
  return {
    apply(update) {
      if (renderer === 'append-only' && update.type === 'clear') return
      flushSync(() => store.getState().apply(update))
    },
    read: () => app.textContent ?? '',
    root: app,
  }
}

async function runScenario(renderer: RendererName, gap: number) {
  const harness = await mount(renderer)
  for (const word of words('alpha')) {
    harness.apply({ type: 'chunk', messageId: 'm', text: word })
    await sleep(4)
  }
  await nextFrame()
  await nextFrame()
  const recording = record(harness.root, harness.read)
  await nextFrame()
  const clearedAt = performance.now()
  harness.apply({ type: 'clear', messageId: 'm', target: 'text' })
  if (gap > 0) await sleep(gap)
  for (const word of words('bravo')) {
    harness.apply({ type: 'chunk', messageId: 'm', text: word })
    await sleep(8)
  }
  harness.apply({ type: 'message-done', messageId: 'm' })
  await nextFrame()
  await recording.stop()

  const withinHold = recording.samples.filter((s) => s.time >= clearedAt && s.time <= clearedAt + holdMs)
  const empty = withinHold.filter((s) => s.text.trim() === '')
  const mixed = withinHold.filter((s) => s.text.includes('alpha') && s.text.includes('bravo'))
  const shift = recording.layoutShifts.filter((e) => e.startTime >= clearedAt).reduce((sum, e) => sum + e.value, 0)
  const final = harness.read()
  reactRoot?.unmount()
  host?.remove()
  reactRoot = undefined
  return {
    frames: withinHold.filter((s) => s.source === 'frame').length,
    emptyFrames: empty.filter((s) => s.source === 'frame').length,
    emptyCommits: empty.filter((s) => s.source === 'mutation').length,
    mixed: mixed.length,
    shift,
    final,
  }
}

test.each(gaps)(
  'palimpsest: clear then re-stream after %i ms shows no empty or mixed frame and no layout shift',
  async (gap) => {
    const result = await runScenario('palimpsest', gap)
    console.info(`palimpsest gap ${gap} ms:`, JSON.stringify({ ...result, final: undefined }))
    expect(result.frames).toBeGreaterThan(10)
    expect(result.emptyFrames).toBe(0)
    expect(result.emptyCommits).toBe(0)
    expect(result.mixed).toBe(0)
    expect(result.shift).toBe(0)
    expect(result.final).toContain('bravo')
    expect(result.final).not.toContain('alpha')
  },
)

test('the harness detects the flicker of react-markdown over the raw buffer, applied synchronously', async () => {
  const results = []
  for (const gap of gaps) results.push({ gap, ...(await runScenario('naive', gap)) })
  for (const { final: _final, ...result } of results) console.info('naive:', JSON.stringify(result))
  // Every gap long enough to reach a paint shows an empty message, and the clear shifts the layout.
  // (With no gap, clear and new text land in one task, so even this renderer paints no empty frame.)
  for (const result of results.filter((r) => r.gap >= 50)) {
    expect(result.emptyFrames, `gap ${result.gap}`).toBeGreaterThan(0)
    expect(result.shift, `gap ${result.gap}`).toBeGreaterThan(0)
  }
})

test('the harness detects old and new text shown together by an append-only renderer', async () => {
  const result = await runScenario('append-only', 16)
  expect(result.mixed).toBeGreaterThan(0)
  expect(result.final).toContain('alpha')
})

/**
 * In a real browser, sampled on every animation frame and every DOM commit: the response indicator
 * and the answer text are never on screen together — not while the first tokens arrive, not while a
 * cleared answer is held, not when its new text comes after the hold. A naive indicator (shown
 * while the turn runs) is caught by the same harness, so the test can fail.
 */
import { type AgentUpdate, createTranscriptStore, selectLatestTurn, type TranscriptStore } from '@palimpsest/core'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { useStore } from 'zustand'
import { ResponseIndicator, Transcript, TranscriptProvider, useTranscriptStore } from '../../src'
import { nextFrame, record, sleep } from '../browser/frame-sampler'

const holdMs = 120

let reactRoot: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  reactRoot?.unmount()
  host?.remove()
})

/** Shown for as long as the turn runs: what the real indicator must not do. */
function NaiveIndicator() {
  const running = useStore(useTranscriptStore(), (state) => selectLatestTurn(state)?.status === 'running')
  return (
    <div data-palimpsest-response-indicator="" data-state={running ? 'visible' : 'hidden'}>
      {running && '…'}
    </div>
  )
}

interface Sampled {
  indicator: boolean
  answer: string
}

async function run(indicator: 'real' | 'naive', gapMs: number) {
  host = document.createElement('div')
  host.style.cssText = 'width: 480px; font: 16px/1.5 sans-serif;'
  document.body.append(host)
  const store: TranscriptStore = createTranscriptStore()
  reactRoot = createRoot(host)
  reactRoot.render(
    <TranscriptProvider store={store}>
      <Transcript holdMs={holdMs} lazyRender={false} style={{ height: 300 }} />
      {indicator === 'real' ? <ResponseIndicator holdMs={holdMs} /> : <NaiveIndicator />}
    </TranscriptProvider>,
  )
  await nextFrame()
  const root = host
  const read = (): string => {
    const shown = root.querySelector('[data-palimpsest-response-indicator]')?.getAttribute('data-state') === 'visible'
    const answer = root.querySelector('[data-message-id="a"] [data-palimpsest-part="text"]')?.textContent ?? ''
    return JSON.stringify({ indicator: shown, answer } satisfies Sampled)
  }
  const recording = record(root, read)
  const apply = (update: AgentUpdate | AgentUpdate[]) => store.getState().apply(update)

  apply([
    { type: 'turn-start' },
    { type: 'chunk', messageId: 'u', role: 'user', text: 'Where should I eat in Lisbon?' },
  ])
  await sleep(60)
  apply({ type: 'message-start', messageId: 'a', role: 'assistant' })
  await sleep(30)
  for (const word of 'Try the **Time Out Market** for a bit of everything.'.split(/(?<= )/)) {
    apply({ type: 'chunk', messageId: 'a', text: word })
    await sleep(6)
  }
  const clearedAt = performance.now()
  apply({ type: 'clear', messageId: 'a', target: 'text' })
  await sleep(gapMs)
  for (const word of 'For seafood, **Cervejaria Ramiro** is the classic.'.split(/(?<= )/)) {
    apply({ type: 'chunk', messageId: 'a', text: word })
    await sleep(6)
  }
  apply([
    { type: 'message-done', messageId: 'a' },
    { type: 'turn-end', stopReason: 'end_turn' },
  ])
  await nextFrame()
  await recording.stop()
  const samples = recording.samples.map((s) => ({ ...(JSON.parse(s.text) as Sampled), source: s.source, time: s.time }))
  return {
    frames: samples.filter((s) => s.source === 'frame').length,
    indicatorFrames: samples.filter((s) => s.source === 'frame' && s.indicator).length,
    together: samples.filter((s) => s.indicator && s.answer.trim() !== ''),
    shownAfterClear: samples.filter((s) => s.indicator && s.time > clearedAt).length,
    final: samples.at(-1),
  }
}

test.each([0, 40, holdMs * 3])(
  'indicator and answer text never show together (new text %i ms after the clear)',
  async (gapMs) => {
    const result = await run('real', gapMs)
    console.info(`gap ${gapMs} ms:`, JSON.stringify({ ...result, together: result.together.length, final: undefined }))
    expect(result.frames).toBeGreaterThan(10)
    // It did show (before the first token, and after the hold when the gap outlasts it).
    expect(result.indicatorFrames).toBeGreaterThan(0)
    expect(result.together).toEqual([])
    expect(result.final).toMatchObject({ indicator: false, answer: 'For seafood, Cervejaria Ramiro is the classic.' })
  },
)

test('after the hold runs out, the indicator takes the cleared answer’s place until the new text', async () => {
  const late = await run('real', holdMs * 4)
  expect(late.shownAfterClear).toBeGreaterThan(0)
  expect(late.together).toEqual([])
  // New text within the hold: the old text is held, then replaced; the indicator never comes back.
  const soon = await run('real', 0)
  expect(soon.shownAfterClear).toBe(0)
})

test('the harness catches an indicator shown while the turn runs', async () => {
  const result = await run('naive', 0)
  expect(result.together.length).toBeGreaterThan(0)
})

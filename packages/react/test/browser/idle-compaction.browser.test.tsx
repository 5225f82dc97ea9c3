/**
 * In Chromium, with real idle periods: messages that streamed and finished render their text
 * settled once the page is idle (`idle-compaction.ts`). Nobody may see the swap: nothing moves (no
 * layout shift, the scroll position and every element's box stay), a loaded image is shown by the
 * new `<img>` at once, and a message that streams below goes on streaming.
 */
import '../../src/styles.css'
import { type AgentUpdate, createTranscriptStore } from '@palimpsest/core'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { Transcript } from '../../src'
import chart from './fixtures/chart.svg?no-inline'
import { nextFrame, record } from './frame-sampler'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const hasFiber = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))

function answer(index: number, image: string): string {
  return [
    `## Answer ${index}`,
    `First *this*, then **that** and \`code\` ${index}.`,
    index === 2 ? `![chart](${image})` : '',
    '- one\n- two *three*',
    '| a | b |\n| - | - |\n| 1 | 2 |',
    '```ts\nconst x = 1\n```',
  ].join('\n\n')
}

/** Streams a message, one commit per chunk, within the current task (no idle period in between). */
function streamMessage(store: ReturnType<typeof createTranscriptStore>, id: string, text: string) {
  const apply = (update: AgentUpdate) => flushSync(() => store.getState().apply(update))
  apply({ type: 'message-start', messageId: id, role: 'assistant' })
  for (let at = 0; at < text.length; at += 24) apply({ type: 'chunk', messageId: id, text: text.slice(at, at + 24) })
  apply({ type: 'message-done', messageId: id, status: 'complete' })
}

/** Every element's box in the transcript, relative to the scroller's content. */
function boxes(scroller: HTMLElement): string {
  const origin = scroller.getBoundingClientRect()
  return [...scroller.querySelectorAll('[data-palimpsest-message] *')]
    .map((element) => {
      const box = element.getBoundingClientRect()
      return `${element.tagName}:${Math.round(box.top - origin.top + scroller.scrollTop)}/${Math.round(box.left - origin.left)}/${Math.round(box.width)}x${Math.round(box.height)}`
    })
    .join(' ')
}

test('finished messages compact in idle time without anything moving; a loaded image shows at once', async () => {
  const host = document.createElement('div')
  host.style.cssText = 'height: 500px; width: 640px; display: flex; flex-direction: column;'
  document.body.append(host)
  const store = createTranscriptStore({ schedule: 'sync' })
  const root = createRoot(host)
  cleanups.push(() => {
    root.unmount()
    host.remove()
  })
  flushSync(() => root.render(<Transcript store={store} />))
  for (let index = 1; index <= 4; index++) streamMessage(store, `m${index}`, answer(index, chart))
  const compacted = () =>
    [...host.querySelectorAll('[data-palimpsest-message] em')].every((emphasis) => !hasFiber(emphasis))
  // Streamed within this task: no idle period has passed yet. A selection across the transcript
  // holds every message as it is until the page has settled and been measured.
  expect(compacted()).toBe(false)
  getSelection()!.selectAllChildren(host)
  const picture = host.querySelector<HTMLImageElement>('[data-message-id="m2"] img')!
  if (!picture.complete) await new Promise((resolve) => picture.addEventListener('load', resolve, { once: true }))
  await nextFrame()
  await nextFrame()
  const scroller = host.querySelector<HTMLElement>('[data-palimpsest-scroller]')!
  // The reader scrolls up (the transcript stops following the bottom) to somewhere in the middle.
  scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100 }))
  scroller.scrollTop = 300
  await nextFrame()
  await nextFrame()
  expect(compacted()).toBe(false)
  expect(scroller.scrollTop).toBe(300)
  const before = { boxes: boxes(scroller), scrollTop: scroller.scrollTop, html: scroller.innerHTML }
  const images: { complete: boolean; width: number }[] = []
  const watcher = new MutationObserver(() => {
    for (const shown of host.querySelectorAll<HTMLImageElement>('[data-message-id="m2"] img'))
      if (shown !== picture) images.push({ complete: shown.complete, width: shown.naturalWidth })
  })
  watcher.observe(host, { childList: true, subtree: true })
  const recording = record(host, () => host.textContent ?? '')
  getSelection()!.removeAllRanges()

  for (let frame = 0; frame < 400 && !compacted(); frame++) await nextFrame()
  await nextFrame()
  await recording.stop()
  watcher.disconnect()

  expect(compacted()).toBe(true)
  expect(picture.complete && picture.naturalWidth).toBe(120)
  expect(host.querySelector('[data-message-id="m2"] img')).not.toBe(picture)
  expect(images.length).toBeGreaterThan(0)
  expect(images.every((shown) => shown.complete && shown.width === 120)).toBe(true)
  expect(recording.layoutShifts).toEqual([])
  expect(scroller.scrollTop).toBe(before.scrollTop)
  expect(boxes(scroller)).toBe(before.boxes)
  expect(scroller.innerHTML.replace(/_r_[0-9a-z]+_/g, '_r_')).toBe(before.html.replace(/_r_[0-9a-z]+_/g, '_r_'))

  streamMessage(store, 'live', 'Still *streaming* below.')
  expect(host.querySelector('[data-message-id="live"] em')?.textContent).toBe('streaming')
})

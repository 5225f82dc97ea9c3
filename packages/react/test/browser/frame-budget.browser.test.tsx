/**
 * The frame budget of `'frame'` stores counts React's render of each flushed store: the page's frame
 * loop yields a microtask after each flush, in which React 19 renders what the store's notification
 * scheduled, before it reads the clock for the next store.
 */
import { createTranscriptStore, type TranscriptStore } from '@palimpsest/core'
import { flushSync } from 'react-dom'
import { expect, test } from 'vitest'
import { useTranscriptSelector } from '../../src/store/use-transcript-selector'
import { nextFrame } from './frame-sampler'
import { mountHost } from './mounted-hosts'

const renderMs = 3

function busyFor(ms: number) {
  const end = performance.now() + ms
  while (performance.now() < end) {}
}

/** Where the page is: which animation frame, counted by a callback that runs before the stores' loop each frame. */
function countFrames() {
  const counter = { frame: 0, running: true }
  const onFrame = () => {
    counter.frame++
    if (counter.running) requestAnimationFrame(onFrame)
  }
  requestAnimationFrame(onFrame)
  return counter
}

test("each store's React render runs in the frame that flushed it, before the next store's flush, and counts in the budget", async () => {
  const counter = countFrames()
  await nextFrame()
  const events: { event: 'flush' | 'render'; store: number; frame: number }[] = []
  function SlowText({ store, index }: { store: TranscriptStore; index: number }) {
    const text = useTranscriptSelector(store, (state) => state.messageIds.length)
    if (text > 0) {
      events.push({ event: 'render', store: index, frame: counter.frame })
      busyFor(renderMs)
    }
    return <p>{text}</p>
  }
  const stores = Array.from({ length: 6 }, (_, index) => {
    const store = createTranscriptStore({ schedule: 'frame', frameBudgetMs: 4 })
    store.subscribe(() => events.push({ event: 'flush', store: index, frame: counter.frame }))
    const { root } = mountHost(200)
    flushSync(() => root.render(<SlowText store={store} index={index} />))
    return store
  })
  for (const store of stores) store.getState().apply({ type: 'chunk', messageId: 'm', text: 'x' })
  while (events.filter((event) => event.event === 'render').length < stores.length) await nextFrame()
  counter.running = false

  // Flush, render, flush, render…: never a flush while the previous store's render is pending.
  expect(events.map(({ event, store }) => `${event} ${store}`)).toEqual(
    stores.flatMap((_, index) => [`flush ${index}`, `render ${index}`]),
  )
  for (let index = 0; index < events.length; index += 2)
    expect(events[index + 1]?.frame, `store ${index / 2} renders in its flush's frame`).toBe(events[index]?.frame)
  // Two renders of 3 ms spend the 4 ms budget: at most two stores a frame, where six would fit without the renders.
  const flushesPerFrame = new Map<number, number>()
  for (const { event, frame } of events)
    if (event === 'flush') flushesPerFrame.set(frame, (flushesPerFrame.get(frame) ?? 0) + 1)
  expect(Math.max(...flushesPerFrame.values())).toBeLessThanOrEqual(2)
  expect(flushesPerFrame.size).toBeGreaterThanOrEqual(3)
})

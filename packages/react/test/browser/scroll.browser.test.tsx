/**
 * Stick-to-bottom in a real browser: it follows while content grows; scrolling up by wheel,
 * keyboard, scrollbar (programmatic scrollTop) or touch stops following at once even though
 * content keeps growing; "jump to latest" resumes it; opening a panel never moves the view.
 */
import '../../src/styles.css'
import { createTranscriptStore, type TranscriptStore } from '@palimpsest/core'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { Transcript } from '../../src'
import { nextFrame } from './frame-sampler'

let root: Root | undefined
let host: HTMLElement | undefined
let timer: ReturnType<typeof setInterval> | undefined

afterEach(() => {
  clearInterval(timer)
  root?.unmount()
  host?.remove()
})

async function mount(schedule: 'frame' | 'sync' = 'frame') {
  host = document.createElement('div')
  host.style.cssText = 'height: 300px; width: 600px;'
  document.body.append(host)
  const store = createTranscriptStore({ schedule })
  root = createRoot(host)
  root.render(<Transcript store={store} />)
  let scroller: HTMLElement | null = null
  for (let i = 0; i < 100 && !scroller; i++) {
    await nextFrame()
    scroller = host.querySelector('[data-palimpsest-scroller]')
  }
  if (!scroller) throw new Error('the transcript did not render')
  return { store, scroller, host }
}

let paragraphs = 0
function addParagraph(store: TranscriptStore, messageId = 'm') {
  paragraphs++
  store.getState().apply({ type: 'chunk', messageId, text: `Paragraph ${paragraphs} of a long streamed answer.\n\n` })
}

/** Keeps content growing every few milliseconds, like a fast stream. */
function streamContinuously(store: TranscriptStore) {
  timer = setInterval(() => addParagraph(store), 10)
}

async function frames(n: number) {
  for (let i = 0; i < n; i++) await nextFrame()
}

const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.clientHeight - el.scrollTop
const jumpButton = () => host?.querySelector('[data-palimpsest-jump]') as HTMLButtonElement | null

async function streamUntilScrollable(store: TranscriptStore, scroller: HTMLElement) {
  for (let i = 0; i < 40 && scroller.scrollHeight < scroller.clientHeight * 3; i++) {
    addParagraph(store)
    await nextFrame()
  }
  await frames(2)
}

test('follows the bottom while content grows', async () => {
  const { store, scroller } = await mount()
  await streamUntilScrollable(store, scroller)
  expect(scroller.scrollHeight).toBeGreaterThan(scroller.clientHeight * 2)
  for (let i = 0; i < 10; i++) {
    addParagraph(store)
    await frames(2)
    expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  }
  expect(jumpButton()).toBeNull()
})

test('keeps following when a message settles and the next one streams (lazy rendering does not jump)', async () => {
  const { store, scroller } = await mount()
  await streamUntilScrollable(store, scroller)
  store.getState().apply({ type: 'message-done', messageId: 'm' })
  await frames(3)
  for (let i = 0; i < 8; i++) {
    addParagraph(store, 'm2')
    await frames(2)
    expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  }
  expect(jumpButton()).toBeNull()
})

test('keeps following when a retracted answer is laid out before it streams again in the same frame', async () => {
  const { store, scroller } = await mount('sync')
  store.getState().apply({ type: 'chunk', messageId: 'question', role: 'user', text: 'And then?' })
  for (let i = 0; i < 30; i++) {
    addParagraph(store, 'answer')
    await nextFrame()
  }
  await frames(3)
  expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  const content = scroller.querySelector('[data-palimpsest-messages]') as HTMLElement
  const before = content.offsetHeight
  let retracted = false
  // Right after the commit that takes the answer out, something reads layout (here the test; in an
  // app, any measuring code), then the answer streams again before the next frame.
  const observer = new MutationObserver(() => {
    if (retracted || content.offsetHeight >= before) return
    retracted = true
    for (let i = 0; i < 30; i++) addParagraph(store, 'answer')
  })
  observer.observe(content, { childList: true, subtree: true })
  store.getState().apply({ type: 'message-remove', messageId: 'answer' })
  for (let i = 0; i < 20 && !retracted; i++) await nextFrame()
  observer.disconnect()
  expect(retracted).toBe(true)
  await frames(3)
  expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  expect(jumpButton()).toBeNull()
})

async function expectEscapedWhileGrowing(scroller: HTMLElement) {
  const top = scroller.scrollTop
  const height = scroller.scrollHeight
  await frames(12)
  expect(scroller.scrollHeight).toBeGreaterThan(height) // content kept growing
  expect(Math.abs(scroller.scrollTop - top)).toBeLessThanOrEqual(1) // and the view stayed where the user put it
  expect(distanceFromBottom(scroller)).toBeGreaterThan(50)
  expect(jumpButton()).not.toBeNull()
}

test('a wheel scroll up escapes at once, even while content keeps growing', async () => {
  const { store, scroller } = await mount()
  await streamUntilScrollable(store, scroller)
  streamContinuously(store)
  await frames(3)
  await userEvent.wheel(scroller, { delta: { y: -400 } })
  await frames(2)
  await expectEscapedWhileGrowing(scroller)
})

test('keyboard scrolling up (PageUp / ArrowUp on the focused log) escapes', async () => {
  const { store, scroller } = await mount()
  await streamUntilScrollable(store, scroller)
  streamContinuously(store)
  scroller.focus()
  await userEvent.keyboard('{PageUp}')
  await userEvent.keyboard('{ArrowUp}')
  await frames(30) // keyboard scrolling is animated; let the user's own scroll finish

  await expectEscapedWhileGrowing(scroller)
})

test('dragging the scrollbar (a scroll that moves the view up) escapes', async () => {
  const { store, scroller } = await mount()
  await streamUntilScrollable(store, scroller)
  streamContinuously(store)
  await frames(2)
  scroller.scrollTop = scroller.scrollTop - 300
  await frames(2)
  await expectEscapedWhileGrowing(scroller)
})

test('a touch swipe down (scrolling the content up) escapes', async () => {
  const { store, scroller } = await mount()
  await streamUntilScrollable(store, scroller)
  streamContinuously(store)
  await frames(2)
  const touch = (y: number) => new Touch({ identifier: 1, target: scroller, clientX: 100, clientY: y })
  scroller.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(100)], bubbles: true }))
  scroller.dispatchEvent(new TouchEvent('touchmove', { touches: [touch(160)], bubbles: true }))
  // The browser scrolls by the swipe; synthetic touch events do not, so do what it would.
  scroller.scrollTop -= 60
  await frames(2)
  await expectEscapedWhileGrowing(scroller)
})

test('"jump to latest" returns to the bottom and follows again', async () => {
  const { store, scroller } = await mount()
  await streamUntilScrollable(store, scroller)
  streamContinuously(store)
  await userEvent.wheel(scroller, { delta: { y: -400 } })
  await frames(4)
  const button = jumpButton()
  expect(button?.textContent).toBe('Jump to latest')
  await userEvent.click(button as HTMLButtonElement)
  for (let i = 0; i < 6; i++) {
    await frames(2)
    expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  }
  expect(jumpButton()).toBeNull()
})

test('a new user message (the user just sent one) jumps to it and follows again', async () => {
  const { store, scroller } = await mount()
  await streamUntilScrollable(store, scroller)
  await userEvent.wheel(scroller, { delta: { y: -400 } })
  await frames(2)
  expect(jumpButton()).not.toBeNull()
  store
    .getState()
    .apply([{ type: 'turn-end' }, { type: 'chunk', messageId: 'question', role: 'user', text: 'And then?' }])
  await frames(3)
  expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  addParagraph(store, 'reply')
  await frames(3)
  expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  expect(jumpButton()).toBeNull()
})

test('scrolling back to the bottom by hand follows again', async () => {
  const { store, scroller } = await mount()
  await streamUntilScrollable(store, scroller)
  await userEvent.wheel(scroller, { delta: { y: -400 } })
  await frames(2)
  expect(jumpButton()).not.toBeNull()
  scroller.scrollTop = scroller.scrollHeight
  await frames(2)
  addParagraph(store)
  await frames(3)
  expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
})

test('opening a tool-call panel keeps its trigger where it is, while the message streams on', async () => {
  const { store, scroller } = await mount()
  await streamUntilScrollable(store, scroller)
  store.getState().apply([
    { type: 'message-done', messageId: 'm' },
    { type: 'tool-call', messageId: 'm2', toolCallId: 't', name: 'search', status: 'completed' },
    {
      type: 'tool-call-update',
      toolCallId: 't',
      output: Array.from({ length: 30 }, (_, i) => `result line ${i}`).join('\n'),
    },
  ])
  await frames(3)
  const trigger = host?.querySelector('[data-palimpsest-part="tool-call"] button') as HTMLButtonElement
  expect(trigger.getAttribute('aria-expanded')).toBe('false')
  let before = Number.NaN
  trigger.addEventListener('click', () => (before = trigger.getBoundingClientRect().top), { capture: true })
  timer = setInterval(() => addParagraph(store, 'm2'), 10)
  await frames(2)
  // A plain click (a pointer tool would first scroll the trigger into view, which is itself an escape).
  trigger.click()
  await frames(8)
  expect(trigger.getAttribute('aria-expanded')).toBe('true')
  expect(Math.abs(trigger.getBoundingClientRect().top - before)).toBeLessThanOrEqual(1)
  expect(jumpButton()).not.toBeNull()
})

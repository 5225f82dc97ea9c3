/**
 * `VirtualTranscript` with 10,000 messages in a real browser: it mounts fast with a bounded DOM,
 * scrolls to the first message and back, follows a streaming message (re-measured as it grows,
 * rows never overlapping), lets the user escape by scrolling up, and keeps panel choices and focus
 * across messages scrolled out of the DOM and back.
 */
import '../../src/styles.css'
import { type AgentUpdate, createTranscriptStore, type TranscriptStore } from '@palimpsest/core'
import { afterEach, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { VirtualTranscript } from '../../src/virtual'
import { nextFrame } from './frame-sampler'
import { mountHost } from './mounted-hosts'

const messageCount = 10_000
let timer: ReturnType<typeof setInterval> | undefined
afterEach(() => clearInterval(timer))

/** 10,000 settled messages: questions and answers, every tenth answer with a tool call. */
function longHistory(): AgentUpdate[] {
  const updates: AgentUpdate[] = []
  for (let i = 0; i < messageCount; i++) {
    const messageId = `m${i}`
    if (i % 2 === 0) updates.push({ type: 'chunk', messageId, role: 'user', text: `Question ${i}?` })
    else {
      if (i % 10 === 1)
        updates.push({ type: 'tool-call', messageId, toolCallId: `t${i}`, name: 'search', status: 'completed' })
      updates.push({ type: 'chunk', messageId, text: `Answer ${i} with **some** text.\n\nA second paragraph.` })
    }
    updates.push({ type: 'message-done', messageId })
  }
  return updates
}

const history = longHistory()

async function frames(n: number) {
  for (let i = 0; i < n; i++) await nextFrame()
}

async function until(condition: () => boolean, maxFrames = 200) {
  for (let i = 0; i < maxFrames && !condition(); i++) await nextFrame()
  expect(condition()).toBe(true)
}

const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.clientHeight - el.scrollTop

async function mountLong() {
  const store = createTranscriptStore({ schedule: 'sync' })
  store.getState().apply(history)
  const { host, root } = mountHost(600)
  host.style.height = '600px'
  const started = performance.now()
  root.render(<VirtualTranscript store={store} />)
  const last = () => host.querySelector(`[data-message-id="m${messageCount - 1}"]`)
  await until(() => last() !== null)
  const mountMs = performance.now() - started
  const scroller = host.querySelector('[data-palimpsest-scroller]') as HTMLElement
  await until(() => distanceFromBottom(scroller) <= 2)
  return { store, host, scroller, mountMs }
}

const messagesInDom = (host: HTMLElement) => host.querySelectorAll('[data-palimpsest-message]').length
const jumpButton = (host: HTMLElement) => host.querySelector<HTMLButtonElement>('[data-palimpsest-jump]')

function expectRowsInOrderWithoutOverlap(host: HTMLElement) {
  const rows = [...host.querySelectorAll<HTMLElement>('[data-palimpsest-virtual-row]')]
  for (let i = 1; i < rows.length; i++) {
    const above = (rows[i - 1] as HTMLElement).getBoundingClientRect()
    const below = (rows[i] as HTMLElement).getBoundingClientRect()
    expect(below.top).toBeGreaterThanOrEqual(above.bottom - 0.5)
  }
}

test('10,000 messages mount at the latest one, with only the visible messages in the DOM', async () => {
  const { host, scroller, mountMs } = await mountLong()
  console.info(`VirtualTranscript: 10,000 messages mounted in ${mountMs.toFixed(0)} ms`)
  expect(mountMs).toBeLessThan(3000)
  expect(messagesInDom(host)).toBeLessThanOrEqual(30)
  expect(host.querySelectorAll('*').length).toBeLessThan(1500)
  // The scroll range stands for every message (estimated where not yet rendered).
  expect(scroller.scrollHeight).toBeGreaterThan(messageCount * 30)
  const last = host.querySelector(`[data-message-id="m${messageCount - 1}"]`) as HTMLElement
  const box = scroller.getBoundingClientRect()
  expect(last.getBoundingClientRect().bottom).toBeLessThanOrEqual(box.bottom)
  expect(last.getBoundingClientRect().bottom).toBeGreaterThan(box.top)
  expectRowsInOrderWithoutOverlap(host)
}, 60_000)

test('scrolls to the first message and back to the latest', async () => {
  const { host, scroller } = await mountLong()
  scroller.scrollTop = 0
  await until(() => host.querySelector('[data-message-id="m0"]') !== null)
  await frames(3)
  expect(host.querySelector(`[data-message-id="m${messageCount - 1}"]`)).toBeNull()
  expect(messagesInDom(host)).toBeLessThanOrEqual(30)
  const first = host.querySelector('[data-message-id="m0"]') as HTMLElement
  expect(first.getBoundingClientRect().top).toBeGreaterThanOrEqual(scroller.getBoundingClientRect().top)
  expect(first.textContent).toContain('Question 0?')
  expectRowsInOrderWithoutOverlap(host)
  await userEvent.click(jumpButton(host) as HTMLButtonElement)
  await until(() => host.querySelector(`[data-message-id="m${messageCount - 1}"]`) !== null)
  await until(() => distanceFromBottom(scroller) <= 2)
  await frames(4)
  expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  expect(jumpButton(host)).toBeNull()
}, 60_000)

test('scrolling up through messages never rendered before, what the user reads does not jump as they are measured', async () => {
  const { host, scroller } = await mountLong()
  const box = () => scroller.getBoundingClientRect()
  // Wheel-sized steps: the rows coming into view were rendered (and measured) in the overscan above it.
  for (let step = 0; step < 40; step++) {
    scroller.scrollTop -= 100
    await nextFrame()
    const anchor = [...host.querySelectorAll<HTMLElement>('[data-palimpsest-virtual-row]')].find(
      (row) => row.getBoundingClientRect().top >= box().top,
    ) as HTMLElement
    const top = anchor.getBoundingClientRect().top
    await frames(2)
    expect(anchor.isConnected).toBe(true)
    expect(Math.abs(anchor.getBoundingClientRect().top - top)).toBeLessThanOrEqual(1)
  }
  expect(scroller.scrollTop).toBeLessThan(scroller.scrollHeight - scroller.clientHeight - 3000)
  expectRowsInOrderWithoutOverlap(host)
}, 60_000)

let paragraphs = 0
function addParagraph(store: TranscriptStore) {
  paragraphs++
  store
    .getState()
    .apply({ type: 'chunk', messageId: 'live', text: `Paragraph ${paragraphs} of a long streamed answer.\n\n` })
}

test('follows a message that streams below 10,000 others, re-measuring it as it grows', async () => {
  const { store, host, scroller } = await mountLong()
  addParagraph(store)
  await frames(2)
  const live = () => host.querySelector('[data-message-id="live"]') as HTMLElement
  const startHeight = live().getBoundingClientRect().height
  for (let i = 0; i < 30; i++) {
    addParagraph(store)
    await frames(2)
    expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  }
  // Taller than the viewport, and its row grew with it: the rows never overlap.
  expect(live().getBoundingClientRect().height).toBeGreaterThan(Math.max(startHeight * 5, 600))
  expectRowsInOrderWithoutOverlap(host)
  expect(live().textContent).toContain(`Paragraph ${paragraphs} of`)
  expect(jumpButton(host)).toBeNull()
}, 60_000)

test('scrolling up escapes while the message keeps streaming; back at the bottom it follows again', async () => {
  const { store, host, scroller } = await mountLong()
  for (let i = 0; i < 10; i++) addParagraph(store)
  await frames(3)
  timer = setInterval(() => addParagraph(store), 10)
  await frames(3)
  await userEvent.wheel(scroller, { delta: { y: -400 } })
  await frames(2)
  const top = scroller.scrollTop
  const height = scroller.scrollHeight
  await frames(12)
  expect(scroller.scrollHeight).toBeGreaterThan(height) // the message kept growing
  expect(Math.abs(scroller.scrollTop - top)).toBeLessThanOrEqual(1) // and the view stayed where the user put it
  expect(distanceFromBottom(scroller)).toBeGreaterThan(50)
  expect(jumpButton(host)).not.toBeNull()
  clearInterval(timer)
  await frames(2)
  scroller.scrollTop = scroller.scrollHeight
  await frames(3)
  addParagraph(store)
  await frames(3)
  expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  expect(jumpButton(host)).toBeNull()
}, 60_000)

test('a new user message, sent while the user reads far up the history, jumps to it and follows again', async () => {
  const { store, host, scroller } = await mountLong()
  scroller.scrollTop = 0
  await until(() => jumpButton(host) !== null)
  store.getState().apply({ type: 'chunk', messageId: 'question', role: 'user', text: 'And then?' })
  await until(() => host.querySelector('[data-message-id="question"]') !== null)
  await until(() => distanceFromBottom(scroller) <= 2)
  addParagraph(store)
  await frames(3)
  expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  expect(host.querySelector('[data-message-id="live"]')).not.toBeNull()
  expect(jumpButton(host)).toBeNull()
}, 60_000)

test('a panel the user opened is still open after its message is scrolled out of the DOM and back', async () => {
  const { host, scroller } = await mountLong()
  const lastWithTool = host.querySelectorAll<HTMLElement>('[data-palimpsest-part="tool-call"]')
  const panel = lastWithTool[lastWithTool.length - 1] as HTMLElement
  const messageId = panel.closest('[data-message-id]')?.getAttribute('data-message-id') as string
  const trigger = () =>
    host.querySelector(`[data-message-id="${messageId}"] [data-palimpsest-trigger]`) as HTMLButtonElement | null
  expect(trigger()?.getAttribute('aria-expanded')).toBe('false')
  await userEvent.click(trigger() as HTMLButtonElement)
  expect(trigger()?.getAttribute('aria-expanded')).toBe('true')
  // The clicked trigger holds focus, which would keep its message mounted (next test); move it away.
  scroller.focus()
  scroller.scrollTop = 0
  await until(() => trigger() === null)
  await userEvent.click(jumpButton(host) as HTMLButtonElement)
  await until(() => trigger() !== null)
  expect(trigger()?.getAttribute('aria-expanded')).toBe('true')
}, 60_000)

test('the focused control stays in the DOM, and focused, when its message scrolls far away', async () => {
  const { host, scroller } = await mountLong()
  const triggers = host.querySelectorAll<HTMLButtonElement>('[data-palimpsest-trigger]')
  const trigger = triggers[triggers.length - 1] as HTMLButtonElement
  trigger.focus()
  expect(document.activeElement).toBe(trigger)
  scroller.scrollTop = 0
  await until(() => host.querySelector('[data-message-id="m0"]') !== null)
  await frames(3)
  expect(trigger.isConnected).toBe(true)
  expect(document.activeElement).toBe(trigger)
  expect(messagesInDom(host)).toBeLessThanOrEqual(31)
  // Once focus leaves the list, the message is released like any other.
  scroller.focus()
  await frames(3)
  expect(trigger.isConnected).toBe(false)
}, 60_000)

test('keeps following when the list gets shorter and grows again before the next frame (the browser clamping the view is not a scroll up)', async () => {
  const { store, host, scroller } = await mountLong()
  for (let i = 0; i < 12; i++) addParagraph(store)
  await frames(3)
  expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
  const list = host.querySelector('[data-palimpsest-virtual-messages]') as HTMLElement
  for (let turn = 0; turn < 3; turn++) {
    const before = list.offsetHeight
    let shrunk = false
    // Right after the commit that makes the list shorter, the browser lays it out (pulling the view up
    // to the new bottom) and, before the next frame, the answer starts again below.
    const observer = new MutationObserver(() => {
      if (shrunk || list.offsetHeight >= before) return
      void scroller.scrollTop
      shrunk = true
      for (let i = 0; i < 12; i++) addParagraph(store)
    })
    observer.observe(list, { attributes: true, attributeFilter: ['style'] })
    // A speculative answer is retracted: the list loses its row.
    store.getState().apply({ type: 'message-remove', messageId: 'live' })
    await until(() => shrunk)
    observer.disconnect()
    await frames(4)
    expect(distanceFromBottom(scroller)).toBeLessThanOrEqual(2)
    expect(jumpButton(host)).toBeNull()
  }
}, 60_000)

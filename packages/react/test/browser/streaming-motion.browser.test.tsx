/**
 * The streaming fade and caret in a real browser with the stylesheet: a new word's span animates
 * once (the words already shown keep their running animation, never restarted), the fade moves no
 * text (every line box is where plain text puts it), and `prefers-reduced-motion: reduce` turns the
 * fade off and hides the caret.
 */
import '../../src/styles.css'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { cdp } from 'vitest/browser'
import { StreamingMarkdown, type StreamingMarkdownProps } from '../../src'
import { nextFrame, sleep } from './frame-sampler'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

const mounted: { root: Root; host: HTMLElement }[] = []

afterEach(async () => {
  for (const { root, host } of mounted.splice(0)) {
    act(() => root.unmount())
    host.remove()
  }
  await cdp().send('Emulation.setEmulatedMedia', { features: [] })
})

function mount(style = '') {
  const host = document.createElement('div')
  host.style.cssText = `width: 420px; font: 16px/1.5 serif; ${style}`
  document.body.append(host)
  const root = createRoot(host)
  mounted.push({ root, host })
  return {
    host,
    render: (props: StreamingMarkdownProps) => act(() => root.render(<StreamingMarkdown {...props} />)),
  }
}

const spans = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>('[data-palimpsest-fade]')]

test('a new word fades in once; the words already shown are not animated again', async () => {
  // A long fade, so every animation is still running when the next chunk arrives.
  const { host, render } = mount('--palimpsest-fade-duration: 20s')
  render({ text: 'Words that stream', streaming: true, fadeIn: true })
  await nextFrame()
  const first = spans(host).map((span) => span.getAnimations())
  expect(first.map((animations) => animations.map((a) => (a as CSSAnimation).animationName))).toEqual([
    ['palimpsest-fade-in'],
    ['palimpsest-fade-in'],
    ['palimpsest-fade-in'],
  ])
  await sleep(100)
  render({ text: 'Words that stream in, **word by** word', streaming: true, fadeIn: true })
  await nextFrame()
  const after = spans(host)
  expect(after.map((span) => span.textContent)).toEqual(['Words', 'that', 'stream', 'in,', 'word', 'by', 'word'])
  // The same running animations: none was cancelled and restarted.
  expect(after.slice(0, 3).map((span) => span.getAnimations()[0])).toEqual(first.map((animations) => animations[0]))
  // The earlier words' fades are 100 ms further on than the new words' ones, which have just started.
  const times = after.map((span) => Number(span.getAnimations()[0]!.currentTime))
  expect(Math.min(...times.slice(0, 3))).toBeGreaterThanOrEqual(Math.max(...times.slice(3)) + 90)
  // Settled: no spans, so nothing animates.
  render({ text: 'Words that stream in, **word by** word', streaming: false, fadeIn: true })
  expect(spans(host)).toEqual([])
})

test('the fade moves no text: every line box is where plain text puts it', async () => {
  const text =
    'A paragraph long enough to wrap over several lines, with *emphasis*, `code`, a [link](https://example.com) and **strong words** that keep streaming in.\n\n- an item\n- another item with more words'
  // Side by side, so one growing does not move the other.
  const faded = mount('position: absolute; top: 0; left: 0')
  const plain = mount('position: absolute; top: 0; left: 440px')
  /** Where each word is drawn, relative to the host (tenths of a pixel). */
  const boxes = (host: HTMLElement) => {
    const origin = host.getBoundingClientRect()
    const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT)
    const words: number[][] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const rect = range.getBoundingClientRect()
        words.push([rect.left - origin.left, rect.top - origin.top, rect.width].map((value) => Math.round(value * 10)))
      }
    }
    return words
  }
  const shifts: string[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { sources: { node: Node | null }[] })[])
      for (const { node } of entry.sources)
        shifts.push(
          `${node && faded.host.contains(node) ? 'faded' : node && plain.host.contains(node) ? 'plain' : 'other'} ${node?.nodeName} ${node?.textContent?.slice(0, 40)}`,
        )
  })
  observer.observe({ type: 'layout-shift' })
  for (let end = 6; end < text.length + 6; end += 6) {
    const chunk = text.slice(0, end)
    faded.render({ text: chunk, streaming: true, fadeIn: true })
    plain.render({ text: chunk, streaming: true })
    await nextFrame()
    expect(spans(faded.host).length).toBeGreaterThan(0)
    // Every word on the same line as in plain text, and within half a pixel along it (a span
    // boundary may shape a space a tenth of a pixel differently).
    const fadedBoxes = boxes(faded.host)
    const plainBoxes = boxes(plain.host)
    expect(fadedBoxes.map(([, top]) => top)).toEqual(plainBoxes.map(([, top]) => top))
    fadedBoxes.forEach(([left, , width], index) => {
      expect(Math.abs(left! - plainBoxes[index]![0]!)).toBeLessThanOrEqual(5)
      expect(Math.abs(width! - plainBoxes[index]![2]!)).toBeLessThanOrEqual(5)
    })
    expect(faded.host.getBoundingClientRect().height).toBe(plain.host.getBoundingClientRect().height)
  }
  // While the last words fade in and after they have, nothing moves.
  const fading = boxes(faded.host)
  await sleep(600)
  expect(spans(faded.host).flatMap((span) => span.getAnimations())).toEqual([])
  expect(boxes(faded.host)).toEqual(fading)
  observer.disconnect()
  // (Plain streaming itself may shift a word a hair when a repaired emphasis closes; the fade adds none.)
  expect(shifts.filter((shift) => shift.startsWith('faded'))).toEqual([])
})

test('reduced motion turns the fade off and hides the caret', async () => {
  const { host, render } = mount()
  render({ text: 'Streaming words', streaming: true, fadeIn: true, caret: true })
  await nextFrame()
  const caret = host.querySelector<HTMLElement>('[data-palimpsest-caret]')!
  expect(getComputedStyle(caret).display).toBe('inline-block')
  expect(caret.getAnimations().map((a) => (a as CSSAnimation).animationName)).toEqual(['palimpsest-caret-blink'])
  expect(caret.getBoundingClientRect().width).toBeGreaterThan(0)

  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] })
  expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true)
  render({ text: 'Streaming words, more of them', streaming: true, fadeIn: true, caret: true })
  await nextFrame()
  expect(spans(host).map((span) => span.textContent)).toEqual(['Streaming', 'words,', 'more', 'of', 'them'])
  expect(spans(host).flatMap((span) => span.getAnimations())).toEqual([])
  expect(spans(host).map((span) => getComputedStyle(span).opacity)).toEqual(['1', '1', '1', '1', '1'])
  expect(getComputedStyle(host.querySelector('[data-palimpsest-caret]')!).display).toBe('none')
})

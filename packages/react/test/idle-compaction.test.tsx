/**
 * A message that streamed renders its text as a settled message does once it has finished and the
 * page is idle (`idle-compaction.ts`): the same HTML, without a React element per descendant, and
 * not while focus or the selection is inside it, nor when an image of it is broken or an override renders it
 * (a loaded image is `idle-compaction.browser.test.tsx`'s).
 */
import type { AgentUpdate } from '@palimpsest/core'
import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Transcript } from '../src'
import { maxCompactedChars } from '../src/transcript/idle-compaction'
import { applyNow, syncStore } from './render-helpers'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const answer = '## Plan\n\nFirst *this*, then **that**.\n\n- one `x`\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n'

function streamed(text: string, chunkSize = 7, messageId = 'a'): AgentUpdate[] {
  const chunks = text.match(new RegExp(`[\\s\\S]{1,${chunkSize}}`, 'g')) ?? []
  return [
    { type: 'message-start', messageId, role: 'assistant' },
    ...chunks.map((chunk): AgentUpdate => ({ type: 'chunk', messageId, text: chunk })),
    { type: 'message-done', messageId, status: 'complete' },
  ]
}

const hasFiber = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))
const messageHtml = (container: HTMLElement) =>
  container.querySelector('[data-palimpsest-message]')!.outerHTML.replace(/_r_[0-9a-z]+_/g, '_r_')
const compacted = (container: HTMLElement) => !hasFiber(container.querySelector('[data-palimpsest-message] em')!)

/** Lets the idle wait pass (jsdom has no `requestIdleCallback`: the wait is a timer). */
function idle(ms = 10) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

function streamInto(store: ReturnType<typeof syncStore>, updates: AgentUpdate[]) {
  for (const update of updates) applyNow(store, update)
}

describe('a message that streamed and finished', () => {
  it('renders its text settled once the page is idle: the same HTML, no element per descendant', () => {
    const store = syncStore()
    const { container } = render(<Transcript store={store} />)
    streamInto(store, streamed(answer))
    const before = messageHtml(container)
    expect(compacted(container)).toBe(false)
    idle()
    expect(compacted(container)).toBe(true)
    expect(messageHtml(container)).toBe(before)
  })

  it('does not while it streams, and streams again through the live path after', () => {
    const store = syncStore()
    const { container } = render(<Transcript store={store} />)
    const updates = streamed(answer)
    streamInto(store, updates.slice(0, -1))
    idle(5_000)
    expect(compacted(container)).toBe(false)
    applyNow(store, updates[updates.length - 1]!)
    idle()
    expect(compacted(container)).toBe(true)
    streamInto(store, [
      { type: 'message-start', messageId: 'b', role: 'assistant' },
      { type: 'chunk', messageId: 'b', text: 'Next *one*' },
    ])
    expect(container.querySelector('[data-message-id="b"] em')?.textContent).toBe('one')
  })

  it('waits while focus is inside the message, and compacts once it leaves', () => {
    const store = syncStore()
    const { container } = render(<Transcript store={store} />)
    streamInto(store, streamed(answer))
    const table = container.querySelector<HTMLElement>('[data-palimpsest-message] table')!
    table.focus()
    expect(document.activeElement).toBe(table)
    idle(5_000)
    expect(compacted(container)).toBe(false)
    table.blur()
    idle(1_100)
    expect(compacted(container)).toBe(true)
  })

  it('waits while the selection is inside the message', () => {
    const store = syncStore()
    const { container } = render(<Transcript store={store} />)
    streamInto(store, streamed(answer))
    const emphasis = container.querySelector('[data-palimpsest-message] em')!
    document.getSelection()!.selectAllChildren(emphasis)
    idle(5_000)
    expect(compacted(container)).toBe(false)
    document.getSelection()!.removeAllRanges()
    idle(1_100)
    expect(compacted(container)).toBe(true)
  })

  it('keeps its live render when its text is too long to render again within one idle period', () => {
    const store = syncStore()
    const { container } = render(<Transcript store={store} />)
    const long = `${answer}\n${'More words in a long answer. '.repeat(Math.ceil(maxCompactedChars / 29))}\n`
    expect(long.length).toBeGreaterThan(maxCompactedChars)
    streamInto(store, streamed(long, 4_000))
    idle(5_000)
    expect(compacted(container)).toBe(false)
  })

  it('keeps its nodes when it shows a broken image (jsdom loads none) or an element override renders it', () => {
    const imageStore = syncStore()
    const image = render(<Transcript store={imageStore} />)
    streamInto(imageStore, streamed(`${answer}\n![chart](/chart.png)\n`))
    idle(5_000)
    expect(compacted(image.container)).toBe(false)

    const Strong = ({ children }: { children?: React.ReactNode }) => <strong data-override="">{children}</strong>
    const components = { strong: Strong }
    const overrideStore = syncStore()
    const override = render(<Transcript store={overrideStore} markdownComponents={components} />)
    streamInto(overrideStore, streamed(answer))
    idle(5_000)
    expect(compacted(override.container)).toBe(false)
    expect(override.container.querySelector('[data-override]')).not.toBeNull()
  })
})

import { type AgentUpdate, createTranscriptStore, type Issue, type TranscriptStore } from '@palimpsest/core'
import { afterEach, describe, expect, test, vi } from 'vitest'

const chunk = (text: string, messageId = 'm'): AgentUpdate => ({ type: 'chunk', messageId, text })
const textOf = (store: TranscriptStore, id = 'm') => {
  const part = store.getState().messages[id]?.parts[0]
  return part && 'text' in part ? part.text : undefined
}
const countNotifications = (store: TranscriptStore) => {
  const counter = { count: 0 }
  store.subscribe(() => counter.count++)
  return counter
}

describe('sync', () => {
  test('each apply is reduced at once, with one notification per call (an array is one call)', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const notified = countNotifications(store)
    store.getState().apply(chunk('a'))
    expect(textOf(store)).toBe('a')
    store.getState().apply([chunk('b'), chunk('c'), chunk('d')])
    expect(textOf(store)).toBe('abcd')
    expect(notified.count).toBe(2)
  })
})

describe('microtask', () => {
  test('is the default without requestAnimationFrame: updates of one task become one batch', async () => {
    expect(typeof requestAnimationFrame).toBe('undefined')
    const store = createTranscriptStore()
    const notified = countNotifications(store)
    const { apply } = store.getState()
    apply(chunk('old draft'))
    apply({ type: 'clear', messageId: 'm', target: 'text' })
    apply(chunk('new'))
    expect(store.getState().messages.m).toBeUndefined()
    await Promise.resolve()
    expect(notified.count).toBe(1)
    expect(store.getState().messages.m?.parts[0]).toMatchObject({ text: 'new', epoch: 1 })
  })

  test('flush applies the queue now; the scheduled flush then has nothing to do', async () => {
    const store = createTranscriptStore({ schedule: 'microtask' })
    const notified = countNotifications(store)
    store.getState().apply(chunk('now'))
    store.getState().flush()
    expect(textOf(store)).toBe('now')
    await Promise.resolve()
    expect(notified.count).toBe(1)
  })
})

describe('custom schedule', () => {
  test('is called once when the queue becomes non-empty and decides when to flush', () => {
    const pending: (() => void)[] = []
    const store = createTranscriptStore({ schedule: (flush) => pending.push(flush) })
    const notified = countNotifications(store)
    store.getState().apply(chunk('a'))
    store.getState().apply(chunk('b'))
    expect(pending).toHaveLength(1)
    expect(store.getState().messages.m).toBeUndefined()
    pending[0]?.()
    expect(textOf(store)).toBe('ab')
    expect(notified.count).toBe(1)
    store.getState().apply(chunk('c'))
    expect(pending).toHaveLength(2)
  })
})

describe('frame', () => {
  const frames: FrameRequestCallback[] = []
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    vi.useRealTimers()
    frames.length = 0
  })
  const stubFrames = () => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    vi.stubGlobal('cancelAnimationFrame', () => {})
  }

  test('is the default where requestAnimationFrame exists: one batch and one notification per frame', () => {
    stubFrames()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const store = createTranscriptStore()
    const notified = countNotifications(store)
    store.getState().apply(chunk('a'))
    store.getState().apply(chunk('b'))
    expect(frames).toHaveLength(1)
    expect(store.getState().messages.m).toBeUndefined()
    frames[0]?.(performance.now())
    expect(textOf(store)).toBe('ab')
    expect(notified.count).toBe(1)
  })

  test('when frames stop (a hidden tab) a timer flushes anyway, and the late frame does nothing', () => {
    stubFrames()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const store = createTranscriptStore({ schedule: 'frame' })
    const notified = countNotifications(store)
    store.getState().apply(chunk('hidden'))
    vi.advanceTimersByTime(300)
    expect(textOf(store)).toBe('hidden')
    frames[0]?.(performance.now())
    expect(notified.count).toBe(1)
  })
  test("once a frame's flushes have used the budget, the next store waits a frame and batches what arrives", () => {
    stubFrames()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let now = 1_000
    vi.spyOn(performance, 'now').mockImplementation(() => now)
    const first = createTranscriptStore({ schedule: 'frame', frameBudgetMs: 4 })
    const second = createTranscriptStore({ schedule: 'frame', frameBudgetMs: 4 })
    const notified = countNotifications(second)
    first.getState().apply(chunk('first'))
    second.getState().apply(chunk('a'))
    const [firstFrame, secondFrame] = frames.splice(0)
    // A late frame: its first flush happens however late it starts.
    firstFrame?.(900)
    expect(textOf(first)).toBe('first')
    now += 6 // rendering the first store took 6 ms of this frame
    secondFrame?.(900)
    expect(second.getState().messages.m).toBeUndefined()
    expect(frames).toHaveLength(1)
    second.getState().apply(chunk('b'))
    expect(frames).toHaveLength(1)
    now += 10
    frames.shift()?.(916)
    expect(textOf(second)).toBe('ab')
    expect(notified.count).toBe(1)
  })

  /**
   * Two frame-scheduled stores with a 4 ms budget on a fake clock and timers: `late` waits in the
   * second while the tests let the first use each frame's budget.
   */
  function storeKeptWaiting(clock: { now: number }) {
    stubFrames()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now)
    const first = createTranscriptStore({ schedule: 'frame', frameBudgetMs: 4 })
    const waiting = createTranscriptStore({ schedule: 'frame', frameBudgetMs: 4 })
    waiting.getState().apply(chunk('late'))
    return { first, waiting }
  }

  test('a store the budget keeps waiting is not flushed by the hidden-tab timer while frames go on', () => {
    const clock = { now: 1_000 }
    const { first, waiting } = storeKeptWaiting(clock)
    // Every frame some other store uses the whole budget before the waiting one's turn.
    for (let frame = 0; frame < 30; frame++) {
      const timestamp = 2_000 + frame * 16
      first.getState().apply(chunk('x'))
      const callbacks = frames.splice(0)
      const firstCallback = callbacks.pop()
      firstCallback?.(timestamp)
      clock.now += 6
      for (const callback of callbacks) callback(timestamp)
      vi.advanceTimersByTime(16)
    }
    // 480 ms of frames: the timer (250 ms) never flushed it between frames.
    expect(waiting.getState().messages.m).toBeUndefined()
    // Frames stop: the timer flushes within two periods.
    vi.advanceTimersByTime(500)
    expect(textOf(waiting)).toBe('late')
  })

  test('a store the budget keeps waiting for a second is flushed by the timer even while frames go on', () => {
    const clock = { now: 1_000 }
    const { first, waiting } = storeKeptWaiting(clock)
    let flushedAt: number | undefined
    for (let frame = 0; frame < 80 && flushedAt === undefined; frame++) {
      const timestamp = 2_000 + frame * 16
      first.getState().apply(chunk('x'))
      const callbacks = frames.splice(0)
      const firstCallback = callbacks.pop()
      firstCallback?.(timestamp)
      clock.now += 6
      for (const callback of callbacks.filter((callback) => callback !== firstCallback)) frames.push(callback)
      vi.advanceTimersByTime(16)
      if (waiting.getState().messages.m) flushedAt = (frame + 1) * 16
    }
    // A page too loaded to give it a turn: it shows late (after four 250 ms periods), not never.
    expect(flushedAt).toBeGreaterThanOrEqual(1_000)
    expect(flushedAt).toBeLessThan(1_100)
    expect(textOf(waiting)).toBe('late')
  })

  test('within the budget, or with an infinite one, every store flushes in the same frame', () => {
    stubFrames()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let now = 5_000
    vi.spyOn(performance, 'now').mockImplementation(() => now)
    const stores = [4, 4, Number.POSITIVE_INFINITY].map((frameBudgetMs) =>
      createTranscriptStore({ schedule: 'frame', frameBudgetMs }),
    )
    for (const [index, store] of stores.entries()) store.getState().apply(chunk(`store ${index}`))
    const callbacks = frames.splice(0)
    callbacks[0]?.(4_990)
    now += 3
    callbacks[1]?.(4_990)
    now += 100
    callbacks[2]?.(4_990)
    expect(stores.map((store) => textOf(store))).toEqual(['store 0', 'store 1', 'store 2'])
    expect(frames).toHaveLength(0)
  })
})

describe('reset', () => {
  test('returns to the empty transcript, drops the queue and keeps the actions working', () => {
    const store = createTranscriptStore({ schedule: (flush) => void flush })
    store.getState().apply(chunk('queued, never applied'))
    store.getState().reset()
    store.getState().flush()
    expect(store.getState().messageIds).toEqual([])
    store.getState().apply(chunk('after reset'))
    store.getState().flush()
    expect(textOf(store)).toBe('after reset')
  })

  test('returns to the initial state it was given', () => {
    const seeded = createTranscriptStore({ schedule: 'sync' })
    seeded.getState().apply(chunk('saved'))
    const { apply: _a, flush: _f, reset: _r, ...saved } = seeded.getState()
    const store = createTranscriptStore({ schedule: 'sync', initialState: saved })
    store.getState().apply(chunk(' and more'))
    expect(textOf(store)).toBe('saved and more')
    store.getState().reset()
    expect(textOf(store)).toBe('saved')
  })
})

describe('issues', () => {
  test('dropped updates reach onIssue, and a batch of only bad updates notifies no one', () => {
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync', onIssue: (issue) => issues.push(issue) })
    const notified = countNotifications(store)
    store.getState().apply({ type: 'clear', messageId: 'nowhere', target: 'text' })
    store.getState().apply({ type: 'bogus' } as never)
    expect(issues.map((i) => i.code)).toEqual(['unknown-message', 'malformed-update'])
    expect(notified.count).toBe(0)
  })

  test('a throwing onIssue does not break the store: the rest of the batch still applies', () => {
    const store = createTranscriptStore({
      schedule: 'sync',
      onIssue: () => {
        throw new Error('handler bug')
      },
    })
    expect(() =>
      store
        .getState()
        .apply([chunk('a'), { type: 'bogus' } as never, chunk('b'), { type: 'message-done', messageId: 'x' }]),
    ).not.toThrow()
    store.getState().apply(chunk('c'))
    expect(textOf(store)).toBe('abc')
  })

  test('without onIssue bad input is dropped silently', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    expect(() => store.getState().apply([42 as never, chunk('ok')])).not.toThrow()
    expect(textOf(store)).toBe('ok')
  })
})

test('a subscriber that applies during a notification does not lose updates', () => {
  const store = createTranscriptStore({ schedule: 'sync' })
  let echoed = false
  store.subscribe((state) => {
    if (!echoed && state.messages.m) {
      echoed = true
      state.apply(chunk('reply', 'n'))
    }
  })
  store.getState().apply(chunk('ping'))
  expect(store.getState().messageIds).toEqual(['m', 'n'])
})

import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { type AgentUpdate, createTranscriptStore, type Issue, type TranscriptStore } from '@palimpsest/core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

setFlagsFromString('--expose-gc')

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
  /** The page's animation-frame requests, in the order made. */
  const frames: FrameRequestCallback[] = []
  const clock = { now: 1_000 }
  /** What each store flushed (its text when notified) and whether that happened in a frame. */
  let flushes: { store: string; text: string | undefined; inFrame: boolean }[] = []
  let inFrame = false
  /** A fresh module per test: the frame loop is shared by every store of a page, so a test is a page. */
  let createStore: typeof createTranscriptStore

  beforeEach(async () => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now)
    vi.resetModules()
    createStore = (await import('@palimpsest/core')).createTranscriptStore
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    vi.useRealTimers()
    frames.length = 0
    flushes = []
    inFrame = false
    clock.now = 1_000
  })

  /** The microtasks queued so far and those they queue, all run (`setImmediate` is not faked). */
  const drainMicrotasks = () => new Promise((resolve) => setImmediate(resolve))

  /** Runs the pending animation frame as a browser does: its callback, then the microtasks it queued. */
  async function runFrame() {
    expect(frames).toHaveLength(1)
    const callback = frames.shift() as FrameRequestCallback
    inFrame = true
    callback(clock.now)
    await drainMicrotasks()
    inFrame = false
    clock.now += 16
  }

  /**
   * A frame-scheduled store named `name` whose notification (its render) takes `renderMs` on the
   * clock, synchronously or, with `inMicrotask`, in a microtask as React's re-render does.
   */
  function storeRendering(name: string, renderMs: number, { frameBudgetMs = 4, inMicrotask = false } = {}) {
    const store = createStore({ schedule: 'frame', frameBudgetMs })
    store.subscribe(() => {
      flushes.push({ store: name, text: textOf(store), inFrame })
      const render = () => {
        clock.now += renderMs
      }
      if (inMicrotask) queueMicrotask(render)
      else render()
    })
    return store
  }
  const flushedStores = () => flushes.map((flush) => flush.store)

  test('is the default where requestAnimationFrame exists: one batch and one notification per frame', async () => {
    const store = createStore()
    const notified = countNotifications(store)
    store.getState().apply(chunk('a'))
    store.getState().apply(chunk('b'))
    expect(frames).toHaveLength(1)
    expect(store.getState().messages.m).toBeUndefined()
    await runFrame()
    expect(textOf(store)).toBe('ab')
    expect(notified.count).toBe(1)
    expect(frames).toHaveLength(0)
  })

  test('a hundred streaming stores hold one animation-frame request between them, and flush in the order they queued', async () => {
    const stores = Array.from({ length: 100 }, (_, index) => storeRendering(`s${index}`, 1))
    for (const [index, store] of stores.entries()) store.getState().apply(chunk(`text ${index}`))
    expect(frames).toHaveLength(1)
    let framesRun = 0
    while (frames.length > 0) {
      await runFrame()
      framesRun++
      // Each frame flushes stores for its 4 ms (1 ms each, the first at 0 ms) and asks for one more frame.
      expect(flushes).toHaveLength(Math.min(100, framesRun * 5))
      expect(frames.length).toBeLessThanOrEqual(1)
    }
    expect(framesRun).toBe(20)
    expect(flushedStores()).toEqual(stores.map((_, index) => `s${index}`))
    expect(stores.map((store) => textOf(store))).toEqual(stores.map((_, index) => `text ${index}`))
  })

  test('stores over the budget flush first in the next frame, in their order, with what arrived meanwhile', async () => {
    const [first, second, third, later] = ['first', 'second', 'third', 'later'].map((name) => storeRendering(name, 6))
    first?.getState().apply(chunk('first'))
    second?.getState().apply(chunk('a'))
    third?.getState().apply(chunk('third'))
    // A late frame: its first flush happens however long the first store takes.
    await runFrame()
    expect(flushedStores()).toEqual(['first'])
    later?.getState().apply(chunk('later'))
    second?.getState().apply(chunk('b'))
    expect(frames).toHaveLength(1)
    await runFrame()
    await runFrame()
    await runFrame()
    expect(flushes).toEqual([
      { store: 'first', text: 'first', inFrame: true },
      { store: 'second', text: 'ab', inFrame: true },
      { store: 'third', text: 'third', inFrame: true },
      { store: 'later', text: 'later', inFrame: true },
    ])
    expect(frames).toHaveLength(0)
  })

  test("the next store's budget check waits for the work a notification queued in a microtask (React's re-render)", async () => {
    const stores = ['a', 'b', 'c'].map((name) => storeRendering(name, 3, { inMicrotask: true }))
    for (const store of stores) store.getState().apply(chunk('x'))
    await runFrame()
    // a renders 3 ms (within 4, b goes on), b 3 more: c would start 6 ms into the frame.
    expect(flushedStores()).toEqual(['a', 'b'])
    await runFrame()
    expect(flushedStores()).toEqual(['a', 'b', 'c'])
  })

  test('a store flushed directly leaves the line: the loop does not flush it again, and new updates queue it at the back', async () => {
    const direct = storeRendering('direct', 6)
    const other = storeRendering('other', 6)
    direct.getState().apply(chunk('a'))
    other.getState().apply(chunk('other'))
    direct.getState().flush()
    direct.getState().apply(chunk('b'))
    expect(frames).toHaveLength(1)
    await runFrame()
    await runFrame()
    expect(flushes).toEqual([
      { store: 'direct', text: 'a', inFrame: false },
      { store: 'other', text: 'other', inFrame: true },
      { store: 'direct', text: 'ab', inFrame: true },
    ])
    expect(frames).toHaveLength(0)
  })

  test('a store reset while queued shows nothing of the dropped updates at the frame; later ones flush', async () => {
    const store = storeRendering('store', 1)
    store.getState().apply(chunk('dropped'))
    store.getState().reset()
    expect(flushes).toEqual([{ store: 'store', text: undefined, inFrame: false }])
    await runFrame()
    expect(flushes).toHaveLength(1)
    store.getState().apply(chunk('after reset'))
    await runFrame()
    expect(flushes.at(-1)).toEqual({ store: 'store', text: 'after reset', inFrame: true })
  })

  test('a store queued during a frame waits for the next one, so no store flushes twice in a frame', async () => {
    // An infinite budget and a subscriber that answers every flush with another update.
    const echo = createStore({ schedule: 'frame', frameBudgetMs: Number.POSITIVE_INFINITY })
    const notified = countNotifications(echo)
    echo.subscribe(() => echo.getState().apply(chunk('.')))
    echo.getState().apply(chunk('x'))
    await runFrame()
    expect(notified.count).toBe(1)
    expect(frames).toHaveLength(1)
    await runFrame()
    expect(notified.count).toBe(2)
    expect(textOf(echo)).toBe('x.')
  })

  test("a subscriber that throws is reported, and the frame's other stores still flush", async () => {
    const reported: unknown[] = []
    const runMicrotask = queueMicrotask
    vi.stubGlobal('queueMicrotask', (callback: () => void) =>
      runMicrotask(() => {
        try {
          callback()
        } catch (error) {
          reported.push(error)
        }
      }),
    )
    const failing = storeRendering('failing', 1)
    failing.subscribe(() => {
      throw new Error('subscriber bug')
    })
    const other = storeRendering('other', 1)
    failing.getState().apply(chunk('a'))
    other.getState().apply(chunk('b'))
    await runFrame()
    expect(flushes).toEqual([
      { store: 'failing', text: 'a', inFrame: true },
      { store: 'other', text: 'b', inFrame: true },
    ])
    expect(reported).toEqual([new Error('subscriber bug')])
    failing.getState().apply(chunk('c'))
    await runFrame()
    expect(textOf(failing)).toBe('ac')
  })

  test('within the budget every store flushes in the same frame, and a store with an infinite budget never waits', async () => {
    const stores = [
      storeRendering('a', 3),
      storeRendering('b', 100),
      storeRendering('c', 1),
      storeRendering('unbudgeted', 1, { frameBudgetMs: Number.POSITIVE_INFINITY }),
    ]
    for (const store of stores) store.getState().apply(chunk('x'))
    await runFrame()
    // a: 3 ms, within b's 4 ms; b took 100 ms, so c waits; the unbudgeted store does not.
    expect(flushedStores()).toEqual(['a', 'b', 'unbudgeted'])
    await runFrame()
    expect(flushedStores()).toEqual(['a', 'b', 'unbudgeted', 'c'])
  })

  /** Lets `ms` pass: the timers due meanwhile run, each followed by the microtasks it queued. */
  async function advance(ms: number) {
    await vi.advanceTimersByTimeAsync(ms)
    await drainMicrotasks()
  }

  test('when frames stop (a hidden tab) the timer flushes every waiting store once, and the late frame does nothing', async () => {
    const stores = ['a', 'b', 'c'].map((name) => storeRendering(name, 6))
    for (const store of stores) store.getState().apply(chunk('hidden'))
    await advance(249)
    expect(flushes).toEqual([])
    await advance(1)
    expect(flushedStores()).toEqual(['a', 'b', 'c'])
    expect(flushes.every((flush) => flush.text === 'hidden' && !flush.inFrame)).toBe(true)
    await runFrame()
    expect(flushes).toHaveLength(3)
    expect(frames).toHaveLength(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  test('a store the budget keeps waiting is not flushed by the hidden-tab timer while frames go on', async () => {
    // Each store's render takes the whole budget: one store flushes per frame, 16 ms apart.
    const stores = Array.from({ length: 30 }, (_, index) => storeRendering(`s${index}`, 6))
    for (const store of stores) store.getState().apply(chunk('x'))
    for (let frame = 0; frame < 29; frame++) {
      await advance(16)
      await runFrame()
    }
    // 464 ms of frames: the last store is still waiting, and no flush happened between frames.
    expect(flushes).toHaveLength(29)
    expect(flushes.every((flush) => flush.inFrame)).toBe(true)
    expect(textOf(stores[29] as TranscriptStore)).toBeUndefined()
    await advance(16)
    await runFrame()
    expect(flushes.at(-1)).toEqual({ store: 's29', text: 'x', inFrame: true })
  })

  test('stores the budget keeps waiting four periods are flushed by the timer, one budget per task, frames running between', async () => {
    const stores = Array.from({ length: 80 }, (_, index) => storeRendering(`s${index}`, 6))
    for (const store of stores) store.getState().apply(chunk('x'))
    // 62 frames, one store each, until 992 ms: no store has waited four periods yet.
    for (let frame = 0; frame < 62; frame++) {
      await advance(16)
      await runFrame()
    }
    expect(flushes).toHaveLength(62)
    expect(flushes.every((flush) => flush.inFrame)).toBe(true)
    // At 1,000 ms the 18 stores left have waited four periods. One timer task flushes one budget's worth…
    vi.advanceTimersToNextTimer()
    await drainMicrotasks()
    expect(flushes).toHaveLength(63)
    expect(flushes.at(-1)).toEqual({ store: 's62', text: 'x', inFrame: false })
    // …and a frame can run before the next one.
    await runFrame()
    expect(flushes.at(-1)).toEqual({ store: 's63', text: 'x', inFrame: true })
    // The rest follow in further timer tasks of 0 ms (a browser makes nested ones 4 ms).
    await advance(100)
    // The page shows every store's text late (after about a second), not never.
    expect(flushes).toHaveLength(80)
    expect(flushedStores()).toEqual(stores.map((_, index) => `s${index}`))
    expect(stores.every((store) => textOf(store) === 'x')).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })

  test('a frame or timer lost with replaced fake timers (one test to the next) does not keep later stores waiting', async () => {
    const before = storeRendering('before', 1)
    before.getState().apply(chunk('x'))
    // The fake requestAnimationFrame and setTimeout are replaced, and what was pending through them is dropped.
    frames.length = 0
    vi.useRealTimers()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    const after = storeRendering('after', 1)
    after.getState().apply(chunk('y'))
    await runFrame()
    expect(flushes).toEqual([
      { store: 'before', text: 'x', inFrame: true },
      { store: 'after', text: 'y', inFrame: true },
    ])
    // Frames stop: the new timer flushes.
    frames.length = 0
    vi.useRealTimers()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    after.getState().apply(chunk('z'))
    await advance(250)
    expect(flushes.at(-1)).toEqual({ store: 'after', text: 'yz', inFrame: false })
  })

  test('the loop keeps a store nobody else references only until its flush has run', async () => {
    const gc = runInNewContext('gc') as () => void
    const nextTask = () => new Promise((resolve) => setImmediate(resolve))
    /** A listener lives as long as the store's internals (its flush) do. */
    const queueAndDrop = () => {
      const store = createStore({ schedule: 'frame' })
      const listener = () => {}
      store.subscribe(listener)
      store.getState().apply(chunk('x'))
      return new WeakRef(listener)
    }
    const listener = queueAndDrop()
    // A WeakRef holds its target until the task that made or read it ends.
    await nextTask()
    gc()
    expect(listener.deref()).toBeDefined()
    await runFrame()
    await nextTask()
    gc()
    expect(listener.deref()).toBeUndefined()
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

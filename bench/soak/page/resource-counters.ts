/**
 * Counts what a component can leak: event listeners on `window` and `document`, and pending
 * timeouts, intervals and animation frames. Loaded by its own script tag before the page's module,
 * so every registration the library makes goes through these wrappers.
 */
export interface ResourceCounts {
  windowListeners: number
  documentListeners: number
  timeouts: number
  intervals: number
  animationFrames: number
}

type Listener = EventListenerOrEventListenerObject

function listenerCounter(target: EventTarget) {
  const active = new Set<string>()
  const ids = new WeakMap<object, number>()
  let next = 0
  const key = (type: string, listener: Listener | null, options?: boolean | EventListenerOptions) => {
    if (!listener) return undefined
    let id = ids.get(listener)
    if (id === undefined) {
      id = next++
      ids.set(listener, id)
    }
    const capture = typeof options === 'boolean' ? options : Boolean(options?.capture)
    return `${type}:${id}:${capture}`
  }
  const add = target.addEventListener.bind(target)
  const remove = target.removeEventListener.bind(target)
  target.addEventListener = (type: string, listener: Listener | null, options?: boolean | AddEventListenerOptions) => {
    const k = key(type, listener, options)
    if (k) {
      active.add(k)
      const signal = typeof options === 'object' ? options.signal : undefined
      signal?.addEventListener('abort', () => active.delete(k), { once: true })
    }
    add(type, listener, options)
  }
  target.removeEventListener = (type: string, listener: Listener | null, options?: boolean | EventListenerOptions) => {
    const k = key(type, listener, options)
    if (k) active.delete(k)
    remove(type, listener, options)
  }
  return () => active.size
}

const windowListeners = listenerCounter(window)
const documentListeners = listenerCounter(document)

const timeouts = new Set<unknown>()
const intervals = new Set<unknown>()
const frames = new Set<number>()
const { setTimeout: rawSetTimeout, clearTimeout: rawClearTimeout } = window
const { setInterval: rawSetInterval, clearInterval: rawClearInterval } = window
const { requestAnimationFrame: rawRequestFrame, cancelAnimationFrame: rawCancelFrame } = window

window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
  const id = rawSetTimeout(
    (...inner: unknown[]) => {
      timeouts.delete(id)
      if (typeof handler === 'function') handler(...inner)
    },
    delay,
    ...args,
  )
  timeouts.add(id)
  return id
}) as typeof window.setTimeout
window.clearTimeout = ((id?: number) => {
  timeouts.delete(id)
  rawClearTimeout(id)
}) as typeof window.clearTimeout
window.setInterval = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
  const id = rawSetInterval(handler, delay, ...args)
  intervals.add(id)
  return id
}) as typeof window.setInterval
window.clearInterval = ((id?: number) => {
  intervals.delete(id)
  rawClearInterval(id)
}) as typeof window.clearInterval
window.requestAnimationFrame = (callback: FrameRequestCallback) => {
  const id = rawRequestFrame((time) => {
    frames.delete(id)
    callback(time)
  })
  frames.add(id)
  return id
}
window.cancelAnimationFrame = (id: number) => {
  frames.delete(id)
  rawCancelFrame(id)
}

function resourceCounts(): ResourceCounts {
  return {
    windowListeners: windowListeners(),
    documentListeners: documentListeners(),
    timeouts: timeouts.size,
    intervals: intervals.size,
    animationFrames: frames.size,
  }
}

declare global {
  interface Window {
    resourceCounts: () => ResourceCounts
  }
}
window.resourceCounts = resourceCounts

/**
 * One `ResizeObserver` for every transcript on the page, whose callback runs each subscriber's steps
 * in lockstep: the first step of all of them, then the second of all of them, and so on. A step that
 * only reads layout then never follows another subscriber's write. With one observer per transcript,
 * each callback read the layout the previous one had just changed: a forced layout per transcript
 * per frame, in a dashboard of a hundred.
 */
export type ResizeSteps = readonly (() => void)[]

const subscribers = new Map<Element, ResizeSteps>()
let shared: ResizeObserver | undefined

function runSteps(entries: ResizeObserverEntry[]) {
  const due = new Set<ResizeSteps>()
  for (const entry of entries) {
    const steps = subscribers.get(entry.target)
    if (steps) due.add(steps)
  }
  let count = 0
  for (const steps of due) count = Math.max(count, steps.length)
  for (let step = 0; step < count; step++) for (const steps of due) steps[step]?.()
}

/** Runs `steps` when any of `elements` changes size; returns the function that stops it. */
export function observeResizeInSteps(elements: readonly Element[], steps: ResizeSteps): () => void {
  shared ??= new ResizeObserver(runSteps)
  const observer = shared
  for (const element of elements) {
    subscribers.set(element, steps)
    observer.observe(element)
  }
  return () => {
    for (const element of elements) {
      subscribers.delete(element)
      observer.unobserve(element)
    }
  }
}

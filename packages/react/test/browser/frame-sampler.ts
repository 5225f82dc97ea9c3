/**
 * Records what a page shows over time: one sample per animation frame (what gets painted) and one
 * per DOM mutation (every committed state, painted or not), plus layout-shift entries.
 */
export interface Sample {
  time: number
  text: string
  source: 'frame' | 'mutation'
  /** What `locate` returned at that moment (positions of watched elements), when given. */
  positions?: string
}

export interface Recording {
  samples: Sample[]
  layoutShifts: { startTime: number; value: number }[]
  stop(): Promise<void>
}

interface LayoutShiftEntry extends PerformanceEntry {
  value: number
  hadRecentInput: boolean
}

/** `locate`: optional, read at every sample too (e.g. where the unchanged content above an edit is). */
export function record(root: HTMLElement, read: () => string, locate?: () => string): Recording {
  const samples: Sample[] = []
  const layoutShifts: { startTime: number; value: number }[] = []
  let running = true
  const onFrame = (time: number) => {
    if (!running) return
    samples.push({ time, text: read(), source: 'frame', ...(locate && { positions: locate() }) })
    requestAnimationFrame(onFrame)
  }
  requestAnimationFrame(onFrame)
  const mutations = new MutationObserver(() =>
    samples.push({ time: performance.now(), text: read(), source: 'mutation', ...(locate && { positions: locate() }) }),
  )
  mutations.observe(root, { childList: true, subtree: true, characterData: true })
  const shifts = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShiftEntry[])
      if (!entry.hadRecentInput) layoutShifts.push({ startTime: entry.startTime, value: entry.value })
  })
  shifts.observe({ type: 'layout-shift', buffered: true })
  return {
    samples,
    layoutShifts,
    async stop() {
      await nextFrame()
      await nextFrame()
      for (const entry of shifts.takeRecords() as LayoutShiftEntry[])
        if (!entry.hadRecentInput) layoutShifts.push({ startTime: entry.startTime, value: entry.value })
      running = false
      mutations.disconnect()
      shifts.disconnect()
    },
  }
}

export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve))
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

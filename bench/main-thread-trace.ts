/** A Chrome trace (`devtools.timeline`) of what a page's main thread does while `run` runs. */
import type { CDPSession } from 'playwright-core'

export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

/** Runs `run` while tracing; returns its result and the renderer main thread's complete events, in order. */
export async function traceMainThread<T>(
  cdp: CDPSession,
  run: () => Promise<T>,
  extraCategories: readonly string[] = [],
): Promise<{ result: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = []
  const collect = ({ value }: { value: unknown[] }) => events.push(...(value as TraceEvent[]))
  cdp.on('Tracing.dataCollected', collect)
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', '__metadata', ...extraCategories] },
    transferMode: 'ReportEvents',
  })
  const result = await run()
  await cdp.send('Tracing.end')
  await complete
  cdp.off('Tracing.dataCollected', collect)
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  const onMain = events
    .filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  return { result, events: onMain }
}

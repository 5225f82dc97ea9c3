/**
 * Where a dashboard's frames go, by Chromium's own trace events (`devtools.timeline`): self time per
 * event kind (script, style, layout, pre-paint, paint, …) per second, and the layouts and style
 * recalcs forced by script (nested in a script event) apart from the frame's own.
 *
 *   npx tsx bench/dashboard-trace.ts [streams] [renderer,...]
 *
 * Renderers run one after the other in the order given (repeat a name to alternate variants).
 * `READABLE=1` serves unminified pages (real function names). `SLOWEST=n` adds the n frames of most thread CPU and the mean frame of each fifth of the run, by event kind.
 * `LAYOUTS=1` adds the mean layout of each fifth of the run, with its dirty and total layout objects.
 */
import { fileURLToPath } from 'node:url'
import { launchBrowser, openBenchPage } from './browser-session'
import { buildPages, type RendererName } from './build-pages'
import { fullConfig } from './config'
import { loadCorpus } from './corpus'
import { type TraceEvent, traceMainThread } from './main-thread-trace'
import { countDroppedFrames, dashboardTexts } from './scenarios/dashboard'
import { serveDirectory } from './static-server'
import { percentile } from './stats'

const top = Number(process.env.TOP ?? 12)
const streams = Number(process.argv[2] ?? 100)
/** `palimpsest`, `palimpsest@<directory>` (pages built earlier into `bench/.cache/<directory>`), `palimpsest+<css experiment>`. */
const variants = process.argv[3]?.split(',') ?? ['palimpsest']
const experiments: Record<string, string> = {
  noisolate: '[data-palimpsest-block-page]{isolation:auto!important}',
  noisolatelast2: '[data-palimpsest-block-page]:nth-last-child(-n+2){isolation:auto!important}',
  noisolatelast: '[data-palimpsest-block-page]:last-child{isolation:auto!important}',
  nogutter: '[data-palimpsest-scroller]{scrollbar-gutter:auto!important}',
  containstrict: '[data-palimpsest-transcript]{contain:strict}',
  containscroller: '[data-palimpsest-scroller]{contain:strict}',
  contentscroller: '[data-palimpsest-scroller]{contain:content}',
  opaque: '[data-palimpsest-scroller]{background-color:#fff}',
  willscroll: '[data-palimpsest-scroller]{will-change:scroll-position}',
  noannouncer: '[data-palimpsest-announcer]{display:none!important}',
  noscroller: '[data-palimpsest-scroller]{overflow:hidden!important}',
  clipscroller: '[data-palimpsest-scroller]{overflow:clip!important}',
  visiblescroller: '[data-palimpsest-scroller]{overflow:visible!important}',
  noinnerscroll: '[data-palimpsest-markdown] pre,[data-palimpsest-markdown] table{overflow-x:visible!important}',
  hiddeninner: '[data-palimpsest-markdown] pre,[data-palimpsest-markdown] table{overflow-x:hidden!important}',
  cvinner:
    '[data-palimpsest-markdown] pre,[data-palimpsest-markdown] table{content-visibility:auto;contain-intrinsic-size:auto 3em}',
  cvpage: '[data-palimpsest-block-page]:not(:last-child){content-visibility:auto;contain-intrinsic-size:auto 20em}',
  isotranscript: '[data-palimpsest-transcript]{isolation:isolate}',
  isopre: '[data-palimpsest-markdown] pre,[data-palimpsest-markdown] table{isolation:isolate}',
  transparentpre: '[data-palimpsest-markdown] pre{background:transparent!important}',
  noscrollers:
    '[data-palimpsest-markdown] pre,[data-palimpsest-markdown] pre>code,[data-palimpsest-markdown] table{overflow:visible!important}',
  noframeclip: '[data-palimpsest-markdown] pre{overflow:visible!important}',
  nofloor: '[data-palimpsest-scroll-floor]{display:none!important}',
  blockmessages: '[data-palimpsest-messages]{display:block!important}',
  blockframe:
    '[data-palimpsest-transcript]{display:block!important}[data-palimpsest-scroller]{height:100%;box-sizing:border-box}[data-palimpsest-messages]{display:block!important}',
  innernobar:
    '[data-palimpsest-markdown] pre,[data-palimpsest-markdown] pre>code,[data-palimpsest-markdown] table{scrollbar-width:none}',
  nobars: '*{scrollbar-width:none!important}',
  noinnerscroll2: '[data-palimpsest-markdown] pre>code,[data-palimpsest-markdown] table{overflow:visible!important}',
  nocellborders: '[data-palimpsest-markdown] th,[data-palimpsest-markdown] td{border:0!important}',
}
const { chunksPerSecond, warmupMs, durationMs } = fullConfig.dashboard
const corpus = loadCorpus(512 * 1024)
const texts = dashboardTexts(corpus.documents, fullConfig.dashboard)
const servers = new Map<string, Awaited<ReturnType<typeof serveDirectory>>>()
// `READABLE=1`: unminified pages, so the slowest frames' scripts have their own names.
servers.set(
  '',
  await serveDirectory(await buildPages(process.env.READABLE ? { directory: 'pages-readable', readable: true } : {})),
)
for (const variant of variants) {
  const directory = variant.split('@')[1]
  if (directory && !servers.has(directory))
    servers.set(directory, await serveDirectory(fileURLToPath(new URL(`./.cache/${directory}/`, import.meta.url))))
}
const browser = await launchBrowser({ unthrottledFrames: false })

/** `tdur`: the event's thread CPU time (µs), which other processes' load does not inflate. */
type DataEvent = TraceEvent & { tdur?: number; args?: { data?: { type?: string } } }
const cpu = (event: DataEvent) => (event.tdur ?? event.dur ?? 0) / 1000
const scriptEvents = new Set(['FunctionCall', 'EventDispatch', 'FireAnimationFrame', 'TimerFire', 'v8.execute'])

const forcedCpu = new Map<string, number>()

/** Self time (ms) per event name, forced layouts and style recalcs (inside script) separately. */
function breakdown(events: readonly DataEvent[]) {
  const self = new Map<string, number>()
  const counts = new Map<string, number>()
  const stack: DataEvent[] = []
  const add = (key: string, ms: number) => self.set(key, (self.get(key) ?? 0) + ms)
  for (const event of events) {
    while (stack.length && (stack.at(-1) as DataEvent).ts + ((stack.at(-1) as DataEvent).dur ?? 0) <= event.ts)
      stack.pop()
    const parent = stack.at(-1)
    const inScript = stack.some((e) => scriptEvents.has(e.name))
    let key = event.name
    if (event.name === 'EventDispatch') key = `EventDispatch ${event.args?.data?.type ?? ''}`
    if ((event.name === 'Layout' || event.name === 'UpdateLayoutTree') && inScript)
      key = `${event.name} (forced, in ${stack.filter((e) => scriptEvents.has(e.name)).at(-1)?.name})`
    if (key.startsWith('Layout (forced') || key.startsWith('UpdateLayoutTree (forced')) {
      const frames = (
        event.args as { beginData?: { stackTrace?: { functionName: string; url?: string; lineNumber: number }[] } }
      )?.beginData?.stackTrace
      const where = `${key} at ${
        frames
          ?.slice(0, 3)
          .map(
            (f) =>
              `${f.functionName || '?'}:${f.url?.split('/').pop()}:${f.lineNumber}:${(f as { columnNumber?: number }).columnNumber}`,
          )
          .join(' < ') ?? '?'
      }`
      add(where, 0)
      counts.set(where, (counts.get(where) ?? 0) + 1)
      forcedCpu.set(where, (forcedCpu.get(where) ?? 0) + cpu(event))
    }
    add(key, cpu(event))
    counts.set(key, (counts.get(key) ?? 0) + 1)
    if (parent) {
      let parentKey = parent.name
      if (parent.name === 'EventDispatch') parentKey = `EventDispatch ${parent.args?.data?.type ?? ''}`
      if (
        (parent.name === 'Layout' || parent.name === 'UpdateLayoutTree') &&
        stack.slice(0, -1).some((e) => scriptEvents.has(e.name))
      )
        parentKey = `${parent.name} (forced, in ${
          stack
            .slice(0, -1)
            .filter((e) => scriptEvents.has(e.name))
            .at(-1)?.name
        })`
      add(parentKey, -cpu(event))
    }
    stack.push(event)
  }
  return { self, counts }
}

/** Frame rendering steps: the first animation-frame callback after one of them starts the next frame. */
const renderingSteps = new Set(['PrePaint', 'Paint', 'Layerize'])

/**
 * The top-level events cut into frames (a frame runs from its first animation-frame callback to the
 * next frame's), each with its thread CPU per event kind: the tasks between two frames count to the
 * first, since they delay the second.
 */
function framesOf(events: readonly DataEvent[]) {
  const frames: { start: number; kinds: Map<string, number>; cpu: number; largest?: number }[] = []
  let end = 0
  let painted = true
  events.forEach((event, index) => {
    if (event.ts < end) return
    end = event.ts + (event.dur ?? 0)
    if (event.name === 'FireAnimationFrame' && painted) {
      frames.push({ start: event.ts, kinds: new Map(), cpu: 0 })
      painted = false
    }
    if (renderingSteps.has(event.name)) painted = true
    const frame = frames.at(-1)
    if (!frame) return
    frame.kinds.set(event.name, (frame.kinds.get(event.name) ?? 0) + cpu(event))
    frame.cpu += cpu(event)
    if (frame.largest === undefined || cpu(event) > cpu(events[frame.largest] as DataEvent)) frame.largest = index
  })
  return frames
}

/** The script an event ran: its first function call (a timer's or task's callback), by name and place. */
function scriptOf(events: readonly DataEvent[], index: number): string {
  const event = events[index] as DataEvent
  for (let i = index; i < events.length && (events[i] as DataEvent).ts < event.ts + (event.dur ?? 0); i++) {
    const data = (events[i] as DataEvent).args?.data as
      | { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number }
      | undefined
    if ((events[i] as DataEvent).name === 'FunctionCall' && data)
      return `${data.functionName || '?'} ${data.url?.split('/').pop()}:${data.lineNumber}:${data.columnNumber}`
  }
  return ''
}

const kindsText = (kinds: Map<string, number>, divisor = 1) =>
  [...kinds]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([kind, ms]) => `${kind} ${(ms / divisor).toFixed(1)}`)
    .join(', ')

/** `SLOWEST=n`: the n frames of most thread CPU, and the mean frame of each fifth of the run, by event kind. */
function printFrames(events: readonly DataEvent[], slowest: number) {
  const frames = framesOf(events)
  for (const frame of [...frames].sort((a, b) => b.cpu - a.cpu).slice(0, slowest))
    console.log(
      `  frame ${frame.cpu.toFixed(1)} ms CPU: ${kindsText(frame.kinds)}; largest ${(events[frame.largest ?? 0] as DataEvent).name} ${cpu(events[frame.largest ?? 0] as DataEvent).toFixed(1)} ms ${scriptOf(events, frame.largest ?? 0)}`,
    )
  const fifth = Math.ceil(frames.length / 5)
  for (let i = 0; i < frames.length; i += fifth) {
    const part = frames.slice(i, i + fifth)
    const kinds = new Map<string, number>()
    for (const frame of part) for (const [kind, ms] of frame.kinds) kinds.set(kind, (kinds.get(kind) ?? 0) + ms)
    const total = part.reduce((sum, frame) => sum + frame.cpu, 0)
    console.log(
      `  frames ${i}–${i + part.length - 1}: mean ${(total / part.length).toFixed(1)} ms CPU: ${kindsText(kinds, part.length)}`,
    )
  }
}

try {
  for (const variant of variants) {
    const [name = '', directory = ''] = variant.split('@')
    const [renderer, experiment] = name.split('+') as [RendererName, string | undefined]
    const server = servers.get(directory) as Awaited<ReturnType<typeof serveDirectory>>
    const bench = await openBenchPage(browser, server.origin, renderer, { width: 1600, height: 1400 })
    if (experiment) await bench.page.addStyleTag({ content: experiments[experiment] ?? '' })
    try {
      const { result, events } = await traceMainThread(
        bench.cdp,
        () => bench.call('dashboard', { texts, chunksPerSecond, warmupMs, durationMs, streams, seed: fullConfig.seed }),
        process.env.FORCED ? ['disabled-by-default-devtools.timeline.stack'] : [],
      )
      const seconds = (warmupMs + durationMs) / 1000
      const { self, counts } = breakdown(events as DataEvent[])
      const total = [...self.values()].reduce((a, b) => a + b, 0)
      console.log(
        `\n${variant}: ${streams} streams, work p95 ${percentile(result.frameWorkMs, 95).toFixed(1)} ms, dropped ${countDroppedFrames(result.frameIntervalsMs)}, long ${result.longTasksMs.length}; ${result.frames} frames, thread CPU ${(total / seconds).toFixed(0)} ms/s, ${(total / result.frames).toFixed(1)} ms/frame (load ${(await import('node:os')).loadavg()[0]?.toFixed(1)})`,
      )
      for (const [key, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
        console.log(
          `${(ms / seconds).toFixed(1).padStart(8)} ms/s  ${(ms / result.frames).toFixed(2).padStart(6)} ms/frame  ${String(counts.get(key)).padStart(7)}×  ${key}`,
        )
      if (process.env.FORCED)
        for (const [where, ms] of [...forcedCpu.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8))
          console.log(`  forced ${ms.toFixed(1)} ms (incl. children) ${counts.get(where)}×  ${where}`)
      forcedCpu.clear()
      if (process.env.SLOWEST) printFrames(events as DataEvent[], Number(process.env.SLOWEST))
      if (process.env.LAYOUTS) {
        const layouts = (events as DataEvent[]).filter((e) => e.name === 'Layout')
        const fifth = Math.ceil(layouts.length / 5)
        for (let i = 0; i < layouts.length; i += fifth) {
          const part = layouts.slice(i, i + fifth)
          const data = part.map(
            (e) => (e.args as { beginData?: { dirtyObjects?: number; totalObjects?: number } }).beginData ?? {},
          )
          const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
          console.log(
            `  layouts ${i}–${i + part.length - 1}: mean ${mean(part.map(cpu)).toFixed(2)} ms, dirty ${mean(data.map((d) => d.dirtyObjects ?? 0)).toFixed(0)} of ${mean(data.map((d) => d.totalObjects ?? 0)).toFixed(0)} objects`,
          )
        }
      }
    } finally {
      await bench.close()
    }
  }
} finally {
  await browser.close()
  for (const server of servers.values()) await server.close()
}

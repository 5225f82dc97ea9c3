/**
 * The in-page side of the harness: drives one renderer frame by frame and measures it. Installed as
 * `window.__bench` by each page's entry.
 */
import { chunkText } from '../chunking'
import type {
  BenchPageApi,
  CorrectnessResult,
  DashboardRequest,
  DashboardResult,
  MarkupComparison,
  RewriteRequest,
  RewriteResult,
  StreamRequest,
  StreamResult,
} from '../page-protocol'
import { viewCalls } from '../rewrite-ops'
import type { MessageView, Renderer } from './renderer'

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Lets asynchronous rendering (effects, timers, lazy chunks) finish before the DOM is read. */
async function settle(): Promise<void> {
  await nextFrame()
  await sleep(300)
  await nextFrame()
}

function host(id: string): HTMLElement {
  const element = document.getElementById(id)
  if (!element) throw new Error(`benchmark page has no #${id}`)
  return element
}

/** True when no visible text has been painted in `root` (stops at the first non-blank text node). */
function isBlank(root: Element | null): boolean {
  if (!root) return true
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.nodeValue?.trim()) return false
  return true
}

function observeLongTasks(): () => number[] {
  const durations: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration)
  })
  observer.observe({ type: 'longtask' })
  return () => {
    for (const entry of observer.takeRecords()) durations.push(entry.duration)
    observer.disconnect()
    return durations
  }
}

type FrameOp = { push: string } | 'clear'

/** The frames of a stream: each holds the chunks (and, in a clear-heavy stream, the clear) arriving during it. */
function* framePlan(request: StreamRequest): Generator<FrameOp[]> {
  const chunks = chunkText(request.text, request.seed)
  const every = request.clearEveryChars
  let streamed = 0
  let nextClear = every ?? Number.POSITIVE_INFINITY
  let rePush: string | undefined
  for (let i = 0; i < chunks.length; i += request.chunksPerFrame) {
    const ops: FrameOp[] = []
    if (rePush !== undefined) ops.push({ push: rePush })
    rePush = undefined
    for (const chunk of chunks.slice(i, i + request.chunksPerFrame)) {
      ops.push({ push: chunk })
      streamed += chunk.length
    }
    if (every && streamed >= nextClear && streamed < request.text.length) {
      ops.push('clear')
      rePush = request.text.slice(0, streamed)
      while (nextClear <= streamed) nextClear += every
    }
    yield ops
  }
}

export function installBenchApi(renderer: Renderer): void {
  let streamed: MessageView | undefined

  const api: BenchPageApi = {
    renderer: renderer.name,

    async warmup(request) {
      const warm = renderer.mount(host('reference'), { schedule: 'manual' })
      for (const ops of framePlan(request)) {
        await nextFrame()
        for (const op of ops) op === 'clear' ? warm.clear() : warm.push(op.push)
        warm.commit()
      }
      warm.finish()
      await settle()
      warm.unmount()
      await settle()
    },

    async stream(request) {
      const view = renderer.mount(host('message'), { schedule: 'manual' })
      streamed = view
      await nextFrame()
      if (request.prefix) {
        view.push(request.prefix)
        view.commit()
        await nextFrame()
        await nextFrame()
      }
      const clearHeavy = request.clearEveryChars !== undefined
      const stopLongTasks = observeLongTasks()
      const commitMs: number[] = []
      let emptyFrames = 0
      let clears = 0
      let chars = 0
      let painted = false
      let previousFrameCounted = false
      const started = performance.now()
      const plan = framePlan(request)
      let complete = true
      for (let frame = plan.next(); !frame.done; frame = plan.next()) {
        await nextFrame()
        // The previous frame's paint, plus what tasks between frames changed (a hold timer, say).
        const blankBefore = clearHeavy && painted && isBlank(view.textRoot())
        // Counted for the previous frame, unless its own end-of-commit sample already counted it.
        if (blankBefore && !previousFrameCounted) emptyFrames++
        const t0 = performance.now()
        for (const op of request.dryRun ? [] : frame.value) {
          if (op === 'clear') {
            view.clear()
            clears++
            chars = 0
          } else {
            view.push(op.push)
            chars += op.push.length
          }
        }
        if (request.dryRun) chars += frame.value.reduce((n, op) => n + (op === 'clear' ? 0 : op.push.length), 0)
        else view.commit()
        commitMs.push(performance.now() - t0)
        if (clearHeavy) {
          // What this frame paints (our commit runs in the frame's animation-frame callbacks).
          const blankNow = isBlank(view.textRoot())
          previousFrameCounted = painted && blankNow
          if (previousFrameCounted) emptyFrames++
          if (!blankNow) painted = true
        }
        if (performance.now() - started > request.budgetMs && chars < request.text.length) {
          complete = false
          break
        }
      }
      const wallMs = performance.now() - started
      await nextFrame()
      await sleep(0)
      const result: StreamResult = {
        frames: commitMs.length,
        commitMs,
        longTasksMs: stopLongTasks(),
        emptyFrames,
        clears,
        streamedChars: chars,
        totalChars: request.text.length,
        complete,
        wallMs,
      }
      return result
    },

    async check(fullText) {
      if (!streamed) throw new Error('check() needs a stream() first')
      streamed.finish()
      await settle()
      const streamedText = streamed.textRoot()?.textContent ?? ''
      const reference = renderer.mount(host('reference'), { schedule: 'manual' })
      reference.push(fullText)
      reference.finish()
      await settle()
      const referenceText = reference.textRoot()?.textContent ?? ''
      reference.unmount()
      const firstDifference = firstDifferenceOf(streamedText, referenceText)
      const result: CorrectnessResult = {
        equal: firstDifference < 0,
        streamedTextChars: streamedText.length,
        referenceTextChars: referenceText.length,
        firstDifference,
        ...(firstDifference >= 0 && {
          excerpt: {
            streamed: streamedText.slice(Math.max(0, firstDifference - 40), firstDifference + 40),
            reference: referenceText.slice(Math.max(0, firstDifference - 40), firstDifference + 40),
          },
        }),
      }
      return result
    },

    async rewrite(request) {
      return runRewrite(renderer, request)
    },

    async freshRender({ text, repeats }) {
      const times: number[] = []
      for (let i = 0; i < repeats; i++) {
        const view = renderer.mount(host('message'), { schedule: 'manual' })
        await nextFrame()
        const t0 = performance.now()
        view.push(text)
        view.commit()
        times.push(performance.now() - t0)
        await nextFrame()
        view.unmount()
      }
      return times
    },

    async dashboard(request) {
      return runDashboard(renderer, request)
    },

    async renderMany({ texts }) {
      renderer.mountMany(host('message'), texts)
      await settle()
      return { elements: document.getElementsByTagName('*').length }
    },

    async streamBelowHistory({ settled, text, seed }) {
      if (!renderer.mountBelowHistory) throw new Error(`${renderer.name} has no history view`)
      const view = renderer.mountBelowHistory(host('message'), settled)
      await settle()
      // `?streamed-history`: a session's history had idle time between its messages; give it some.
      if (new URLSearchParams(location.search).has('streamed-history')) await sleep(5_000)
      const commitMs: number[] = []
      for (const chunk of chunkText(text, seed)) {
        await nextFrame()
        const t0 = performance.now()
        view.push(chunk)
        view.commit()
        commitMs.push(performance.now() - t0)
      }
      view.finish()
      await settle()
      return { commitMs }
    },
  }
  window.__bench = api
}

/** The first index where two strings differ, -1 when they are equal. */
function firstDifferenceOf(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length)
  for (let i = 0; i < shorter; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i
  return a.length === b.length ? -1 : shorter
}

function compareMarkup(rewritten: string, reference: string): MarkupComparison {
  const firstDifference = firstDifferenceOf(rewritten, reference)
  const around = (markup: string) => markup.slice(Math.max(0, firstDifference - 60), firstDifference + 60)
  return {
    equal: firstDifference < 0,
    firstDifference,
    ...(firstDifference >= 0 && { excerpt: { rewritten: around(rewritten), reference: around(reference) } }),
  }
}

async function runRewrite(renderer: Renderer, request: RewriteRequest): Promise<RewriteResult> {
  const view = renderer.mount(host('message'), { schedule: 'manual' })
  await nextFrame()
  let text = request.initial
  view.push(text)
  view.commit()
  await nextFrame()
  await nextFrame()
  const stopLongTasks = observeLongTasks()
  const stepMs: number[] = []
  const started = performance.now()
  let complete = true
  // Only the steps are profiled when a profiler is attached (bench/profile.ts); otherwise a no-op.
  console.profile('rewrite steps')
  for (const step of request.steps) {
    await nextFrame()
    const next = viewCalls(step.ops, text)
    text = next.text
    const t0 = performance.now()
    for (const call of next.calls) {
      if (call === 'clear') view.clear()
      else if ('push' in call) view.push(call.push)
      else view.replace(call.replace)
    }
    view.commit()
    if (step.timed) stepMs.push(performance.now() - t0)
    if (performance.now() - started > request.budgetMs) {
      complete = false
      break
    }
  }
  console.profileEnd('rewrite steps')
  const wallMs = performance.now() - started
  await nextFrame()
  await sleep(0)
  const longTasksMs = stopLongTasks()
  if (complete && text !== request.final) throw new Error('the rewrite steps did not produce the planned final text')
  const result: RewriteResult = { stepMs, longTasksMs, complete, wallMs }
  if (complete) {
    view.finish()
    await settle()
    const fresh = renderer.mount(host('reference'), { schedule: 'manual' })
    fresh.push(text)
    fresh.finish()
    await settle()
    result.equalsFreshRender = compareMarkup(view.markup(), fresh.markup())
    fresh.unmount()
    if (view.flatMarkup && renderer.reactMarkdownMarkup)
      result.equalsReactMarkdown = compareMarkup(
        view.flatMarkup(),
        renderer.reactMarkdownMarkup(host('reference'), text),
      )
  }
  view.unmount()
  return result
}

async function runDashboard(renderer: Renderer, request: DashboardRequest): Promise<DashboardResult> {
  const grid = host('dashboard')
  const feeds = Array.from({ length: request.streams }, (_, i) => {
    const cell = document.createElement('div')
    cell.setAttribute('data-dashboard-cell', String(i))
    grid.append(cell)
    return {
      view: renderer.mount(cell, { schedule: 'natural' }),
      chunks: chunkText(request.texts[i % request.texts.length] ?? '', request.seed + i),
      next: 0,
    }
  })
  await settle()

  const frameIntervalsMs: number[] = []
  const frameWorkMs: number[] = []
  let delivered = 0
  let running = true
  const timers: ReturnType<typeof setInterval>[] = []
  const period = 1000 / request.chunksPerSecond
  feeds.forEach((feed, i) => {
    // Streams are out of phase, as independent network streams are.
    const start = setTimeout(
      () => {
        const startedAt = performance.now()
        const deliver = () => {
          // Every chunk due by now: a busy main thread delays a timer and the browser skips the interval's
          // missed ticks, but a network stream's chunks wait in its queue, so each renderer gets the same load.
          const due = Math.floor((performance.now() - startedAt) / period) + 1
          while (feed.next < due) {
            feed.view.push(feed.chunks[feed.next++ % feed.chunks.length] as string)
            delivered++
          }
        }
        deliver()
        timers.push(setInterval(deliver, period))
      },
      (i * period) / request.streams,
    )
    timers.push(start)
  })

  await sleep(request.warmupMs)
  const deliveredBeforeMeasuring = delivered
  const stopLongTasks = observeLongTasks()
  const channel = new MessageChannel()
  let frameStart = 0
  channel.port1.onmessage = () => {
    frameWorkMs.push(performance.now() - frameStart)
  }
  // Which cells changed since the last frame: a stream shows new text only in the frames that change its cell.
  const changedCells = new Set<Element>()
  const noteChangedCells = (records: MutationRecord[]) => {
    for (const { target } of records) {
      const cell = (target instanceof Element ? target : target.parentElement)?.closest('[data-dashboard-cell]')
      if (cell) changedCells.add(cell)
    }
  }
  const cellChanges = new MutationObserver(noteChangedCells)
  cellChanges.observe(grid, { subtree: true, childList: true, characterData: true })
  let cellUpdates = 0
  await new Promise<void>((resolve) => {
    let previous: number | undefined
    const began = performance.now()
    const onFrame = (time: number) => {
      frameStart = performance.now()
      noteChangedCells(cellChanges.takeRecords())
      cellUpdates += changedCells.size
      changedCells.clear()
      if (previous !== undefined) frameIntervalsMs.push(time - previous)
      previous = time
      // Posted now, delivered after this frame's style, layout and paint.
      channel.port2.postMessage(0)
      if (running && performance.now() - began < request.durationMs) requestAnimationFrame(onFrame)
      else resolve()
    }
    requestAnimationFrame(onFrame)
  })
  running = false
  cellChanges.disconnect()
  for (const timer of timers) clearInterval(timer)
  await sleep(50)
  const longTasksMs = stopLongTasks()
  channel.port1.close()
  for (const feed of feeds) feed.view.unmount()
  return {
    frames: frameIntervalsMs.length + 1,
    frameIntervalsMs,
    frameWorkMs,
    longTasksMs,
    chunksDelivered: delivered - deliveredBeforeMeasuring,
    cellUpdates,
  }
}

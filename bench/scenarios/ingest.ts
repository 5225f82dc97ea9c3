/**
 * Scenario 3 (Node): the same turn through three ingest pipelines — Palimpsest's AG-UI decoder into
 * its store (one reduce and one notification per event, no frame batching: the peers' unit of work),
 * `@ag-ui/client`'s `defaultApplyEvents`, and the AI SDK's `readUIMessageStream`. Updates per second
 * and bytes allocated per update (heap growth plus what every GC in between freed, from V8's
 * GCProfiler), and a check that each pipeline ends with the whole answer.
 */
import { createRequire } from 'node:module'
import { GCProfiler } from 'node:v8'
import { AbstractAgent, type BaseEvent, defaultApplyEvents, type Message, type RunAgentInput } from '@ag-ui/client'
import { createTranscriptStore } from '@palimpsest/core'
import { createAgUiDecoder } from '@palimpsest/protocols/ag-ui'
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai'
import { agUiEvents, aiSdkChunks, type TurnPlan } from '../ingest-events'

export const ingestPipelines = ['palimpsest', 'ag-ui-client', 'ai-sdk'] as const
export type IngestPipeline = (typeof ingestPipelines)[number]

export interface IngestRun {
  pipeline: IngestPipeline
  /** Wire messages fed (AG-UI events, or UI message chunks for the AI SDK). */
  updates: number
  ms: number
  updatesPerSecond: number
  bytesPerUpdate: number
  /** The pipeline's final answer text equals the streamed answer. */
  answerComplete: boolean
}

type EventStream = Parameters<typeof defaultApplyEvents>[1]
// rxjs is @ag-ui/client's own dependency (not ours): load the copy it uses.
const rxjs = createRequire(createRequire(import.meta.url).resolve('@ag-ui/client'))('rxjs') as {
  from(items: readonly BaseEvent[]): EventStream
}

class ReplayAgent extends AbstractAgent {
  run(): EventStream {
    return rxjs.from([])
  }
}

async function palimpsest(events: readonly BaseEvent[], answerId: string): Promise<string | undefined> {
  const store = createTranscriptStore({ schedule: 'sync' })
  let notifications = 0
  store.subscribe(() => {
    notifications++
  })
  const decoder = createAgUiDecoder()
  const { apply } = store.getState()
  for (const event of events) apply(decoder.decode(event))
  apply(decoder.end())
  const part = store.getState().messages[answerId]?.parts.find((p) => p.kind === 'text')
  return notifications > 0 && part?.kind === 'text' ? part.text : undefined
}

async function agUiClient(events: readonly BaseEvent[], answerId: string): Promise<string | undefined> {
  const agent = new ReplayAgent()
  const input: RunAgentInput = {
    threadId: 'thread',
    runId: 'run',
    messages: [],
    tools: [],
    context: [],
    state: {},
    forwardedProps: {},
  }
  let messages: Message[] = []
  await new Promise<void>((resolve, reject) => {
    defaultApplyEvents(input, rxjs.from(events), agent, []).subscribe({
      next: (mutation) => {
        if (mutation.messages) messages = mutation.messages
      },
      error: reject,
      complete: resolve,
    })
  })
  const answer = messages.find((m) => m.id === answerId)
  return typeof answer?.content === 'string' ? answer.content : undefined
}

async function aiSdk(chunks: readonly UIMessageChunk[]): Promise<string | undefined> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
  let last: UIMessage | undefined
  for await (const message of readUIMessageStream({ stream })) last = message
  return last?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')
}

/** Runs `work` and returns its wall time and every byte it allocated on the JS heap. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; allocated: number }> {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const profiler = new GCProfiler()
  profiler.start()
  const heapBefore = process.memoryUsage().heapUsed
  const started = performance.now()
  const value = await work()
  const ms = performance.now() - started
  const heapAfter = process.memoryUsage().heapUsed
  let freed = 0
  for (const gcRun of profiler.stop().statistics)
    freed += gcRun.beforeGC.heapStatistics.usedHeapSize - gcRun.afterGC.heapStatistics.usedHeapSize
  return { value, ms, allocated: heapAfter - heapBefore + freed }
}

/**
 * Feeds the turn `times` times (a fresh pipeline each time) in one measurement, so a fast pipeline is
 * timed over long enough that one GC pause or timer tick does not decide its figure.
 */
export async function ingestOnce(
  pipeline: IngestPipeline,
  plan: TurnPlan,
  answer: string,
  times = 1,
): Promise<IngestRun> {
  const events = agUiEvents(plan)
  const chunks = aiSdkChunks(plan)
  const updates = (pipeline === 'ai-sdk' ? chunks.length : events.length) * times
  const once =
    pipeline === 'palimpsest'
      ? () => palimpsest(events, plan.answerId)
      : pipeline === 'ag-ui-client'
        ? () => agUiClient(events, plan.answerId)
        : () => aiSdk(chunks)
  const { value, ms, allocated } = await measured(async () => {
    let complete = true
    for (let i = 0; i < times; i++) complete = (await once()) === answer && complete
    return complete
  })
  return {
    pipeline,
    updates,
    ms,
    updatesPerSecond: updates / (ms / 1000),
    bytesPerUpdate: allocated / updates,
    answerComplete: value,
  }
}

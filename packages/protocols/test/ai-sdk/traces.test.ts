/** The recorded AI SDK traces: exactly the typed fixtures, valid chunks, and they replay to their transcripts. */
import { type Issue, toMarkdown } from '@palimpsest/core'
import { uiMessageChunkSchema } from 'ai'
import { describe, expect, test } from 'vitest'
import { traceSet } from '../../src/traces/ai-sdk'
import { traces } from '../../src/traces/index'
import { replayTrace } from '../../src/traces/replay'
import type { Trace } from '../../src/traces/trace'
import { approvalContinuationChunks, weatherStepsChunks } from './trace-fixtures'

const byName = (name: string): Trace => {
  const trace = traceSet.traces.find((t) => t.name === name)
  if (!trace) throw new Error(`no trace ${name}`)
  return trace
}
const decoder = traceSet.decoders['ai-sdk']!

test('the AI SDK traces are registered with their decoder', () => {
  expect(traces.filter((t) => t.protocol === 'ai-sdk').map((t) => t.name)).toEqual([
    'ai-sdk-weather-steps',
    'ai-sdk-approval-continuation',
  ])
})

test('the trace files hold exactly the typed fixtures', () => {
  expect(byName('ai-sdk-weather-steps').events).toEqual(weatherStepsChunks)
  expect(byName('ai-sdk-approval-continuation').events).toEqual(approvalContinuationChunks)
})

describe.each(traceSet.traces)('trace $name', (trace) => {
  test("every chunk passes the AI SDK's own chunk schema", async () => {
    const schema = uiMessageChunkSchema()
    for (const event of trace.events) {
      const result = await schema.validate?.(event.wire)
      expect(result?.success).toBe(true)
    }
  })

  test('replays to its expected transcript', () => {
    const state = replayTrace(trace, decoder)
    expect(toMarkdown(state, { reasoning: true, tools: true })).toBe(trace.expected.markdown)
  })
})

test('the approval is granted by the continuation, which continues the same message', () => {
  const issues: Issue[] = []
  const state = replayTrace(byName('ai-sdk-approval-continuation'), decoder, (issue) => issues.push(issue))
  const first = state.messages.msg_cleanup_1
  expect(first?.parts.find((p) => p.kind === 'approval-request')).toMatchObject({
    requestId: 'approval_1',
    status: 'approved',
  })
  expect(first?.parts.find((p) => p.kind === 'data')).toMatchObject({ dataId: 'scan:scan_1' })
  expect(state.messageIds).toEqual(['msg_cleanup_1'])
  expect(first?.parts.at(-1)).toMatchObject({ kind: 'text', text: 'Done: deleted 3 files and freed 12 MB.' })
  expect(first?.status).toBe('complete')
  expect(issues).toEqual([])
  expect(state.turns.map((t) => t.stopReason)).toEqual(['tool-calls', 'stop'])
})

/** The recorded AG-UI traces: valid AG-UI, exactly the typed fixtures, and they replay to their transcripts. */
import { EventSchemas } from '@ag-ui/core/schemas'
import { type Issue, toMarkdown } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { traceSet } from '../../src/traces/ag-ui'
import { traces } from '../../src/traces/index'
import { replayTrace } from '../../src/traces/replay'
import type { Trace } from '../../src/traces/trace'
import { chunkedResearchEvents, eiffelCheckedAnswer, snapshotReplacesDraftEvents } from './trace-fixtures'

const byName = (name: string): Trace => {
  const trace = traceSet.traces.find((t) => t.name === name)
  if (!trace) throw new Error(`no trace ${name}`)
  return trace
}
const decoder = traceSet.decoders['ag-ui']!

test('the AG-UI traces are registered with their decoder', () => {
  expect(traces.filter((t) => t.protocol === 'ag-ui').map((t) => t.name)).toEqual([
    'ag-ui-snapshot-replaces-draft',
    'ag-ui-chunked-research',
  ])
})

test('the trace files hold exactly the typed fixtures', () => {
  expect(byName('ag-ui-snapshot-replaces-draft').events).toEqual(snapshotReplacesDraftEvents)
  expect(byName('ag-ui-chunked-research').events).toEqual(chunkedResearchEvents)
})

describe.each(traceSet.traces)('trace $name', (trace) => {
  test('every event is valid for the AG-UI 1.0 schemas', () => {
    for (const event of trace.events) expect(EventSchemas.safeParse(event.wire).success).toBe(true)
  })

  test('replays to its expected transcript without issues', () => {
    const issues: Issue[] = []
    const state = replayTrace(trace, decoder, (issue) => issues.push(issue))
    expect(toMarkdown(state, { reasoning: true, tools: true })).toBe(trace.expected.markdown)
    expect(issues).toEqual([])
  })
})

test('the snapshot replaces the streamed draft in place: same part, new epoch, statuses kept', () => {
  const trace = byName('ag-ui-snapshot-replaces-draft')
  const snapshotAt = trace.events.findIndex((e) => (e.wire as { type: string }).type === 'MESSAGES_SNAPSHOT')
  const draft = replayTrace({ ...trace, events: trace.events.slice(0, snapshotAt) }, decoder)
  const draftText = draft.messages.msg_ai_1?.parts.find((p) => p.kind === 'text')
  expect(draftText).toMatchObject({ text: 'The Eiffel Tower was completed in 1887 and is 300 m tall.', epoch: 0 })

  const state = replayTrace(trace, decoder)
  const message = state.messages.msg_ai_1
  const text = message?.parts.find((p) => p.kind === 'text')
  expect(text).toMatchObject({ id: draftText?.id, text: eiffelCheckedAnswer, epoch: 1 })
  expect(message?.parts.filter((p) => p.kind === 'status').map((p) => 'text' in p && p.text)).toEqual([
    'draft finished',
    'fact_check finished',
  ])
  expect(state.turns).toMatchObject([{ id: 'run_eiffel_1', status: 'completed', usage: { totalTokens: 508 } }])
})

test('the chunked run keeps agent state and the patched activity', () => {
  const state = replayTrace(byName('ag-ui-chunked-research'), decoder)
  expect(state.session.agentState).toEqual({
    sources: ['https://almanac.httparchive.org/en/2024/http'],
    phase: 'writing',
  })
  expect(state.messages.msg_1?.status).toBe('complete')
  expect(state.turns[0]?.usage).toEqual({ inputTokens: 1830, outputTokens: 142, reasoningTokens: 38 })
})

/** The recorded Agentex traces: they replay to their expected transcripts and hold the typed fixtures. */
import { type Issue, toMarkdown } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { traceSet } from '../../src/traces/agentex'
import { traces } from '../../src/traces/index'
import { replayTrace } from '../../src/traces/replay'
import {
  citationsOverrideEvents,
  citedAnswer,
  reasoningToolCallEvents,
  streamedAnswer,
  toolArguments,
  toolOutput,
} from './trace-fixtures'

const agentexTraces = traces.filter((trace) => trace.protocol === 'agentex')
const byName = (name: string) => {
  const trace = traceSet.traces.find((t) => t.name === name)
  if (!trace) throw new Error(`no trace ${name}`)
  return trace
}

test('every Agentex trace is registered in the merged trace list with its decoder', () => {
  expect(agentexTraces.map((trace) => trace.name)).toEqual([
    'agentex-citations-override',
    'agentex-reasoning-tool-call',
  ])
  expect(traceSet.decoders.agentex).toBeTypeOf('function')
})

describe.each(agentexTraces)('trace $name', (trace) => {
  test('replays to its expected transcript', () => {
    const state = replayTrace(trace, traceSet.decoders.agentex!)
    expect(toMarkdown(state, { reasoning: true, tools: true })).toBe(trace.expected.markdown)
  })

  test('has realistic pacing: every delay is set and the run takes a few seconds', () => {
    const delays = trace.events.map((event) => event.delayMs)
    expect(delays.every((delay) => typeof delay === 'number' && delay >= 0)).toBe(true)
    const total = delays.reduce<number>((sum, delay) => sum + (delay ?? 0), 0)
    expect(total).toBeGreaterThan(1000)
    expect(total).toBeLessThan(10_000)
  })
})

test('the trace files hold exactly the typed fixtures (agentex SDK types)', () => {
  expect(byName('agentex-citations-override').events).toEqual(citationsOverrideEvents)
  expect(byName('agentex-reasoning-tool-call').events).toEqual(reasoningToolCallEvents)
})

test('citations override: the draft streams first, the full replaces it once, and the trailing delta is dropped', () => {
  const trace = byName('agentex-citations-override')
  const issues: Issue[] = []
  const beforeFull = { ...trace, events: trace.events.slice(0, -3) }
  const draft = replayTrace(beforeFull, traceSet.decoders.agentex!)
  expect(draft.messages.msg_7c1e0b?.parts).toMatchObject([{ kind: 'text', text: streamedAnswer, epoch: 0 }])

  const state = replayTrace(trace, traceSet.decoders.agentex!, (issue) => issues.push(issue))
  expect(state.messages.msg_7c1e0b).toMatchObject({ status: 'complete', sealed: true })
  expect(state.messages.msg_7c1e0b?.parts).toMatchObject([{ kind: 'text', text: citedAnswer, epoch: 1 }])
  expect(state.turns).toMatchObject([{ status: 'completed', stopReason: 'completed' }])
  expect(issues.map((issue) => [issue.source, issue.code])).toEqual([['agentex', 'sealed-message']])
})

test('reasoning and tool call: one call with streamed input and the response as output, no issue', () => {
  const trace = byName('agentex-reasoning-tool-call')
  const issues: Issue[] = []
  const state = replayTrace(trace, traceSet.decoders.agentex!, (issue) => issues.push(issue))
  expect(state.messageIds).toEqual(['msg_51a0', 'msg_51a1', 'msg_51a3'])
  expect(state.messages.msg_51a1?.parts).toMatchObject([
    {
      kind: 'tool-call',
      toolCallId: 'call_q8Lr',
      name: 'lookup_order',
      inputText: toolArguments,
      input: JSON.parse(toolArguments),
      output: toolOutput,
      status: 'completed',
    },
  ])
  expect(Object.values(state.messages).every((message) => message.status === 'complete')).toBe(true)
  expect(issues).toEqual([])
})

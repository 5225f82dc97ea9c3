/** The recorded Agent Framework and DevUI traces: they replay to their expected transcripts and hold the typed fixtures. */
import { type Issue, toMarkdown } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { traceSet } from '../../src/traces/agent-framework'
import { replayTrace } from '../../src/traces/replay'
import { dotNetHandoffUpdates } from './af-dotnet-handoff-fixture'
import { toolLoopUpdates } from './af-tool-loop-fixture'
import { devUiRunEvents } from './devui-run-fixture'

describe.each(traceSet.traces)('trace $name', (trace) => {
  test('replays to its expected transcript without any issue', () => {
    const factory = traceSet.decoders[trace.protocol]
    expect(factory).toBeDefined()
    const issues: Issue[] = []
    const state = replayTrace(trace, factory!, (issue) => issues.push(issue))
    expect(toMarkdown(state, { reasoning: true, tools: true })).toBe(trace.expected.markdown)
    expect(issues).toEqual([])
  })

  test('has realistic pacing: every delay is set and the whole run takes a few seconds at most', () => {
    const delays = trace.events.map((event) => event.delayMs)
    expect(delays.every((delay) => typeof delay === 'number' && delay >= 0)).toBe(true)
    const total = delays.reduce<number>((sum, delay) => sum + (delay ?? 0), 0)
    expect(total).toBeGreaterThan(500)
    expect(total).toBeLessThan(10_000)
  })
})

test('the trace files hold exactly the typed fixtures (Agent Framework and DevUI wire types)', () => {
  const byName = Object.fromEntries(traceSet.traces.map((trace) => [trace.name, trace.events.map((e) => e.wire)]))
  expect(byName['agent-framework-tool-loop-approval']).toEqual(toolLoopUpdates)
  expect(byName['agent-framework-dotnet-handoff']).toEqual(dotNetHandoffUpdates)
  expect(byName['devui-travel-agent-run']).toEqual(devUiRunEvents)
})

test('the tool-loop trace ends with a pending approval, summed usage and no resumable token', () => {
  const trace = traceSet.traces.find((t) => t.name === 'agent-framework-tool-loop-approval')!
  const state = replayTrace(trace, traceSet.decoders['agent-framework']!)
  const last = state.messages[state.messageIds[state.messageIds.length - 1]!]!
  expect(last.parts.map((part) => part.kind)).toEqual(['reasoning', 'text', 'tool-call', 'approval-request'])
  expect(last.parts[3]).toMatchObject({ requestId: 'call_D2k7', toolCallId: 'call_D2k7', status: 'pending' })
  expect(state.turns).toEqual([
    expect.objectContaining({
      status: 'completed',
      stopReason: 'tool_calls',
      responseId: 'resp_4e5f6a7b',
      usage: { inputTokens: 920, outputTokens: 182, totalTokens: 1102, reasoningTokens: 68 },
    }),
  ])
  expect(state.turns[0]?.continuationToken).toBeUndefined()
})

test('the .NET hand-off trace shows the hand-off, keeps usage and does not offer the finished run for resuming', () => {
  const trace = traceSet.traces.find((t) => t.name === 'agent-framework-dotnet-handoff')!
  const state = replayTrace(trace, traceSet.decoders['agent-framework']!)
  expect(state.messageIds).toEqual(['msg_t1', 'msg_b1', 'msg_b2'])
  expect(state.messages.msg_b1?.parts[0]).toMatchObject({ kind: 'handoff', from: 'Triage', to: 'Billing' })
  expect(state.turns).toEqual([
    expect.objectContaining({
      status: 'completed',
      stopReason: 'stop',
      responseId: 'resp_hf_5531',
      usage: { inputTokens: 1184, outputTokens: 137, totalTokens: 1321 },
    }),
  ])
  expect(state.turns[0]?.continuationToken).toBeUndefined()
})

test('the DevUI trace shows the trace span as a status part and keeps the usage of response.completed', () => {
  const trace = traceSet.traces.find((t) => t.name === 'devui-travel-agent-run')!
  const state = replayTrace(trace, traceSet.decoders.devui!)
  const message = state.messages.resp_agent_6f1e2a9b3c5d!
  expect(message.parts.map((part) => part.kind)).toEqual(['reasoning', 'tool-call', 'status', 'text'])
  expect(message.parts[2]).toMatchObject({ text: 'execute_tool get_forecast (413 ms)', level: 'info' })
  expect(state.turns[0]).toMatchObject({
    status: 'completed',
    responseId: 'resp_agent_6f1e2a9b3c5d',
    usage: { inputTokens: 412, outputTokens: 96, totalTokens: 508, reasoningTokens: 38, cachedInputTokens: 0 },
  })
})

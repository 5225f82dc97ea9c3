/** The recorded OpenAI traces: exactly the typed fixtures, and they replay to their transcripts. */
import { type Issue, toMarkdown } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { traces } from '../../src/traces/index'
import { traceSet } from '../../src/traces/openai'
import { replayTrace } from '../../src/traces/replay'
import type { Trace } from '../../src/traces/trace'
import {
  chatParallelToolCalls,
  chatReasoningAnswer,
  pacedEvents,
  responsesFunctionCall,
  responsesWebSearch,
} from './fixtures'

const byName = (name: string): Trace => {
  const trace = traceSet.traces.find((t) => t.name === name)
  if (!trace) throw new Error(`no trace ${name}`)
  return trace
}

test('the OpenAI traces are registered with both decoders', () => {
  expect(traces.filter((t) => t.protocol.startsWith('openai-')).map((t) => t.name)).toEqual([
    'openai-responses-web-search',
    'openai-responses-function-call',
    'openai-chat-reasoning',
    'openai-chat-parallel-tools',
  ])
  expect(Object.keys(traceSet.decoders)).toEqual(['openai-responses', 'openai-chat'])
})

test('the trace files hold exactly the openai-typed fixtures', () => {
  expect(byName('openai-responses-web-search').events).toEqual(pacedEvents(responsesWebSearch))
  expect(byName('openai-responses-function-call').events).toEqual(pacedEvents(responsesFunctionCall))
  expect(byName('openai-chat-reasoning').events).toEqual(pacedEvents(chatReasoningAnswer))
  expect(byName('openai-chat-parallel-tools').events).toEqual(pacedEvents(chatParallelToolCalls))
})

describe.each(traceSet.traces)('trace $name', (trace) => {
  test('replays to its expected transcript without issues', () => {
    const issues: Issue[] = []
    const decoder = traceSet.decoders[trace.protocol]
    if (!decoder) throw new Error(`no decoder ${trace.protocol}`)
    const state = replayTrace(trace, decoder, (issue) => issues.push(issue))
    expect(toMarkdown(state, { reasoning: true, tools: true })).toBe(trace.expected.markdown)
    expect(issues).toEqual([])
  })
})

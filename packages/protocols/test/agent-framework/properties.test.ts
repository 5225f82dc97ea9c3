/**
 * Properties of both decoders: how a producer splits text and arguments into updates does not
 * change the transcript, and no input, however malformed, throws or yields an invalid update.
 */
import { type AgentUpdate, findUpdateProblem, toMarkdown } from '@palimpsest/core'
import { createAgentFrameworkDecoder, createDevUiDecoder } from '@palimpsest/protocols/agent-framework'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { pyCall, pyReasoning, pyResult, pyText, pyUpdate } from './af-wire'
import { runDecoder } from './run-decoder'

/** Cuts `text` at the given offsets into non-empty pieces. */
function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
  const pieces: string[] = []
  let from = 0
  for (const point of [...points, text.length]) {
    if (point > from) pieces.push(text.slice(from, point))
    from = Math.max(from, point)
  }
  return pieces
}

const reasoning = 'The user wants the weather in Paris; the tool needs a city.'
const args = '{"location":"Paris","unit":"celsius","days":[1,2]}'
const answer = 'It is **sunny** in Paris:\n\n| day | °C |\n|---|---|\n| 1 | 21 |\n| 2 | 19 |'
const cuts = fc.array(fc.nat({ max: 200 }), { maxLength: 12 })

test('Agent Framework: any split of reasoning, arguments and text gives the same transcript', () => {
  const whole = runDecoder(createAgentFrameworkDecoder, [
    pyUpdate([pyReasoning(reasoning)]),
    pyUpdate([pyCall('call_1', 'get_weather', args)]),
    pyResult('call_1', 'Sunny'),
    pyUpdate([pyText(answer)]),
  ])
  const expected = toMarkdown(whole.state, { reasoning: true, tools: true })
  fc.assert(
    fc.property(cuts, cuts, cuts, fc.boolean(), (r, a, t, chatCompletions) => {
      const run = runDecoder(createAgentFrameworkDecoder, [
        ...split(reasoning, r).map((piece) => pyUpdate([pyReasoning(piece)])),
        // Chat Completions sends later fragments with call_id "" and name "".
        ...split(args, a).map((piece, i) =>
          pyUpdate([chatCompletions && i > 0 ? pyCall('', '', piece) : pyCall('call_1', 'get_weather', piece)]),
        ),
        pyResult('call_1', 'Sunny'),
        ...split(answer, t).map((piece) => pyUpdate([pyText(piece)])),
      ])
      expect(toMarkdown(run.state, { reasoning: true, tools: true })).toBe(expected)
      const call = run.messages[0]?.parts.find((p) => p.kind === 'tool-call')
      expect(call).toMatchObject({ input: JSON.parse(args) })
    }),
    { numRuns: 150 },
  )
})

test('DevUI: any split of reasoning, arguments and text gives the same transcript', () => {
  const events = (r: string[], a: string[], t: string[]) => {
    let sequence = 0
    const at = <E extends object>(event: E) => ({ ...event, sequence_number: sequence++ })
    return [
      at({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } }),
      ...r.map((delta) => at({ type: 'response.reasoning_text.delta', item_id: 'rs', delta })),
      at({
        type: 'response.output_item.added',
        item: { type: 'function_call', id: 'call_1', call_id: 'call_1', name: 'get_weather', arguments: '' },
      }),
      ...a.map((delta) => at({ type: 'response.function_call_arguments.delta', item_id: 'call_1', delta })),
      at({ type: 'response.function_result.complete', call_id: 'call_1', output: 'Sunny', status: 'completed' }),
      ...t.map((delta) => at({ type: 'response.output_text.delta', item_id: 'msg_1', delta })),
      at({ type: 'response.completed', response: { id: 'resp_1', status: 'completed', output: [] } }),
    ]
  }
  const whole = runDecoder(createDevUiDecoder, events([reasoning], [args], [answer]))
  const expected = toMarkdown(whole.state, { reasoning: true, tools: true })
  expect(expected).toContain('| 2 | 19 |')
  fc.assert(
    fc.property(cuts, cuts, cuts, (r, a, t) => {
      const run = runDecoder(createDevUiDecoder, events(split(reasoning, r), split(args, a), split(answer, t)))
      expect(toMarkdown(run.state, { reasoning: true, tools: true })).toBe(expected)
    }),
    { numRuns: 150 },
  )
})

/** Wire-like junk: real type names with arbitrary fields, and arbitrary JSON values. */
const afContentTypes = ['text', 'text_reasoning', 'function_call', 'function_result', 'usage', 'error', 'data', 'uri']
const devUiTypes = [
  'response.created',
  'response.output_text.delta',
  'response.output_item.added',
  'response.function_call_arguments.delta',
  'response.function_result.complete',
  'response.function_approval.requested',
  'response.function_approval.responded',
  'response.workflow_event.completed',
  'response.trace.completed',
  'response.completed',
  'response.failed',
  'error',
]
const junkValue = fc.oneof(fc.anything(), fc.string(), fc.constant(null))
const junkRecord = (types: string[]) =>
  fc.dictionary(
    fc.constantFrom(
      'type',
      '$type',
      'call_id',
      'callId',
      'arguments',
      'text',
      'delta',
      'item',
      'item_id',
      'response',
      'contents',
      'role',
      'id',
      'request_id',
      'function_call',
      'data',
      'sequence_number',
      'usage_details',
      'result',
    ),
    fc.oneof(junkValue, fc.constantFrom(...types), fc.array(junkValue, { maxLength: 3 })),
  )

function expectValidUpdates(updates: AgentUpdate[]) {
  for (const update of updates) expect(findUpdateProblem(update)).toBeUndefined()
}

test('no input makes either decoder throw or emit an update the reducer would reject', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          junkValue,
          junkRecord(afContentTypes),
          fc.record({
            type: fc.constant('agent_response_update'),
            contents: fc.array(junkRecord(afContentTypes), { maxLength: 4 }),
          }),
        ),
        { maxLength: 8 },
      ),
      fc.array(fc.oneof(junkValue, junkRecord(devUiTypes)), { maxLength: 8 }),
      fc.constantFrom('complete', 'interrupted', 'cancelled', 'error') as fc.Arbitrary<'complete'>,
      (afWires, devUiWires, reason) => {
        const af = createAgentFrameworkDecoder({ onIssue: () => {} })
        const devUi = createDevUiDecoder({ onIssue: () => {} })
        for (const wire of afWires) expectValidUpdates(af.decode(wire as never))
        expectValidUpdates(af.end(reason))
        for (const wire of devUiWires) expectValidUpdates(devUi.decode(wire as never))
        expectValidUpdates(devUi.end(reason))
      },
    ),
    { numRuns: 400 },
  )
})

/**
 * Random well-formed updates over small id pools (so updates collide on the same messages, tool
 * calls and requests), covering the whole vocabulary. Cheap to generate: a case is a few dozen.
 */
import type { AgentUpdate } from '@palimpsest/core'
import fc from 'fast-check'

const messageId = fc.constantFrom('m1', 'm2', 'm3')
const toolCallId = fc.constantFrom('t1', 't2')
const requestId = fc.constantFrom('r1', 'r2')
const target = fc.constantFrom('text' as const, 'thought' as const)
/** Short text with the characters where splitting and rendering go wrong. */
export const fuzzText = fc.string({
  maxLength: 8,
  unit: fc.constantFrom('a', 'b', ' ', '\n', '*', '`', '|', 'é', '😀', '\uD800', '\u202E', '<'),
})
const argumentText = fc.constantFrom('{"a":', '1', '}', '"x', '\\', '[', 'null', '{"q":"😀"}', '')
const toolStatus = fc.constantFrom('pending' as const, 'in_progress' as const, 'completed' as const, 'failed' as const)
const doneStatus = fc.constantFrom('complete' as const, 'interrupted' as const, 'cancelled' as const, 'error' as const)
const partInput = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), text: fuzzText }),
  fc.record({ kind: fc.constant('reasoning' as const), text: fuzzText }),
  toolCallId.map((id) => ({ kind: 'tool-call' as const, toolCallId: id })),
  fc.record({ kind: fc.constant('data' as const), dataId: fc.constantFrom('d1', 'd2'), data: fuzzText }),
)

export const updateArbitrary: fc.Arbitrary<AgentUpdate> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ type: fc.constant('chunk' as const), messageId, text: fuzzText }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('thought' as const), messageId, text: fuzzText }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('clear' as const), messageId, target }) },
  fc.record(
    { type: fc.constant('full' as const), messageId, target, text: fuzzText, final: fc.boolean() },
    { requiredKeys: ['type', 'messageId', 'target', 'text'] },
  ),
  fc.record(
    {
      type: fc.constant('full' as const),
      messageId,
      parts: fc.array(partInput, { maxLength: 3 }),
      final: fc.boolean(),
    },
    { requiredKeys: ['type', 'messageId', 'parts'] },
  ),
  fc.record({ type: fc.constant('message-start' as const), messageId, role: fc.constantFrom('user', 'assistant') }),
  fc.record({ type: fc.constant('message-done' as const), messageId, status: doneStatus }),
  fc.record({ type: fc.constant('message-remove' as const), messageId }),
  fc.record({ type: fc.constant('tool-call' as const), messageId, toolCallId, status: toolStatus }),
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('tool-call-delta' as const), toolCallId, inputText: argumentText }),
  },
  fc.record({ type: fc.constant('tool-call-update' as const), toolCallId, status: toolStatus, output: fuzzText }),
  fc.constant<AgentUpdate>({ type: 'plan', entries: [{ content: 'step', status: 'pending' }] }),
  fc.record({
    type: fc.constant('turn-end' as const),
    stopReason: fc.constantFrom('end_turn', 'cancelled', 'refusal'),
  }),
  fc.constant({ type: 'turn-start' as const }),
  fc.record({ type: fc.constant('error' as const), message: fuzzText }),
  fc.record({ type: fc.constant('data' as const), messageId, dataId: fc.constantFrom('d1', 'd2'), data: fuzzText }),
  fc.record({ type: fc.constant('approval-request' as const), requestId, toolCallId }),
  fc.record({ type: fc.constant('approval-response' as const), requestId, approved: fc.boolean() }),
  fc.record({ type: fc.constant('status' as const), statusId: fc.constantFrom('s1', 's2'), text: fuzzText }),
  fc.record({ type: fc.constant('usage' as const), usage: fc.constant({ inputTokens: 3 }) }),
)

import { createTranscriptStore, type Issue, toMarkdown } from '@palimpsest/core'
import { createOpenAiResponsesDecoder, type OpenAiResponsesDecoderOptions } from '@palimpsest/protocols/openai'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { responsesFailed, responsesFunctionCall, responsesRefusal, responsesWebSearch } from './fixtures'

function replay(events: readonly unknown[], options: OpenAiResponsesDecoderOptions = {}) {
  const issues: Issue[] = []
  const onIssue = (issue: Issue) => issues.push(issue)
  const store = createTranscriptStore({ schedule: 'sync', onIssue })
  const decoder = createOpenAiResponsesDecoder({ ...options, onIssue })
  // As the SSE transport hands them over: JSON text.
  for (const event of events) store.getState().apply(decoder.decode(JSON.stringify(event)))
  store.getState().apply(decoder.end())
  return { state: store.getState(), issues }
}

describe('OpenAI Responses decoder', () => {
  test('reasoning summary parts, a hosted web search and a cited answer become one assistant message', () => {
    const { state, issues } = replay(responsesWebSearch)
    expect(issues).toEqual([])
    expect(state.messageIds).toEqual(['resp_01'])
    const message = state.messages.resp_01
    expect(message?.status).toBe('complete')
    expect(message?.parts.map((p) => p.kind)).toEqual(['reasoning', 'tool-call', 'text', 'source'])
    // Two summary parts stay two paragraphs; the `.done` events add nothing twice.
    expect(message?.parts[0]).toMatchObject({
      text: '**Finding the release date**\n\nI should search the web for the latest Node.js LTS.',
    })
    expect(message?.parts[1]).toMatchObject({
      name: 'web_search',
      toolKind: 'search',
      status: 'completed',
      input: { type: 'search', query: 'Node.js LTS' },
    })
    expect(message?.parts[3]).toMatchObject({
      url: 'https://nodejs.org/en/about/previous-releases',
      title: 'Node.js Releases',
    })
    expect(state.turns).toEqual([
      expect.objectContaining({
        status: 'completed',
        stopReason: 'end_turn',
        responseId: 'resp_01',
        usage: { inputTokens: 812, outputTokens: 164, totalTokens: 976, reasoningTokens: 64, cachedInputTokens: 512 },
      }),
    ])
  })

  test('function-call arguments stream into a parsed input; the call waits for the app', () => {
    const { state } = replay(responsesFunctionCall)
    expect(state.messages.resp_02?.parts).toMatchObject([
      { kind: 'text', text: 'Checking the forecast.' },
      {
        kind: 'tool-call',
        toolCallId: 'call_weather',
        name: 'get_weather',
        input: { city: 'Paris', unit: 'c' },
        inputText: '{"city":"Paris","unit":"c"}',
        status: 'in_progress',
      },
    ])
  })

  test('arguments that arrive only whole, on the item, are kept', () => {
    const { state } = replay([
      { type: 'response.created', sequence_number: 0, response: { id: 'resp_x' } },
      {
        type: 'response.output_item.done',
        sequence_number: 1,
        output_index: 0,
        item: { id: 'fc_x', type: 'function_call', call_id: 'call_x', name: 'ping', arguments: '{"n":1}' },
      },
    ])
    // The item was never announced with output_item.added: the update creates the call.
    expect(state.messages.resp_x?.parts[0]).toMatchObject({ toolCallId: 'call_x', input: { n: 1 } })
  })

  test('a refusal finishes the message with status refusal and shows its text', () => {
    const { state } = replay(responsesRefusal)
    expect(state.messages.resp_03).toMatchObject({
      status: 'refusal',
      parts: [{ kind: 'text', text: "I can't help with that request." }],
    })
    expect(state.turns[0]?.stopReason).toBe('refusal')
  })

  test('a failed response shows its error and fails the turn; streamed text stays', () => {
    const { state } = replay(responsesFailed)
    expect(toMarkdown(state)).toBe('## Assistant\n\nPartial\n\n**Error:** The server had an error\n')
    expect(state.messages.resp_04?.status).toBe('error')
    expect(state.turns[0]?.status).toBe('failed')
  })

  test('an incomplete response (token limit) completes with stop reason max_tokens', () => {
    const { state } = replay([
      { type: 'response.created', sequence_number: 0, response: { id: 'r' } },
      { type: 'response.output_text.delta', item_id: 'm', content_index: 0, delta: 'Long', sequence_number: 1 },
      {
        type: 'response.incomplete',
        sequence_number: 2,
        response: { id: 'r', incomplete_details: { reason: 'max_output_tokens' } },
      },
    ])
    expect(state.turns[0]).toMatchObject({ status: 'completed', stopReason: 'max_tokens' })
  })

  test('a resumed stream (no response.created) uses the responseId option', () => {
    const { state } = replay(responsesFunctionCall.slice(2), { responseId: 'resp_02' })
    expect(state.messageIds).toEqual(['resp_02'])
    expect(state.messages.resp_02?.parts[0]).toMatchObject({ text: 'Checking the forecast.' })
  })

  test('bad input is reported, never thrown', () => {
    const { issues } = replay(['nope', { no: 'type' }, { type: 'response.output_text.delta' }, { type: 'x.y' }])
    expect(issues.map((i) => i.code)).toEqual([
      'malformed-message',
      'malformed-event',
      'malformed-event',
      'unknown-event',
    ])
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            type: fc.constantFrom(...new Set(responsesWebSearch.map((e) => e.type)), 'error', 'response.failed'),
            item_id: fc.oneof(fc.string(), fc.constant('msg_01')),
            delta: fc.oneof(fc.string(), fc.integer()),
            item: fc.jsonValue(),
            response: fc.jsonValue(),
            summary_index: fc.integer(),
          }),
          { maxLength: 20 },
        ),
        (events) => {
          replay(events)
        },
      ),
      { numRuns: 100 },
    )
  })
})

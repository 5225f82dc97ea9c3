import { createTranscriptStore, type Issue, toMarkdown } from '@palimpsest/core'
import { createOpenAiChatDecoder } from '@palimpsest/protocols/openai'
import { sseEvents } from '@palimpsest/protocols/transports'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { chatParallelToolCalls, chatReasoningAnswer, chatRefusal } from './fixtures'

/** Chunks as an OpenAI SSE body: `data: <json>` frames ending with `data: [DONE]`. */
const sse = (chunks: readonly unknown[]) =>
  `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`

async function replaySse(body: string) {
  const issues: Issue[] = []
  const onIssue = (issue: Issue) => issues.push(issue)
  const store = createTranscriptStore({ schedule: 'sync', onIssue })
  const decoder = createOpenAiChatDecoder({ onIssue })
  for await (const event of sseEvents(body)) store.getState().apply(decoder.decode(event.data))
  store.getState().apply(decoder.end())
  return { state: store.getState(), issues }
}

function replay(chunks: readonly unknown[]) {
  const issues: Issue[] = []
  const onIssue = (issue: Issue) => issues.push(issue)
  const store = createTranscriptStore({ schedule: 'sync', onIssue })
  const decoder = createOpenAiChatDecoder({ onIssue })
  for (const chunk of chunks) store.getState().apply(decoder.decode(chunk))
  return { state: store.getState(), issues, end: () => store.getState().apply(decoder.end()), store }
}

describe('OpenAI Chat Completions decoder', () => {
  test('reasoning_content, answer text and the trailing usage chunk, read through our SSE transport', async () => {
    const { state, issues } = await replaySse(sse(chatReasoningAnswer))
    expect(issues).toEqual([])
    expect(state.messages['chatcmpl-1']).toMatchObject({
      status: 'complete',
      parts: [
        { kind: 'reasoning', text: 'Two plus two is four.' },
        { kind: 'text', text: 'The answer is **4**.' },
      ],
      usage: { inputTokens: 14, outputTokens: 9, totalTokens: 23, reasoningTokens: 5 },
    })
    expect(state.turns[0]).toMatchObject({ status: 'completed', stopReason: 'stop', responseId: 'chatcmpl-1' })
  })

  test('parallel tool calls are matched by index although only their first delta has an id', () => {
    const { state } = replay(chatParallelToolCalls)
    expect(state.messages['chatcmpl-2']?.parts).toMatchObject([
      { kind: 'tool-call', toolCallId: 'call_a', name: 'get_weather', input: { city: 'Paris' }, status: 'in_progress' },
      { kind: 'tool-call', toolCallId: 'call_b', name: 'get_time', input: { zone: 'CET' }, status: 'in_progress' },
    ])
    expect(state.messages['chatcmpl-2']?.status).toBe('complete')
  })

  test('a server that repeats id and name on every delta gives one call; one without ids gets stable ones', () => {
    const repeat = (args: string) => ({
      id: 'c',
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index: 0, id: 'call_1', function: { name: 'sum', arguments: args } }] },
          finish_reason: null,
        },
      ],
    })
    const { state } = replay([
      repeat('{"a":1,'),
      repeat('"b":2}'),
      { id: 'c', choices: [{ index: 0, delta: { tool_calls: [{ index: 1, function: { name: 'noop' } }] } }] },
    ])
    expect(state.messages.c?.parts).toMatchObject([
      { toolCallId: 'call_1', name: 'sum', input: { a: 1, b: 2 } },
      { toolCallId: 'c:tool-1', name: 'noop' },
    ])
  })

  test('a refusal is shown as the answer and finishes the message with status refusal', () => {
    const { state, end, store } = replay(chatRefusal)
    expect(state.messages['chatcmpl-3']).toMatchObject({
      status: 'refusal',
      parts: [{ kind: 'text', text: "I'm sorry, I can't help with that." }],
    })
    end()
    expect(store.getState().turns[0]?.stopReason).toBe('refusal')
  })

  test('a second choice is a message of its own', () => {
    const { state } = replay([
      {
        id: 'c',
        choices: [
          { index: 0, delta: { content: 'A' }, finish_reason: null },
          { index: 1, delta: { content: 'B' }, finish_reason: null },
        ],
      },
    ])
    expect(toMarkdown(state, { headings: false })).toBe('A\n\nB\n')
    expect(state.messageIds).toEqual(['c', 'c:1'])
  })

  test('a completion whose id is empty is shown under an id of its own', () => {
    const { state, issues } = replay([
      { id: '', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hel' }, finish_reason: null }] },
      { id: '', choices: [{ index: 0, delta: { content: 'lo' }, finish_reason: 'stop' }] },
    ])
    expect(toMarkdown(state, { headings: false })).toBe('Hello\n')
    expect(state.messageIds).toHaveLength(1)
    expect(state.messageIds[0]).toMatch(/^openai-chat-/)
    expect(issues).toEqual([])
  })

  test('a mid-stream error object from a compatible server ends the turn as failed', () => {
    const { state } = replay([
      { id: 'c', choices: [{ index: 0, delta: { content: 'Hal' }, finish_reason: null }] },
      { error: { message: 'Upstream timeout', type: 'timeout' } },
    ])
    expect(state.messages.c?.status).toBe('error')
    expect(toMarkdown(state)).toBe('## Assistant\n\nHal\n\n**Error:** Upstream timeout\n')
  })

  test('a connection that drops leaves the message interrupted, not complete', () => {
    const decoder = createOpenAiChatDecoder()
    const store = createTranscriptStore({ schedule: 'sync' })
    store
      .getState()
      .apply(decoder.decode({ id: 'd', choices: [{ index: 0, delta: { content: 'Hal' }, finish_reason: null }] }))
    store.getState().apply(decoder.end('interrupted'))
    expect(store.getState().messages.d?.status).toBe('interrupted')
  })

  test('bad input is reported, never thrown', () => {
    const { issues } = replay(['{', { id: 'x' }, { id: 'x', choices: [42] }])
    expect(issues.map((i) => i.code)).toEqual(['malformed-json', 'malformed-chunk', 'malformed-chunk'])
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.string(), choices: fc.jsonValue(), usage: fc.jsonValue() })),
        (chunks) => {
          const { end } = replay(chunks)
          end()
        },
      ),
      { numRuns: 200 },
    )
  })
})

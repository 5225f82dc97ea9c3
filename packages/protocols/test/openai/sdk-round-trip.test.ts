/**
 * The fixtures through the real `openai` client, previous and current major (6 and 7): each is
 * served as the server's SSE body to `client.responses.create({ stream: true })` or
 * `client.chat.completions.create({ stream: true })`, the SDK parses it, and the events it yields
 * decode to the same transcript as the fixture itself. The fixtures also type-check against 7.
 */
import { createTranscriptStore, type Issue, toMarkdown } from '@palimpsest/core'
import { createOpenAiChatDecoder, createOpenAiResponsesDecoder } from '@palimpsest/protocols/openai'
import OpenAI6 from 'openai'
import OpenAI7 from 'openai7'
import type { ChatCompletionChunk as ChatCompletionChunk7 } from 'openai7/resources/chat/completions'
import type { ResponseStreamEvent as ResponseStreamEvent7 } from 'openai7/resources/responses/responses'
import { describe, expect, test } from 'vitest'
import {
  chatParallelToolCalls,
  chatReasoningAnswer,
  chatRefusal,
  responsesFailed,
  responsesFunctionCall,
  responsesRefusal,
  responsesWebSearch,
} from './fixtures'

// openai 7 accepts every fixture as its own stream event type.
const responses7: ResponseStreamEvent7[][] = [responsesWebSearch, responsesFunctionCall, responsesRefusal]
const chat7: ChatCompletionChunk7[][] = [chatReasoningAnswer, chatParallelToolCalls, chatRefusal]
const failed7: ResponseStreamEvent7[] = responsesFailed

/** A `fetch` that answers every request with `events` as an SSE body, as the OpenAI API does. */
function sseFetch(events: readonly unknown[]): typeof fetch {
  return async () =>
    new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), {
      headers: { 'content-type': 'text/event-stream' },
    })
}

function transcript(decode: (apply: (wire: unknown) => void) => Promise<void>, decoder: 'responses' | 'chat') {
  return (async () => {
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync', onIssue: (issue) => issues.push(issue) })
    const d = (decoder === 'responses' ? createOpenAiResponsesDecoder : createOpenAiChatDecoder)({
      onIssue: (issue) => issues.push(issue),
    })
    await decode((wire) => store.getState().apply(d.decode(wire)))
    store.getState().apply(d.end())
    return { markdown: toMarkdown(store.getState(), { reasoning: true, tools: true }), issues }
  })()
}

/** What one major's client yields for a streamed request answered with `events`. */
interface Client {
  responses(events: readonly unknown[]): Promise<AsyncIterable<unknown>>
  chat(events: readonly unknown[]): Promise<AsyncIterable<unknown>>
}

const request = { model: 'gpt-5', stream: true } as const
const messages = [{ role: 'user' as const, content: 'Hi' }]

const clients: [string, Client][] = [
  [
    'openai 6',
    {
      responses: (events) =>
        new OpenAI6({ apiKey: 'test', fetch: sseFetch(events) }).responses.create({ ...request, input: 'Hi' }),
      chat: (events) =>
        new OpenAI6({ apiKey: 'test', fetch: sseFetch(events) }).chat.completions.create({ ...request, messages }),
    },
  ],
  [
    'openai 7',
    {
      responses: (events) =>
        new OpenAI7({ apiKey: 'test', fetch: sseFetch(events) }).responses.create({ ...request, input: 'Hi' }),
      chat: (events) =>
        new OpenAI7({ apiKey: 'test', fetch: sseFetch(events) }).chat.completions.create({ ...request, messages }),
    },
  ],
]

const fixtures: [string, 'responses' | 'chat', readonly unknown[]][] = [
  ['Responses API, web search', 'responses', responsesWebSearch],
  ['Responses API, function call', 'responses', responsesFunctionCall],
  ['Responses API, refusal', 'responses', responsesRefusal],
  ['Responses API, failure', 'responses', failed7],
  ['Chat Completions, reasoning', 'chat', chatReasoningAnswer],
  ['Chat Completions, parallel tools', 'chat', chatParallelToolCalls],
  ['Chat Completions, refusal', 'chat', chatRefusal],
]

describe.each(clients)('fixtures through the %s client', (_major, client) => {
  test.each(fixtures)('%s: what the SDK yields decodes like the fixture', async (_name, api, events) => {
    const direct = await transcript(async (apply) => events.forEach(apply), api)
    const viaSdk = await transcript(async (apply) => {
      for await (const event of await client[api](events)) apply(event)
    }, api)
    expect(viaSdk).toEqual(direct)
    expect(direct.markdown).not.toBe('')
  })
})

test('the fixtures are the ones openai 7 types accept', () => {
  expect(responses7.flat().length + chat7.flat().length + failed7.length).toBeGreaterThan(20)
})

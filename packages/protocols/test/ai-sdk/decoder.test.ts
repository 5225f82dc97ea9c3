import { createTranscriptStore, type Issue, toMarkdown } from '@palimpsest/core'
import { type AiSdkDataPart, createAiSdkDecoder } from '@palimpsest/protocols/ai-sdk'
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  type UIMessageChunk,
} from 'ai'
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { comparableAiSdkParts, comparablePalimpsestParts, readWithAiSdk, readWithPalimpsest } from './read-both-ways'

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never

const usage = {
  inputTokens: { total: 24, noCache: 24, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 31, text: 25, reasoning: 6 },
}

const step = (parts: StreamPart[]) => ({ stream: convertArrayToReadableStream<StreamPart>(parts) })

const deltas = (type: 'text-delta' | 'reasoning-delta', id: string, pieces: string[]): StreamPart[] =>
  pieces.map((delta) => ({ type, id, delta }))

/** Two model steps: reasoning, text and a weather tool call; then, after the tool ran, the answer with a source. */
function weatherModel() {
  return new MockLanguageModelV3({
    doStream: [
      step([
        { type: 'stream-start', warnings: [] },
        { type: 'reasoning-start', id: 'r1' },
        ...deltas('reasoning-delta', 'r1', ['The user wants ', 'the weather in Paris.']),
        { type: 'reasoning-end', id: 'r1' },
        { type: 'text-start', id: 't1' },
        ...deltas('text-delta', 't1', ['Let me ', 'check the ', 'forecast.']),
        { type: 'text-end', id: 't1' },
        { type: 'tool-input-start', id: 'call-1', toolName: 'weather' },
        { type: 'tool-input-delta', id: 'call-1', delta: '{"city":' },
        { type: 'tool-input-delta', id: 'call-1', delta: '"Paris"}' },
        { type: 'tool-input-end', id: 'call-1' },
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'weather', input: '{"city":"Paris"}' },
        { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
      ]),
      step([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't2' },
        ...deltas('text-delta', 't2', ['It is **21 °C** ', 'and sunny ', 'in Paris.']),
        { type: 'text-end', id: 't2' },
        {
          type: 'source',
          sourceType: 'url',
          id: 'src-1',
          url: 'https://weather.example/paris',
          title: 'Paris weather',
        },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ]),
    ],
  })
}

const weatherTool = tool({
  description: 'Current weather for a city',
  inputSchema: jsonSchema<{ city: string }>({
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  }),
  execute: async ({ city }) => ({ city, temperature: 21, sky: 'sunny' }),
})

async function streamTextBytes(): Promise<Uint8Array<ArrayBuffer>> {
  const result = streamText({
    model: weatherModel(),
    prompt: 'What is the weather in Paris?',
    tools: { weather: weatherTool },
    stopWhen: stepCountIs(3),
  })
  const response = result.toUIMessageStreamResponse({
    sendReasoning: true,
    sendSources: true,
    generateMessageId: () => 'msg-weather',
  })
  return new Uint8Array(await response.arrayBuffer())
}

async function writerBytes(chunks: UIMessageChunk[]): Promise<Uint8Array<ArrayBuffer>> {
  const stream = createUIMessageStream({
    execute: ({ writer }) => {
      for (const chunk of chunks) writer.write(chunk)
    },
  })
  return new Uint8Array(await createUIMessageStreamResponse({ stream }).arrayBuffer())
}

describe('AI SDK UI message stream decoder, against the AI SDK itself', () => {
  test('streamText with a mock model: our transcript matches what readUIMessageStream builds from the same bytes', async () => {
    const bytes = await streamTextBytes()
    const ours = await readWithPalimpsest(bytes)
    const { message: theirs, errors } = await readWithAiSdk(bytes)
    expect(ours.issues).toEqual([])
    expect(errors).toEqual([])
    expect(ours.state.messageIds).toEqual([theirs.id])
    expect(comparablePalimpsestParts(ours.state.messages[theirs.id])).toEqual(comparableAiSdkParts(theirs))
    // And what a reader must see, spelled out.
    expect(toMarkdown(ours.state, { reasoning: true, tools: true })).toBe(
      [
        '## Assistant',
        '> The user wants the weather in Paris.',
        'Let me check the forecast.',
        '- Tool `weather` (completed)',
        'It is **21 °C** and sunny in Paris.',
        '[Paris weather](https://weather.example/paris)\n',
      ].join('\n\n'),
    )
    expect(ours.state.messages['msg-weather']?.parts[2]).toMatchObject({
      kind: 'tool-call',
      input: { city: 'Paris' },
      output: { city: 'Paris', temperature: 21, sky: 'sunny' },
    })
    expect(ours.state.turns[0]).toMatchObject({ status: 'completed', stopReason: 'stop' })
    expect(ours.state.messages['msg-weather']?.status).toBe('complete')
  })

  test('data parts replace by id, transient ones reach only onData; files, document sources and errors match too', async () => {
    const bytes = await writerBytes([
      { type: 'start', messageId: 'msg-data' },
      { type: 'data-weather', id: 'w1', data: { city: 'Paris', status: 'loading' } },
      { type: 'data-notification', data: { message: 'Fetching…' }, transient: true },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Here is the chart.' },
      { type: 'text-end', id: 't1' },
      { type: 'data-weather', id: 'w1', data: { city: 'Paris', status: 'done', temperature: 21 } },
      { type: 'file', url: 'https://cdn.example/chart.png', mediaType: 'image/png' },
      { type: 'source-document', sourceId: 'doc-1', mediaType: 'application/pdf', title: 'Climate report' },
      { type: 'error', errorText: 'Rate limited; showing cached data.' },
      { type: 'finish', finishReason: 'stop' },
    ])
    const received: AiSdkDataPart[] = []
    const ours = await readWithPalimpsest(bytes, { onData: (part) => received.push(part) })
    const { message: theirs, errors } = await readWithAiSdk(bytes)
    expect(errors).toEqual(['Error: Rate limited; showing cached data.'])
    expect(comparablePalimpsestParts(ours.state.messages['msg-data'])).toEqual(comparableAiSdkParts(theirs))
    const message = ours.state.messages['msg-data']
    // The replaced data part kept its place (before the text) and its id.
    expect(message?.parts.map((p) => p.kind)).toEqual(['data', 'text', 'file', 'source', 'error'])
    expect(message?.parts[0]).toMatchObject({ dataId: 'weather:w1', data: { status: 'done', temperature: 21 } })
    expect(received.map((p) => p.type)).toEqual(['data-weather', 'data-notification', 'data-weather'])
    expect(received[1]).toMatchObject({ transient: true })
    expect(message?.parts[4]).toMatchObject({ message: 'Rate limited; showing cached data.' })
  })

  test('an approval request, then its denial; another approved tool runs; an invalid input fails', async () => {
    const bytes = await writerBytes([
      { type: 'start', messageId: 'msg-approval' },
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'deleteFile', title: 'Delete file' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"path":"notes.txt"}' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'notes.txt' } },
      { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'c1' },
      { type: 'tool-output-denied', toolCallId: 'c1' },
      { type: 'tool-input-available', toolCallId: 'c2', toolName: 'readFile', input: { path: 'a.txt' } },
      { type: 'tool-approval-request', approvalId: 'ap2', toolCallId: 'c2' },
      { type: 'tool-output-available', toolCallId: 'c2', output: 'hello' },
      {
        type: 'tool-input-error',
        toolCallId: 'c3',
        toolName: 'search',
        input: { q: 1 },
        errorText: 'q must be a string',
      },
      { type: 'finish' },
    ])
    const ours = await readWithPalimpsest(bytes)
    const { message: theirs, errors } = await readWithAiSdk(bytes)
    expect(errors).toEqual([])
    const message = ours.state.messages['msg-approval']
    const comparable = comparablePalimpsestParts(message).filter((p) => p.kind === 'tool-call')
    // The AI SDK keeps no input on a failed input; the rest must agree.
    expect(comparable.map(({ input, ...p }) => p)).toEqual(comparableAiSdkParts(theirs).map(({ input, ...p }) => p))
    expect(message?.parts.filter((p) => p.kind === 'approval-request')).toMatchObject([
      { requestId: 'ap1', toolCallId: 'c1', status: 'denied' },
      { requestId: 'ap2', toolCallId: 'c2', status: 'approved' },
    ])
    expect(toMarkdown(ours.state, { tools: true })).toBe(
      [
        '## Assistant',
        '- Tool `Delete file` (cancelled)',
        '- Tool `readFile` (completed)',
        '- Tool `search` (failed): q must be a string\n',
      ].join('\n\n'),
    )
  })
})

describe('AI SDK UI message stream decoder, edge cases', () => {
  const decodeAll = (chunks: unknown[]) => {
    const issues: Issue[] = []
    const decoder = createAiSdkDecoder({ onIssue: (issue) => issues.push(issue) })
    const store = createTranscriptStore({ schedule: 'sync' })
    for (const chunk of chunks) store.getState().apply(decoder.decode(chunk))
    return { state: store.getState(), issues, decoder, store }
  }

  test('two text blocks in a row stay two paragraphs', () => {
    const { state } = decodeAll([
      { type: 'start', messageId: 'm' },
      { type: 'text-start', id: 'a' },
      { type: 'text-delta', id: 'a', delta: 'First.' },
      { type: 'text-end', id: 'a' },
      { type: 'text-start', id: 'b' },
      { type: 'text-delta', id: 'b', delta: 'Second.' },
      { type: 'text-end', id: 'b' },
    ])
    expect(toMarkdown(state, { headings: false })).toBe('First.\n\nSecond.\n')
  })

  test('ai 7 chunks: a reasoning-file is a file part; reset-step and steering-message are reported as not decoded (known gap: the retried step stays)', () => {
    const { state, issues } = decodeAll([
      { type: 'start', messageId: 'm' },
      { type: 'start-step' },
      { type: 'reasoning-file', url: 'data:image/png;base64,iVBORw0KGgo=', mediaType: 'image/png' },
      { type: 'text-start', id: 'a' },
      { type: 'text-delta', id: 'a', delta: 'Kept.' },
      { type: 'reset-step' },
      { type: 'steering-message', id: 's1', parts: [{ type: 'text', text: 'I meant Paris, Texas.' }] },
    ])
    expect(state.messages.m?.parts).toMatchObject([
      { kind: 'file', url: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png' },
      { kind: 'text', text: 'Kept.' },
    ])
    expect(issues.map((i) => i.code)).toEqual(['unsupported-chunk', 'unsupported-chunk'])
  })

  test('abort cancels the message and its running tool calls', () => {
    const { state } = decodeAll([
      { type: 'start', messageId: 'm' },
      { type: 'tool-input-start', toolCallId: 'c', toolName: 'slow' },
      { type: 'abort', reason: 'user stopped' },
    ])
    expect(state.messages.m?.status).toBe('cancelled')
    expect(state.messages.m?.parts[0]).toMatchObject({ status: 'cancelled' })
    expect(state.turns[0]?.status).toBe('cancelled')
  })

  test('a content-filter finish is a refusal; [DONE] ends the stream; the message id defaults', () => {
    const { state, decoder } = decodeAll([
      { type: 'text-start', id: 'a' },
      { type: 'text-delta', id: 'a', delta: 'No.' },
      { type: 'finish', finishReason: 'content-filter' },
    ])
    expect(state.messageIds).toEqual([expect.stringMatching(/^ai-sdk-[0-9a-z]{8}-1$/)])
    expect(state.messages[state.messageIds[0] as string]?.status).toBe('refusal')
    expect(decoder.decode('[DONE]')).toEqual([])
  })

  test('message metadata goes to its callback', () => {
    const seen: unknown[] = []
    const decoder = createAiSdkDecoder({ onMessageMetadata: (id, metadata) => seen.push([id, metadata]) })
    decoder.decode({ type: 'start', messageId: 'm', messageMetadata: { model: 'mock' } })
    decoder.decode({ type: 'message-metadata', messageMetadata: { totalTokens: 55 } })
    expect(seen).toEqual([
      ['m', { model: 'mock' }],
      ['m', { totalTokens: 55 }],
    ])
  })

  test('a delta for a part that is not open is shown and reported; unknown chunks are reported', () => {
    const { state, issues } = decodeAll([
      { type: 'start', messageId: 'm' },
      { type: 'text-delta', id: 'ghost', delta: 'Boo' },
      { type: 'mystery' },
      { type: 'tool-output-available' },
      'not json',
    ])
    expect(state.messages.m?.parts[0]).toMatchObject({ text: 'Boo' })
    expect(issues.map((i) => i.code)).toEqual(['unopened-part', 'unknown-chunk', 'malformed-chunk', 'malformed-json'])
  })

  test('a dropped connection leaves the message interrupted', () => {
    const { decoder, store } = decodeAll([
      { type: 'start', messageId: 'm' },
      { type: 'text-start', id: 'a' },
      { type: 'text-delta', id: 'a', delta: 'Hal' },
    ])
    store.getState().apply(decoder.end('interrupted'))
    expect(store.getState().messages.m?.status).toBe('interrupted')
  })

  test('arbitrary chunks never throw', () => {
    const types = [
      'start',
      'text-start',
      'text-delta',
      'reasoning-delta',
      'tool-input-start',
      'tool-input-delta',
      'tool-output-available',
      'tool-approval-request',
      'data-x',
      'finish',
      'abort',
      'error',
    ]
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            type: fc.constantFrom(...types),
            id: fc.constantFrom('a', 'b'),
            delta: fc.oneof(fc.string(), fc.integer()),
            toolCallId: fc.constantFrom('c', 'd'),
            toolName: fc.string(),
            inputTextDelta: fc.string(),
            approvalId: fc.string(),
            data: fc.jsonValue(),
          }),
          { maxLength: 25 },
        ),
        (chunks) => {
          const { decoder, store } = decodeAll(chunks)
          store.getState().apply(decoder.end())
        },
      ),
      { numRuns: 100 },
    )
  })
})

/**
 * The README's pattern, with the real AI SDK on both current majors: one `streamText(...)
 * .toUIMessageStreamResponse()` per turn, each read with a new decoder into ONE store. The stream
 * names no message id (no `generateMessageId`), so the decoder invents one per turn; turn 2's answer
 * must not land in turn 1's finished message.
 */
import { createTranscriptStore, type Issue, type TranscriptState } from '@palimpsest/core'
import { createAiSdkDecoder } from '@palimpsest/protocols/ai-sdk'
import { sseEvents, streamInto } from '@palimpsest/protocols/transports'
import { jsonSchema as jsonSchema6, stepCountIs as stepCountIs6, streamText as streamText6, tool as tool6 } from 'ai'
import { MockLanguageModelV3, convertArrayToReadableStream as toStream6 } from 'ai/test'
import { isStepCount as isStepCount7, jsonSchema as jsonSchema7, streamText as streamText7, tool as tool7 } from 'ai7'
import { MockLanguageModelV4, convertArrayToReadableStream as toStream7 } from 'ai7/test'
import { describe, expect, test } from 'vitest'

type StreamPart6 =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never
type StreamPart7 =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never

const usage = {
  inputTokens: { total: 20, noCache: 20, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 12, text: 12, reasoning: 0 },
}

/** A model stream part both majors accept: the fixtures type-check against each. */
type StreamPart = StreamPart6 & StreamPart7

/** One turn of a model: a weather tool call for `city`, then (after the tool ran) the answer. */
function turnSteps(city: string, callId: string, answer: string[]): StreamPart[][] {
  return [
    [
      { type: 'stream-start', warnings: [] },
      { type: 'tool-input-start', id: callId, toolName: 'weather' },
      { type: 'tool-input-delta', id: callId, delta: JSON.stringify({ city }) },
      { type: 'tool-input-end', id: callId },
      { type: 'tool-call', toolCallId: callId, toolName: 'weather', input: JSON.stringify({ city }) },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
    ],
    [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 'answer' },
      ...answer.map((delta): StreamPart => ({ type: 'text-delta', id: 'answer', delta })),
      { type: 'text-end', id: 'answer' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ],
  ]
}

const turns = [
  { question: 'Weather in Paris?', steps: turnSteps('Paris', 'call-paris', ['It is 21 °C ', 'in Paris.']) },
  { question: 'And in Oslo?', steps: turnSteps('Oslo', 'call-oslo', ['It is 4 °C ', 'and raining in Oslo.']) },
]

const weatherSchema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const
const forecast = async ({ city }: { city: string }) => ({ city, sky: city === 'Oslo' ? 'rain' : 'sun' })

/** `streamText(...).toUIMessageStreamResponse()` of ai 6 for one turn. */
function respond6(turn: number): Response {
  const model = new MockLanguageModelV3({
    doStream: (turns[turn]?.steps ?? []).map((parts) => ({ stream: toStream6<StreamPart6>(parts) })),
  })
  const weather = tool6({ inputSchema: jsonSchema6<{ city: string }>(weatherSchema), execute: forecast })
  return streamText6({
    model,
    prompt: turns[turn]?.question ?? '',
    tools: { weather },
    stopWhen: stepCountIs6(3),
  }).toUIMessageStreamResponse()
}

/** The same with ai 7. */
function respond7(turn: number): Response {
  const model = new MockLanguageModelV4({
    doStream: (turns[turn]?.steps ?? []).map((parts) => ({ stream: toStream7<StreamPart7>(parts) })),
  })
  const weather = tool7({ inputSchema: jsonSchema7<{ city: string }>(weatherSchema), execute: forecast })
  return streamText7({
    model,
    prompt: turns[turn]?.question ?? '',
    tools: { weather },
    stopWhen: isStepCount7(3),
  }).toUIMessageStreamResponse()
}

/** Each message: its answer text and the tool calls it holds (by input city). */
function messages(state: TranscriptState) {
  return state.messageIds.map((id) => {
    const parts = state.messages[id]?.parts ?? []
    return {
      text: parts.flatMap((p) => (p.kind === 'text' ? [p.text] : [])).join(''),
      toolCalls: parts.flatMap((p) => (p.kind === 'tool-call' ? [{ input: p.input, status: p.status }] : [])),
      turnId: state.messages[id]?.turnId,
      status: state.messages[id]?.status,
    }
  })
}

describe.each([
  ['ai 6', respond6],
  ['ai 7', respond7],
])('two turns into one store, the README way (%s)', (_major, respond) => {
  test('both answers are in the transcript, each turn with its own tool call, and nothing is reported', async () => {
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync', onIssue: (issue) => issues.push(issue) })
    for (const turn of [0, 1]) {
      const result = await streamInto(store, sseEvents(respond(turn)), createAiSdkDecoder())
      expect(result.reason).toBe('complete')
    }
    const state = store.getState()
    expect(issues).toEqual([])
    expect(messages(state)).toEqual([
      {
        text: 'It is 21 °C in Paris.',
        toolCalls: [{ input: { city: 'Paris' }, status: 'completed' }],
        turnId: state.turns[0]?.id,
        status: 'complete',
      },
      {
        text: 'It is 4 °C and raining in Oslo.',
        toolCalls: [{ input: { city: 'Oslo' }, status: 'completed' }],
        turnId: state.turns[1]?.id,
        status: 'complete',
      },
    ])
    expect(state.turns.map((t) => t.status)).toEqual(['completed', 'completed'])
  })

  test('two decoders, like two page loads, never invent the same message id', async () => {
    const ids = new Set<string>()
    for (let load = 0; load < 20; load++) {
      const store = createTranscriptStore({ schedule: 'sync' })
      await streamInto(store, sseEvents(respond(0)), createAiSdkDecoder())
      for (const id of store.getState().messageIds) ids.add(id)
    }
    expect(ids.size).toBe(20)
  })
})

/**
 * The language model of the example: the AI SDK's `MockLanguageModelV3`, streaming a scripted
 * answer with a delay per chunk (no network). First step: reasoning and a `getForecast` tool call;
 * after the tool's result: a markdown answer with a table and a code block. Each answer is numbered,
 * so a regenerated answer differs from the one it replaces.
 */
import { simulateReadableStream } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'

type StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>
type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never

const usage = {
  inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 40, text: 30, reasoning: 10 },
}

/** Text cut into pieces of a few words, as a model streams it. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text]
}

function textParts(kind: 'text' | 'reasoning', id: string, text: string): StreamPart[] {
  return [
    { type: `${kind}-start`, id },
    ...pieces(text).map((delta) => ({ type: `${kind}-delta`, id, delta })),
    { type: `${kind}-end`, id },
  ] as StreamPart[]
}

/** The city is the last thing the user asked about. */
function lastQuestion(prompt: { role: string; content: unknown }[]): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i]
    if (message?.role !== 'user' || !Array.isArray(message.content)) continue
    const text = message.content.find((part: { type?: string }) => part.type === 'text') as { text?: string }
    if (text?.text) return text.text
  }
  return 'the weather'
}

export function createMockModel(chunkDelayInMs = 15) {
  let answers = 0
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      const afterTool = prompt[prompt.length - 1]?.role === 'tool'
      const question = lastQuestion(prompt as { role: string; content: unknown }[])
      let chunks: StreamPart[]
      if (!afterTool) {
        const callId = `call-${answers + 1}`
        chunks = [
          ...textParts('reasoning', 'r1', `The user asks: "${question}". I should look up the forecast first.`),
          { type: 'tool-input-start', id: callId, toolName: 'getForecast' },
          { type: 'tool-input-delta', id: callId, delta: JSON.stringify({ city: question }) },
          { type: 'tool-input-end', id: callId },
          { type: 'tool-call', toolCallId: callId, toolName: 'getForecast', input: JSON.stringify({ city: question }) },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
        ] as StreamPart[]
      } else {
        answers += 1
        const answer = [
          `Answer ${answers} to "${question}": the weekend looks **mostly sunny**.`,
          '',
          '| day | sky | °C |',
          '| --- | --- | --- |',
          '| Saturday | sunny | 24 |',
          '| Sunday | cloudy | 19 |',
          '',
          '```ts',
          "const warmest = 'Saturday'",
          '```',
        ].join('\n')
        chunks = [
          ...textParts('text', 't1', answer),
          { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
        ] as StreamPart[]
      }
      return { stream: simulateReadableStream<StreamPart>({ chunks, chunkDelayInMs }) }
    },
  })
}

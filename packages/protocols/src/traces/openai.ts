/** Recorded OpenAI streams: Responses API events and Chat Completions chunks. */
import { createOpenAiChatDecoder, createOpenAiResponsesDecoder } from '../openai'
import chatParallelTools from './data/openai-chat-parallel-tools.json'
import chatReasoning from './data/openai-chat-reasoning.json'
import responsesFunctionCall from './data/openai-responses-function-call.json'
import responsesWebSearch from './data/openai-responses-web-search.json'
import type { TraceSet } from './trace'

export const traceSet: TraceSet = {
  decoders: { 'openai-responses': createOpenAiResponsesDecoder, 'openai-chat': createOpenAiChatDecoder },
  traces: [responsesWebSearch, responsesFunctionCall, chatReasoning, chatParallelTools],
}

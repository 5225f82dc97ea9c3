export { createOpenAiChatDecoder, type OpenAiChatDecoderOptions } from './chat-decoder'
export { createOpenAiResponsesDecoder, type OpenAiResponsesDecoderOptions } from './responses-decoder'
export { readOpenAiUsage } from './usage'

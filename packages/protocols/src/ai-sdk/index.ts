export { type AiSdkDataPart, type AiSdkDecoderOptions, createAiSdkDecoder } from './decoder'
export {
  createUIMessagesDecoder,
  type UIChatStatus,
  type UIMessageLike,
  type UIMessagesDecoderOptions,
  type UIMessagesSnapshot,
} from './ui-messages-decoder'

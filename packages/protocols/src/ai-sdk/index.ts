export { type AiSdkDataPart, type AiSdkDecoderOptions, createAiSdkDecoder } from './decoder'

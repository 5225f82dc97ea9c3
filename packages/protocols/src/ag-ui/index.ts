export { type AgUiDecoderOptions, createAgUiDecoder } from './decoder'
export { applyJsonPatch, type PatchResult } from './json-patch'

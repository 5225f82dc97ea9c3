export { isPrimary, isSecondary } from './classify'
export type { Decoder, DecoderFactory, DecoderOptions, EndReason } from './decoder'
export { subscribeToMessage, subscribeToMessages } from './message-subscriptions'
export { getMessage } from './message-table'
export { isPartStreaming } from './part-streaming'
export { createPartialJsonParser, type PartialJsonParser, parsePartialJson } from './partial-json'
export { reduce, reduceAll, sumUsage } from './reduce'
export { readTrace, readTraceText } from './replay/read-trace'
export type { ReplayEvent, ReplayTrace, TraceReadResult } from './replay/replay-trace'
export { type DecodedStep, type DecoderSource, TraceReplay } from './replay/trace-replay'
export { type ResponseWait, responseWait, responseWaitKey } from './response-wait'
export {
  selectIsStreaming,
  selectLatestTurn,
  selectMessage,
  selectMessageIds,
  selectPart,
} from './selectors'
export type * from './state'
export {
  approvalOptionKinds,
  approvalStatuses,
  createInitialState,
  messageRoles,
  messageStatuses,
  partKinds,
  partStatuses,
  planEntryPriorities,
  planEntryStatuses,
  statusLevels,
  toolCallStatuses,
  toolKinds,
  turnStatuses,
} from './state'
export {
  createTranscriptStore,
  type Schedule,
  type TranscriptActions,
  type TranscriptStore,
  type TranscriptStoreOptions,
  type TranscriptStoreState,
} from './store'
export {
  parseStructuredOutput,
  parseStructuredOutputAsync,
  type StandardSchemaV1,
  type StructuredOutputIssue,
  type StructuredOutputIssueCode,
  type StructuredOutputResult,
} from './structured-output'
export { type ToMarkdownOptions, toMarkdown } from './transcript'
export type * from './updates'
export { findUpdateProblem } from './validate'

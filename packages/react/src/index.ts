export { isPartStreaming } from '@palimpsest/core'
export { type DiffLine, diffLines } from './diff/line-diff'
export { createJsonPrettyPrinter, type JsonPrettyPrinter } from './json/json-pretty-printer'
export {
  type CodeHighlighter,
  defineMarkdownSyntax,
  type FencedCode,
  fencedCodeOf,
  gfmSyntax,
  isRemoteUrl,
  type MarkdownComponents,
  type MarkdownExtraProps,
  type MarkdownSource,
  type MarkdownSyntax,
  type MarkdownSyntaxOptions,
  type MarkdownTailLeaf,
  StreamingMarkdown,
  type StreamingMarkdownProps,
  useMarkdownSource,
} from './markdown'
export type {
  MessageComponentProps,
  PartComponents,
  PartElementProps,
  PartProps,
  TranscriptComponents,
} from './message/components-map'
export { DefaultMessageLayout, Message, type MessageProps, type MessageRootProps } from './message/Message'
export { type ContentSlotProps, PrimaryContent, SecondaryContent } from './message/MessageParts'
export { useMessageContext } from './message/message-context'
export { defaultPartComponents, PartView } from './message/PartView'
export { defaultLabels, type Labels } from './options/labels'
export {
  defaultHoldMs,
  defaultPanels,
  type PanelDefault,
  type PanelDefaults,
  type TranscriptOptions,
  type TranscriptOptionsInput,
  TranscriptOptionsProvider,
  useTranscriptOptions,
} from './options/options-context'
export { ApprovalRequestView, type ApprovalRequestViewProps } from './parts/ApprovalRequestView'
export { DataPartView, type DataPartViewProps } from './parts/DataPartView'
export { DiffView, type DiffViewProps } from './parts/DiffView'
export { ErrorView, type ErrorViewProps } from './parts/ErrorView'
export { FileView, type FileViewProps } from './parts/FileView'
export { HandoffView, type HandoffViewProps } from './parts/HandoffView'
export { Plan, type PlanRootProps } from './parts/Plan'
export { Reasoning, type ReasoningRootProps } from './parts/Reasoning'
export { SourceView, type SourceViewProps } from './parts/SourceView'
export { StatusView, type StatusViewProps } from './parts/StatusView'
export { TextView, type TextViewProps } from './parts/TextView'
export { ToolCall, type ToolCallRootProps } from './parts/ToolCall'
export {
  Collapsible,
  type CollapsibleContentProps,
  type CollapsibleRootProps,
  type CollapsibleTriggerProps,
  useCollapsible,
} from './primitives/Collapsible'
export {
  type ControllableStateMemory,
  type ControllableStateOptions,
  useControllableState,
} from './primitives/use-controllable-state'
export { visuallyHidden } from './primitives/visually-hidden'
export { ReplaceableMarkdown, type ReplaceableMarkdownProps } from './replacement/ReplaceableMarkdown'
export { type ReplacementHold, type ReplacementHoldInput, useReplacementHold } from './replacement/replacement-hold'
export * from './run'
export { type DisclosureRegistry, disclosureKey, disclosureRegistryFor } from './store/disclosure-registry'
export { useIsStreaming, useMessage, useMessageIds, usePart, usePartStreaming } from './store/selector-hooks'
export { TranscriptProvider, type TranscriptProviderProps, useTranscriptStore } from './store/store-context'
export { useSnapshotStore } from './store/use-snapshot-store'
export { useTranscriptSelector } from './store/use-transcript-selector'
export { Transcript, type TranscriptProps } from './transcript/Transcript'
export { type StickToBottom, useStickToBottom } from './transcript/use-stick-to-bottom'

export { isPartStreaming } from '@palimpsest/core'
export {
  Collapsible,
  type CollapsibleContentProps,
  type CollapsibleRootProps,
  type CollapsibleTriggerProps,
  useCollapsible,
} from './Collapsible'
export type {
  MessageComponentProps,
  PartComponents,
  PartElementProps,
  PartProps,
  TranscriptComponents,
} from './components-map'
export { type DisclosureRegistry, disclosureKey, disclosureRegistryFor } from './disclosure-registry'
export { useIsStreaming, useMessage, useMessageIds, usePart, usePartStreaming } from './hooks'
export { createJsonPrettyPrinter, type JsonPrettyPrinter } from './json-pretty-printer'
export { defaultLabels, type Labels } from './labels'
export { type DiffLine, diffLines } from './line-diff'
export { DefaultMessageLayout, Message, type MessageProps, type MessageRootProps } from './Message'
export { type ContentSlotProps, PrimaryContent, SecondaryContent } from './MessageParts'
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
  MarkdownSourceContext,
  type MarkdownSyntax,
  type MarkdownSyntaxOptions,
  type MarkdownTailLeaf,
  StreamingMarkdown,
  type StreamingMarkdownProps,
} from './markdown'
export { useMessageContext } from './message-context'
export {
  defaultHoldMs,
  defaultPanels,
  type PanelDefault,
  type PanelDefaults,
  type TranscriptOptions,
  type TranscriptOptionsInput,
  TranscriptOptionsProvider,
  useTranscriptOptions,
} from './options-context'
export { defaultPartComponents, PartView } from './PartView'
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
export { ReplaceableMarkdown, type ReplaceableMarkdownProps } from './ReplaceableMarkdown'
export { type ReplacementHold, type ReplacementHoldInput, useReplacementHold } from './replacement-hold'
export * from './run'
export { TranscriptProvider, type TranscriptProviderProps, useTranscriptStore } from './store-context'
export { Transcript, type TranscriptProps } from './Transcript'
export {
  type ControllableStateMemory,
  type ControllableStateOptions,
  useControllableState,
} from './use-controllable-state'
export { useSnapshotStore } from './use-snapshot-store'
export { type StickToBottom, useStickToBottom } from './use-stick-to-bottom'
export { useTranscriptSelector } from './use-transcript-selector'
export { visuallyHidden } from './visually-hidden'

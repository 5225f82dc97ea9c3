/** The transcript state: what selectors, components and tests read. Treat it as immutable. */

/** The value sets below are the single definition of each enum: the types derive from them, and the validator reads them. */
export const messageRoles = ['user', 'assistant', 'system'] as const
export type MessageRole = (typeof messageRoles)[number]

/** `streaming` until the message is done; the others say how it ended. */
export const messageStatuses = ['streaming', 'complete', 'cancelled', 'error', 'interrupted', 'refusal'] as const
export type MessageStatus = (typeof messageStatuses)[number]

/** A text or reasoning part streams until another part of its message takes over or the message ends. */
export const partStatuses = ['streaming', 'done'] as const
export type PartStatus = (typeof partStatuses)[number]

export const toolCallStatuses = ['pending', 'in_progress', 'completed', 'failed', 'cancelled'] as const
export type ToolCallStatus = (typeof toolCallStatuses)[number]

/** What a tool does (ACP's kinds); `other` when unknown. */
export const toolKinds = [
  'read',
  'edit',
  'delete',
  'move',
  'search',
  'execute',
  'think',
  'fetch',
  'switch_mode',
  'other',
] as const
export type ToolKind = (typeof toolKinds)[number]

export const turnStatuses = ['running', 'background', 'completed', 'failed', 'cancelled'] as const
export type TurnStatus = (typeof turnStatuses)[number]

export interface Usage {
  inputTokens?: number
  outputTokens?: number
  totalTokens?: number
  reasoningTokens?: number
  cachedInputTokens?: number
  /** Context window size, when the protocol reports it (ACP `usage_update`). */
  contextWindow?: number
  /** Cost in the protocol's currency units, when reported. */
  cost?: number
}

/** Answer text. `epoch` increments on every clear or full replacement of this buffer. */
export interface TextPart {
  id: string
  kind: 'text'
  text: string
  epoch: number
  status: PartStatus
}

/** Reasoning text (secondary). */
export interface ReasoningPart {
  id: string
  kind: 'reasoning'
  text: string
  epoch: number
  status: PartStatus
}

export type ToolCallContent =
  | { type: 'text'; text: string }
  | { type: 'diff'; path: string; oldText: string | null; newText: string }
  | { type: 'terminal'; terminalId: string; output?: string }
  | { type: 'image'; data?: string; url?: string; mimeType?: string }
  | { type: 'file'; url?: string; data?: string; mimeType?: string; name?: string }
  | { type: 'json'; value: unknown }

export interface ToolCallLocation {
  path: string
  line?: number
}

export interface ToolCallPart {
  id: string
  kind: 'tool-call'
  toolCallId: string
  name?: string
  title?: string
  toolKind: ToolKind
  status: ToolCallStatus
  /**
   * Parsed input. While `inputText` streams this is a best-effort partial value, updated in
   * place as deltas arrive (so it never needs re-parsing): read it, never mutate it.
   */
  input?: unknown
  /** Streamed argument text, as received. */
  inputText: string
  output?: unknown
  content?: ToolCallContent[]
  locations?: ToolCallLocation[]
  error?: string
}

export const planEntryStatuses = ['pending', 'in_progress', 'completed'] as const
export type PlanEntryStatus = (typeof planEntryStatuses)[number]

export const planEntryPriorities = ['high', 'medium', 'low'] as const
export type PlanEntryPriority = (typeof planEntryPriorities)[number]

export interface PlanEntry {
  content: string
  status: PlanEntryStatus
  priority?: PlanEntryPriority
}

export interface PlanPart {
  id: string
  kind: 'plan'
  entries: PlanEntry[]
}

export interface DataPart {
  id: string
  kind: 'data'
  dataId?: string
  name?: string
  data: unknown
}

export interface FilePart {
  id: string
  kind: 'file'
  /** The producer's id for the file (for downloads); a later `file` update with the same id replaces it. */
  fileId?: string
  url?: string
  data?: string
  mimeType?: string
  name?: string
  title?: string
  size?: number
}

export interface SourcePart {
  id: string
  kind: 'source'
  sourceId: string
  url?: string
  title?: string
  mimeType?: string
}

export interface ErrorPart {
  id: string
  kind: 'error'
  message: string
  code?: string
}

/** ACP option kinds; decides whether an option approves or denies. */
export const approvalOptionKinds = ['allow_once', 'allow_always', 'reject_once', 'reject_always'] as const
export type ApprovalOptionKind = (typeof approvalOptionKinds)[number]

export interface ApprovalOption {
  optionId: string
  name: string
  kind?: ApprovalOptionKind
}

export const approvalStatuses = ['pending', 'approved', 'denied'] as const
export type ApprovalStatus = (typeof approvalStatuses)[number]

export interface ApprovalRequestPart {
  id: string
  kind: 'approval-request'
  requestId: string
  toolCallId?: string
  title?: string
  description?: string
  options: ApprovalOption[]
  input?: unknown
  status: ApprovalStatus
  selectedOptionId?: string
}

export interface HandoffPart {
  id: string
  kind: 'handoff'
  from?: string
  to: string
  reason?: string
}

export const statusLevels = ['info', 'warning', 'error'] as const
export type StatusLevel = (typeof statusLevels)[number]

export interface StatusPart {
  id: string
  kind: 'status'
  statusId: string
  text: string
  level: StatusLevel
  data?: unknown
}

/** Every part kind a message can hold. */
export type Part =
  | TextPart
  | ReasoningPart
  | ToolCallPart
  | PlanPart
  | DataPart
  | FilePart
  | SourcePart
  | ErrorPart
  | ApprovalRequestPart
  | HandoffPart
  | StatusPart

/** Every part kind, in the order of `Part`. */
export const partKinds = [
  'text',
  'reasoning',
  'tool-call',
  'plan',
  'data',
  'file',
  'source',
  'error',
  'approval-request',
  'handoff',
  'status',
] as const satisfies readonly Part['kind'][]
export type PartKind = (typeof partKinds)[number]
/** `tsc` fails here when a `Part` has a kind `partKinds` does not list. */
type _EveryPartKindListed = AssertNever<Exclude<Part['kind'], PartKind>>
type AssertNever<T extends never> = T

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/**
 * A part as a `full` update gives it: no `id` (the store assigns stable ids, reusing the ids of
 * the parts it replaces so their DOM nodes are kept), and only the fields that matter.
 */
export type PartInput = DistributiveOmit<Part, 'id' | 'epoch' | 'status' | 'inputText' | 'toolKind'> & {
  status?: string
  toolKind?: ToolKind
  inputText?: string
}

export interface Message {
  id: string
  role: MessageRole
  author?: string
  status: MessageStatus
  parts: Part[]
  /**
   * Grows by one with each update that changes the message, once however much that update changes
   * (a `message-start` that creates it leaves it at 0).
   */
  revision: number
  /** A `full` with `final: true` sealed it: later streaming updates are ignored. */
  sealed: boolean
  /** The part the last streaming update went to. */
  activePartId?: string
  /**
   * Epochs of text/reasoning parts that a replacement removed, by part id. A part re-created later
   * under the same id starts past it, so a part's epoch never goes back. Absent until then.
   */
  retiredEpochs?: Record<string, number>
  /** The turn during which the message was created. */
  turnId?: string
  usage?: Usage
}

/** One run of the agent: from the first update (or `turn-start`) to `turn-end`. */
export interface Turn {
  id: string
  status: TurnStatus
  stopReason?: string
  usage?: Usage
  responseId?: string
  continuationToken?: string
}

/** Session-level facts; protocol decoders put what they know here (ACP modes, commands, config). */
export interface SessionInfo {
  title?: string
  modeId?: string
  commands?: { name: string; description?: string }[]
  configOptions?: unknown[]
  [key: string]: unknown
}

export interface TranscriptState {
  /** Message ids in display order. */
  messageIds: string[]
  /**
   * Every message by id. On a state the reducer made, built on first read (O(messages), once per
   * state): per flush, read one message with `getMessage(state, id)` instead.
   */
  messages: Record<string, Message>
  /** toolCallId → id of the message that holds the tool call. */
  toolCalls: Record<string, string>
  /** requestId → id of the message that holds the approval request. */
  approvals: Record<string, string>
  turns: Turn[]
  session: SessionInfo
  /**
   * A message id a new turn's `message-start` named again after that message had finished → the
   * id of the new message it opened instead; updates naming the old id go there from then on.
   */
  renamedMessages?: Record<string, string>
}

/** The empty transcript. */
export function createInitialState(): TranscriptState {
  return { messageIds: [], messages: {}, toolCalls: {}, approvals: {}, turns: [], session: {} }
}

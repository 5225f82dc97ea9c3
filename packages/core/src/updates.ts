/**
 * The update vocabulary: what decoders emit and the reducer accepts.
 *
 * Every update is a plain, serialisable object discriminated by `type`. Updates that
 * address a message carry its `messageId`; updates that address a tool call carry its
 * `toolCallId` (the store keeps an index from tool call to message).
 *
 * The interface of type `'a-b'` is named `ABUpdate`, always (`'tool-call'` → `ToolCallUpdate`,
 * `'tool-call-update'` → `ToolCallUpdateUpdate`); `UpdateOf<'a-b'>` names it too.
 */

import type {
  ApprovalOption,
  MessageRole,
  MessageStatus,
  PartInput,
  PlanEntry,
  SessionInfo,
  StatusLevel,
  ToolCallContent,
  ToolCallLocation,
  ToolCallStatus,
  ToolKind,
  TurnStatus,
  Usage,
} from './state'

/**
 * Create a message if it does not exist yet. Idempotent; fills `author` when missing. An
 * interrupted message streams again; with `resume: true` so does a finished one (a protocol that
 * continues the same message after a pause, e.g. the AI SDK after a tool approval). A sealed
 * message never reopens. Without `resume`, a `message-start` in a later turn naming a message that
 * has finished opens a new message (id `<id>~2`, …) and reports `reused-message-id`: the updates
 * that follow with that id go to the new message, so a new answer is never dropped into an old one.
 */
export interface MessageStartUpdate {
  type: 'message-start'
  messageId: string
  role?: MessageRole
  author?: string
  resume?: boolean
}

/** Append to the message's answer text. Creates the message (role `assistant` unless given) and its text part when absent. */
export interface ChunkUpdate {
  type: 'chunk'
  messageId: string
  text: string
  role?: MessageRole
  author?: string
}

/** Append to the message's reasoning text. Creates the message and its reasoning part when absent. */
export interface ThoughtUpdate {
  type: 'thought'
  messageId: string
  text: string
  role?: MessageRole
  author?: string
}

/**
 * Empty one buffer of a streaming message: its answer text (`text`) or its reasoning (`thought`).
 * Later chunks append from empty. A finished or sealed message is left untouched (and reported).
 */
export interface ClearUpdate {
  type: 'clear'
  messageId: string
  target: 'text' | 'thought'
}

/**
 * Replace content in one step.
 *
 * - with `target`, only that buffer is replaced by `text` (the rest of the message is kept);
 * - otherwise the whole content is replaced by `parts` (or by `text` / `thought` when no `parts`).
 *
 * With `final: true` the message is sealed and finished: later `chunk`, `thought`, `clear` and
 * `message-done` for it are ignored (and reported).
 */
export interface FullUpdate {
  type: 'full'
  messageId: string
  target?: 'text' | 'thought'
  parts?: PartInput[]
  text?: string
  thought?: string
  final?: boolean
  role?: MessageRole
  author?: string
}

/** Create or upsert a tool call (by `toolCallId`). Omitted fields are unchanged. */
export interface ToolCallUpdate {
  type: 'tool-call'
  messageId: string
  toolCallId: string
  name?: string
  title?: string
  toolKind?: ToolKind
  status?: ToolCallStatus
  /** Parsed input (arguments). Replaces any streamed input. */
  input?: unknown
  content?: ToolCallContent[]
  locations?: ToolCallLocation[]
}

/** Append streamed argument text (often partial JSON) to a tool call; `input` is kept parsed best-effort. */
export interface ToolCallDeltaUpdate {
  type: 'tool-call-delta'
  toolCallId: string
  inputText: string
  /** Used only when the tool call is unknown and has to be created. */
  messageId?: string
}

/** Merge fields into a tool call: omitted = unchanged, arrays replace. */
export interface ToolCallUpdateUpdate {
  type: 'tool-call-update'
  toolCallId: string
  /** Used only when the tool call is unknown and has to be created. */
  messageId?: string
  name?: string
  title?: string
  toolKind?: ToolKind
  status?: ToolCallStatus
  input?: unknown
  output?: unknown
  content?: ToolCallContent[]
  locations?: ToolCallLocation[]
  error?: string
}

/** Replace the whole plan. Without `messageId` the plan goes to the latest message. */
export interface PlanUpdate {
  type: 'plan'
  messageId?: string
  entries: PlanEntry[]
}

/**
 * Take a message out of the transcript: a retracted draft, or one a protocol snapshot no longer
 * contains (AG-UI `MESSAGES_SNAPSHOT`). Its tool calls and approval requests go with it.
 */
export interface MessageRemoveUpdate {
  type: 'message-remove'
  messageId: string
}

/** The message stops streaming. */
export interface MessageDoneUpdate {
  type: 'message-done'
  messageId: string
  status?: Exclude<MessageStatus, 'streaming'>
}

/** A turn (one run of the agent) begins. Optional: the first update after a turn end begins one implicitly. */
export interface TurnStartUpdate {
  type: 'turn-start'
  turnId?: string
  responseId?: string
}

/** The run is over; every still-streaming message is finished. */
export interface TurnEndUpdate {
  type: 'turn-end'
  /** Protocol stop reason: `end_turn`, `max_tokens`, `refusal`, `cancelled`, `error`, … */
  stopReason?: string
  usage?: Usage
  continuationToken?: string
  responseId?: string
  /** Overrides the turn status derived from `stopReason`. */
  status?: TurnStatus
}

/**
 * Facts about the running turn that arrive mid-stream: ids, tokens for resuming, background state
 * (a turn starts when none runs).
 */
export interface RunUpdate {
  type: 'run'
  responseId?: string
  continuationToken?: string | null
  status?: TurnStatus
}

/** Token usage. `mode: 'add'` (default) sums into the totals; `'replace'` overwrites them. */
export interface UsageUpdate {
  type: 'usage'
  messageId?: string
  usage: Usage
  mode?: 'add' | 'replace'
}

/** A failure shown to the user as an error part. Without `messageId` it goes to the latest message. */
export interface ErrorUpdate {
  type: 'error'
  messageId?: string
  message: string
  code?: string
}

/** A structured data part. A `dataId` that already exists in the message replaces it. */
export interface DataUpdate {
  type: 'data'
  messageId: string
  dataId?: string
  name?: string
  data: unknown
}

/** A file or image part. */
export interface FileUpdate {
  type: 'file'
  messageId: string
  fileId?: string
  url?: string
  /** Base64 payload when the file is inline. */
  data?: string
  mimeType?: string
  name?: string
  title?: string
  size?: number
}

/** A citation / source part. A `sourceId` that already exists in the message replaces it. */
export interface SourceUpdate {
  type: 'source'
  messageId: string
  sourceId: string
  url?: string
  title?: string
  mimeType?: string
}

/** The agent asks the user to confirm something (often a tool call). */
export interface ApprovalRequestUpdate {
  type: 'approval-request'
  messageId?: string
  requestId: string
  toolCallId?: string
  title?: string
  description?: string
  options?: ApprovalOption[]
  input?: unknown
}

/** The user (or the agent) answered an approval request. */
export interface ApprovalResponseUpdate {
  type: 'approval-response'
  requestId: string
  approved: boolean
  optionId?: string
}

/** One agent hands the conversation to another. */
export interface HandoffUpdate {
  type: 'handoff'
  messageId?: string
  from?: string
  to: string
  reason?: string
}

/** A status line (workflow step, trace event, progress). A `statusId` that already exists replaces it. */
export interface StatusUpdate {
  type: 'status'
  messageId?: string
  statusId?: string
  text: string
  level?: StatusLevel
  data?: unknown
}

/** Session-level facts (title, mode, available commands, config options). Shallow-merged into `state.session`. */
export interface SessionUpdateUpdate {
  type: 'session-update'
  session: SessionInfo
}

/** Every update the reducer accepts. */
export type AgentUpdate =
  | MessageStartUpdate
  | ChunkUpdate
  | ThoughtUpdate
  | ClearUpdate
  | FullUpdate
  | ToolCallUpdate
  | ToolCallDeltaUpdate
  | ToolCallUpdateUpdate
  | PlanUpdate
  | MessageDoneUpdate
  | MessageRemoveUpdate
  | TurnStartUpdate
  | TurnEndUpdate
  | RunUpdate
  | UsageUpdate
  | ErrorUpdate
  | DataUpdate
  | FileUpdate
  | SourceUpdate
  | ApprovalRequestUpdate
  | ApprovalResponseUpdate
  | HandoffUpdate
  | StatusUpdate
  | SessionUpdateUpdate

/** The `type` of every update the reducer accepts. */
export type AgentUpdateType = AgentUpdate['type']

/** The update of one type: `UpdateOf<'chunk'>` is `ChunkUpdate`. */
export type UpdateOf<T extends AgentUpdateType> = Extract<AgentUpdate, { type: T }>

/**
 * Every reason an `Issue` can give: stable strings to match on (the table in the README says what
 * each means). A code outside this list does not compile.
 */
export type IssueCode =
  // the reducer (`source: 'reducer'`)
  | 'malformed-update'
  | 'malformed-part'
  | 'duplicate-part'
  | 'sealed-message'
  | 'finished-message'
  | 'unknown-message'
  | 'reused-message-id'
  | 'unknown-tool-call'
  | 'invalid-tool-input'
  | 'unknown-approval'
  | 'reducer-error'
  // decoders: reading the wire
  | 'malformed-json'
  | 'malformed-message'
  | 'malformed-event'
  | 'malformed-chunk'
  | 'malformed-content'
  | 'malformed-delta'
  | 'malformed-snapshot'
  | 'missing-type'
  | 'nonstandard-field'
  | 'invalid-data-json'
  | 'invalid-patch'
  | 'invalid-tool-arguments'
  // decoders: what they do not render
  | 'unknown-event'
  | 'unknown-chunk'
  | 'unknown-update'
  | 'unknown-content'
  | 'unknown-item'
  | 'unknown-part'
  | 'unknown-plan'
  | 'unknown-status'
  | 'unknown-task-status'
  | 'unknown-activity'
  | 'unmapped-content'
  | 'unsupported-update'
  | 'unsupported-chunk'
  | 'unsupported-result'
  | 'ignored-method'
  // decoders: order and identity
  | 'duplicate-event'
  | 'duplicate-message'
  | 'duplicate-start'
  | 'duplicate-done'
  | 'delta-type-mismatch'
  | 'incomplete-message'
  | 'unkeyed-update'
  | 'unopened-message'
  | 'unopened-part'
  | 'unopened-tool-call'
  | 'orphan-chunk'
  | 'orphan-function-call'
  | 'orphan-function-result'
  | 'orphan-tool-result'
  | 'inconsistent-tool-call-id'
  | 'approval-id-mismatch'
  | 'content-type-mismatch'
  | 'run-overlap'
  // decoders: what the producer reported, and the decoder's own failures
  | 'error-response'
  | 'stream-error'
  | 'stream-reconnected'
  | 'handler-error'
  | 'decoder-error'
  // transports
  | 'malformed-json-rpc'
  | 'unsupported-frame'
  | 'reconnecting'
  | 'stream-interrupted'
  // React components and devtools (`source: 'react'`)
  | 'unknown-part-kind'
  | 'unsafe-url'
  | 'unprintable-data'
  | 'decoder-threw'

/** Something dropped or suspicious, reported through `onIssue`; nothing in the library throws for bad input. */
export interface Issue {
  /** Stable machine-readable reason: one of `IssueCode`. */
  code: IssueCode
  /** Human-readable explanation. */
  message: string
  /** The offending input, when there is one. */
  input?: unknown
  /** Which layer reported it (`reducer`, `acp`, `agentex`, `sse`, …). */
  source?: string
}

/** Receives every dropped or suspicious input. */
export type IssueHandler = (issue: Issue) => void

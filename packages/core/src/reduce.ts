/**
 * The pure reducer: `reduce(state, update)` → next state. Never throws; anything it cannot
 * apply is dropped and reported through `onIssue`.
 *
 * Each update type has one handler (`updateHandlers`); the handlers live in `reduce/`, by family.
 */
import { createDraft, type Draft, finishDraft } from './draft'
import { answerApproval, requestApproval } from './reduce/approvals'
import { appendText, clearBuffer } from './reduce/buffers'
import { issue } from './reduce/issue'
import { finishMessage, removeMessage, startNamedMessage } from './reduce/messages'
import {
  addError,
  addHandoff,
  setPlan,
  upsertData,
  upsertFile,
  upsertSource,
  upsertStatus,
} from './reduce/metadata-parts'
import { readdress } from './reduce/readdressing'
import { replaceContent } from './reduce/replacement'
import { mergeSession } from './reduce/session'
import { appendToolInput, publishInputs, updateToolCall, upsertToolCall } from './reduce/tool-calls'
import { endTurn } from './reduce/turn-end'
import { beginTurn, recordRun } from './reduce/turns'
import { addUsage } from './reduce/usage'
import type { TranscriptState } from './state'
import type { AgentUpdate, AgentUpdateType, IssueHandler, UpdateOf } from './updates'
import { findUpdateProblem } from './validate'

export { sumUsage } from './reduce/usage'

/** Applies one update of type `T` to the draft, writing only through the `draft.ts` helpers. */
type UpdateHandler<T extends AgentUpdateType> = (d: Draft, u: UpdateOf<T>) => void

/** One handler per update type: `tsc` fails until a new type has its entry. */
const updateHandlers: { readonly [T in AgentUpdateType]: UpdateHandler<T> } = {
  'message-start': startNamedMessage,
  chunk: appendText,
  thought: appendText,
  clear: clearBuffer,
  full: replaceContent,
  'tool-call': upsertToolCall,
  'tool-call-delta': appendToolInput,
  'tool-call-update': updateToolCall,
  plan: setPlan,
  'message-done': finishMessage,
  'message-remove': removeMessage,
  'turn-start': beginTurn,
  'turn-end': endTurn,
  run: recordRun,
  usage: addUsage,
  error: addError,
  data: upsertData,
  file: upsertFile,
  source: upsertSource,
  'approval-request': requestApproval,
  'approval-response': answerApproval,
  handoff: addHandoff,
  status: upsertStatus,
  'session-update': mergeSession,
}

const ignore: IssueHandler = () => {}

/** Applies one update. Pure: `state` is not modified; untouched messages keep their identity. */
export function reduce(state: TranscriptState, update: AgentUpdate, onIssue: IssueHandler = ignore): TranscriptState {
  return reduceAll(state, [update], onIssue)
}

/** Applies updates in order, copying each container at most once for the whole batch. */
export function reduceAll(
  state: TranscriptState,
  updates: readonly AgentUpdate[],
  onIssue: IssueHandler = ignore,
): TranscriptState {
  return reduceBatch(state, updates, onIssue).state
}

export interface ReducedBatch {
  state: TranscriptState
  /** Ids of the messages the batch created, changed or removed (the store tells only their listeners). */
  changedMessageIds: ReadonlySet<string>
}

/** `reduceAll`, also saying which messages changed. */
export function reduceBatch(
  state: TranscriptState,
  updates: readonly AgentUpdate[],
  onIssue: IssueHandler = ignore,
): ReducedBatch {
  const d = createDraft(state, onIssue)
  for (const update of updates) {
    const problem = findUpdateProblem(update) ?? reservedIdProblem(update)
    if (problem) {
      issue(d, 'malformed-update', problem, update)
      continue
    }
    d.updateIndex++
    try {
      const u = readdress(d, update)
      // The map pairs each type with its handler; TypeScript cannot follow that pairing through `u.type`.
      ;(updateHandlers[u.type] as UpdateHandler<AgentUpdateType>)(d, u)
    } catch (error) {
      // A bug here must not take the page down; report it with the update that caused it.
      issue(d, 'reducer-error', `failed to apply ${update.type}: ${String(error)}`, update)
    }
  }
  if (d.pendingInputs) publishInputs(d.pendingInputs)
  return { state: finishDraft(d), changedMessageIds: d.changedMessageIds }
}

/**
 * Ids key plain records (`messages`, `toolCalls`, `approvals`), so an id that names a member of
 * `Object.prototype` (`constructor`, `__proto__`, `toString`, …) would read an inherited value.
 */
function reservedIdProblem(update: AgentUpdate): string | undefined {
  const u = update as { messageId?: unknown; toolCallId?: unknown; requestId?: unknown }
  // Three plain checks: this runs for every update, so it allocates nothing.
  if (isReservedId(u.messageId)) return reservedIdMessage(update, 'messageId', u.messageId)
  if (isReservedId(u.toolCallId)) return reservedIdMessage(update, 'toolCallId', u.toolCallId)
  if (isReservedId(u.requestId)) return reservedIdMessage(update, 'requestId', u.requestId)
  return undefined
}

const isReservedId = (id: unknown): boolean => typeof id === 'string' && id in Object.prototype
const reservedIdMessage = (update: AgentUpdate, field: string, id: unknown) =>
  `${update.type}: "${field}" ${JSON.stringify(id)} names a member of Object.prototype`

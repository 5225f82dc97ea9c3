/**
 * The pure reducer: `reduce(state, update)` → next state. Never throws; anything it cannot
 * apply is dropped and reported through `onIssue`.
 */
import {
  createDraft,
  type Draft,
  deleteMessage,
  finishDraft,
  messageOf,
  putMessage,
  writableIndex,
  writableLastTurn,
  writableMessage,
  writableMessageIds,
  writablePart,
  writableParts,
  writableState,
  writableTurns,
} from './draft'
import { createPartialJsonParser, type PartialJsonParser } from './partial-json'
import type {
  Message,
  MessageRole,
  MessageStatus,
  Part,
  PartInput,
  PlanEntry,
  ReasoningPart,
  TextPart,
  ToolCallPart,
  TranscriptState,
  Turn,
  TurnStatus,
  Usage,
} from './state'
import type {
  AgentUpdate,
  ApprovalRequestUpdate,
  ChunkUpdate,
  ClearUpdate,
  FullUpdate,
  Issue,
  IssueHandler,
  MessageDoneUpdate,
  MessageStartUpdate,
  ThoughtUpdate,
  ToolCallChangeUpdate,
  ToolCallDeltaUpdate,
  ToolCallUpdate,
  TurnEndUpdate,
  UsageUpdate,
} from './updates'
import { findUpdateProblem } from './validate'

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
    try {
      applyUpdate(d, update)
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

function issue(d: Draft, code: Issue['code'], message: string, input?: unknown): void {
  const reported: Issue = { code, message, source: 'reducer' }
  if (input !== undefined) reported.input = (typeof input === 'object' && input !== null && sentAs.get(input)) || input
  try {
    d.report(reported)
  } catch {
    // A throwing onIssue handler must not break the stream.
  }
}

function applyUpdate(d: Draft, update: AgentUpdate): void {
  const u = renamedTarget(d, update)
  switch (u.type) {
    case 'message-start':
      return startNamedMessage(d, u, update.type === 'message-start' ? update.messageId : u.messageId)
    case 'chunk':
    case 'thought':
      return appendText(d, u)
    case 'clear':
      return clear(d, u)
    case 'full':
      return replace(d, u)
    case 'tool-call':
      return upsertToolCall(d, u)
    case 'tool-call-delta':
      return appendToolInput(d, u)
    case 'tool-call-update':
      return changeToolCall(d, u)
    case 'plan':
      return upsertPart(d, targetMessage(d, u.messageId), 'plan', undefined, (p) => ({
        ...p,
        kind: 'plan',
        entries: planEntries(u.entries),
      }))
    case 'message-done':
      return finishMessage(d, u)
    case 'message-remove':
      return removeMessage(d, u.messageId)
    case 'turn-start':
      startTurn(d, u.turnId, u.responseId)
      return
    case 'turn-end':
      return endTurn(d, u)
    case 'run': {
      const turn = currentTurn(d)
      if (u.responseId !== undefined) turn.responseId = u.responseId
      if (u.continuationToken === null) delete turn.continuationToken
      else if (u.continuationToken !== undefined) turn.continuationToken = u.continuationToken
      if (u.status !== undefined) turn.status = u.status
      return
    }
    case 'usage':
      return addUsage(d, u)
    case 'error':
      return upsertPart(d, targetMessage(d, u.messageId), 'error', undefined, (p) => ({
        ...p,
        kind: 'error',
        message: u.message,
        ...(u.code !== undefined && { code: u.code }),
      }))
    case 'data':
      return upsertPart(d, targetMessage(d, u.messageId), 'data', u.dataId, (p) => ({
        ...p,
        kind: 'data',
        data: u.data,
        ...(u.dataId !== undefined && { dataId: u.dataId }),
        ...(u.name !== undefined && { name: u.name }),
      }))
    case 'file': {
      const { type: _type, messageId, fileId, ...file } = u
      return upsertPart(d, targetMessage(d, messageId), 'file', fileId, (p) => ({
        ...p,
        ...file,
        kind: 'file',
        ...(fileId !== undefined && { fileId }),
      }))
    }
    case 'source': {
      const { type: _type, messageId, ...source } = u
      return upsertPart(d, targetMessage(d, messageId), 'source', u.sourceId, (p) => ({
        ...p,
        ...source,
        kind: 'source',
      }))
    }
    case 'approval-request':
      return requestApproval(d, u)
    case 'approval-response': {
      const messageId = d.state.approvals[u.requestId]
      if (messageId === undefined || !messageOf(d, messageId))
        return issue(d, 'unknown-approval', `no approval request ${u.requestId}`, u)
      const message = writableMessage(d, messageId)
      const index = message.parts.findIndex((p) => p.kind === 'approval-request' && p.requestId === u.requestId)
      if (index < 0) return issue(d, 'unknown-approval', `no approval request ${u.requestId}`, u)
      const part = writablePart<Extract<Part, { kind: 'approval-request' }>>(d, message, index)
      part.status = u.approved ? 'approved' : 'denied'
      if (u.optionId !== undefined) part.selectedOptionId = u.optionId
      return
    }
    case 'handoff':
      return upsertPart(d, targetMessage(d, u.messageId), 'handoff', undefined, (p) => ({
        ...p,
        kind: 'handoff',
        to: u.to,
        ...(u.from !== undefined && { from: u.from }),
        ...(u.reason !== undefined && { reason: u.reason }),
      }))
    case 'status':
      return upsertPart(d, targetMessage(d, u.messageId), 'status', u.statusId, (p) => ({
        ...p,
        kind: 'status',
        statusId: u.statusId ?? p.id,
        text: u.text,
        level: u.level ?? 'info',
        ...(u.data !== undefined && { data: u.data }),
      }))
    case 'session-update': {
      const state = writableState(d)
      state.session = { ...state.session, ...u.session }
      return
    }
  }
}

// ── messages ────────────────────────────────────────────────────────────────

/** Creates the message if absent; an interrupted one (or, with `reopen`, a finished one) streams again unless sealed. */
function startMessage(d: Draft, id: string, role?: MessageRole, author?: string, reopen = false): void {
  const existing = messageOf(d, id)
  if (existing) {
    const fillAuthor = author !== undefined && existing.author === undefined
    const resume =
      !existing.sealed && (existing.status === 'interrupted' || (reopen && existing.status !== 'streaming'))
    if (!fillAuthor && !resume) return
    const message = writableMessage(d, id)
    if (fillAuthor) message.author = author
    if (resume) message.status = 'streaming'
    return
  }
  const turn = currentTurn(d)
  const message: Message = {
    id,
    role: role ?? 'assistant',
    status: 'streaming',
    parts: [],
    revision: 0,
    sealed: false,
    turnId: turn.id,
  }
  if (author !== undefined) message.author = author
  d.owned.add(message)
  putMessage(d, id, message)
  writableMessageIds(d).push(id)
}

/** A readdressed copy of an update → the update as sent: issues report what the caller sent. */
const sentAs = new WeakMap<object, AgentUpdate>()

/** The update, addressed to the message that took over its `messageId` (see `startNamedMessage`). */
function renamedTarget(d: Draft, u: AgentUpdate): AgentUpdate {
  const renamed = d.state.renamedMessages
  if (renamed === undefined || !('messageId' in u) || typeof u.messageId !== 'string') return u
  const messageId = renamed[u.messageId]
  if (messageId === undefined) return u
  const readdressed = { ...u, messageId } as AgentUpdate
  sentAs.set(readdressed, u)
  return readdressed
}

/**
 * A `message-start`. Naming (without `resume`) a message that finished in an earlier turn, it is a
 * new answer whose producer reused an id (e.g. one decoder per request, each counting from 1):
 * merging it would drop every update of the new answer, so it opens a new message instead.
 */
function startNamedMessage(d: Draft, u: MessageStartUpdate, wireId: string): void {
  const existing = messageOf(d, u.messageId)
  const finished =
    existing !== undefined &&
    (existing.sealed || (existing.status !== 'streaming' && existing.status !== 'interrupted'))
  if (!finished || u.resume === true || existing.turnId === runningTurnId(d))
    return startMessage(d, u.messageId, u.role, u.author, u.resume === true)
  let fresh = `${wireId}~2`
  for (let n = 3; messageOf(d, fresh) !== undefined; n++) fresh = `${wireId}~${n}`
  const state = writableState(d)
  state.renamedMessages = { ...state.renamedMessages, [wireId]: fresh }
  issue(d, 'reused-message-id', `message-start for ${wireId}, finished in an earlier turn: a new message ${fresh}`, u)
  startMessage(d, fresh, u.role, u.author)
}

/** The id of the turn still running, if any. */
function runningTurnId(d: Draft): string | undefined {
  const last = d.state.turns[d.state.turns.length - 1]
  return last && (last.status === 'running' || last.status === 'background') ? last.id : undefined
}

/** The message an update without `messageId` goes to: the latest one, or a new assistant message. */
function targetMessage(d: Draft, messageId: string | undefined): string {
  if (messageId !== undefined) {
    startMessage(d, messageId)
    return messageId
  }
  const ids = d.state.messageIds
  const latest = ids[ids.length - 1]
  if (latest !== undefined) return latest
  startMessage(d, 'message-1')
  return 'message-1'
}

/** Whether streaming updates may still change the message; reports when not. */
function acceptsStreaming(d: Draft, message: Message, u: AgentUpdate): boolean {
  if (message.sealed) {
    issue(d, 'sealed-message', `message ${message.id} was sealed by a final replacement; ${u.type} ignored`, u)
    return false
  }
  if (message.status !== 'streaming' && message.status !== 'interrupted') {
    issue(d, 'finished-message', `message ${message.id} is ${message.status}; ${u.type} ignored`, u)
    return false
  }
  return true
}

function finishMessage(d: Draft, u: MessageDoneUpdate): void {
  const id = u.messageId
  const status = u.status ?? 'complete'
  const existing = messageOf(d, id)
  if (!existing) return issue(d, 'unknown-message', `message-done for unknown message ${id}`, u)
  if (existing.sealed)
    return issue(d, 'sealed-message', `message ${id} was sealed by a final replacement; message-done ignored`, u)
  if (existing.status !== 'streaming' && existing.status !== 'interrupted')
    return issue(d, 'finished-message', `message ${id} is already ${existing.status}; message-done ignored`, u)
  const message = writableMessage(d, id)
  message.status = status
  settleParts(d, message)
}

/** Removes a message and the index entries of its tool calls and approval requests. */
function removeMessage(d: Draft, id: string): void {
  const message = messageOf(d, id)
  if (!message) return issue(d, 'unknown-message', `message-remove for unknown message ${id}`)
  for (const part of message.parts) {
    if (part.kind === 'tool-call' && d.state.toolCalls[part.toolCallId] === id)
      delete writableIndex(d, 'toolCalls')[part.toolCallId]
    if (part.kind === 'approval-request' && d.state.approvals[part.requestId] === id)
      delete writableIndex(d, 'approvals')[part.requestId]
  }
  deleteMessage(d, id)
  const ids = writableMessageIds(d)
  ids.splice(ids.lastIndexOf(id), 1)
}

/** Marks every streaming text/reasoning part of a writable message done. */
function settleParts(d: Draft, message: Message): void {
  message.parts.forEach((part, index) => {
    if ((part.kind === 'text' || part.kind === 'reasoning') && part.status === 'streaming') {
      writablePart<TextPart | ReasoningPart>(d, message, index).status = 'done'
    }
  })
  delete message.activePartId
}

// ── text and reasoning ──────────────────────────────────────────────────────

type BufferKind = 'text' | 'reasoning'

function bufferKind(u: ChunkUpdate | ThoughtUpdate | ClearUpdate | FullUpdate): BufferKind {
  if (u.type === 'thought') return 'reasoning'
  if (u.type === 'chunk') return 'text'
  return u.target === 'thought' ? 'reasoning' : 'text'
}

/**
 * Parts that annotate the answer rather than interrupt it: a status line, a citation or an error
 * arriving mid-stream does not split the text around it into two parts.
 */
const annotationKinds = new Set<Part['kind']>(['status', 'source', 'error'])

/**
 * The part a chunk of `kind` appends to: the active part when it is of that kind (the stream goes on
 * where it was, e.g. into a cleared buffer being refilled); else the last part of that kind when no
 * other content follows it (annotations aside) or when it is empty (a cleared buffer refills in
 * place); otherwise none (a new part starts, keeping text and tool calls in the order they arrived).
 */
function appendTarget(message: Message, kind: BufferKind): number {
  const parts = message.parts
  const active = message.activePartId
  if (active !== undefined) {
    const last = parts.length - 1
    const index = parts[last]?.id === active ? last : parts.findIndex((p) => p.id === active)
    if (parts[index]?.kind === kind) return index
  }
  let followed = false
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i] as Part
    if (part.kind !== kind) {
      if (!annotationKinds.has(part.kind)) followed = true
      continue
    }
    return !followed || (part as TextPart).text === '' ? i : -1
  }
  return -1
}

function appendText(d: Draft, u: ChunkUpdate | ThoughtUpdate): void {
  startMessage(d, u.messageId, u.role, u.author)
  if (!acceptsStreaming(d, messageOf(d, u.messageId) as Message, u)) return
  const message = writableMessage(d, u.messageId)
  if (message.status === 'interrupted') message.status = 'streaming'
  const kind = bufferKind(u)
  let index = appendTarget(message, kind)
  if (index < 0) {
    index = message.parts.length
    const id = nextPartId(message, kind)
    const part = { id, kind, text: '', epoch: firstEpoch(message, id, 0), status: 'streaming' } as
      | TextPart
      | ReasoningPart
    d.owned.add(part)
    writableParts(d, message).push(part)
  }
  const part = writablePart<TextPart | ReasoningPart>(d, message, index)
  part.text += u.text
  part.status = 'streaming'
  activate(d, message, part.id)
}

/** Makes `partId` the active part; the previously active text/reasoning part is done. */
function activate(d: Draft, message: Message, partId: string): void {
  const previous = message.activePartId
  message.activePartId = partId
  if (previous === undefined || previous === partId) return
  const index = message.parts.findIndex((p) => p.id === previous)
  const part = message.parts[index]
  if (part && (part.kind === 'text' || part.kind === 'reasoning') && part.status === 'streaming') {
    writablePart<TextPart | ReasoningPart>(d, message, index).status = 'done'
  }
}

function clear(d: Draft, u: ClearUpdate): void {
  const existing = messageOf(d, u.messageId)
  if (!existing) return issue(d, 'unknown-message', `clear for unknown message ${u.messageId}`, u)
  if (!acceptsStreaming(d, existing, u)) return
  const kind = bufferKind(u)
  const message = writableMessage(d, u.messageId)
  message.parts.forEach((part, index) => {
    if (part.kind !== kind) return
    const writable = writablePart<TextPart | ReasoningPart>(d, message, index)
    writable.text = ''
    writable.epoch += 1
    writable.status = 'streaming'
  })
}

function replace(d: Draft, u: FullUpdate): void {
  startMessage(d, u.messageId, u.role, u.author)
  const existing = messageOf(d, u.messageId) as Message
  if (existing.sealed) return void issue(d, 'sealed-message', `message ${u.messageId} is sealed; full ignored`, u)
  const message = writableMessage(d, u.messageId)
  if (u.role !== undefined) message.role = u.role
  if (u.author !== undefined) message.author = u.author
  if (u.target !== undefined) replaceBuffer(d, message, bufferKind(u), u.text ?? '')
  else {
    const inputs: PartInput[] =
      u.parts ??
      [
        u.thought !== undefined && ({ kind: 'reasoning', text: u.thought } as const),
        u.text !== undefined && ({ kind: 'text', text: u.text } as const),
      ].filter((p) => p !== false)
    replaceParts(d, message, inputs, u)
  }
  if (u.final) {
    message.sealed = true
    if (message.status === 'streaming' || message.status === 'interrupted') message.status = 'complete'
  }
  if (message.status !== 'streaming') settleParts(d, message)
}

/** Replaces one buffer: the first part of that kind takes the text (epoch + 1), others of the kind go. */
function replaceBuffer(d: Draft, message: Message, kind: BufferKind, text: string): void {
  const first = message.parts.findIndex((p) => p.kind === kind)
  if (first < 0) {
    const id = nextPartId(message, kind)
    const part = { id, kind, text, epoch: firstEpoch(message, id, 1), status: 'streaming' } as TextPart
    d.owned.add(part)
    writableParts(d, message).push(part)
    return
  }
  const part = writablePart<TextPart | ReasoningPart>(d, message, first)
  part.text = text
  part.epoch += 1
  part.status = 'streaming'
  const parts = writableParts(d, message)
  message.parts = parts.filter((p, i) => i <= first || p.kind !== kind)
  d.owned.add(message.parts)
  retire(message, parts, message.parts)
}

/**
 * The epoch a new text/reasoning part starts at: `initial`, or past the epoch of a part with the same
 * id that a replacement removed, so that a part's epoch never goes back (components read a lower or
 * equal epoch as "same text, appended").
 */
function firstEpoch(message: Message, id: string, initial: number): number {
  const retired = message.retiredEpochs?.[id]
  return retired === undefined ? initial : Math.max(initial, retired + 1)
}

/** Remembers the epochs of the text/reasoning parts in `before` that are not in `after`. */
function retire(message: Message, before: readonly Part[], after: readonly Part[]): void {
  const kept = new Set(after.map((p) => p.id))
  let retired: Record<string, number> | undefined
  for (const part of before) {
    if ((part.kind !== 'text' && part.kind !== 'reasoning') || kept.has(part.id)) continue
    retired ??= { ...message.retiredEpochs }
    retired[part.id] = Math.max(part.epoch, retired[part.id] ?? 0)
  }
  if (retired) message.retiredEpochs = retired
}

/**
 * Replaces every part. The n-th new part of a kind reuses the id of the n-th old part of that
 * kind (keyed parts reuse by key), so components keep their DOM nodes across the swap.
 */
function replaceParts(d: Draft, message: Message, inputs: PartInput[], u: FullUpdate): void {
  const oldByKind = new Map<string, Part[]>()
  for (const part of message.parts) {
    const list = oldByKind.get(part.kind) ?? []
    list.push(part)
    oldByKind.set(part.kind, list)
  }
  const used = new Map<string, number>()
  const parts: Part[] = []
  for (const input of inputs) {
    const part = materializePart(d, message, input, oldByKind, used, parts, u)
    if (part) parts.push(part)
  }
  const before = message.parts
  message.parts = parts
  d.owned.add(parts)
  delete message.activePartId
  retire(message, before, parts)
  unindexRemoved(d, message, before, parts)
}

/** Drops index entries that point at this message for tool calls and approvals a replacement removed. */
function unindexRemoved(d: Draft, message: Message, before: readonly Part[], after: readonly Part[]): void {
  const keep = new Set(after.map((p) => `${p.kind}:${partKey(p) ?? ''}`))
  for (const part of before) {
    if (keep.has(`${part.kind}:${partKey(part) ?? ''}`)) continue
    if (part.kind === 'tool-call' && d.state.toolCalls[part.toolCallId] === message.id)
      delete writableIndex(d, 'toolCalls')[part.toolCallId]
    else if (part.kind === 'approval-request' && d.state.approvals[part.requestId] === message.id)
      delete writableIndex(d, 'approvals')[part.requestId]
  }
}

function materializePart(
  d: Draft,
  message: Message,
  input: PartInput,
  oldByKind: Map<string, Part[]>,
  used: Map<string, number>,
  built: readonly Part[],
  u: FullUpdate,
): Part | undefined {
  if (typeof input !== 'object' || input === null || typeof input.kind !== 'string' || !partKinds.has(input.kind)) {
    issue(
      d,
      'malformed-part',
      `full: dropped a part with unknown kind ${JSON.stringify((input as { kind?: unknown })?.kind)}`,
      u,
    )
    return undefined
  }
  const key = partKey(input)
  if (key !== undefined && typeof key !== 'string') {
    issue(d, 'malformed-part', `full: dropped a ${input.kind} part whose id field is not a string`, u)
    return undefined
  }
  if (key === undefined && (input.kind === 'tool-call' || input.kind === 'approval-request')) {
    issue(d, 'malformed-part', `full: dropped a ${input.kind} part without its id`, u)
    return undefined
  }
  if (key !== undefined && built.some((p) => p.kind === input.kind && partKey(p) === key)) {
    issue(d, 'duplicate-part', `full: dropped a second ${input.kind} part with id ${key}`, u)
    return undefined
  }
  const olds = oldByKind.get(input.kind) ?? []
  const n = used.get(input.kind) ?? 0
  const old = key === undefined ? olds[n] : olds.find((p) => partKey(p) === key)
  if (key === undefined) used.set(input.kind, n + 1)
  let id = old?.id ?? (key === undefined ? `${input.kind}#${n}` : `${input.kind}=${key}`)
  for (let k = n + 1; built.some((p) => p.id === id); k++) id = `${input.kind}#${k}`
  const part = { ...input, id } as Part & Record<string, unknown>
  if (part.kind === 'text' || part.kind === 'reasoning') {
    if (typeof part.text !== 'string') part.text = ''
    part.epoch = old && 'epoch' in old ? old.epoch + 1 : firstEpoch(message, id, 1)
    part.status = message.status === 'streaming' ? 'streaming' : 'done'
  } else if (part.kind === 'tool-call') {
    if (typeof part.toolCallId !== 'string') {
      issue(d, 'malformed-part', 'full: dropped a tool-call part without toolCallId', u)
      return undefined
    }
    part.inputText = typeof input.inputText === 'string' ? input.inputText : ''
    part.toolKind = input.toolKind ?? 'other'
    part.status = (input.status as ToolCallPart['status']) ?? 'pending'
    writableIndex(d, 'toolCalls')[part.toolCallId] = message.id
  } else if (part.kind === 'approval-request') {
    part.status = (input.status as 'pending') ?? 'pending'
    if (!Array.isArray(part.options)) part.options = []
    writableIndex(d, 'approvals')[part.requestId] = message.id
  } else if (part.kind === 'status') {
    part.level = (input as { level?: 'info' }).level ?? 'info'
    if (typeof part.statusId !== 'string') part.statusId = id
  } else if (part.kind === 'plan') part.entries = Array.isArray(part.entries) ? planEntries(part.entries) : []
  d.owned.add(part)
  return part
}

const partKinds = new Set<string>([
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
])

function partKey(p: PartInput | Part): string | undefined {
  switch (p.kind) {
    case 'tool-call':
      return p.toolCallId
    case 'approval-request':
      return p.requestId
    case 'source':
      return p.sourceId
    case 'data':
      return p.dataId
    case 'file':
      return p.fileId
    case 'status':
      return p.statusId
    default:
      return undefined
  }
}

function nextPartId(message: Message, kind: string): string {
  let n = 0
  for (const part of message.parts) if (part.kind === kind && part.id.startsWith(`${kind}#`)) n++
  while (message.parts.some((p) => p.id === `${kind}#${n}`)) n++
  return `${kind}#${n}`
}

/**
 * Adds a part, or replaces the one with the same key (or the only plan). `build` receives the
 * id and kind and returns the new part.
 */
function upsertPart(
  d: Draft,
  messageId: string,
  kind: Part['kind'],
  key: string | undefined,
  build: (base: { id: string }) => Part,
): void {
  const message = writableMessage(d, messageId)
  const index =
    kind === 'plan'
      ? message.parts.findIndex((p) => p.kind === 'plan')
      : key === undefined
        ? -1
        : message.parts.findIndex((p) => p.kind === kind && partKey(p) === key)
  const parts = writableParts(d, message)
  if (index >= 0) {
    const part = build({ id: (parts[index] as Part).id })
    d.owned.add(part)
    parts[index] = part
    return
  }
  const part = build({ id: key === undefined ? nextPartId(message, kind) : `${kind}=${key}` })
  d.owned.add(part)
  parts.push(part)
  if (!annotationKinds.has(kind)) activate(d, message, part.id)
}

// ── tool calls ──────────────────────────────────────────────────────────────

/**
 * Streaming argument parsers, one per tool-call part object. Kept beside the state (not in it)
 * so the state stays plain data; a copy of a part inherits its parser.
 */
const inputParsers = new WeakMap<ToolCallPart, PartialJsonParser>()
const inheritParser = (from: ToolCallPart, to: ToolCallPart) => {
  const parser = inputParsers.get(from)
  if (parser) inputParsers.set(to, parser)
}

function findToolCall(d: Draft, toolCallId: string): { message: Message; index: number } | undefined {
  const messageId = d.state.toolCalls[toolCallId]
  if (messageId === undefined) return undefined
  const existing = messageOf(d, messageId)
  if (!existing) return undefined
  const index = existing.parts.findIndex((p) => p.kind === 'tool-call' && p.toolCallId === toolCallId)
  if (index < 0) return undefined
  return { message: writableMessage(d, messageId), index }
}

function createToolCall(d: Draft, messageId: string, toolCallId: string): { message: Message; index: number } {
  startMessage(d, messageId)
  const message = writableMessage(d, messageId)
  // The message may still hold it while unindexed (a replacement moved its index elsewhere).
  const held = message.parts.findIndex((p) => p.kind === 'tool-call' && p.toolCallId === toolCallId)
  if (held >= 0) {
    writableIndex(d, 'toolCalls')[toolCallId] = messageId
    return { message, index: held }
  }
  const part: ToolCallPart = {
    id: `tool-call=${toolCallId}`,
    kind: 'tool-call',
    toolCallId,
    toolKind: 'other',
    status: 'pending',
    inputText: '',
  }
  d.owned.add(part)
  const parts = writableParts(d, message)
  parts.push(part)
  writableIndex(d, 'toolCalls')[toolCallId] = messageId
  activate(d, message, part.id)
  return { message, index: parts.length - 1 }
}

function toolCallFor(
  d: Draft,
  u: ToolCallUpdate | ToolCallDeltaUpdate | ToolCallChangeUpdate,
): { message: Message; part: ToolCallPart } {
  let found = findToolCall(d, u.toolCallId)
  if (!found) {
    if (u.type !== 'tool-call')
      issue(d, 'unknown-tool-call', `${u.type} for unknown tool call ${u.toolCallId}; created it`, u)
    const messageId = u.messageId ?? d.state.messageIds[d.state.messageIds.length - 1] ?? `tool-call:${u.toolCallId}`
    found = createToolCall(d, messageId, u.toolCallId)
  }
  return { message: found.message, part: writablePart<ToolCallPart>(d, found.message, found.index, inheritParser) }
}

function mergeToolFields(part: ToolCallPart, u: ToolCallUpdate | ToolCallChangeUpdate): void {
  if (u.name !== undefined) part.name = u.name
  if (u.title !== undefined) part.title = u.title
  if (u.toolKind !== undefined) part.toolKind = u.toolKind
  if (u.status !== undefined) part.status = u.status
  if (u.input !== undefined) {
    part.input = u.input
    inputParsers.delete(part)
  }
  if (u.content !== undefined) part.content = u.content
  if (u.locations !== undefined) part.locations = u.locations
}

function upsertToolCall(d: Draft, u: ToolCallUpdate): void {
  mergeToolFields(toolCallFor(d, u).part, u)
}

function changeToolCall(d: Draft, u: ToolCallChangeUpdate): void {
  const { part } = toolCallFor(d, u)
  mergeToolFields(part, u)
  if (u.output !== undefined) part.output = u.output
  if (u.error !== undefined) part.error = u.error
}

function appendToolInput(d: Draft, u: ToolCallDeltaUpdate): void {
  const { part } = toolCallFor(d, u)
  let parser = inputParsers.get(part)
  if (!parser || parser.length !== part.inputText.length) {
    // First delta, or this state forked from an older one: catch up from the text we hold.
    parser = createPartialJsonParser()
    parser.push(part.inputText)
  }
  const hadError = parser.error !== undefined
  parser.push(u.inputText)
  part.inputText += u.inputText
  inputParsers.set(part, parser)
  if (!hadError) {
    // The slot exists from the first delta on, so the part's key order does not depend on batching.
    if (!('input' in part)) part.input = undefined
    d.pendingInputs ??= new Map()
    d.pendingInputs.set(part, parser)
  }
  if (parser.error !== undefined && !hadError) {
    issue(d, 'invalid-tool-input', `tool call ${u.toolCallId}: arguments are not JSON (${parser.error}); kept as text`)
  }
  if (part.status === 'pending') part.status = 'in_progress'
}

/**
 * Reads each changed tool input once, at the end of the batch. Reading the parser's value makes it
 * copy its open containers before the next push, so per delta this would cost the size of an open
 * array; per batch it is paid once. On the push that hit an error the value still holds everything
 * before the bad character, so the input does not depend on how the deltas were split.
 */
function publishInputs(pending: Map<ToolCallPart, PartialJsonParser>): void {
  for (const [part, parser] of pending) {
    // An explicit input given later in the batch replaced the parser: it wins.
    if (inputParsers.get(part) !== parser) continue
    const value = parser.value
    if (value !== undefined) part.input = value
  }
}

function requestApproval(d: Draft, u: ApprovalRequestUpdate): void {
  const toolMessage = u.toolCallId === undefined ? undefined : d.state.toolCalls[u.toolCallId]
  const messageId = targetMessage(d, u.messageId ?? toolMessage)
  upsertPart(d, messageId, 'approval-request', u.requestId, (p) => ({
    ...p,
    kind: 'approval-request',
    requestId: u.requestId,
    options: u.options ?? [],
    status: 'pending',
    ...(u.toolCallId !== undefined && { toolCallId: u.toolCallId }),
    ...(u.title !== undefined && { title: u.title }),
    ...(u.description !== undefined && { description: u.description }),
    ...(u.input !== undefined && { input: u.input }),
  }))
  writableIndex(d, 'approvals')[u.requestId] = messageId
}

const planStatuses = new Set<unknown>(['pending', 'in_progress', 'completed'])
const planPriorities = new Set<unknown>(['high', 'medium', 'low'])

/** Entries with text; a missing or unknown status reads as `pending`, an unknown priority is left out. */
function planEntries(entries: readonly unknown[]): PlanEntry[] {
  const valid: PlanEntry[] = []
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null || typeof (entry as PlanEntry).content !== 'string') continue
    const { content, status, priority } = entry as PlanEntry
    if (planStatuses.has(status) && (priority === undefined || planPriorities.has(priority)))
      valid.push(entry as PlanEntry)
    else
      valid.push({
        content,
        status: planStatuses.has(status) ? status : 'pending',
        ...(planPriorities.has(priority) && { priority }),
      })
  }
  return valid
}

// ── turns and usage ─────────────────────────────────────────────────────────

function startTurn(d: Draft, turnId?: string, responseId?: string): Turn {
  const turns = writableTurns(d)
  const turn: Turn = { id: turnId ?? `turn-${turns.length + 1}`, status: 'running' }
  if (responseId !== undefined) turn.responseId = responseId
  d.owned.add(turn)
  turns.push(turn)
  return turn
}

/** The running turn (writable), started implicitly when there is none. */
function currentTurn(d: Draft): Turn {
  const last = d.state.turns[d.state.turns.length - 1]
  if (last && (last.status === 'running' || last.status === 'background')) return writableLastTurn(d) as Turn
  return startTurn(d)
}

const stopStatus: Record<string, { turn: TurnStatus; message: Exclude<MessageStatus, 'streaming'> }> = {
  cancelled: { turn: 'cancelled', message: 'cancelled' },
  refusal: { turn: 'completed', message: 'refusal' },
  error: { turn: 'failed', message: 'error' },
  failed: { turn: 'failed', message: 'error' },
}

/** The latest turn (writable), even when it has ended; started when there is none. */
function latestTurn(d: Draft): Turn {
  return writableLastTurn(d) ?? startTurn(d)
}

function endTurn(d: Draft, u: TurnEndUpdate): void {
  const turn = latestTurn(d)
  const mapped = stopStatus[u.stopReason ?? '']
  turn.status = u.status ?? (u.continuationToken ? 'background' : (mapped?.turn ?? 'completed'))
  if (u.stopReason !== undefined) turn.stopReason = u.stopReason
  if (u.usage !== undefined) turn.usage = sumUsage(turn.usage, u.usage)
  if (u.continuationToken !== undefined) turn.continuationToken = u.continuationToken
  if (u.responseId !== undefined) turn.responseId = u.responseId
  const messageStatus = mapped?.message ?? 'complete'
  for (const id of d.state.messageIds) {
    const message = messageOf(d, id) as Message
    if (message.status !== 'streaming' || message.sealed) continue
    const writable = writableMessage(d, id)
    // A refusal belongs to the agent's answer, not to the user's prompt.
    writable.status = messageStatus === 'refusal' && message.role !== 'assistant' ? 'complete' : messageStatus
    settleParts(d, writable)
    if (messageStatus === 'cancelled') cancelOpenToolCalls(d, writable)
  }
}

function cancelOpenToolCalls(d: Draft, message: Message): void {
  message.parts.forEach((part, index) => {
    if (part.kind === 'tool-call' && (part.status === 'pending' || part.status === 'in_progress'))
      writablePart<ToolCallPart>(d, message, index, inheritParser).status = 'cancelled'
  })
}

const usageKeys = [
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'reasoningTokens',
  'cachedInputTokens',
  'cost',
] as const satisfies readonly (keyof Usage)[]

/** Sums token counts; `contextWindow` is a size, not a count, so the latest value wins. */
export function sumUsage(total: Usage | undefined, add: Usage): Usage {
  const sum: Usage = { ...total }
  for (const key of usageKeys) {
    const value = add[key]
    if (typeof value === 'number' && Number.isFinite(value)) sum[key] = (sum[key] ?? 0) + value
  }
  if (typeof add.contextWindow === 'number') sum.contextWindow = add.contextWindow
  return sum
}

function addUsage(d: Draft, u: UsageUpdate): void {
  const merge = (total: Usage | undefined) => (u.mode === 'replace' ? { ...u.usage } : sumUsage(total, u.usage))
  if (u.messageId !== undefined) {
    if (!messageOf(d, u.messageId)) return issue(d, 'unknown-message', `usage for unknown message ${u.messageId}`, u)
    const message = writableMessage(d, u.messageId)
    message.usage = merge(message.usage)
  }
  const turn = latestTurn(d)
  turn.usage = merge(turn.usage)
}

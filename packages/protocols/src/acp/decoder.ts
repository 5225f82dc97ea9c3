/**
 * The ACP decoder: JSON-RPC messages as an ACP client receives them (`session/update`
 * notifications, `session/request_permission` requests, the `session/prompt` response) →
 * Palimpsest updates. Stateful and pure; never throws; reports what it drops.
 */
import type {
  AgentUpdate,
  ApprovalOption,
  ApprovalRequestUpdate,
  Decoder,
  DecoderOptions,
  ToolCallContent,
  ToolCallStatus,
} from '@palimpsest/core'
import { createDecoderKit } from '../decoding/decoder-kit'
import { messageStatusAtEnd } from '../decoding/end-status'
import { isWireObject as isObject, readWireObject, type WireObject } from '../decoding/wire-object'
import { createIdPrefix } from '../id-prefix'
import { attachmentUpdate, readContentBlock } from './content'
import { readString } from './fields'
import { type Role, SessionMessages, type Stream, type TrackedMessage } from './messages'
import { readPlanEntries } from './plan'
import { decodeSessionFact, sessionFactKinds } from './session-facts'
import { SessionStatusLines } from './status-lines'
import { StoreIds } from './store-ids'
import { changeToolCall, createToolCall, readContentItems, readToolCallPatch, type ToolCallPatch } from './tool-calls'

export interface AcpDecoderOptions extends DecoderOptions {
  /** Decode only this session; messages of other sessions are skipped. Default: every session. */
  sessionId?: string
  /**
   * The negotiated protocol version. With `2` (the v2 draft), `null` in a tool call patch empties
   * `content`/`locations` (in v1 it means "unchanged"), and a first `tool_call_update` creating a
   * call is normal rather than reported. Every v2 update kind is read either way.
   */
  protocolVersion?: 1 | 2
}

/** A JSON-RPC message as the client receives it, or a batch of them (either may also come as raw JSON text). */
export type AcpWireMessage = Record<string, unknown> | readonly Record<string, unknown>[]

export type AcpDecoder = Decoder<AcpWireMessage>

interface ToolCallState {
  /** The store's tool call id. */
  id: string
  /** The content shown, kept so a v2 `tool_call_content_chunk` can append one item. */
  content: ToolCallContent[]
  status: ToolCallStatus
}

interface SessionState {
  id: string
  messages: SessionMessages
  toolCalls: Map<string, ToolCallState>
  statusLines: SessionStatusLines
  /** A fed prompt the agent may still echo: its message and the text not echoed yet. */
  echo?: { message: TrackedMessage; remaining: string }
  /** A parent session's `subagent_update` announced this one (shown once as a hand-off). */
  announced?: boolean
}

/** Chunk kinds and v2 upsert kinds → the role and buffer they write. */
const chunkKinds: Record<string, { role: Role; stream: Stream }> = {
  user_message_chunk: { role: 'user', stream: 'text' },
  agent_message_chunk: { role: 'assistant', stream: 'text' },
  agent_thought_chunk: { role: 'assistant', stream: 'thought' },
}
const upsertKinds: Record<string, { role: Role; stream: Stream }> = {
  user_message: { role: 'user', stream: 'text' },
  agent_message: { role: 'assistant', stream: 'text' },
  agent_thought: { role: 'assistant', stream: 'thought' },
}
const clearKinds: Record<string, Stream> = { agent_message_clear: 'text', agent_thought_clear: 'thought' }

/** Known kinds Palimpsest does not render (yet): ignored and reported like unknown ones. */
const unsupportedKinds = new Set([
  'terminal_update',
  'terminal_output_chunk',
  'session_message',
  'session_message_chunk',
])

export function createAcpDecoder(options: AcpDecoderOptions = {}): AcpDecoder {
  const { emit, issue, decoder } = createDecoderKit({ source: 'acp', onIssue: options.onIssue })
  const v2 = options.protocolVersion === 2
  const messageIds = new StoreIds(createIdPrefix('acp-message'))
  const toolCallIds = new StoreIds(createIdPrefix('acp-tool-call'))
  const noticePrefix = createIdPrefix('acp-notice')
  const sessions = new Map<string, SessionState>()
  /** The client's own requests it fed us, by JSON-RPC id: their responses end a turn or a replay. */
  const requests = new Map<string, { method: 'session/prompt' | 'session/load'; sessionId: string }>()
  const track = (message: WireObject, method: 'session/prompt' | 'session/load', session: SessionState) => {
    if (typeof message.id === 'string' || typeof message.id === 'number')
      requests.set(String(message.id), { method, sessionId: session.id })
  }

  const sessionFor = (sessionId: string): SessionState => {
    let session = sessions.get(sessionId)
    if (!session) {
      session = {
        id: sessionId,
        messages: new SessionMessages(sessionId, messageIds, emit),
        toolCalls: new Map(),
        statusLines: new SessionStatusLines(sessionId, issue, noticePrefix),
      }
      sessions.set(sessionId, session)
    }
    return session
  }

  /** The session a message is for, or undefined when it is filtered out or has none (reported). */
  const sessionOf = (params: WireObject, message: WireObject): SessionState | undefined => {
    const sessionId = readString(params, 'sessionId')
    if (sessionId === undefined) {
      issue('malformed-message', `${String(message.method)} without "sessionId"`, message)
      return undefined
    }
    if (options.sessionId !== undefined && sessionId !== options.sessionId) return undefined
    return sessionFor(sessionId)
  }

  // ── content ─────────────────────────────────────────────────────────────

  /** Appends one ContentBlock to a message; an unreadable block is dropped before any message starts. */
  const appendBlock = (route: () => TrackedMessage, stream: Stream, block: unknown, input: unknown): void => {
    const reading = readContentBlock(block)
    if (reading.type === 'invalid') return issue('malformed-content', `content dropped: ${reading.problem}`, input)
    const messageId = route().id
    if (reading.type === 'text')
      emit({ type: stream === 'thought' ? 'thought' : 'chunk', messageId, text: reading.text })
    else emit(attachmentUpdate(reading, messageId))
  }

  const decodeChunk = (session: SessionState, update: WireObject, role: Role, stream: Stream) => {
    if (!('content' in update)) return issue('malformed-update', `${update.sessionUpdate} without "content"`, update)
    const wireId = readString(update, 'messageId')
    if (role === 'assistant') session.echo = undefined
    else if (session.echo && isEcho(session.echo, update.content)) return
    appendBlock(() => session.messages.forChunk(role, wireId), stream, update.content, update)
  }

  /** Whether a user chunk repeats the next part of the fed prompt (then it is not shown twice). */
  const isEcho = (echo: NonNullable<SessionState['echo']>, content: unknown): boolean => {
    const reading = readContentBlock(content)
    if (reading.type === 'text' && reading.text !== '' && echo.remaining.startsWith(reading.text)) {
      echo.remaining = echo.remaining.slice(reading.text.length)
      return true
    }
    return false
  }

  /** v2 `agent_message` / `agent_thought` / `user_message`: the content replaces what the chunks built. */
  const decodeUpsert = (session: SessionState, update: WireObject, role: Role, stream: Stream) => {
    const wireId = readString(update, 'messageId')
    if (wireId === undefined) return issue('malformed-update', `${update.sessionUpdate} without "messageId"`, update)
    const content = update.content
    if (content !== undefined && content !== null && !Array.isArray(content))
      return issue('malformed-update', `${update.sessionUpdate}: "content" must be an array or null`, update)
    // A v2 agent echoes the prompt as `user_message` with its own id: that names the fed prompt.
    if (role === 'user' && session.echo && !session.messages.knows(wireId))
      session.messages.adopt(session.echo.message, wireId)
    session.echo = undefined
    const message = session.messages.forUpsert(role, wireId)
    if (content === undefined) return // omitted = unchanged
    let text = ''
    const others: AgentUpdate[] = []
    for (const block of content ?? []) {
      const reading = readContentBlock(block)
      if (reading.type === 'invalid') issue('malformed-content', `content dropped: ${reading.problem}`, update)
      else if (reading.type === 'text') text += reading.text
      else {
        // The store cannot replace file/data parts by key: add each block once per message.
        const key = JSON.stringify(block)
        message.upsertedBlocks ??= new Set()
        if (message.upsertedBlocks.has(key)) continue
        message.upsertedBlocks.add(key)
        others.push(attachmentUpdate(reading, message.id))
      }
    }
    // A message the upsert leaves empty, and that had nothing, is not shown at all.
    if (!message.shown && text === '' && others.length === 0) return
    session.messages.show(message)
    emit({ type: 'full', messageId: message.id, target: stream, text }, ...others)
  }

  /** `agent_message_clear` / `agent_thought_clear` (the unmerged RFD of PR #465). */
  const decodeClear = (session: SessionState, update: WireObject, stream: Stream) => {
    const wireId = readString(update, 'messageId')
    const message = session.messages.forClear(wireId)
    if (message?.role !== 'assistant')
      return issue(
        'unknown-message',
        `${update.sessionUpdate} ${wireId === undefined ? 'without a current agent message' : `for unknown message ${wireId}`}; ignored`,
        update,
      )
    if (!message.open)
      return issue('finished-message', `${update.sessionUpdate}: message ${message.id} is finished; ignored`, update)
    if (message.shown) emit({ type: 'clear', messageId: message.id, target: stream })
  }

  // ── tool calls and plans ────────────────────────────────────────────────

  /** Creates the tool call (into the streaming assistant message) or merges the patch into it. */
  const upsertToolCall = (session: SessionState, wireId: string, patch: ToolCallPatch) => {
    const known = session.toolCalls.get(wireId)
    if (known) {
      if (patch.content !== undefined) known.content = patch.content
      if (patch.status !== undefined) known.status = patch.status
      emit(...changeToolCall(known.id, patch))
      return known
    }
    const host = session.messages.forPart()
    const state: ToolCallState = {
      id: toolCallIds.claim(session.id, wireId),
      content: patch.content ?? [],
      status: patch.status ?? 'pending',
    }
    session.toolCalls.set(wireId, state)
    emit(...createToolCall(host.id, state.id, patch, 'Tool call'))
    return state
  }

  const decodeToolCall = (session: SessionState, update: WireObject) => {
    const wireId = readString(update, 'toolCallId')
    if (wireId === undefined) return issue('malformed-update', `${update.sessionUpdate} without "toolCallId"`, update)
    // Common in v1: agents skip `tool_call`; show the call rather than drop what it reports. In v2
    // the first update is how a call is created, so there is nothing to report.
    if (update.sessionUpdate === 'tool_call_update' && !session.toolCalls.has(wireId) && !v2)
      issue('unknown-tool-call', `tool_call_update for unknown tool call ${wireId}; created it`, update)
    upsertToolCall(session, wireId, readToolCallPatch(update, issue, v2))
  }

  const decodeToolContentChunk = (session: SessionState, update: WireObject) => {
    const wireId = readString(update, 'toolCallId')
    if (wireId === undefined || !('content' in update))
      return issue('malformed-update', 'tool_call_content_chunk needs "toolCallId" and "content"', update)
    const [item] = readContentItems([update.content], issue, update)
    if (item === undefined) return
    const known = session.toolCalls.get(wireId)
    if (!known)
      issue('unknown-tool-call', `tool_call_content_chunk for unknown tool call ${wireId}; created it`, update)
    const state = known ?? upsertToolCall(session, wireId, {})
    state.content = [...state.content, item]
    emit({ type: 'tool-call-update', toolCallId: state.id, content: state.content })
  }

  /** Places a plan: where it already is in this turn (updated in place), else in the streaming assistant message. */
  const placePlan = (session: SessionState, planId: string, entries: unknown) => {
    const host = session.messages.withPlan(planId) ?? session.messages.forPart(planId)
    session.messages.markBoundary()
    emit({ type: 'plan', messageId: host.id, entries: readPlanEntries(entries) })
  }

  const decodePlanUpdate = (session: SessionState, update: WireObject) => {
    const plan = update.plan
    if (!isObject(plan) || readString(plan, 'planId') === undefined)
      return issue('malformed-update', 'plan_update needs "plan.planId"', update)
    if (plan.type !== 'items')
      return issue('unsupported-update', `plan_update of type ${JSON.stringify(plan.type)} ignored`, update)
    if (!Array.isArray(plan.entries))
      return issue('malformed-update', 'plan_update: "plan.entries" must be an array', update)
    placePlan(session, plan.planId as string, plan.entries)
  }

  // ── turns ───────────────────────────────────────────────────────────────

  /**
   * After a cancel, unfinished calls show as cancelled (a display-only state in v1). The store only
   * does that for calls in still-streaming messages; a call's message may have ended earlier.
   */
  const cancelOpenToolCalls = (sessionId: string | undefined) => {
    for (const session of sessions.values()) {
      if (sessionId !== undefined && session.id !== sessionId) continue
      for (const tool of session.toolCalls.values())
        if (tool.status === 'pending' || tool.status === 'in_progress') {
          tool.status = 'cancelled'
          emit({ type: 'tool-call-update', toolCallId: tool.id, status: 'cancelled' })
        }
    }
  }

  /** Ends the turn of `sessionId` (undefined when a response does not say which session it ends). */
  const endTurn = (stopReason: string | undefined, sessionId: string | undefined, errorMessage?: string) => {
    if (errorMessage !== undefined) emit({ type: 'error', message: errorMessage })
    if (stopReason === 'cancelled') cancelOpenToolCalls(sessionId)
    emit(stopReason === undefined ? { type: 'turn-end' } : { type: 'turn-end', stopReason })
    // The store finishes every streaming message at a turn end.
    for (const session of sessions.values()) session.messages.turnEnded()
  }

  const decodeStateUpdate = (session: SessionState, update: WireObject) => {
    if (update.state !== 'idle') return // running / requires_action: the turn goes on
    const stopReason = readString(update, 'stopReason') ?? 'end_turn'
    const error = isObject(update.error) ? readString(update.error, 'message') : undefined
    endTurn(stopReason, session.id, stopReason === 'error' ? (error ?? 'The agent stopped with an error') : undefined)
  }

  /**
   * Unstable v2 `subagent_update`: the first one for a child session announces it (a hand-off from
   * this session's agent to the child); its title names the author of the child's messages.
   */
  const decodeSubagentUpdate = (session: SessionState, update: WireObject) => {
    const childId = readString(update, 'sessionId')
    if (childId === undefined) return issue('malformed-update', 'subagent_update without "sessionId"', update)
    const title = readString(update, 'title')
    const child = sessionFor(childId)
    if (title !== undefined) child.messages.author = title
    else if (update.title === null) child.messages.author = undefined
    if (child.announced) return
    child.announced = true
    const description = readString(update, 'description')
    const host = session.messages.forPart()
    emit({
      type: 'handoff',
      messageId: host.id,
      to: title ?? 'Subagent',
      ...(description !== undefined && { reason: description }),
    })
  }

  // ── session/update ──────────────────────────────────────────────────────

  const decodeSessionUpdate = (session: SessionState, update: WireObject) => {
    const kind = update.sessionUpdate as string
    const chunk = chunkKinds[kind]
    if (chunk) return decodeChunk(session, update, chunk.role, chunk.stream)
    const upsert = upsertKinds[kind]
    if (upsert) return decodeUpsert(session, update, upsert.role, upsert.stream)
    const clear = clearKinds[kind]
    if (clear) return decodeClear(session, update, clear)
    if (sessionFactKinds.has(kind)) return void emit(...decodeSessionFact(update, issue))
    switch (kind) {
      case 'tool_call':
      case 'tool_call_update':
        return decodeToolCall(session, update)
      case 'tool_call_content_chunk':
        return decodeToolContentChunk(session, update)
      case 'plan':
        if (!Array.isArray(update.entries)) return issue('malformed-update', 'plan: "entries" must be an array', update)
        // v1 has one plan per session, replaced whole by every update.
        return placePlan(session, '', update.entries)
      case 'plan_update':
        return decodePlanUpdate(session, update)
      case 'plan_removed': {
        const host = session.messages.withPlan(readString(update, 'planId') ?? '')
        if (!host) return issue('unknown-plan', 'plan_removed for a plan that is not shown', update)
        return void emit({ type: 'plan', messageId: host.id, entries: [] })
      }
      case 'state_update':
        return decodeStateUpdate(session, update)
      case 'subagent_update':
        return decodeSubagentUpdate(session, update)
      case 'notice':
      case 'compaction_update':
      case 'compaction_summary_chunk':
        return void emit(...session.statusLines.decode(update, session.messages.currentId()))
    }
    if (unsupportedKinds.has(kind)) return issue('unsupported-update', `${kind} is not rendered; ignored`, update)
    issue(
      'unknown-update',
      kind.startsWith('_')
        ? `extension update ${kind} ignored`
        : `unknown session update ${JSON.stringify(kind)} ignored`,
      update,
    )
  }

  // ── requests and responses ──────────────────────────────────────────────

  const decodePermissionRequest = (message: WireObject) => {
    const params = message.params
    const id = message.id
    if (!isObject(params) || (typeof id !== 'string' && typeof id !== 'number'))
      return issue('malformed-message', 'session/request_permission needs "id" and "params"', message)
    const session = sessionOf(params, message)
    if (!session) return
    // v1: `toolCall` is a ToolCallUpdate; v2: `subject: { type: "tool_call", toolCall }`.
    const subject =
      isObject(params.subject) && params.subject.type === 'tool_call' ? params.subject.toolCall : undefined
    const toolCall = isObject(params.toolCall) ? params.toolCall : isObject(subject) ? subject : undefined
    const toolWireId = toolCall && readString(toolCall, 'toolCallId')
    const patch = toolCall ? readToolCallPatch(toolCall, issue, v2) : {}
    const request: ApprovalRequestUpdate = {
      type: 'approval-request',
      requestId: String(id),
      options: readPermissionOptions(params.options),
    }
    if (toolWireId !== undefined && toolCall) {
      request.toolCallId = upsertToolCall(session, toolWireId, patch).id
      session.messages.markBoundary()
    } else request.messageId = session.messages.forPart().id
    const title = readString(params, 'title') ?? patch.title
    if (title !== undefined) request.title = title
    if (patch.input !== undefined) request.input = patch.input
    emit(request)
  }

  /** The client's own `session/prompt` request, when fed: its prompt becomes the user message. */
  const decodePromptRequest = (message: WireObject) => {
    const params = message.params
    if (!isObject(params)) return issue('malformed-message', 'session/prompt without "params"', message)
    const session = sessionOf(params, message)
    if (!session) return
    track(message, 'session/prompt', session)
    if (!Array.isArray(params.prompt)) return
    let promptMessage: TrackedMessage | undefined
    const route = () => {
      promptMessage = session.messages.forChunk('user', undefined)
      return promptMessage
    }
    let text = ''
    for (const block of params.prompt) {
      appendBlock(route, 'text', block, message)
      const reading = readContentBlock(block)
      if (reading.type === 'text') text += reading.text
    }
    if (promptMessage) session.echo = { message: promptMessage, remaining: text }
  }

  /**
   * The client's own `session/load` request, when fed: the agent replays the history as updates
   * and answers only after the last one, so the answer finishes the replayed messages.
   */
  const decodeLoadRequest = (message: WireObject) => {
    const params = message.params
    if (!isObject(params)) return issue('malformed-message', 'session/load without "params"', message)
    const session = sessionOf(params, message)
    if (session) track(message, 'session/load', session)
  }

  const decodeResponse = (message: WireObject) => {
    const request = requests.get(String(message.id))
    if (request) requests.delete(String(message.id))
    if (options.sessionId !== undefined && request && request.sessionId !== options.sessionId) return
    if (request?.method === 'session/load') {
      if (isObject(message.error))
        issue('error-response', `session/load failed: ${String(message.error.message)}`, message)
      return endTurn(undefined, request.sessionId)
    }
    const promptSession = request?.sessionId
    if (isObject(message.result)) {
      const stopReason = readString(message.result, 'stopReason')
      // Responses to other requests (initialize, session/new, …) carry no stop reason; v2 prompt
      // responses are only an acknowledgement (the turn ends with `state_update`).
      if (stopReason !== undefined) endTurn(stopReason, promptSession)
      return
    }
    if (isObject(message.error) && promptSession !== undefined) {
      endTurn('error', promptSession, readString(message.error, 'message') ?? 'The prompt failed')
      return
    }
    if (isObject(message.error))
      issue(
        'error-response',
        `error response to request ${String(message.id)}: ${String(message.error.message)}`,
        message,
      )
  }

  const decodeMessage = (message: WireObject) => {
    const method = message.method
    if (typeof method !== 'string') {
      if ('id' in message && ('result' in message || 'error' in message)) return decodeResponse(message)
      return issue('malformed-message', 'neither a request, a notification nor a response', message)
    }
    switch (method) {
      case 'session/update': {
        const params = message.params
        if (!isObject(params)) return issue('malformed-message', 'session/update without "params"', message)
        const update = params.update
        if (!isObject(update) || typeof update.sessionUpdate !== 'string')
          return issue('malformed-message', 'session/update without "update.sessionUpdate"', message)
        const session = sessionOf(params, message)
        if (session) decodeSessionUpdate(session, update)
        return
      }
      case 'session/request_permission':
        return decodePermissionRequest(message)
      case 'session/prompt':
        return decodePromptRequest(message)
      case 'session/load':
        return decodeLoadRequest(message)
      default:
        issue('ignored-method', `${method} is not rendered; ignored`, message)
    }
  }

  return decoder({
    // One message, or the members of a JSON-RPC batch (the v2 draft sends them on stdio), each read alone.
    read: (wire) => readBatch(wire) ?? [wire],
    decode(batch) {
      for (const member of batch) {
        const message = readWireObject(member, { issue })
        if (message) decodeMessage(message)
      }
    },
    end(reason) {
      if (reason === 'cancelled') cancelOpenToolCalls(undefined)
      for (const session of sessions.values()) session.messages.finishAll(messageStatusAtEnd[reason])
    },
  })
}

/** A JSON-RPC batch (the v2 draft sends them on stdio), parsed or as text; undefined for anything else. */
function readBatch(wire: unknown): unknown[] | undefined {
  if (Array.isArray(wire)) return wire
  if (typeof wire !== 'string' || !wire.trimStart().startsWith('[')) return undefined
  try {
    const value: unknown = JSON.parse(wire)
    return Array.isArray(value) ? value : undefined
  } catch {
    return undefined // not JSON: reported as such when read as a single message
  }
}

const optionKinds = new Set(['allow_once', 'allow_always', 'reject_once', 'reject_always'])

function readPermissionOptions(value: unknown): ApprovalOption[] {
  const options: ApprovalOption[] = []
  if (!Array.isArray(value)) return options
  for (const option of value) {
    if (!isObject(option) || readString(option, 'optionId') === undefined || typeof option.name !== 'string') continue
    const kind = optionKinds.has(option.kind as string) ? (option.kind as 'allow_once') : undefined
    options.push({ optionId: option.optionId as string, name: option.name, ...(kind && { kind }) })
  }
  return options
}

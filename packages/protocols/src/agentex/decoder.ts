/**
 * The Agentex decoder: task-message updates (`start` / `delta` / `full` / `done`) and task stream
 * events, from SSE (async agents) or NDJSON JSON-RPC (sync agents), to Palimpsest updates.
 *
 * It follows the client algorithm of `docs/protocols/agentex.md` §5, which matches what the server
 * persists: a message's content is its deltas if any arrived, else its `start` content; `full`
 * replaces and seals; `done` finishes (its parent content is stale on SSE and is never shown).
 */
import {
  type AgentUpdate,
  createPartialJsonParser,
  type Decoder,
  type DecoderOptions,
  type EndReason,
  type MessageRole,
  type MessageStatus,
  type PartInput,
  type PartialJsonParser,
  parsePartialJson,
  type ToolCallStatus,
  type TurnStatus,
} from '@palimpsest/core'
import { createDecoderKit, type DecoderKit } from '../decoding/decoder-kit'
import { messageStatusAtEnd, turnStatusAtEnd } from '../decoding/end-status'
import {
  describeValue,
  isWireObject as isObject,
  type WireObject as Json,
  parseWireText,
  readWireObject,
  unreadable,
} from '../decoding/wire-object'
import { createIdPrefix } from '../id-prefix'
import { type Content, type ContentKind, type Delta, readContent, readDelta, roleOf } from './content'
import { createReasoningBuffer, type ReasoningBuffer } from './reasoning-buffer'
import { taskEnding } from './task-status'
import type { AgentexWire } from './wire-types'

export interface AgentexDecoderOptions extends DecoderOptions {}

type Transport = 'sse' | 'rpc'
type FinishedStatus = Exclude<MessageStatus, 'streaming'>

/** How an update names its message: `parent_task_message.id` when present, else `index`. */
interface MessageKeys {
  id?: string
  index?: number
}

/** What the decoder remembers about one Agentex message. */
interface TrackedMessage {
  /** The store's message id. A tool response has none of its own: this is its request's message. */
  messageId: string
  role: MessageRole
  kind: ContentKind | undefined
  /** `sealed`: a `full` arrived; later updates for the message are ignored. */
  phase: 'open' | 'done' | 'sealed'
  /** A `start` (or stored content) was seen; false when the stream joined mid-message. */
  started: boolean
  /** `message-start` was emitted. */
  announced: boolean
  hasDeltas: boolean
  /** The `start` content is on screen and the first delta replaces it (a synthesised start repeats it). */
  placeholder: boolean
  text: string
  reasoning: ReasoningBuffer
  data?: PartialJsonParser
  toolCallId?: string
  toolName?: string
  argumentsText: string
  responseStart?: unknown
  responseText: string
  isError: boolean
}

interface ToolCallRecord {
  /** The message that shows the call: its request's, or one made for a response that came first. */
  host: TrackedMessage
  status: ToolCallStatus
  output?: unknown
  error?: string
}

const dataId = 'agentex-data'
const updateTypes = new Set(['start', 'delta', 'full', 'done'])

const renders = (t: TrackedMessage) => t.kind !== 'tool_response'

export function createAgentexDecoder(options: AgentexDecoderOptions = {}): Decoder<AgentexWire> {
  const { emit, issue, decoder } = createDecoderKit({ source: 'agentex', onIssue: options.onIssue })
  const idPrefix = createIdPrefix('agentex')

  const byKey = new Map<string, TrackedMessage>()
  const open = new Set<TrackedMessage>()
  const toolCalls = new Map<string, ToolCallRecord>()
  /** Indices restart with every sync response, so index keys are scoped to one turn. */
  let generation = 0
  let turnOpen = false
  let lastAgentMessageId: string | undefined
  let lastTaskStatus: unknown
  let failureMessages = 0
  let streamErrorShown = false

  // ── message identity ──────────────────────────────────────────────────────

  function keysOf(update: Json): MessageKeys | undefined {
    const parent = update.parent_task_message
    const id = isObject(parent) && typeof parent.id === 'string' && parent.id !== '' ? parent.id : undefined
    const index =
      typeof update.index === 'number' && Number.isInteger(update.index) && update.index >= 0 ? update.index : undefined
    if (id === undefined && index === undefined) return undefined
    return { ...(id !== undefined && { id }), ...(index !== undefined && { index }) }
  }

  const indexKey = (index: number) => `index:${generation}:${index}`

  function lookup(keys: MessageKeys): TrackedMessage | undefined {
    if (keys.id !== undefined) return byKey.get(`id:${keys.id}`)
    return keys.index === undefined ? undefined : byKey.get(indexKey(keys.index))
  }

  function link(t: TrackedMessage, keys: MessageKeys): void {
    if (keys.id !== undefined) byKey.set(`id:${keys.id}`, t)
    // Both present (sync traffic): later index-only updates find the message too.
    if (keys.index !== undefined) byKey.set(indexKey(keys.index), t)
  }

  function newMessage(messageId: string, role: MessageRole, kind: ContentKind | undefined): TrackedMessage {
    const t: TrackedMessage = {
      messageId,
      role,
      kind,
      phase: 'open',
      started: false,
      announced: false,
      hasDeltas: false,
      placeholder: false,
      text: '',
      reasoning: createReasoningBuffer(),
      argumentsText: '',
      responseText: '',
      isError: false,
    }
    open.add(t)
    return t
  }

  function track(keys: MessageKeys, kind: ContentKind, role: MessageRole, toolCallId?: string): TrackedMessage {
    // A request whose response came first continues the message that already shows its call.
    const host = kind === 'tool_request' && toolCallId !== undefined ? toolCalls.get(toolCallId)?.host : undefined
    if (host) {
      link(host, keys)
      return host
    }
    const messageId = keys.id ?? `${idPrefix}-index-${keys.index}${generation === 0 ? '' : `-${generation}`}`
    const t = newMessage(messageId, role, kind)
    link(t, keys)
    return t
  }

  function announce(t: TrackedMessage): void {
    turnOpen = true
    if (t.announced || !renders(t)) return
    t.announced = true
    emit({ type: 'message-start', messageId: t.messageId, role: t.role })
    if (t.role === 'assistant') lastAgentMessageId = t.messageId
  }

  // ── tool calls ────────────────────────────────────────────────────────────

  function registerRequest(t: TrackedMessage, toolCallId: string, name: string): ToolCallRecord {
    t.toolCallId ??= toolCallId
    if (!t.toolName && name) t.toolName = name
    let record = toolCalls.get(t.toolCallId)
    if (!record) {
      record = { host: t, status: 'pending' }
      toolCalls.set(t.toolCallId, record)
    }
    return record
  }

  function changeToolCall(
    toolCallId: string,
    fields: { status?: ToolCallStatus; output?: unknown; error?: string },
  ): void {
    const record = toolCalls.get(toolCallId)
    if (!record) return
    if (fields.status !== undefined) record.status = fields.status
    if (fields.output !== undefined) record.output = fields.output
    if (fields.error !== undefined) record.error = fields.error
    emit({ type: 'tool-call-update', toolCallId, messageId: record.host.messageId, ...fields })
  }

  /** A tool response is not a message of its own: it becomes the output of its request's call. */
  function attachResponse(t: TrackedMessage, toolCallId: string, name: string): void {
    t.toolCallId = toolCallId
    let record = toolCalls.get(toolCallId)
    if (!record) {
      // The response arrived before its request (batched creates are unordered) or without one.
      const host = newMessage(t.messageId, 'assistant', 'tool_request')
      record = registerRequest(host, toolCallId, name)
      record.status = 'in_progress'
      announce(host)
      emit({ type: 'tool-call', messageId: host.messageId, toolCallId, status: 'in_progress', ...(name && { name }) })
    }
    t.messageId = record.host.messageId
    turnOpen = true
  }

  function ensureRequest(t: TrackedMessage, toolCallId: string, name: string, input: unknown): void {
    if (t.toolCallId !== undefined && t.toolCallId !== toolCallId) {
      issue(
        'inconsistent-tool-call-id',
        `tool request ${t.toolCallId} (message ${t.messageId}) got a delta for ${toolCallId}; kept the first id`,
      )
    }
    const known = t.toolCallId !== undefined
    const hadName = Boolean(t.toolName)
    const record = registerRequest(t, toolCallId, name)
    const id = t.toolCallId as string
    if (!known || input !== undefined) {
      emit({
        type: 'tool-call',
        messageId: t.messageId,
        toolCallId: id,
        status: record.status,
        ...(t.toolName && { name: t.toolName }),
        ...(input !== undefined && { input }),
      })
    } else if (!hadName && t.toolName) {
      emit({ type: 'tool-call', messageId: t.messageId, toolCallId: id, name: t.toolName })
    }
  }

  // ── content ───────────────────────────────────────────────────────────────

  function fileUpdates(t: TrackedMessage, content: Extract<Content, { kind: 'text' }>): AgentUpdate[] {
    return content.attachments.map((file) => ({
      type: 'file',
      messageId: t.messageId,
      fileId: file.fileId,
      name: file.name,
      ...(file.size !== undefined && { size: file.size }),
      ...(file.mimeType !== undefined && { mimeType: file.mimeType }),
    }))
  }

  /** Shows a `start` content (or stored in-progress content) as the placeholder of a streaming message. */
  function showStart(t: TrackedMessage, content: Content): void {
    t.kind = content.kind
    t.role = content.role
    switch (content.kind) {
      case 'text':
        announce(t)
        // Attachments first: chunks then keep appending to the text part at the end.
        for (const update of fileUpdates(t, content)) emit(update)
        t.text = content.text
        t.placeholder = content.text !== ''
        if (t.placeholder) emit({ type: 'chunk', messageId: t.messageId, text: content.text })
        return
      case 'reasoning': {
        announce(t)
        t.reasoning.set(content.summary, content.content)
        const text = t.reasoning.text()
        t.placeholder = text !== ''
        if (t.placeholder) emit({ type: 'thought', messageId: t.messageId, text })
        return
      }
      case 'data':
        announce(t)
        t.placeholder = true
        emit({ type: 'data', messageId: t.messageId, dataId, data: content.data })
        return
      case 'tool_request':
        announce(t)
        ensureRequest(t, content.toolCallId, content.name, content.arguments)
        return
      case 'tool_response':
        attachResponse(t, content.toolCallId, content.name)
        t.responseStart = content.content
        t.isError = content.isError
        t.placeholder = true
        changeToolCall(content.toolCallId, { output: content.content, status: 'in_progress' })
        return
    }
  }

  /** Replaces the message with a `full` content and seals it. */
  function showFull(t: TrackedMessage, content: Content): void {
    t.kind = content.kind
    t.role = content.role
    turnOpen = true
    const seal = (parts: PartInput[]) => {
      t.announced = true
      if (t.role === 'assistant') lastAgentMessageId = t.messageId
      emit({ type: 'full', messageId: t.messageId, role: t.role, final: true, parts })
    }
    switch (content.kind) {
      case 'text':
        t.text = content.text
        return seal([
          ...content.attachments.map(
            (file): PartInput => ({
              kind: 'file',
              name: file.name,
              ...(file.size !== undefined && { size: file.size }),
              ...(file.mimeType !== undefined && { mimeType: file.mimeType }),
            }),
          ),
          { kind: 'text', text: content.text },
        ])
      case 'reasoning':
        t.reasoning.set(content.summary, content.content)
        return seal([{ kind: 'reasoning', text: t.reasoning.text() }])
      case 'data':
        return seal([{ kind: 'data', dataId, data: content.data }])
      case 'tool_request': {
        const record = registerRequest(t, content.toolCallId, content.name)
        if (record.status === 'pending') record.status = 'in_progress'
        return seal([
          {
            kind: 'tool-call',
            toolCallId: t.toolCallId as string,
            status: record.status,
            input: content.arguments,
            ...(t.toolName && { name: t.toolName }),
            ...(record.output !== undefined && { output: record.output }),
            ...(record.error !== undefined && { error: record.error }),
          },
        ])
      }
      case 'tool_response':
        attachResponse(t, content.toolCallId, content.name)
        return changeToolCall(content.toolCallId, {
          output: content.content,
          status: content.isError ? 'failed' : 'completed',
          ...(content.isError && { error: describeValue(content.content) }),
        })
    }
  }

  function applyDelta(t: TrackedMessage, delta: Delta, replace: boolean): void {
    // After `done`, only SSE delivers deltas: the coalescing buffer drained late (done → delta → done).
    const late = t.phase === 'done'
    switch (delta.kind) {
      case 'text': {
        announce(t)
        const shown = t.text
        t.text = (replace ? '' : t.text) + delta.text
        if (replace) showReplacement(t, 'text', shown, t.text)
        else if (late) emit({ type: 'full', messageId: t.messageId, target: 'text', text: t.text })
        else if (delta.text) emit({ type: 'chunk', messageId: t.messageId, text: delta.text })
        return
      }
      case 'reasoning': {
        announce(t)
        const shown = t.reasoning.text()
        if (replace) t.reasoning.set([], [])
        const change = t.reasoning.add(delta.channel, delta.index, delta.text)
        if (replace) showReplacement(t, 'thought', shown, t.reasoning.text())
        else if (late || (change && 'replace' in change))
          emit({ type: 'full', messageId: t.messageId, target: 'thought', text: t.reasoning.text() })
        else if (change) emit({ type: 'thought', messageId: t.messageId, text: change.append })
        return
      }
      case 'data': {
        announce(t)
        if (replace || !t.data) t.data = createPartialJsonParser()
        const hadError = t.data.error !== undefined
        t.data.push(delta.text)
        if (t.data.error !== undefined && !hadError)
          issue('invalid-data-json', `data of message ${t.messageId} is not a JSON object (${t.data.error})`)
        if (t.data.value !== undefined) emit({ type: 'data', messageId: t.messageId, dataId, data: t.data.value })
        return
      }
      case 'tool_request':
        announce(t)
        ensureRequest(t, delta.toolCallId, delta.name, undefined)
        if (delta.text === '') return
        t.argumentsText += delta.text
        emit({
          type: 'tool-call-delta',
          toolCallId: t.toolCallId as string,
          messageId: t.messageId,
          inputText: delta.text,
        })
        return
      case 'tool_response':
        if (t.toolCallId === undefined) attachResponse(t, delta.toolCallId, delta.name)
        else if (t.toolCallId !== delta.toolCallId)
          issue('inconsistent-tool-call-id', `tool response ${t.toolCallId} got a delta for ${delta.toolCallId}`)
        t.responseText = (replace ? '' : t.responseText) + delta.text
        if (replace || delta.text)
          changeToolCall(t.toolCallId as string, { output: t.responseText, ...(!late && { status: 'in_progress' }) })
        return
    }
  }

  /**
   * The first delta replaces the start placeholder. When the new text begins with what is shown
   * (a synthesised start holds exactly the first delta) only the rest is appended, so the
   * replacement is not a visible reset.
   */
  function showReplacement(t: TrackedMessage, target: 'text' | 'thought', shown: string, next: string): void {
    if (next.startsWith(shown)) {
      const rest = next.slice(shown.length)
      if (rest !== '') emit({ type: target === 'text' ? 'chunk' : 'thought', messageId: t.messageId, text: rest })
      return
    }
    emit({ type: 'full', messageId: t.messageId, target, text: next })
  }

  // ── finishing ─────────────────────────────────────────────────────────────

  function finish(t: TrackedMessage, status: FinishedStatus): void {
    open.delete(t)
    t.phase = 'done'
    if (status === 'complete') settleContent(t)
    if (renders(t) && t.announced) emit({ type: 'message-done', messageId: t.messageId, status })
  }

  /** What a cleanly finished message's content becomes. */
  function settleContent(t: TrackedMessage): void {
    const toolCallId = t.toolCallId
    if (t.kind === 'data' && t.data) {
      t.data.end()
      if (t.data.error === undefined && !t.data.complete)
        issue('invalid-data-json', `data of message ${t.messageId} ended before its JSON was complete`)
      if (t.data.value !== undefined) emit({ type: 'data', messageId: t.messageId, dataId, data: t.data.value })
    } else if (t.kind === 'tool_request' && toolCallId !== undefined) {
      if (t.argumentsText !== '' && !parsePartialJson(t.argumentsText).complete)
        issue('invalid-tool-arguments', `arguments of tool call ${toolCallId} are not complete JSON`)
      if (toolCalls.get(toolCallId)?.status === 'pending') changeToolCall(toolCallId, { status: 'in_progress' })
    } else if (t.kind === 'tool_response' && toolCallId !== undefined) {
      const output = t.hasDeltas ? t.responseText : t.responseStart
      changeToolCall(toolCallId, {
        output,
        status: t.isError ? 'failed' : 'completed',
        ...(t.isError && { error: describeValue(output) }),
      })
    }
  }

  function finishAll(status: FinishedStatus, toolStatus?: ToolCallStatus): void {
    for (const t of [...open]) finish(t, status)
    if (toolStatus === undefined) return
    for (const [toolCallId, record] of toolCalls) {
      if (record.status === 'pending' || record.status === 'in_progress')
        changeToolCall(toolCallId, { status: toolStatus })
    }
  }

  /** The stream broke: what was streaming keeps its text; later deltas resume it. */
  function interruptAll(): void {
    for (const t of open) {
      if (renders(t) && t.announced) emit({ type: 'message-done', messageId: t.messageId, status: 'interrupted' })
    }
  }

  function endTurn(stopReason: string | undefined, status: TurnStatus): void {
    if (turnOpen) emit({ type: 'turn-end', status, ...(stopReason !== undefined && { stopReason }) })
    turnOpen = false
    lastAgentMessageId = undefined
    generation += 1
    // A turn's tool calls are settled with it; a later status change must not reach them.
    toolCalls.clear()
  }

  /** A failure the user must see: an error part on the agent's latest message, or on a message of its own. */
  function showFailure(message: string, code?: string): void {
    let messageId = lastAgentMessageId
    if (messageId === undefined) {
      failureMessages += 1
      messageId = `${idPrefix}-error-${failureMessages}`
      emit({ type: 'message-start', messageId, role: 'assistant' })
    }
    emit({ type: 'error', messageId, message, ...(code !== undefined && { code }) })
  }

  // ── task message updates ──────────────────────────────────────────────────

  function decodeUpdate(u: Json, transport: Transport): void {
    if (streamErrorShown) {
      streamErrorShown = false
      emit({ type: 'session-update', session: { streamError: undefined } })
    }
    const keys = keysOf(u)
    if (!keys) return issue('unkeyed-update', `${u.type}: has neither parent_task_message.id nor index; dropped`, u)
    switch (u.type) {
      case 'start':
        return onStart(u, keys)
      case 'delta':
        return onDelta(u, keys, transport)
      case 'full':
        return onFull(u, keys)
      case 'done':
        return onDone(u, keys)
    }
  }

  function onStart(u: Json, keys: MessageKeys): void {
    const content = readContent(u.content)
    if (typeof content === 'string') return issue('malformed-content', `start: ${content}; dropped`, u)
    const existing = lookup(keys)
    if (existing?.phase === 'sealed')
      return issue('sealed-message', `start for ${existing.messageId}, which a full sealed; ignored`, u)
    if (existing?.phase === 'done')
      return issue('finished-message', `start for ${existing.messageId}, which is done; ignored`, u)
    if (existing && (existing.started || existing.hasDeltas))
      return issue('duplicate-start', `second start for ${existing.messageId}; ignored`, u)
    const t = existing ?? track(keys, content.kind, content.role, toolCallIdOf(content))
    if (!compatible(t, content.kind, u)) return
    t.started = true
    showStart(t, content)
  }

  function onDelta(u: Json, keys: MessageKeys, transport: Transport): void {
    // `delta: null` is valid on the wire and carries nothing.
    if (u.delta === null || u.delta === undefined) return
    const delta = readDelta(u.delta)
    if (typeof delta === 'string') return issue('malformed-delta', `delta: ${delta}; dropped`, u)
    const existing = lookup(keys)
    if (existing?.phase === 'sealed')
      return issue('sealed-message', `delta for ${existing.messageId} after a full sealed it; ignored`, u)
    if (existing?.phase === 'done' && transport === 'rpc')
      return issue(
        'finished-message',
        `delta for ${existing.messageId} after its done; ignored (the server drops it)`,
        u,
      )
    const parent = u.parent_task_message
    const role = isObject(parent) && isObject(parent.content) ? roleOf(parent.content.author) : 'assistant'
    const t = existing ?? track(keys, delta.kind, role, 'toolCallId' in delta ? delta.toolCallId : undefined)
    if (t.kind !== delta.kind) {
      // The first delta decides the content (the server persists deltas only), unless it would
      // turn a message into a tool response or back; a later delta of another kind is an error.
      if (t.hasDeltas || t.kind === 'tool_response' || delta.kind === 'tool_response') {
        return issue(
          'delta-type-mismatch',
          `${delta.kind} delta for ${t.kind} message ${t.messageId}; ignored (the server fails the stream on this)`,
          u,
        )
      }
      if (t.announced) emit({ type: 'full', messageId: t.messageId, parts: [] })
      t.kind = delta.kind
      t.placeholder = false
    }
    const replace = !t.hasDeltas && t.placeholder
    t.hasDeltas = true
    t.placeholder = false
    applyDelta(t, delta, replace)
  }

  function onFull(u: Json, keys: MessageKeys): void {
    const content = readContent(u.content)
    if (typeof content === 'string') return issue('malformed-content', `full: ${content}; dropped`, u)
    const existing = lookup(keys)
    if (existing?.phase === 'sealed')
      return issue('sealed-message', `second full for ${existing.messageId}; ignored`, u)
    const t = existing ?? track(keys, content.kind, content.role, toolCallIdOf(content))
    if (!compatible(t, content.kind, u)) return
    t.started = true
    showFull(t, content)
    open.delete(t)
    t.phase = 'sealed'
  }

  function onDone(u: Json, keys: MessageKeys): void {
    const t = lookup(keys)
    if (!t) {
      const parent = u.parent_task_message
      // A parent marked DONE holds the final content (sync responses); otherwise it is stale.
      if (isObject(parent) && parent.streaming_status === 'DONE') return loadMessage(parent, keys)
      return issue(
        'unknown-message',
        `done for a message this stream never showed (${keys.id ?? `index ${keys.index}`}); fetch it with GET /messages/{id}`,
        u,
      )
    }
    if (t.phase === 'sealed') return issue('sealed-message', `done for ${t.messageId} after a full; ignored`, u)
    if (t.phase === 'done') return issue('duplicate-done', `second done for ${t.messageId}; ignored`, u)
    finish(t, 'complete')
    if (!t.started)
      issue(
        'incomplete-message',
        `message ${t.messageId} joined mid-stream (deltas without a start); its beginning may be missing: reload it with GET /messages/{id}`,
        u,
      )
  }

  /** Whether a content of `kind` may go to `t`; a message never turns into a tool response or back. */
  function compatible(t: TrackedMessage, kind: ContentKind, input: unknown): boolean {
    if (t.kind === undefined || (t.kind === 'tool_response') === (kind === 'tool_response')) return true
    issue('content-type-mismatch', `${kind} content for ${t.kind} message ${t.messageId}; dropped`, input)
    return false
  }

  // ── stored messages ───────────────────────────────────────────────────────

  function loadMessage(m: Json, keys?: MessageKeys): void {
    const id = typeof m.id === 'string' && m.id !== '' ? m.id : undefined
    const messageKeys = keys ?? (id === undefined ? undefined : { id })
    if (!messageKeys) return issue('unkeyed-update', 'stored message without an id; dropped', m)
    const content = readContent(m.content)
    if (typeof content === 'string') return issue('malformed-content', `stored message: ${content}; dropped`, m)
    const existing = lookup(messageKeys)
    if (m.streaming_status === 'IN_PROGRESS') {
      // The live stream knows more than a snapshot of a message that is still streaming.
      if (existing) return
      // Its stored content is the initial one: show it until deltas replace it.
      const t = track(messageKeys, content.kind, content.role, toolCallIdOf(content))
      showStart(t, content)
      return
    }
    if (existing?.phase === 'sealed') return
    const t = existing ?? track(messageKeys, content.kind, content.role, toolCallIdOf(content))
    if (!compatible(t, content.kind, m)) return
    t.started = true
    showFull(t, content)
    open.delete(t)
    t.phase = 'sealed'
  }

  function loadStoredMessages(list: unknown[]): void {
    const messages = list.filter((m): m is Json => {
      if (isObject(m)) return true
      issue('malformed-message', 'a stored message must be an object; dropped', m)
      return false
    })
    // `GET /messages` lists newest first by default; the transcript reads oldest first.
    const times = messages.map((m) => (typeof m.created_at === 'string' ? Date.parse(m.created_at) : Number.NaN))
    const order = messages.map((_, i) => i)
    if (times.every((time) => !Number.isNaN(time))) order.sort((a, b) => (times[a] as number) - (times[b] as number))
    const wasOpen = turnOpen
    for (const i of order) loadMessage(messages[i] as Json)
    // History is not a running turn, unless something in it is still streaming.
    if (!wasOpen && open.size === 0) endTurn(undefined, 'completed')
  }

  // ── stream events and JSON-RPC lines ──────────────────────────────────────

  function onConnected(event: Json): void {
    if (open.size > 0) {
      issue(
        'stream-reconnected',
        `connected again while ${open.size} message(s) were streaming; deltas sent meanwhile are lost: reload GET /messages?task_id=…`,
        event,
      )
      interruptAll()
    }
    if (typeof event.taskId === 'string') emit({ type: 'session-update', session: { taskId: event.taskId } })
  }

  function onTaskUpdated(event: Json): void {
    // `task: null` is allowed by the schema and says nothing.
    if (event.task === null || event.task === undefined) return
    if (!isObject(event.task)) return issue('malformed-event', 'task_updated: "task" must be an object', event)
    const status = event.task.status
    const ending = taskEnding(status)
    if (ending === undefined)
      return issue('unknown-task-status', `task_updated: unknown status ${String(status)}`, event)
    // Sent on every task update: only a change of status means something.
    if (status === lastTaskStatus) return
    lastTaskStatus = status
    if (ending === 'running') return
    if (ending.failure !== undefined) {
      const reason = event.task.status_reason
      showFailure(typeof reason === 'string' && reason !== '' ? reason : ending.failure, String(status))
    }
    finishAll(ending.message, ending.tool)
    endTurn(String(status).toLowerCase(), ending.turn)
  }

  function onStreamError(event: Json): void {
    const message = typeof event.message === 'string' && event.message !== '' ? event.message : 'stream error'
    // Not fatal: the server backs off and keeps the stream open. A part in a streaming message
    // would split its text, so the error goes to the session, until the stream delivers again.
    issue('stream-error', `the server reported a stream error and keeps streaming: ${message}`, event)
    streamErrorShown = true
    emit({ type: 'session-update', session: { streamError: message } })
  }

  function onRpcLine(line: Json): void {
    const error = line.error
    if (isObject(error)) {
      // The request failed and the server marks the task FAILED.
      const message = typeof error.message === 'string' && error.message !== '' ? error.message : 'The agent failed.'
      showFailure(message, error.code === undefined ? undefined : String(error.code))
      finishAll('error', 'failed')
      endTurn('error', 'failed')
      return
    }
    const result = line.result
    if (Array.isArray(result)) return loadStoredMessages(result)
    if (!isObject(result)) return issue('malformed-message', 'JSON-RPC line has neither a result nor an error', line)
    if (!updateTypes.has(result.type as string))
      return issue(
        'unsupported-result',
        `JSON-RPC result of type ${JSON.stringify(result.type)} is not a task message update`,
        line,
      )
    decodeUpdate(result, 'rpc')
  }

  function onEvent(event: Json): void {
    switch (event.type) {
      case 'start':
      case 'delta':
      case 'full':
      case 'done':
        return decodeUpdate(event, 'sse')
      case 'connected':
        return onConnected(event)
      case 'task_updated':
        return onTaskUpdated(event)
      case 'error':
        return onStreamError(event)
      case undefined:
        // The SDK types mark `type` optional, but the server rejects updates without it.
        return issue('missing-type', 'event has no "type"; dropped', event)
      default:
        return issue('unknown-event', `unknown event type ${JSON.stringify(event.type)}; ignored`, event)
    }
  }

  return decoder({
    read: readAgentexWire,
    decode(message) {
      if (message.kind === 'stored') loadStoredMessages(message.messages)
      else if (message.kind === 'rpc') onRpcLine(message.line)
      else onEvent(message.event)
    },
    end(reason) {
      if (reason === 'interrupted') return interruptAll()
      finishAll(messageStatusAtEnd[reason], toolStatusAtEnd[reason])
      endTurn(reason === 'complete' ? undefined : reason, turnStatusAtEnd[reason])
    },
  })
}

/** Open tool calls when the stream ends: a clean end leaves them to later status updates. */
const toolStatusAtEnd: Record<Exclude<EndReason, 'interrupted'>, ToolCallStatus | undefined> = {
  complete: undefined,
  cancelled: 'cancelled',
  error: 'failed',
}

type AgentexMessage =
  | { kind: 'stored'; messages: unknown[] }
  | { kind: 'rpc'; line: Json }
  | { kind: 'event'; event: Json }

/** One wire message: stored messages (an array), a JSON-RPC line (sync agents) or a stream event. */
function readAgentexWire(wire: unknown, kit: DecoderKit): AgentexMessage | undefined {
  let value = wire
  if (typeof wire === 'string') {
    const text = wire.trim()
    // SSE keep-alives (`:ping`) and blank lines carry nothing.
    if (text === '' || text.startsWith(':')) return undefined
    if (text.startsWith('[')) value = parseWireText(text, kit)
    if (value === unreadable) return undefined
  }
  if (Array.isArray(value)) return { kind: 'stored', messages: value }
  const object = readWireObject(value, kit)
  if (!object) return undefined
  if (object.jsonrpc !== undefined || (object.type === undefined && ('result' in object || 'error' in object)))
    return { kind: 'rpc', line: object }
  // An SSE event object ({ event, data, id }) from a transport.
  if (object.type === undefined && typeof object.data === 'string') return readAgentexWire(object.data, kit)
  return { kind: 'event', event: object }
}

function toolCallIdOf(content: Content): string | undefined {
  return content.kind === 'tool_request' || content.kind === 'tool_response' ? content.toolCallId : undefined
}

/**
 * AG-UI events (`@ag-ui/core` 1.0, plus the deprecated `THINKING_*` events of earlier versions)
 * → Palimpsest updates.
 *
 * - Text, reasoning and tool-call streams map one to one; the `*_CHUNK` shortcuts open a message
 *   (or call) when their id changes and close it when the id changes again or the run ends.
 * - A reasoning message (`REASONING_MESSAGE_*`, role `reasoning`) is its own assistant message
 *   holding one reasoning part, as in AG-UI's message list.
 * - A tool result (`TOOL_CALL_RESULT`, a `tool` message in AG-UI) completes its tool call; it is
 *   not rendered as a message of its own.
 * - `RUN_STARTED` / `RUN_FINISHED` / `RUN_ERROR` start and end the turn. Run-level parts (step
 *   statuses, handoffs, interrupts, run errors) go into the latest assistant message of the run;
 *   the ones that arrive before any message wait for it.
 * - `MESSAGES_SNAPSHOT` replaces every message it names (a `full` update) and appends new ones.
 *   Messages it omits are removed (`message-remove`), as AG-UI's own client drops them.
 * - `STATE_SNAPSHOT` / `STATE_DELTA` keep the agent state in `session.agentState`;
 *   `ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA` keep an activity as a data part of its own message.
 */
import type {
  AgentUpdate,
  Decoder,
  DecoderOptions,
  EndReason,
  MessageRole,
  ToolCallStatus,
  Usage,
} from '@palimpsest/core'
import { createDecoderKit } from '../decoding/decoder-kit'
import { stringOf as str, typedWireObjectReader, type WireObject } from '../decoding/wire-object'
import { createIdPrefix } from '../id-prefix'
import { contentToToolContent } from './content'
import { applyJsonPatch } from './json-patch'
import { type MessageOrigin, readSnapshotMessage, textRoles as roles } from './snapshot-message'

export interface AgUiDecoderOptions extends DecoderOptions {
  /**
   * Names of agents in a multi-agent graph. A `STEP_STARTED` naming one of them is shown as a
   * handoff to that agent instead of a step status.
   */
  agentNames?: readonly string[]
  /** Receives `CUSTOM` events; they are application-defined and not rendered. */
  onCustomEvent?: (event: { name: string; value: unknown }) => void
}

interface ToolRecord {
  messageId: string
  status: ToolCallStatus
}

const source = 'ag-ui'

/** AG-UI `TokenUsage[]` (one entry per provider call) summed into one usage. */
function sumTokenUsage(entries: unknown): Usage | undefined {
  if (!Array.isArray(entries) || entries.length === 0) return undefined
  const keys = ['inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens', 'cachedInputTokens'] as const
  const usage: Usage = {}
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue
    for (const key of keys) {
      const value = (entry as WireObject)[key]
      if (typeof value === 'number' && Number.isFinite(value)) usage[key] = (usage[key] ?? 0) + value
    }
  }
  return usage
}

export function createAgUiDecoder(options: AgUiDecoderOptions = {}): Decoder {
  const { emit, issue, notify, decoder } = createDecoderKit({ source, onIssue: options.onIssue })
  const idPrefix = createIdPrefix(source)
  const agentNames = new Set(options.agentNames ?? [])

  let runId: string | undefined
  let runOpen = false
  let runCount = 0
  /** The latest assistant message of the current run: where run-level parts go. */
  let runMessageId: string | undefined
  let pendingRunParts: ((messageId: string) => AgentUpdate)[] = []
  let currentAgent: string | undefined

  const origins = new Map<string, MessageOrigin>()
  const openMessages = new Set<string>()
  const tools = new Map<string, ToolRecord>()
  const subagents = new Map<string, string>()
  /**
   * Run-level parts placed in each message, by key: a snapshot replaces a message's content, and
   * these (which the snapshot does not know about) are put back after it.
   */
  const decorations = new Map<string, Map<string, AgentUpdate>>()
  let decorationCount = 0
  /** Step status id → the message that shows it. */
  const stepMessages = new Map<string, string>()
  const activities = new Map<string, { activityType: string; content: unknown }>()
  let agentState: unknown

  let textChunkId: string | undefined
  let toolChunkId: string | undefined
  let reasoningChunkId: string | undefined
  let thinkingId: string | undefined
  let thinkingCount = 0

  const malformed = (e: WireObject, field: string, expected = 'a string') =>
    issue('malformed-event', `${String(e.type)}: "${field}" must be ${expected}`, e)

  /** Reads a required string field; reports and returns undefined when missing. */
  const need = (e: WireObject, field: string): string | undefined => {
    const value = str(e[field])
    if (value === undefined || value === '') malformed(e, field, 'a non-empty string')
    return value || undefined
  }

  const authorOf = (e: WireObject): string | undefined => {
    const name = str(e.name)
    if (name) return name
    const subagentRunId = str(e.subagentRunId)
    return subagentRunId === undefined ? undefined : subagents.get(subagentRunId)
  }

  const startMessage = (messageId: string, role: MessageRole, origin: MessageOrigin, author?: string) => {
    emit({ type: 'message-start', messageId, role, ...(author !== undefined && { author }) })
    if (!origins.has(messageId)) origins.set(messageId, origin)
    openMessages.add(messageId)
    if (role === 'assistant') {
      runMessageId = messageId
      for (const build of pendingRunParts) placeRunPart(build(messageId))
      pendingRunParts = []
    }
  }

  /** Makes sure a message exists before content addresses it (content before its START is lenient). */
  const ensureMessage = (messageId: string, e: WireObject, origin: MessageOrigin) => {
    if (origins.has(messageId)) return
    issue('unopened-message', `${String(e.type)} for message ${messageId} before its start; started it`, e)
    startMessage(messageId, 'assistant', origin, authorOf(e))
  }

  const finishMessage = (messageId: string) => {
    if (!openMessages.delete(messageId)) return
    emit({ type: 'message-done', messageId })
  }

  /** The message run-level parts go to, created when the run has none. */
  const runMessage = (): string => {
    if (runMessageId !== undefined) return runMessageId
    const messageId = `run:${runId ?? `${idPrefix}-${runCount}`}`
    startMessage(messageId, 'assistant', 'synthetic')
    return messageId
  }

  /** Adds a run-level part now, or when the run's first assistant message appears. */
  const addRunPart = (build: (messageId: string) => AgentUpdate) => {
    if (runMessageId !== undefined) placeRunPart(build(runMessageId))
    else pendingRunParts.push(build)
  }

  function placeRunPart(update: AgentUpdate) {
    emit(update)
    const messageId = 'messageId' in update ? update.messageId : undefined
    if (messageId === undefined) return
    const key =
      update.type === 'status'
        ? `status:${update.statusId}`
        : update.type === 'approval-request'
          ? `approval:${update.requestId}`
          : `${update.type}#${++decorationCount}`
    let placed = decorations.get(messageId)
    if (!placed) {
      placed = new Map()
      decorations.set(messageId, placed)
    }
    placed.set(key, update)
  }

  const flushRunParts = () => {
    if (pendingRunParts.length > 0) runMessage()
  }

  const setToolStatus = (toolCallId: string, status: ToolCallStatus) => {
    const record = tools.get(toolCallId)
    if (record) record.status = status
  }

  // ── chunk shortcuts ─────────────────────────────────────────────────────

  const closeTextChunk = () => {
    if (textChunkId !== undefined) finishMessage(textChunkId)
    textChunkId = undefined
  }

  const closeReasoningChunk = () => {
    if (reasoningChunkId !== undefined) finishMessage(reasoningChunkId)
    reasoningChunkId = undefined
  }

  const closeToolChunk = () => {
    if (toolChunkId !== undefined) endToolCall(toolChunkId)
    toolChunkId = undefined
  }

  const closeThinking = () => {
    if (thinkingId !== undefined) finishMessage(thinkingId)
    thinkingId = undefined
  }

  const closeStreams = () => {
    closeTextChunk()
    closeReasoningChunk()
    closeToolChunk()
    closeThinking()
  }

  // ── tool calls ──────────────────────────────────────────────────────────

  const startToolCall = (e: WireObject, toolCallId: string, name: string) => {
    const messageId = str(e.parentMessageId) || toolCallId
    if (!origins.has(messageId)) startMessage(messageId, 'assistant', 'text', authorOf(e))
    emit({ type: 'tool-call', messageId, toolCallId, name, status: 'pending' })
    tools.set(toolCallId, { messageId, status: 'pending' })
  }

  const appendToolArguments = (toolCallId: string, delta: string) => {
    if (delta === '') return
    const record = tools.get(toolCallId)
    emit({
      type: 'tool-call-delta',
      toolCallId,
      inputText: delta,
      ...(record && { messageId: record.messageId }),
    })
    if (record?.status === 'pending') record.status = 'in_progress'
  }

  /** The arguments are complete: the call is under way until its result arrives. */
  const endToolCall = (toolCallId: string) => {
    const record = tools.get(toolCallId)
    if (record && record.status !== 'pending' && record.status !== 'in_progress') return
    emit({ type: 'tool-call-update', toolCallId, status: 'in_progress' })
    setToolStatus(toolCallId, 'in_progress')
  }

  // ── snapshots ───────────────────────────────────────────────────────────

  /** Converts snapshot (or run input) messages; with `onlyNew`, messages already shown are left alone. */
  const applyMessages = (e: WireObject, messages: unknown[], onlyNew: boolean): Set<string> => {
    const valid = messages.filter((m): m is WireObject => {
      const ok =
        typeof m === 'object' && m !== null && typeof (m as WireObject).id === 'string' && (m as WireObject).id !== ''
      if (!ok) issue('malformed-message', `${String(e.type)}: a message without an id was dropped`, m)
      return ok
    })
    const results = new Map<string, WireObject>()
    const callsInSnapshot = new Set<string>()
    for (const m of valid) {
      if (m.role === 'tool' && typeof m.toolCallId === 'string') results.set(m.toolCallId, m)
      if (m.role === 'assistant' && Array.isArray(m.toolCalls))
        for (const call of m.toolCalls as WireObject[]) if (typeof call?.id === 'string') callsInSnapshot.add(call.id)
    }
    const ids = new Set<string>()
    for (const m of valid) {
      const id = m.id as string
      ids.add(id)
      if (onlyNew && origins.has(id)) continue
      const role = str(m.role)
      if (role === 'tool') {
        const toolCallId = str(m.toolCallId)
        // A result whose call is in the snapshot is folded into that call below.
        if (toolCallId !== undefined && !callsInSnapshot.has(toolCallId)) applyToolResult(m, toolCallId)
        continue
      }
      const read = readSnapshotMessage(m, results, (toolCallId) => tools.get(toolCallId)?.status)
      if (!read) {
        issue('malformed-message', `${String(e.type)}: message ${id} has unknown role ${JSON.stringify(m.role)}`, m)
        continue
      }
      const { parts, origin } = read
      for (const part of parts) {
        if (part.kind === 'tool-call')
          tools.set(part.toolCallId, { messageId: id, status: (part.status as ToolCallStatus) ?? 'in_progress' })
      }
      if (origin === 'activity')
        activities.set(id, { activityType: str(m.activityType) ?? 'activity', content: m.content })
      const isNew = !origins.has(id)
      const author = str(m.name) ?? (typeof m.subagentRunId === 'string' ? subagents.get(m.subagentRunId) : undefined)
      emit({
        type: 'full',
        messageId: id,
        role: read.role,
        parts,
        ...(author !== undefined && { author }),
      })
      if (isNew) {
        // Snapshot messages are history: a message that appears only here is already finished.
        origins.set(id, origin)
        emit({ type: 'message-done', messageId: id })
      } else {
        for (const update of decorations.get(id)?.values() ?? []) emit(update)
      }
    }
    return ids
  }

  const applyToolResult = (m: WireObject, toolCallId: string) => {
    const error = str(m.error)
    const status: ToolCallStatus = error ? 'failed' : 'completed'
    emit({
      type: 'tool-call-update',
      toolCallId,
      status,
      output: m.content,
      content: contentToToolContent(m.content),
      ...(error && { error }),
      ...(tools.has(toolCallId) && { messageId: tools.get(toolCallId)?.messageId }),
    })
    setToolStatus(toolCallId, status)
  }

  const applySnapshot = (e: WireObject) => {
    if (!Array.isArray(e.messages)) return malformed(e, 'messages', 'an array')
    const before = origins.size
    const ids = applyMessages(e, e.messages, false)
    // A snapshot outside a run (history on connect) must not leave the implicit turn running.
    if (!runOpen && origins.size > before) emit({ type: 'turn-end' })
    const snapshotRoles = new Set((e.messages as WireObject[]).map((m) => m?.role))
    const omitted = [...origins].filter(([id, origin]) => {
      if (ids.has(id) || origin === 'synthetic') return false
      // AG-UI keeps reasoning and activity messages when the snapshot carries none of that role.
      if (origin === 'reasoning' && !snapshotRoles.has('reasoning')) return false
      if (origin === 'activity' && !snapshotRoles.has('activity')) return false
      return true
    })
    // The protocol's own semantics: a message the snapshot omits is gone (no stale text stays on screen).
    for (const [id] of omitted) {
      origins.delete(id)
      emit({ type: 'message-remove', messageId: id })
    }
  }

  // ── events ──────────────────────────────────────────────────────────────

  const decodeEvent = (e: WireObject): void => {
    const type = e.type
    switch (type) {
      case 'RUN_STARTED': {
        if (runOpen && runId !== undefined && str(e.runId) === runId)
          return issue('duplicate-event', `RUN_STARTED for run ${runId}, which is already open; ignored`, e)
        if (runOpen) {
          issue('run-overlap', `RUN_STARTED while run ${runId} is still open; ended it`, e)
          endRun({})
        }
        runCount += 1
        runId = str(e.runId) || undefined
        runOpen = true
        runMessageId = undefined
        pendingRunParts = []
        stepMessages.clear()
        emit({ type: 'turn-start', ...(runId !== undefined && { turnId: runId }) })
        const input = e.input as WireObject | undefined
        if (Array.isArray(input?.messages)) applyMessages(e, input.messages, true)
        return
      }
      case 'RUN_FINISHED': {
        const outcome = e.outcome as WireObject | undefined
        if (outcome?.type === 'interrupt' && Array.isArray(outcome.interrupts)) {
          for (const interrupt of outcome.interrupts as WireObject[]) addInterrupt(interrupt)
        }
        const stopReason =
          outcome?.type === 'interrupt' ? 'interrupt' : outcome?.type === 'cancelled' ? 'cancelled' : 'end_turn'
        const usage = sumTokenUsage(e.usage)
        return endRun({ stopReason, ...(usage && { usage }) })
      }
      case 'RUN_ERROR': {
        const message = str(e.message) ?? 'The run failed'
        const code = str(e.code)
        addRunPart((messageId) => ({ type: 'error', messageId, message, ...(code && { code }) }))
        const usage = sumTokenUsage(e.usage)
        return endRun({ stopReason: 'error', ...(usage && { usage }) })
      }
      case 'STEP_STARTED':
      case 'STEP_FINISHED': {
        const stepName = need(e, 'stepName')
        if (stepName === undefined) return
        if (agentNames.has(stepName)) {
          if (type === 'STEP_FINISHED' || stepName === currentAgent) return
          const from = currentAgent
          currentAgent = stepName
          return addRunPart((messageId) => ({
            type: 'handoff',
            messageId,
            to: stepName,
            ...(from !== undefined && { from }),
          }))
        }
        const scope = str(e.subagentRunId)
        const statusId = `step:${scope ? `${scope}/` : ''}${stepName}`
        const started = type === 'STEP_STARTED'
        const status = (messageId: string): AgentUpdate => {
          // A finished step updates its status where the start put it, even if newer messages exist.
          stepMessages.set(statusId, messageId)
          return {
            type: 'status',
            messageId,
            statusId,
            text: `${stepName} ${started ? 'started' : 'finished'}`,
            data: { step: stepName, state: started ? 'started' : 'finished' },
          }
        }
        const placed = stepMessages.get(statusId)
        if (!started && placed !== undefined) placeRunPart(status(placed))
        else addRunPart(status)
        return
      }

      case 'TEXT_MESSAGE_START': {
        const messageId = need(e, 'messageId')
        if (messageId === undefined) return
        const role = roles[str(e.role) ?? 'assistant']
        if (role === undefined) return malformed(e, 'role', 'a text message role')
        return startMessage(messageId, role, 'text', authorOf(e))
      }
      case 'TEXT_MESSAGE_CONTENT': {
        const messageId = need(e, 'messageId')
        const delta = str(e.delta)
        if (messageId === undefined) return
        if (delta === undefined) return malformed(e, 'delta')
        if (delta === '') return
        ensureMessage(messageId, e, 'text')
        emit({ type: 'chunk', messageId, text: delta })
        return
      }
      case 'TEXT_MESSAGE_END': {
        const messageId = need(e, 'messageId')
        if (messageId !== undefined) finishMessage(messageId)
        return
      }
      case 'TEXT_MESSAGE_CHUNK': {
        const messageId = str(e.messageId) || textChunkId
        if (messageId === undefined) return issue('orphan-chunk', 'TEXT_MESSAGE_CHUNK without a message to continue', e)
        if (messageId !== textChunkId) {
          closeTextChunk()
          const role = roles[str(e.role) ?? 'assistant']
          if (role === undefined) return malformed(e, 'role', 'a text message role')
          startMessage(messageId, role, 'text', authorOf(e))
          textChunkId = messageId
        }
        const delta = str(e.delta)
        if (delta) emit({ type: 'chunk', messageId, text: delta })
        return
      }

      case 'TOOL_CALL_START': {
        const toolCallId = need(e, 'toolCallId')
        const name = need(e, 'toolCallName')
        if (toolCallId !== undefined && name !== undefined) startToolCall(e, toolCallId, name)
        return
      }
      case 'TOOL_CALL_ARGS': {
        const toolCallId = need(e, 'toolCallId')
        const delta = str(e.delta)
        if (toolCallId === undefined) return
        if (delta === undefined) return malformed(e, 'delta')
        if (!tools.has(toolCallId))
          issue('unopened-tool-call', `TOOL_CALL_ARGS for tool call ${toolCallId} before its start`, e)
        return appendToolArguments(toolCallId, delta)
      }
      case 'TOOL_CALL_END': {
        const toolCallId = need(e, 'toolCallId')
        if (toolCallId !== undefined) endToolCall(toolCallId)
        return
      }
      case 'TOOL_CALL_CHUNK': {
        const toolCallId = str(e.toolCallId) || toolChunkId
        if (toolCallId === undefined) return issue('orphan-chunk', 'TOOL_CALL_CHUNK without a tool call to continue', e)
        if (toolCallId !== toolChunkId) {
          closeToolChunk()
          const name = str(e.toolCallName)
          if (!name) return malformed(e, 'toolCallName', 'a non-empty string on the chunk that opens a call')
          startToolCall(e, toolCallId, name)
          toolChunkId = toolCallId
        }
        const delta = str(e.delta)
        if (delta) appendToolArguments(toolCallId, delta)
        return
      }
      case 'TOOL_CALL_RESULT': {
        const toolCallId = need(e, 'toolCallId')
        if (toolCallId === undefined) return
        if (e.content === undefined) return malformed(e, 'content', 'a string or an array of parts')
        if (toolChunkId === toolCallId) closeToolChunk()
        return applyToolResult(e, toolCallId)
      }

      case 'REASONING_START':
      case 'REASONING_ENCRYPTED_VALUE':
        // A reasoning span groups reasoning messages; encrypted reasoning is never shown.
        return
      case 'REASONING_END': {
        const messageId = str(e.messageId)
        if (messageId !== undefined && origins.get(messageId) === 'reasoning') finishMessage(messageId)
        return
      }
      case 'REASONING_MESSAGE_START': {
        const messageId = need(e, 'messageId')
        if (messageId !== undefined) startMessage(messageId, 'assistant', 'reasoning', authorOf(e))
        return
      }
      case 'REASONING_MESSAGE_CONTENT': {
        const messageId = need(e, 'messageId')
        const delta = str(e.delta)
        if (messageId === undefined) return
        if (delta === undefined) return malformed(e, 'delta')
        if (delta === '') return
        ensureMessage(messageId, e, 'reasoning')
        emit({ type: 'thought', messageId, text: delta })
        return
      }
      case 'REASONING_MESSAGE_END': {
        const messageId = need(e, 'messageId')
        if (messageId !== undefined) finishMessage(messageId)
        return
      }
      case 'REASONING_MESSAGE_CHUNK': {
        const messageId = str(e.messageId) || reasoningChunkId
        if (messageId === undefined)
          return issue('orphan-chunk', 'REASONING_MESSAGE_CHUNK without a message to continue', e)
        if (messageId !== reasoningChunkId) {
          closeReasoningChunk()
          startMessage(messageId, 'assistant', 'reasoning', authorOf(e))
          reasoningChunkId = messageId
        }
        const delta = str(e.delta)
        if (delta) emit({ type: 'thought', messageId, text: delta })
        return
      }

      // Deprecated before 1.0: reasoning without message ids. Each thinking message gets one.
      case 'THINKING_START':
        return
      case 'THINKING_TEXT_MESSAGE_START':
        closeThinking()
        thinkingCount += 1
        thinkingId = `${runId ?? idPrefix}:thinking-${thinkingCount}`
        return startMessage(thinkingId, 'assistant', 'synthetic')
      case 'THINKING_TEXT_MESSAGE_CONTENT': {
        const delta = str(e.delta)
        if (delta === undefined) return malformed(e, 'delta')
        if (thinkingId === undefined) {
          thinkingCount += 1
          thinkingId = `${runId ?? idPrefix}:thinking-${thinkingCount}`
          startMessage(thinkingId, 'assistant', 'synthetic')
        }
        if (delta !== '') emit({ type: 'thought', messageId: thinkingId, text: delta })
        return
      }
      case 'THINKING_TEXT_MESSAGE_END':
      case 'THINKING_END':
        return closeThinking()

      case 'STATE_SNAPSHOT':
        agentState = e.snapshot
        emit({ type: 'session-update', session: { agentState } })
        return
      case 'STATE_DELTA': {
        const patched = applyJsonPatch(agentState, e.delta)
        if (!patched.ok) return issue('invalid-patch', `STATE_DELTA not applied: ${patched.error}`, e)
        agentState = patched.value
        emit({ type: 'session-update', session: { agentState } })
        return
      }
      case 'MESSAGES_SNAPSHOT':
        return applySnapshot(e)
      case 'ACTIVITY_SNAPSHOT': {
        const messageId = need(e, 'messageId')
        const activityType = need(e, 'activityType')
        if (messageId === undefined || activityType === undefined) return
        if (e.content === undefined) return malformed(e, 'content', 'present')
        if (activities.has(messageId) && e.replace === false) return
        activities.set(messageId, { activityType, content: e.content })
        return showActivity(messageId)
      }
      case 'ACTIVITY_DELTA': {
        const messageId = need(e, 'messageId')
        if (messageId === undefined) return
        const activity = activities.get(messageId)
        if (!activity) return issue('unknown-activity', `ACTIVITY_DELTA for unknown activity ${messageId}`, e)
        const patched = applyJsonPatch(activity.content, e.patch)
        if (!patched.ok) return issue('invalid-patch', `ACTIVITY_DELTA not applied: ${patched.error}`, e)
        activities.set(messageId, {
          activityType: str(e.activityType) ?? activity.activityType,
          content: patched.value,
        })
        return showActivity(messageId)
      }

      case 'SUBAGENT_STARTED': {
        const subagentRunId = need(e, 'subagentRunId')
        const name = need(e, 'name')
        if (subagentRunId === undefined || name === undefined) return
        subagents.set(subagentRunId, name)
        const parent = str(e.parentMessageId)
        const handoff = (messageId: string): AgentUpdate => ({
          type: 'handoff',
          messageId,
          to: name,
          ...(currentAgent !== undefined && { from: currentAgent }),
          ...(str(e.description) !== undefined && { reason: str(e.description) }),
        })
        if (parent !== undefined && origins.has(parent)) placeRunPart(handoff(parent))
        else addRunPart(handoff)
        return
      }
      case 'SUBAGENT_FINISHED':
        return
      case 'SUBAGENT_ERROR': {
        const name = subagents.get(str(e.subagentRunId) ?? '') ?? 'A subagent'
        const message = `${name} failed: ${str(e.message) ?? 'unknown error'}`
        const code = str(e.code)
        return addRunPart((messageId) => ({ type: 'error', messageId, message, ...(code && { code }) }))
      }

      case 'RAW':
        return
      case 'CUSTOM':
        return notify('onCustomEvent', () => options.onCustomEvent?.({ name: str(e.name) ?? '', value: e.value }), e)
      default:
        issue('unknown-event', `unknown AG-UI event type ${JSON.stringify(type)}`, e)
    }
  }

  const showActivity = (messageId: string) => {
    const activity = activities.get(messageId)
    if (!activity) return
    if (!origins.has(messageId)) {
      startMessage(messageId, 'assistant', 'activity')
    }
    emit({ type: 'data', messageId, dataId: messageId, name: activity.activityType, data: activity.content })
  }

  const addInterrupt = (interrupt: WireObject) => {
    const requestId = str(interrupt?.id)
    if (requestId === undefined) return issue('malformed-event', 'RUN_FINISHED: an interrupt without an id', interrupt)
    const toolCallId = str(interrupt.toolCallId)
    const title = str(interrupt.reason)
    const description = str(interrupt.message)
    const messageId = (toolCallId !== undefined && tools.get(toolCallId)?.messageId) || runMessage()
    placeRunPart({
      type: 'approval-request',
      messageId,
      requestId,
      ...(toolCallId !== undefined && { toolCallId }),
      ...(title !== undefined && { title }),
      ...(description !== undefined && { description }),
      ...(interrupt.responseSchema !== undefined && { input: interrupt.responseSchema }),
    })
  }

  const endRun = (end: { stopReason?: string; usage?: Usage }) => {
    closeStreams()
    flushRunParts()
    emit({ type: 'turn-end', ...end })
    openMessages.clear()
    runOpen = false
    runMessageId = undefined
  }

  return decoder({
    read: typedWireObjectReader('an AG-UI event', 'malformed-event'),
    decode: decodeEvent,
    end(reason: EndReason) {
      if (!runOpen && openMessages.size === 0 && pendingRunParts.length === 0) return
      if (reason === 'interrupted') {
        // Open streams stay open: a resumed stream may continue them.
        textChunkId = reasoningChunkId = toolChunkId = thinkingId = undefined
        for (const messageId of openMessages) emit({ type: 'message-done', messageId, status: 'interrupted' })
        openMessages.clear()
        return
      }
      endRun(reason === 'complete' ? {} : { stopReason: reason })
    },
  })
}

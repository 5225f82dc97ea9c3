/**
 * Microsoft Agent Framework `AgentResponseUpdate`s (Python and .NET JSON) → Palimpsest updates.
 *
 * Grouping follows the framework's own `AgentResponse.from_updates` plus .NET hosting parity: a
 * new message starts when a non-empty `message_id` differs, the role changes, or the author
 * changes (multi-agent). Messages are created lazily, on their first visible content, so a
 * usage-only or lifecycle update never leaves an empty message behind.
 */
import type { Decoder, DecoderOptions, EndReason, MessageRole, ToolCallContent } from '@palimpsest/core'
import { createDecoderKit } from '../decoding/decoder-kit'
import { messageStatusAtEnd, turnStatusAtEnd } from '../decoding/end-status'
import { describeValue, isWireObject, readWireObject, type WireObject } from '../decoding/wire-object'
import { createIdPrefix } from '../id-prefix'
import { type NormalizedUpdate, normalizeUpdate } from './agent-framework-update'
import { functionApprovalOptions } from './approval-options'
import { contentType, hostedToolKind } from './content-type'
import { parseDataUri } from './data-uri'
import { usageFromContent } from './usage'
import { field, nonEmptyField, parseArguments, recordField, stringField } from './wire-fields'

export interface AgentFrameworkDecoderOptions extends DecoderOptions {
  /** Start a new message when `author_name` changes between agents. Default `true`. */
  splitOnAuthorChange?: boolean
  /** Prefix for the ids of messages that arrive without `message_id`. Default: unique per decoder. */
  idPrefix?: string
}

const source = 'agent-framework'

/** The message being assembled: the latest non-empty role, author and wire message id win. */
interface Group {
  role?: string
  author?: string
  wireMessageId?: string
  /** The store message, once visible content has arrived. */
  messageId?: string
  /** What the message received last, to keep separate reasoning blocks apart. */
  last?: 'text' | 'thought' | 'other'
  reasoningKey?: string
}

interface KnownCall {
  messageId: string
  name?: string
  open: boolean
}

function messageRole(role: string | undefined): MessageRole {
  return role === 'user' || role === 'system' ? role : 'assistant'
}

export function createAgentFrameworkDecoder(options: AgentFrameworkDecoderOptions = {}): Decoder {
  const { emit, issue, decoder } = createDecoderKit({ source, onIssue: options.onIssue })
  const splitOnAuthor = options.splitOnAuthorChange ?? true
  const prefix = options.idPrefix ?? createIdPrefix(source)

  let generated = 0
  const usedMessageIds = new Set<string>()
  let group: Group = {}
  /** Author of the latest assistant message, to show hand-offs between agents. */
  let lastAgent: string | undefined
  let lastMessageId: string | undefined
  const openMessages = new Set<string>()
  const calls = new Map<string, KnownCall>()
  let lastOpenCallId: string | undefined
  const hostedCode = new Map<string, string>()
  let hostedCount = 0
  const lastHostedCall = new Map<string, string>()
  const hostedCallMessages = new Map<string, string>()

  let active = false
  let responseId: string | undefined
  let continuationToken: string | undefined
  let lastUpdateHadToken = false
  let finishReason: string | undefined
  /** The previous stream left the run in the background: the next update resumes it (same turn, same message). */
  let resuming = false

  function uniqueMessageId(wanted: string): string {
    let id = wanted
    for (let n = 2; usedMessageIds.has(id); n++) id = `${wanted}~${n}`
    usedMessageIds.add(id)
    return id
  }

  /** The store message of the current group, created (with a hand-off when the agent changed) on first use. */
  function ensureMessage(): string {
    if (group.messageId !== undefined) return group.messageId
    generated += 1
    const messageId = uniqueMessageId(group.wireMessageId ?? `${prefix}-${generated}`)
    const role = messageRole(group.role)
    emit({
      type: 'message-start',
      messageId,
      role,
      ...(group.author !== undefined && { author: group.author }),
    })
    if (role === 'assistant' && group.author !== undefined) {
      if (lastAgent !== undefined && lastAgent !== group.author)
        emit({ type: 'handoff', messageId, from: lastAgent, to: group.author })
      lastAgent = group.author
    }
    group.messageId = messageId
    lastMessageId = messageId
    openMessages.add(messageId)
    return messageId
  }

  function closeGroup(): void {
    if (group.messageId !== undefined && openMessages.delete(group.messageId))
      emit({ type: 'message-done', messageId: group.messageId, status: 'complete' })
    group = {}
  }

  function startsNewMessage(update: NormalizedUpdate): boolean {
    const differs = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a !== b
    return (
      differs(update.messageId, group.wireMessageId) ||
      differs(update.role, group.role) ||
      (splitOnAuthor && differs(update.author, group.author))
    )
  }

  function applyRunFacts(update: NormalizedUpdate): void {
    if (update.responseId !== undefined && update.responseId !== responseId) {
      responseId = update.responseId
      emit({ type: 'run', responseId })
    }
    if (update.continuationToken === null) {
      if (continuationToken !== undefined) emit({ type: 'run', continuationToken: null })
      continuationToken = undefined
    } else if (update.continuationToken !== undefined && update.continuationToken !== continuationToken) {
      continuationToken = update.continuationToken
      emit({ type: 'run', continuationToken })
    }
    // The final update of a run carries no token (.NET: null; Python: omitted).
    lastUpdateHadToken = typeof update.continuationToken === 'string'
    if (update.finishReason !== undefined) finishReason = update.finishReason
  }

  // ── contents ──────────────────────────────────────────────────────────────

  function text(content: WireObject): void {
    const value = stringField(content, 'text')
    if (value === undefined && field(content, 'text') !== undefined)
      issue('malformed-content', 'a text content whose "text" is not a string; dropped', content)
    if (value) {
      const messageId = ensureMessage()
      emit({ type: 'chunk', messageId, text: value })
      group.last = 'text'
    }
    // Citations often arrive on an empty text item.
    const annotations = field(content, 'annotations')
    if (!Array.isArray(annotations)) return
    for (const annotation of annotations) {
      if (!isWireObject(annotation)) continue
      const url = nonEmptyField(annotation, 'url')
      const sourceId = url ?? nonEmptyField(annotation, 'file_id')
      if (sourceId === undefined) continue
      const title = nonEmptyField(annotation, 'title')
      emit({
        type: 'source',
        messageId: ensureMessage(),
        sourceId,
        ...(url !== undefined && { url }),
        ...(title !== undefined && { title }),
      })
    }
  }

  function reasoning(content: WireObject): void {
    // `protected_data` is encrypted reasoning for the model, never for people.
    const value = stringField(content, 'text')
    if (!value) return
    const messageId = ensureMessage()
    // Pieces of one block share an id; raw reasoning (`reasoning_text: true`) never merges with a summary.
    const raw = recordField(content, 'additional_properties')?.reasoning_text === true
    const key = `${nonEmptyField(content, 'id') ?? ''}|${raw ? 'raw' : 'summary'}`
    const separate = group.last === 'thought' && group.reasoningKey !== undefined && group.reasoningKey !== key
    emit({ type: 'thought', messageId, text: separate ? `\n\n${value}` : value })
    group.last = 'thought'
    group.reasoningKey = key
  }

  function file(content: WireObject, type: string): void {
    const mimeType = nonEmptyField(content, 'media_type')
    if (type === 'hosted_file') {
      const fileId = nonEmptyField(content, 'file_id')
      const name = nonEmptyField(content, 'name')
      emit({
        type: 'file',
        messageId: ensureMessage(),
        ...(fileId !== undefined && { fileId }),
        ...(name !== undefined && { name }),
        ...(mimeType !== undefined && { mimeType }),
      })
      group.last = 'other'
      return
    }
    const uri = nonEmptyField(content, 'uri')
    if (uri === undefined) return issue('malformed-content', `${type} content without uri; dropped`, content)
    const inline = parseDataUri(uri)
    const fileMime = mimeType ?? inline?.mimeType
    emit({
      type: 'file',
      messageId: ensureMessage(),
      ...(inline ? { data: inline.data } : { url: uri }),
      ...(fileMime !== undefined && { mimeType: fileMime }),
    })
    group.last = 'other'
  }

  function error(content: WireObject): void {
    const message =
      nonEmptyField(content, 'message') ?? nonEmptyField(content, 'error_details') ?? nonEmptyField(content, 'details')
    const code = nonEmptyField(content, 'error_code')
    emit({
      type: 'error',
      messageId: ensureMessage(),
      message: message ?? 'The agent reported an error.',
      ...(code !== undefined && { code }),
    })
    group.last = 'other'
  }

  function functionCall(content: WireObject): void {
    // Chat Completions streams later fragments with `call_id: ""`: they belong to the last open call.
    const callId = nonEmptyField(content, 'call_id') ?? lastOpenCallId
    if (callId === undefined) {
      return issue('orphan-function-call', 'function_call without call_id and no open call; dropped', content)
    }
    const name = nonEmptyField(content, 'name')
    const args = field(content, 'arguments')
    let known = calls.get(callId)
    if (!known) {
      const messageId = ensureMessage()
      known = { messageId, open: true, ...(name !== undefined && { name }) }
      calls.set(callId, known)
      emit({
        type: 'tool-call',
        messageId,
        toolCallId: callId,
        ...(name !== undefined && { name }),
        status: args === undefined ? 'pending' : 'in_progress',
        ...(isWireObject(args) && { input: args }),
      })
      group.last = 'other'
    } else {
      // Never overwrite a known name (later Chat Completions fragments carry `name: ""`).
      if (name !== undefined && known.name === undefined) {
        known.name = name
        emit({ type: 'tool-call-update', toolCallId: callId, name })
      }
      if (isWireObject(args))
        // A complete object replaces whatever streamed before.
        emit({ type: 'tool-call', messageId: known.messageId, toolCallId: callId, input: args })
    }
    // A repeat without arguments (as before an approval request) is metadata only.
    if (typeof args === 'string' && args !== '') emit({ type: 'tool-call-delta', toolCallId: callId, inputText: args })
    const exception = field(content, 'exception')
    if (exception !== undefined) {
      emit({ type: 'tool-call-update', toolCallId: callId, status: 'failed', error: describeValue(exception) })
      known.open = false
    }
    if (known.open) lastOpenCallId = callId
  }

  function functionResult(content: WireObject): void {
    const callId = nonEmptyField(content, 'call_id') ?? lastOpenCallId
    if (callId === undefined)
      return issue('orphan-function-result', 'function_result without call_id; dropped', content)
    const exception = field(content, 'exception')
    const items = field(content, 'items')
    let output = field(content, 'result')
    if (output === undefined && Array.isArray(items)) {
      output = items
        .filter(isWireObject)
        .map((item) => stringField(item, 'text'))
        .filter((line) => line !== undefined)
        .join('\n')
    }
    const known = calls.get(callId)
    if (known) known.open = false
    if (lastOpenCallId === callId) lastOpenCallId = undefined
    // A call from an earlier run (an approved call resumes in a new stream) is found by the store.
    const fallbackMessage = known?.messageId ?? group.messageId ?? lastMessageId
    emit({
      type: 'tool-call-update',
      toolCallId: callId,
      ...(fallbackMessage !== undefined && { messageId: fallbackMessage }),
      status: exception === undefined ? 'completed' : 'failed',
      ...(output !== undefined && { output }),
      ...(exception !== undefined && { error: describeValue(exception) }),
    })
  }

  function approvalRequest(content: WireObject): void {
    const call = recordField(content, 'function_call') ?? recordField(content, 'tool_call')
    const requestId = nonEmptyField(content, 'id') ?? nonEmptyField(content, 'request_id')
    if (requestId === undefined || !call)
      return issue('malformed-content', 'approval request without id or function call; dropped', content)
    const callId = nonEmptyField(call, 'call_id')
    const args = field(call, 'arguments')
    const input = args === undefined ? undefined : parseArguments(args)
    let known = callId === undefined ? undefined : calls.get(callId)
    if (callId !== undefined && !known) {
      // The nested call repeats arguments that may already have streamed: only an unseen call takes them.
      const name = nonEmptyField(call, 'name')
      known = { messageId: ensureMessage(), open: true, ...(name !== undefined && { name }) }
      calls.set(callId, known)
      emit({
        type: 'tool-call',
        messageId: known.messageId,
        toolCallId: callId,
        ...(name !== undefined && { name }),
        ...(input !== undefined && { input }),
      })
    }
    if (callId !== undefined) emit({ type: 'tool-call-update', toolCallId: callId, status: 'pending' })
    const name = known?.name ?? nonEmptyField(call, 'name')
    emit({
      type: 'approval-request',
      messageId: known?.messageId ?? ensureMessage(),
      requestId,
      ...(callId !== undefined && { toolCallId: callId }),
      title: name === undefined ? 'Allow this tool call?' : `Allow ${name}?`,
      options: functionApprovalOptions(),
      ...(input !== undefined && { input }),
    })
    group.last = 'other'
  }

  function inputRequest(content: WireObject, type: string): void {
    const consentLink = nonEmptyField(content, 'consent_link')
    const requestId = nonEmptyField(content, 'id') ?? nonEmptyField(content, 'request_id') ?? consentLink
    if (requestId === undefined) return issue('malformed-content', `${type} without id; dropped`, content)
    emit({
      type: 'approval-request',
      messageId: ensureMessage(),
      requestId,
      title: type === 'oauth_consent_request' ? 'Sign-in required' : 'Input requested',
      ...(consentLink !== undefined && { description: consentLink, input: { consentLink } }),
    })
    group.last = 'other'
  }

  function approvalResponse(content: WireObject): void {
    const requestId = nonEmptyField(content, 'id') ?? nonEmptyField(content, 'request_id')
    const approved = field(content, 'approved')
    if (requestId === undefined || typeof approved !== 'boolean')
      return issue('malformed-content', 'approval response without id or approved flag; dropped', content)
    emit({ type: 'approval-response', requestId, approved })
  }

  function hostedTool(content: WireObject, type: string): void {
    const kind = hostedToolKind(type)
    if (!kind) return
    const explicitId = nonEmptyField(content, 'call_id') ?? nonEmptyField(content, 'image_id')
    if (kind.phase === 'result') {
      const callId = explicitId ?? lastHostedCall.get(kind.name)
      if (callId === undefined) return issue('orphan-tool-result', `${type} without call id; dropped`, content)
      const output = [field(content, 'outputs'), field(content, 'output'), field(content, 'result')].find(
        (value) => value !== undefined,
      )
      const failed = stringField(content, 'status') === 'failed'
      const messageId = hostedCallMessages.get(callId) ?? group.messageId ?? lastMessageId ?? ensureMessage()
      emit({
        type: 'tool-call-update',
        toolCallId: callId,
        messageId,
        status: failed ? 'failed' : 'completed',
        ...(output !== undefined && { output }),
      })
      return
    }
    let callId = explicitId ?? lastHostedCall.get(kind.name)
    if (callId === undefined) {
      hostedCount += 1
      callId = `${prefix}-${kind.name}-${hostedCount}`
    }
    lastHostedCall.set(kind.name, callId)
    const toolName = nonEmptyField(content, 'tool_name') ?? nonEmptyField(content, 'name') ?? kind.name
    const server = nonEmptyField(content, 'server_name')
    const messageId = hostedCallMessages.get(callId) ?? ensureMessage()
    hostedCallMessages.set(callId, messageId)
    emit({
      type: 'tool-call',
      messageId,
      toolCallId: callId,
      name: toolName,
      ...(server !== undefined && { title: `${server}: ${toolName}` }),
      toolKind: kind.toolKind,
      status: 'in_progress',
      ...hostedInput(content, callId),
    })
    group.last = 'other'
  }

  /** The input of a hosted call; code interpreter code streams in pieces that are joined. */
  function hostedInput(content: WireObject, callId: string): { input?: unknown; content?: ToolCallContent[] } {
    const inputs = field(content, 'inputs')
    if (Array.isArray(inputs)) {
      const code = inputs
        .filter(isWireObject)
        .map((item) => stringField(item, 'text'))
        .filter((piece) => piece !== undefined)
        .join('')
      if (code === '') return { input: inputs }
      const joined = (hostedCode.get(callId) ?? '') + code
      hostedCode.set(callId, joined)
      return { input: { code: joined } }
    }
    const commands = field(content, 'commands')
    if (Array.isArray(commands)) return { input: { commands } }
    const args = field(content, 'arguments')
    return args === undefined ? {} : { input: parseArguments(args) }
  }

  function content(item: unknown): void {
    if (!isWireObject(item)) return issue('malformed-content', 'a content item must be an object; dropped', item)
    const type = contentType(item)
    switch (type) {
      case 'text':
        return text(item)
      case 'text_reasoning':
        return reasoning(item)
      case 'data':
      case 'uri':
      case 'hosted_file':
        return file(item, type)
      case 'hosted_vector_store':
      case 'user_input_response':
        return // Known, nothing to show.
      case 'error':
        return error(item)
      case 'usage': {
        const usage = usageFromContent(item)
        if (usage) emit({ type: 'usage', usage })
        else issue('malformed-content', 'usage without usage details; dropped', item)
        return
      }
      case 'function_call':
        return functionCall(item)
      case 'function_result':
        return functionResult(item)
      case 'function_approval_request':
      case 'tool_approval_request':
        return approvalRequest(item)
      case 'user_input_request':
      case 'oauth_consent_request':
        return inputRequest(item, type)
      case 'function_approval_response':
      case 'tool_approval_response':
        return approvalResponse(item)
      default:
        if (type !== undefined && hostedToolKind(type)) return hostedTool(item, type)
        // Unknown kinds are ignored rather than shown as text.
        return issue('unknown-content', `unknown content type ${JSON.stringify(type)}; ignored`, item)
    }
  }

  return decoder({
    read: readWireObject,
    decode(record) {
      const update = normalizeUpdate(record)
      if (!update) {
        issue('unknown-update', `not an AgentResponseUpdate (type ${JSON.stringify(record.type)}); ignored`, record)
        return
      }
      active = true
      if (resuming) {
        resuming = false
        emit({ type: 'run', status: 'running' })
      }
      applyRunFacts(update)
      // Lifecycle updates (`output_item.added`, `response.created`) carry no contents: facts only.
      if (update.contents.length === 0) return
      if (startsNewMessage(update)) closeGroup()
      if (update.role !== undefined) group.role = update.role
      if (update.author !== undefined) group.author = update.author
      if (update.messageId !== undefined) group.wireMessageId = update.messageId
      for (const item of update.contents) content(item)
    },

    end(reason: EndReason) {
      if (!active) return
      // A token on the very last update means the run goes on in the background and can be resumed.
      const resumeToken = reason === 'complete' && !lastUpdateHadToken ? undefined : continuationToken
      if (reason === 'complete') {
        if (continuationToken !== undefined && resumeToken === undefined) emit({ type: 'run', continuationToken: null })
        emit({
          type: 'turn-end',
          ...(finishReason !== undefined && { stopReason: finishReason }),
          ...(responseId !== undefined && { responseId }),
          ...(resumeToken !== undefined && { continuationToken: resumeToken }),
        })
        // The run goes on in the background: the stream that resumes it sets it running again.
        if (resumeToken !== undefined) resuming = true
      } else {
        for (const messageId of openMessages)
          emit({ type: 'message-done', messageId, status: messageStatusAtEnd[reason] })
        if (resumeToken !== undefined) {
          // Resumable: the resumed stream continues the open message, so keep it (and the run facts).
          emit({
            type: 'turn-end',
            stopReason: reason,
            ...(responseId !== undefined && { responseId }),
            continuationToken: resumeToken,
            status: 'background',
          })
          resuming = true
          active = false
          return
        }
        emit({
          type: 'turn-end',
          stopReason: reason,
          ...(responseId !== undefined && { responseId }),
          status: turnStatusAtEnd[reason],
        })
      }
      openMessages.clear()
      group = {}
      active = false
      responseId = undefined
      continuationToken = undefined
      lastUpdateHadToken = false
      finishReason = undefined
    },
  })
}

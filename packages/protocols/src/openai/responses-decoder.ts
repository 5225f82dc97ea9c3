/**
 * OpenAI Responses API stream events (`client.responses.create({ stream: true })`) → Palimpsest
 * updates.
 *
 * One response is one turn and one assistant message (id = the response id): its reasoning,
 * text, refusal, function calls and hosted tool calls are parts of that message, in output order.
 * Function calls stay `in_progress` once their arguments are complete: your code runs them and
 * reports the output (a `tool-call-update`). Hosted tools (web search, file search, code
 * interpreter, MCP, …) follow the status OpenAI reports for them.
 */
import type { Decoder, DecoderOptions, EndReason, ToolKind } from '@palimpsest/core'
import { createDecoderKit } from '../decoding/decoder-kit'
import { stringOf as str, typedWireObjectReader, type WireObject } from '../decoding/wire-object'
import { createIdPrefix } from '../id-prefix'
import { createTextSegments } from './text-segments'
import { readOpenAiUsage } from './usage'

export interface OpenAiResponsesDecoderOptions extends DecoderOptions {
  /**
   * The response being read, for a stream resumed after its `response.created` event
   * (`starting_after`); otherwise the id comes from that event.
   */
  responseId?: string
}

const source = 'openai-responses'

/** Hosted tool item types (`<name>_call`) and what they do. */
const hostedToolKinds: Record<string, ToolKind> = {
  web_search: 'search',
  file_search: 'search',
  tool_search: 'search',
  code_interpreter: 'execute',
  local_shell: 'execute',
  shell: 'execute',
  apply_patch: 'edit',
}

/** Events that carry nothing a reader needs beyond what other events already give. */
const ignoredEvents = new Set([
  'response.in_progress',
  'response.queued',
  'response.content_part.added',
  'response.content_part.done',
  'response.reasoning_summary_part.added',
  'response.reasoning_summary_part.done',
  'response.audio.delta',
  'response.audio.done',
  'response.audio.transcript.delta',
  'response.audio.transcript.done',
  'response.code_interpreter_call_code.delta',
  'response.code_interpreter_call_code.done',
  'response.image_generation_call.partial_image',
  'response.mcp_call_arguments.done',
  'response.mcp_list_tools.in_progress',
  'response.mcp_list_tools.completed',
  'response.mcp_list_tools.failed',
])

const hostedStatusEvent =
  /^response\.(\w+)_call\.(in_progress|searching|interpreting|generating|completed|failed|incomplete)$/

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function hostedStatus(status: unknown): 'in_progress' | 'completed' | 'failed' {
  if (status === 'completed') return 'completed'
  if (status === 'failed' || status === 'incomplete') return 'failed'
  return 'in_progress'
}

export function createOpenAiResponsesDecoder(options: OpenAiResponsesDecoderOptions = {}): Decoder {
  const { emit, issue, decoder } = createDecoderKit({ source, onIssue: options.onIssue })
  const segments = createTextSegments()
  const idPrefix = createIdPrefix(source)
  let unnamedResponses = 0

  let messageId = options.responseId
  let messageStarted = false
  let turnOpen = false
  let refused = false
  let failureShown = false
  /** Output item id → tool call id (the `call_id` for function calls, the item id for hosted tools). */
  const toolCallIds = new Map<string, string>()
  /** Output items (or item/content pairs) whose text arrived as deltas, so the `.done` text is not added again. */
  const streamed = new Set<string>()
  const customInputs = new Map<string, string>()

  /** The message of the current response, started (with its turn) on first use. */
  const currentMessage = (responseId?: string): string => {
    if (!turnOpen) {
      turnOpen = true
      refused = false
      failureShown = false
      emit({ type: 'turn-start', ...(responseId !== undefined && { responseId }) })
    }
    // An empty id names nothing (a message id must not be empty): read as a response without one.
    messageId ??= responseId || `${idPrefix}-${++unnamedResponses}`
    if (!messageStarted) emit({ type: 'message-start', messageId, role: 'assistant' })
    messageStarted = true
    return messageId
  }

  const appendText = (kind: 'text' | 'reasoning', key: string, text: string) => {
    if (text === '') return
    const id = currentMessage()
    const prefixed = segments.prefix(id, kind, key) + text
    emit(
      kind === 'text'
        ? { type: 'chunk', messageId: id, text: prefixed }
        : { type: 'thought', messageId: id, text: prefixed },
    )
    streamed.add(key)
  }

  const addItem = (item: WireObject) => {
    const type = str(item.type) ?? ''
    const itemId = str(item.id)
    if (type === 'message' || type === 'reasoning') return
    const id = currentMessage()
    if (type === 'function_call' || type === 'custom_tool_call') {
      const toolCallId = str(item.call_id) ?? itemId
      if (toolCallId === undefined) return issue('malformed-event', `${type} item without call_id`, item)
      if (itemId !== undefined) toolCallIds.set(itemId, toolCallId)
      segments.interrupt(id)
      emit({ type: 'tool-call', messageId: id, toolCallId, name: str(item.name) ?? type, status: 'pending' })
      const args = str(item.arguments)
      if (type === 'function_call' && args) {
        emit({ type: 'tool-call-delta', toolCallId, inputText: args, messageId: id })
        if (itemId !== undefined) streamed.add(itemId)
      }
      return
    }
    if (type === 'mcp_approval_request') {
      if (itemId === undefined) return issue('malformed-event', 'mcp_approval_request without id', item)
      segments.interrupt(id)
      const title = str(item.name)
      emit({
        type: 'approval-request',
        messageId: id,
        requestId: itemId,
        ...(title !== undefined && { title }),
        ...(str(item.server_label) !== undefined && { description: `MCP server ${str(item.server_label)}` }),
        input: parseJson(str(item.arguments)),
      })
      return
    }
    if (type.endsWith('_call') && itemId !== undefined) {
      const name = type === 'mcp_call' ? (str(item.name) ?? 'mcp') : type.slice(0, -'_call'.length)
      toolCallIds.set(itemId, itemId)
      segments.interrupt(id)
      emit({
        type: 'tool-call',
        messageId: id,
        toolCallId: itemId,
        name,
        toolKind: hostedToolKinds[name] ?? 'other',
        status: 'in_progress',
      })
    }
  }

  const finishItem = (item: WireObject) => {
    const type = str(item.type) ?? ''
    const itemId = str(item.id)
    if (type === 'function_call') {
      const toolCallId = str(item.call_id) ?? itemId
      // Arguments that never streamed as deltas arrive whole here.
      if (toolCallId !== undefined && itemId !== undefined && !streamed.has(itemId))
        emit({ type: 'tool-call-update', toolCallId, input: parseJson(str(item.arguments)), status: 'in_progress' })
      return
    }
    if (type === 'custom_tool_call') {
      const toolCallId = str(item.call_id) ?? itemId
      if (toolCallId !== undefined) emit({ type: 'tool-call-update', toolCallId, input: item.input })
      return
    }
    if (!type.endsWith('_call') || itemId === undefined || !toolCallIds.has(itemId)) return
    const output = item.output ?? item.outputs ?? item.results ?? undefined
    const input = item.action ?? item.queries ?? item.code ?? parseJson(str(item.arguments))
    const error = str(item.error)
    const result = str(item.result)
    emit({
      type: 'tool-call-update',
      toolCallId: itemId,
      status: error ? 'failed' : hostedStatus(item.status ?? 'completed'),
      ...(input !== undefined && input !== null && { input }),
      ...(output !== undefined && output !== null && { output }),
      ...(error && { error }),
      ...(type === 'image_generation_call' &&
        result !== undefined && { content: [{ type: 'image' as const, data: result, mimeType: 'image/png' }] }),
    })
  }

  const endResponse = (response: WireObject | undefined, stopReason: string | undefined) => {
    const usage = readOpenAiUsage(response?.usage)
    const responseId = str(response?.id) ?? messageId
    if (messageId !== undefined && refused) emit({ type: 'message-done', messageId, status: 'refusal' })
    emit({
      type: 'turn-end',
      ...(stopReason !== undefined && { stopReason }),
      ...(usage && { usage }),
      ...(responseId !== undefined && { responseId }),
    })
    turnOpen = false
    messageStarted = false
    messageId = undefined
  }

  const showFailure = (message: string, code: string | undefined) => {
    if (failureShown) return
    failureShown = true
    emit({ type: 'error', messageId: currentMessage(), message, ...(code && { code }) })
  }

  const decodeEvent = (e: WireObject): void => {
    const type = e.type as string
    switch (type) {
      case 'response.created': {
        const response = e.response as WireObject | undefined
        const responseId = str(response?.id) || undefined
        if (responseId === undefined) return issue('malformed-event', 'response.created without response.id', e)
        if (turnOpen && messageId !== responseId) endResponse(undefined, undefined)
        if (messageId !== responseId) messageStarted = false
        messageId = responseId
        currentMessage(responseId)
        if (response?.background === true) emit({ type: 'run', responseId, status: 'background' })
        return
      }
      case 'response.output_item.added':
      case 'response.output_item.done': {
        const item = e.item as WireObject | undefined
        if (typeof item !== 'object' || item === null) return issue('malformed-event', `${type} without item`, e)
        return type === 'response.output_item.added' ? addItem(item) : finishItem(item)
      }
      case 'response.output_text.delta':
      case 'response.refusal.delta':
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta': {
        const itemId = str(e.item_id)
        const delta = str(e.delta)
        if (itemId === undefined || delta === undefined)
          return issue('malformed-event', `${type} needs string "item_id" and "delta"`, e)
        if (type === 'response.refusal.delta') refused = true
        const kind = type.startsWith('response.reasoning') ? 'reasoning' : 'text'
        return appendText(kind, segmentKey(e, itemId), delta)
      }
      case 'response.output_text.done':
      case 'response.refusal.done':
      case 'response.reasoning_summary_text.done':
      case 'response.reasoning_text.done': {
        const itemId = str(e.item_id)
        if (itemId === undefined) return issue('malformed-event', `${type} needs a string "item_id"`, e)
        const key = segmentKey(e, itemId)
        if (streamed.has(key)) return
        const text = str(e.text) ?? str(e.refusal)
        if (type === 'response.refusal.done') refused = true
        if (text !== undefined) appendText(type.startsWith('response.reasoning') ? 'reasoning' : 'text', key, text)
        return
      }
      case 'response.output_text.annotation.added': {
        const annotation = e.annotation as WireObject | undefined
        const url = str(annotation?.url)
        const title = str(annotation?.title) ?? str(annotation?.filename)
        const sourceId = url ?? str(annotation?.file_id)
        if (sourceId === undefined) return
        const id = currentMessage()
        segments.interrupt(id)
        emit({
          type: 'source',
          messageId: id,
          sourceId,
          ...(url !== undefined && { url }),
          ...(title !== undefined && { title }),
        })
        return
      }
      case 'response.function_call_arguments.delta':
      case 'response.mcp_call_arguments.delta':
      case 'response.custom_tool_call_input.delta': {
        const itemId = str(e.item_id)
        const delta = str(e.delta)
        if (itemId === undefined || delta === undefined)
          return issue('malformed-event', `${type} needs string "item_id" and "delta"`, e)
        const toolCallId = toolCallIds.get(itemId)
        if (toolCallId === undefined) return issue('unknown-item', `${type} for unknown output item ${itemId}`, e)
        streamed.add(itemId)
        if (type === 'response.custom_tool_call_input.delta') {
          // Free-form input is not JSON: keep it as text until the item is done.
          const text = (customInputs.get(itemId) ?? '') + delta
          customInputs.set(itemId, text)
          emit({ type: 'tool-call-update', toolCallId, input: text, status: 'in_progress' })
          return
        }
        if (delta !== '') emit({ type: 'tool-call-delta', toolCallId, inputText: delta })
        return
      }
      case 'response.function_call_arguments.done':
      case 'response.custom_tool_call_input.done':
        return
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
      case 'response.cancelled': {
        const response = e.response as WireObject | undefined
        if (!turnOpen) currentMessage(str(response?.id))
        if (type === 'response.failed') {
          const error = response?.error as WireObject | undefined
          showFailure(str(error?.message) ?? 'The response failed', str(error?.code))
          return endResponse(response, 'error')
        }
        if (type === 'response.cancelled') return endResponse(response, 'cancelled')
        if (type === 'response.incomplete') {
          const reason = str((response?.incomplete_details as WireObject | undefined)?.reason)
          if (reason === 'content_filter') refused = true
          return endResponse(response, reason === 'content_filter' ? 'refusal' : 'max_tokens')
        }
        return endResponse(response, refused ? 'refusal' : 'end_turn')
      }
      case 'error': {
        showFailure(str(e.message) ?? 'The stream failed', str(e.code))
        return endResponse(undefined, 'error')
      }
      default: {
        if (ignoredEvents.has(type)) return
        const hosted = hostedStatusEvent.exec(type)
        if (hosted) {
          const itemId = str(e.item_id)
          if (itemId !== undefined && toolCallIds.has(itemId))
            emit({ type: 'tool-call-update', toolCallId: itemId, status: hostedStatus(hosted[2]) })
          return
        }
        issue('unknown-event', `unknown Responses stream event ${JSON.stringify(type)}`, e)
      }
    }
  }

  const end = (reason: EndReason) => {
    if (!turnOpen) return
    if (reason === 'interrupted') {
      if (messageId !== undefined) emit({ type: 'message-done', messageId, status: 'interrupted' })
      return
    }
    endResponse(undefined, reason === 'complete' ? undefined : reason)
  }

  return decoder({
    read: typedWireObjectReader('a Responses stream event', 'malformed-event'),
    doneMarker: 'ends-stream',
    decode: decodeEvent,
    end,
  })
}
/** Text deltas are grouped by output item and by content part (or summary part) within it. */
function segmentKey(e: WireObject, itemId: string): string {
  const index = e.summary_index ?? e.content_index
  return typeof index === 'number' ? `${itemId}#${index}` : itemId
}

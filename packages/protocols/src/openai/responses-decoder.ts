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
import type { AgentUpdate, Decoder, DecoderOptions, EndReason, IssueHandler, ToolKind } from '@palimpsest/core'
import { createIdPrefix } from '../id-prefix'
import { readTypedWireObject, safeReporter } from '../wire'
import { createTextSegments } from './text-segments'
import { readOpenAiUsage } from './usage'

export interface OpenAiResponsesDecoderOptions extends DecoderOptions {
  /**
   * The response being read, for a stream resumed after its `response.created` event
   * (`starting_after`); otherwise the id comes from that event.
   */
  responseId?: string
}

type Wire = Record<string, unknown>

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

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

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
  const report: IssueHandler = safeReporter(options.onIssue)
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

  const issue = (code: string, message: string, input?: unknown) =>
    report({ code, message, source, ...(input !== undefined && { input }) })

  /** The message of the current response, started (with its turn) on first use. */
  const currentMessage = (out: AgentUpdate[], responseId?: string): string => {
    if (!turnOpen) {
      turnOpen = true
      refused = false
      failureShown = false
      out.push({ type: 'turn-start', ...(responseId !== undefined && { responseId }) })
    }
    messageId ??= responseId ?? `${idPrefix}-${++unnamedResponses}`
    if (!messageStarted) out.push({ type: 'message-start', messageId, role: 'assistant' })
    messageStarted = true
    return messageId
  }

  const appendText = (out: AgentUpdate[], kind: 'text' | 'reasoning', key: string, text: string) => {
    if (text === '') return
    const id = currentMessage(out)
    const prefixed = segments.prefix(id, kind, key) + text
    out.push(
      kind === 'text'
        ? { type: 'chunk', messageId: id, text: prefixed }
        : { type: 'thought', messageId: id, text: prefixed },
    )
    streamed.add(key)
  }

  const addItem = (out: AgentUpdate[], item: Wire) => {
    const type = str(item.type) ?? ''
    const itemId = str(item.id)
    if (type === 'message' || type === 'reasoning') return
    const id = currentMessage(out)
    if (type === 'function_call' || type === 'custom_tool_call') {
      const toolCallId = str(item.call_id) ?? itemId
      if (toolCallId === undefined) return issue('malformed-event', `${type} item without call_id`, item)
      if (itemId !== undefined) toolCallIds.set(itemId, toolCallId)
      segments.interrupt(id)
      out.push({ type: 'tool-call', messageId: id, toolCallId, name: str(item.name) ?? type, status: 'pending' })
      const args = str(item.arguments)
      if (type === 'function_call' && args) {
        out.push({ type: 'tool-call-delta', toolCallId, inputText: args, messageId: id })
        if (itemId !== undefined) streamed.add(itemId)
      }
      return
    }
    if (type === 'mcp_approval_request') {
      if (itemId === undefined) return issue('malformed-event', 'mcp_approval_request without id', item)
      segments.interrupt(id)
      const title = str(item.name)
      out.push({
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
      out.push({
        type: 'tool-call',
        messageId: id,
        toolCallId: itemId,
        name,
        toolKind: hostedToolKinds[name] ?? 'other',
        status: 'in_progress',
      })
    }
  }

  const finishItem = (out: AgentUpdate[], item: Wire) => {
    const type = str(item.type) ?? ''
    const itemId = str(item.id)
    if (type === 'function_call') {
      const toolCallId = str(item.call_id) ?? itemId
      // Arguments that never streamed as deltas arrive whole here.
      if (toolCallId !== undefined && itemId !== undefined && !streamed.has(itemId))
        out.push({ type: 'tool-call-update', toolCallId, input: parseJson(str(item.arguments)), status: 'in_progress' })
      return
    }
    if (type === 'custom_tool_call') {
      const toolCallId = str(item.call_id) ?? itemId
      if (toolCallId !== undefined) out.push({ type: 'tool-call-update', toolCallId, input: item.input })
      return
    }
    if (!type.endsWith('_call') || itemId === undefined || !toolCallIds.has(itemId)) return
    const output = item.output ?? item.outputs ?? item.results ?? undefined
    const input = item.action ?? item.queries ?? item.code ?? parseJson(str(item.arguments))
    const error = str(item.error)
    const result = str(item.result)
    out.push({
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

  const endResponse = (out: AgentUpdate[], response: Wire | undefined, stopReason: string | undefined) => {
    const usage = readOpenAiUsage(response?.usage)
    const responseId = str(response?.id) ?? messageId
    if (messageId !== undefined && refused) out.push({ type: 'message-done', messageId, status: 'refusal' })
    out.push({
      type: 'turn-end',
      ...(stopReason !== undefined && { stopReason }),
      ...(usage && { usage }),
      ...(responseId !== undefined && { responseId }),
    })
    turnOpen = false
    messageStarted = false
    messageId = undefined
  }

  const showFailure = (out: AgentUpdate[], message: string, code: string | undefined) => {
    if (failureShown) return
    failureShown = true
    out.push({ type: 'error', messageId: currentMessage(out), message, ...(code && { code }) })
  }

  const decodeEvent = (e: Wire, out: AgentUpdate[]): void => {
    const type = e.type as string
    switch (type) {
      case 'response.created': {
        const response = e.response as Wire | undefined
        const responseId = str(response?.id)
        if (responseId === undefined) return issue('malformed-event', 'response.created without response.id', e)
        if (turnOpen && messageId !== responseId) endResponse(out, undefined, undefined)
        if (messageId !== responseId) messageStarted = false
        messageId = responseId
        currentMessage(out, responseId)
        if (response?.background === true) out.push({ type: 'run', responseId, status: 'background' })
        return
      }
      case 'response.output_item.added':
      case 'response.output_item.done': {
        const item = e.item as Wire | undefined
        if (typeof item !== 'object' || item === null) return issue('malformed-event', `${type} without item`, e)
        return type === 'response.output_item.added' ? addItem(out, item) : finishItem(out, item)
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
        return appendText(out, kind, segmentKey(e, itemId), delta)
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
        if (text !== undefined) appendText(out, type.startsWith('response.reasoning') ? 'reasoning' : 'text', key, text)
        return
      }
      case 'response.output_text.annotation.added': {
        const annotation = e.annotation as Wire | undefined
        const url = str(annotation?.url)
        const title = str(annotation?.title) ?? str(annotation?.filename)
        const sourceId = url ?? str(annotation?.file_id)
        if (sourceId === undefined) return
        const id = currentMessage(out)
        segments.interrupt(id)
        out.push({
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
          out.push({ type: 'tool-call-update', toolCallId, input: text, status: 'in_progress' })
          return
        }
        if (delta !== '') out.push({ type: 'tool-call-delta', toolCallId, inputText: delta })
        return
      }
      case 'response.function_call_arguments.done':
      case 'response.custom_tool_call_input.done':
        return
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
      case 'response.cancelled': {
        const response = e.response as Wire | undefined
        if (!turnOpen) currentMessage(out, str(response?.id))
        if (type === 'response.failed') {
          const error = response?.error as Wire | undefined
          showFailure(out, str(error?.message) ?? 'The response failed', str(error?.code))
          return endResponse(out, response, 'error')
        }
        if (type === 'response.cancelled') return endResponse(out, response, 'cancelled')
        if (type === 'response.incomplete') {
          const reason = str((response?.incomplete_details as Wire | undefined)?.reason)
          if (reason === 'content_filter') refused = true
          return endResponse(out, response, reason === 'content_filter' ? 'refusal' : 'max_tokens')
        }
        return endResponse(out, response, refused ? 'refusal' : 'end_turn')
      }
      case 'error': {
        showFailure(out, str(e.message) ?? 'The stream failed', str(e.code))
        return endResponse(out, undefined, 'error')
      }
      default: {
        if (ignoredEvents.has(type)) return
        const hosted = hostedStatusEvent.exec(type)
        if (hosted) {
          const itemId = str(e.item_id)
          if (itemId !== undefined && toolCallIds.has(itemId))
            out.push({ type: 'tool-call-update', toolCallId: itemId, status: hostedStatus(hosted[2]) })
          return
        }
        issue('unknown-event', `unknown Responses stream event ${JSON.stringify(type)}`, e)
      }
    }
  }

  const end = (reason: EndReason = 'complete'): AgentUpdate[] => {
    const out: AgentUpdate[] = []
    if (!turnOpen) return out
    if (reason === 'interrupted') {
      if (messageId !== undefined) out.push({ type: 'message-done', messageId, status: 'interrupted' })
      return out
    }
    endResponse(out, undefined, reason === 'complete' ? undefined : reason)
    return out
  }

  return {
    decode(wire) {
      // Streams relayed with OpenAI's Chat-style terminator end here.
      if (wire === '[DONE]') return end()
      const out: AgentUpdate[] = []
      const e = readTypedWireObject(wire, source, report, 'malformed-event', 'a Responses stream event')
      if (!e) return out
      decodeEvent(e, out)
      return out
    },
    end,
  }
}
/** Text deltas are grouped by output item and by content part (or summary part) within it. */
function segmentKey(e: Wire, itemId: string): string {
  const index = e.summary_index ?? e.content_index
  return typeof index === 'number' ? `${itemId}#${index}` : itemId
}

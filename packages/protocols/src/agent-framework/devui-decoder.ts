/**
 * The Agent Framework DevUI stream → Palimpsest updates: OpenAI-Responses-style SSE `data:`
 * objects plus DevUI's own events, one assistant message per response (as the DevUI frontend
 * shows it: reasoning, tool calls and text in the order they arrived).
 *
 * Events at or below the last seen `sequence_number` are replays (the frontend's retry resumes
 * with `starting_after`) and are dropped.
 */
import type { AgentUpdate, Decoder, DecoderOptions, EndReason, IssueHandler, TurnEndUpdate } from '@palimpsest/core'
import { createIdPrefix } from '../id-prefix'
import { readWireObject, safeReporter } from '../wire'
import { functionApprovalOptions } from './approval-options'
import { parseDataUri } from './data-uri'
import { usageFromResponse } from './usage'
import {
  describeValue,
  field,
  isRecord,
  nonEmptyField,
  numberField,
  parseArguments,
  recordField,
  stringField,
  type WireRecord,
} from './wire-fields'
import { executorStatus, type StatusFields, traceStatus, workflowEventStatus } from './workflow-status'

export interface DevUiDecoderOptions extends DecoderOptions {
  /** Prefix for message ids when no `response.created` names the response. Default: unique per decoder. */
  idPrefix?: string
}

export interface DevUiDecoder extends Decoder {
  /** The highest `sequence_number` seen: resume a broken stream with `starting_after` (.NET host). */
  readonly lastSequenceNumber: number | undefined
}

const source = 'devui'

/** Standard events that carry nothing a transcript shows. */
const silentEvents = new Set([
  'response.content_part.added',
  'response.content_part.done',
  'response.reasoning_summary_part.added',
  'response.reasoning_summary_part.done',
  'response.output_text.annotation.done',
])

/** DevUI's text for content types its mapper does not know (a known defect). */
const unmappedContentWarning = /^Warning: Unknown content type: [^\n]*\n?$/

interface CallState {
  /** Argument text received through deltas; `done` events only fill in when none arrived. */
  streamed: boolean
}

export function createDevUiDecoder(options: DevUiDecoderOptions = {}): DevUiDecoder {
  const report: IssueHandler = safeReporter(options.onIssue)
  const prefix = options.idPrefix ?? createIdPrefix(source)

  let lastSequence: number | undefined
  let responseId: string | undefined
  let messageId: string | undefined
  let generated = 0
  /** Something was decoded: `end()` has a turn to finish. */
  let active = false
  /** The current response reached completed/failed/cancelled: its turn is over. */
  let ended = false
  /** The stream broke before the response ended: a resumed connection may continue it. */
  let broken = false
  let refused = false
  /** What the message received last and from which item, to keep separate items apart. */
  let last: { kind: 'text' | 'thought' | 'other'; itemId?: string } = { kind: 'other' }
  const itemsWithDeltas = new Set<string>()
  const itemToCall = new Map<string, string>()
  const calls = new Map<string, CallState>()
  let lastCallId: string | undefined
  const pendingApprovals: string[] = []

  function issue(code: string, message: string, input?: unknown): void {
    report({ code, message: `${source}: ${message}`, source, ...(input !== undefined && { input }) })
  }

  function ensureMessage(out: AgentUpdate[]): string {
    if (messageId !== undefined) return messageId
    generated += 1
    messageId = responseId ?? `${prefix}-${generated}`
    out.push({ type: 'message-start', messageId, role: 'assistant' })
    return messageId
  }

  /** Appends answer or reasoning text; a new item directly after another of its kind starts a new paragraph. */
  function appendText(kind: 'text' | 'thought', itemId: string | undefined, delta: string, out: AgentUpdate[]): void {
    if (delta === '') return
    if (kind === 'text' && unmappedContentWarning.test(delta)) {
      // DevUI writes this into the answer for content it cannot map (code interpreter, MCP, …).
      return issue('unmapped-content', `DevUI could not map a content item: ${delta.trim()}`, delta)
    }
    const target = ensureMessage(out)
    const separate = last.kind === kind && itemId !== undefined && last.itemId !== undefined && last.itemId !== itemId
    const text = separate ? `\n\n${delta}` : delta
    out.push(
      kind === 'text' ? { type: 'chunk', messageId: target, text } : { type: 'thought', messageId: target, text },
    )
    last = itemId === undefined ? { kind } : { kind, itemId }
  }

  function status(fields: StatusFields, data: unknown, out: AgentUpdate[]): void {
    out.push({ type: 'status', messageId: ensureMessage(out), ...fields, ...(data !== undefined && { data }) })
    last = { kind: 'other' }
  }

  function startResponse(response: WireRecord | undefined, out: AgentUpdate[]): void {
    const id = response ? nonEmptyField(response, 'id') : undefined
    if (id === undefined || id === responseId) return
    // A new response before the previous one completed: the previous turn is over.
    if (!ended && (responseId !== undefined || messageId !== undefined)) finishTurn(out, {})
    responseId = id
    messageId = undefined
    ended = false
    broken = false
    last = { kind: 'other' }
    out.push({ type: 'run', responseId: id, status: 'running' })
  }

  /** A terminal event names the response: take its id when no `response.created` did, never start a new turn. */
  function adoptResponseId(response: WireRecord | undefined, out: AgentUpdate[]): void {
    const id = response ? nonEmptyField(response, 'id') : undefined
    if (id === undefined || responseId !== undefined) return
    responseId = id
    out.push({ type: 'run', responseId: id })
  }

  function startsNewResponse(event: WireRecord): boolean {
    const id = event.type === 'response.created' ? recordField(event, 'response')?.id : undefined
    return typeof id === 'string' && id !== responseId
  }

  function finishTurn(
    out: AgentUpdate[],
    fields: Pick<TurnEndUpdate, 'stopReason' | 'status' | 'continuationToken'>,
  ): void {
    if (ended) return
    out.push({
      type: 'turn-end',
      ...fields,
      ...(responseId !== undefined && { responseId }),
    })
    ended = true
    refused = false
  }

  function callIdForItem(itemId: string | undefined): string | undefined {
    // An empty item id means the latest active call.
    if (itemId === undefined || itemId === '') return lastCallId
    return itemToCall.get(itemId) ?? itemId
  }

  function openCall(callId: string, name: string | undefined, out: AgentUpdate[]): void {
    // Before PR #7652 every argument chunk repeated `output_item.added`: the first one counts.
    if (calls.has(callId)) return
    calls.set(callId, { streamed: false })
    out.push({
      type: 'tool-call',
      messageId: ensureMessage(out),
      toolCallId: callId,
      ...(name !== undefined && { name }),
      status: 'in_progress',
    })
    lastCallId = callId
    last = { kind: 'other' }
  }

  /** Complete arguments from a `done` event or item: used only when no delta streamed them. */
  function completeArguments(callId: string, args: unknown, out: AgentUpdate[]): void {
    const call = calls.get(callId)
    if (!call || call.streamed || args === undefined || args === '') return
    out.push({ type: 'tool-call', messageId: ensureMessage(out), toolCallId: callId, input: parseArguments(args) })
  }

  function finishCall(callId: string, output: unknown, failed: boolean, out: AgentUpdate[]): void {
    const target = ensureMessage(out)
    out.push({
      type: 'tool-call-update',
      toolCallId: callId,
      messageId: target,
      status: failed ? 'failed' : 'completed',
      ...(output !== undefined && { output }),
      ...(failed && output !== undefined && { error: describeValue(output) }),
    })
    if (lastCallId === callId) lastCallId = undefined
  }

  function outputItem(event: WireRecord, done: boolean, out: AgentUpdate[]): void {
    const item = recordField(event, 'item')
    if (!item) return issue('malformed-event', `${event.type} without item; dropped`, event)
    const id = nonEmptyField(item, 'id')
    switch (item.type) {
      case 'message':
        return
      case 'function_call': {
        const callId = nonEmptyField(item, 'call_id') ?? id
        if (callId === undefined) return issue('malformed-event', 'function_call item without id; dropped', event)
        if (id !== undefined) itemToCall.set(id, callId)
        openCall(callId, nonEmptyField(item, 'name'), out)
        if (done) completeArguments(callId, field(item, 'arguments'), out)
        return
      }
      case 'function_call_output': {
        const callId = nonEmptyField(item, 'call_id')
        if (callId === undefined)
          return issue('malformed-event', 'function_call_output without call_id; dropped', event)
        const itemStatus = stringField(item, 'status')
        if (done || itemStatus === 'completed' || itemStatus === 'incomplete')
          finishCall(callId, field(item, 'output'), itemStatus === 'incomplete', out)
        return
      }
      case 'reasoning': {
        if (!done || id === undefined || itemsWithDeltas.has(id)) return
        const pieces = [field(item, 'summary'), field(item, 'content')]
          .filter(Array.isArray)
          .flat()
          .filter(isRecord)
          .map((piece) => stringField(piece, 'text'))
          .filter((piece): piece is string => piece !== undefined && piece !== '')
        if (pieces.length > 0) appendText('thought', id, pieces.join('\n\n'), out)
        return
      }
      case 'executor_action': {
        const executorId = nonEmptyField(item, 'executor_id') ?? id ?? 'executor'
        const state = stringField(item, 'status') ?? (done ? 'completed' : 'in_progress')
        return status(executorStatus(executorId, state, field(item, 'error')), undefined, out)
      }
      case 'output_image':
      case 'output_file': {
        if (done) return
        const url = nonEmptyField(item, 'image_url') ?? nonEmptyField(item, 'file_url')
        const inline = url === undefined ? undefined : parseDataUri(url)
        const base64 = inline?.data ?? nonEmptyField(item, 'file_data')
        const mimeType = nonEmptyField(item, 'mime_type') ?? inline?.mimeType
        const name = nonEmptyField(item, 'filename')
        const title = nonEmptyField(item, 'alt_text')
        out.push({
          type: 'file',
          messageId: ensureMessage(out),
          ...(id !== undefined && { fileId: id }),
          ...(base64 !== undefined ? { data: base64 } : url !== undefined && { url }),
          ...(mimeType !== undefined && { mimeType }),
          ...(name !== undefined && { name }),
          ...(title !== undefined && { title }),
        })
        last = { kind: 'other' }
        return
      }
      case 'output_data': {
        if (done) return
        const raw = field(item, 'data')
        const mimeType = nonEmptyField(item, 'mime_type') ?? ''
        const description = nonEmptyField(item, 'description')
        out.push({
          type: 'data',
          messageId: ensureMessage(out),
          ...(id !== undefined && { dataId: id }),
          ...(description !== undefined && { name: description }),
          data: mimeType.includes('json') ? parseArguments(raw) : raw,
        })
        last = { kind: 'other' }
        return
      }
      default:
        // Hosted tools of the Responses API (web search, file search, code interpreter, MCP, …).
        if (typeof item.type === 'string' && item.type.endsWith('_call') && id !== undefined) {
          const itemStatus = stringField(item, 'status')
          if (!calls.has(id)) {
            calls.set(id, { streamed: true })
            out.push({
              type: 'tool-call',
              messageId: ensureMessage(out),
              toolCallId: id,
              name: nonEmptyField(item, 'name') ?? item.type.replace(/_call$/, ''),
              status: 'in_progress',
            })
            last = { kind: 'other' }
          }
          if (done) finishCall(id, field(item, 'output') ?? field(item, 'result'), itemStatus === 'failed', out)
          return
        }
        return issue('unknown-item', `unknown output item type ${JSON.stringify(item.type)}; ignored`, event)
    }
  }

  function approvalRequested(event: WireRecord, out: AgentUpdate[]): void {
    const requestId = nonEmptyField(event, 'request_id')
    const call = recordField(event, 'function_call')
    if (requestId === undefined || !call) return issue('malformed-event', 'approval request without id; dropped', event)
    const callId = nonEmptyField(call, 'id') ?? nonEmptyField(call, 'call_id')
    const name = nonEmptyField(call, 'name')
    const input = parseArguments(field(call, 'arguments'))
    if (callId !== undefined) {
      if (!calls.has(callId)) {
        openCall(callId, name, out)
        completeArguments(callId, input, out)
      }
      out.push({ type: 'tool-call-update', toolCallId: callId, status: 'pending' })
    }
    const violation = recordField(event, 'policy_violation')
    const reason = violation ? nonEmptyField(violation, 'reason') : undefined
    out.push({
      type: 'approval-request',
      messageId: ensureMessage(out),
      requestId,
      ...(callId !== undefined && { toolCallId: callId }),
      title: name === undefined ? 'Allow this tool call?' : `Allow ${name}?`,
      ...(reason !== undefined && { description: reason }),
      options: functionApprovalOptions(),
      ...(input !== undefined && { input }),
    })
    pendingApprovals.push(requestId)
    last = { kind: 'other' }
  }

  function approvalResponded(event: WireRecord, out: AgentUpdate[]): void {
    const approved = field(event, 'approved')
    if (typeof approved !== 'boolean') return issue('malformed-event', 'approval response without approved', event)
    let requestId = nonEmptyField(event, 'request_id')
    if (requestId === undefined || requestId === 'unknown') {
      // DevUI reads the wrong field and sends "unknown": the answer is for the oldest open request.
      const oldest = pendingApprovals[0]
      if (oldest === undefined) return issue('unknown-approval', 'approval answer without a usable request_id', event)
      issue('approval-id-mismatch', `approval answer for ${JSON.stringify(requestId)} applied to ${oldest}`, event)
      requestId = oldest
    }
    // A request from an earlier stream is still found by the store.
    const index = pendingApprovals.indexOf(requestId)
    if (index >= 0) pendingApprovals.splice(index, 1)
    out.push({ type: 'approval-response', requestId, approved })
  }

  function errorPart(message: string, code: string | undefined, out: AgentUpdate[]): void {
    out.push({ type: 'error', messageId: ensureMessage(out), message, ...(code !== undefined && { code }) })
    last = { kind: 'other' }
  }

  function completed(event: WireRecord, out: AgentUpdate[]): void {
    const response = recordField(event, 'response')
    adoptResponseId(response, out)
    const usage = usageFromResponse(response?.usage)
    if (usage) out.push({ type: 'usage', ...(messageId !== undefined && { messageId }), usage })
    const incomplete = response ? recordField(response, 'incomplete_details') : undefined
    const stopReason =
      event.type === 'response.incomplete'
        ? (incomplete && nonEmptyField(incomplete, 'reason')) || 'incomplete'
        : refused
          ? 'refusal'
          : undefined
    finishTurn(out, stopReason === undefined ? {} : { stopReason })
  }

  function failed(event: WireRecord, out: AgentUpdate[]): void {
    const response = recordField(event, 'response')
    adoptResponseId(response, out)
    const error = response ? recordField(response, 'error') : undefined
    errorPart(
      (error && nonEmptyField(error, 'message')) ?? 'The run failed.',
      error ? nonEmptyField(error, 'code') : undefined,
      out,
    )
    const usage = usageFromResponse(response?.usage)
    if (usage) out.push({ type: 'usage', ...(messageId !== undefined && { messageId }), usage })
    finishTurn(out, { stopReason: 'failed' })
  }

  function decodeEvent(event: WireRecord, out: AgentUpdate[]): void {
    const type = event.type
    const itemId = stringField(event, 'item_id')
    switch (type) {
      case 'response.created':
      case 'response.in_progress':
      case 'response.queued':
        return startResponse(recordField(event, 'response'), out)
      case 'response.output_text.delta':
      case 'response.refusal.delta':
      case 'response.reasoning_text.delta':
      case 'response.reasoning_summary_text.delta': {
        const delta = stringField(event, 'delta')
        if (delta === undefined) return issue('malformed-event', `${type} without delta; dropped`, event)
        if (itemId !== undefined) itemsWithDeltas.add(itemId)
        if (type === 'response.refusal.delta') refused = true
        return appendText(type.includes('reasoning') ? 'thought' : 'text', itemId, delta, out)
      }
      case 'response.output_text.done':
      case 'response.refusal.done':
      case 'response.reasoning_text.done':
      case 'response.reasoning_summary_text.done': {
        // `done` repeats what the deltas said; it counts only when no delta came for the item.
        if (itemId !== undefined && itemsWithDeltas.has(itemId)) return
        const text = stringField(event, 'text') ?? stringField(event, 'refusal')
        if (text === undefined) return
        if (itemId !== undefined) itemsWithDeltas.add(itemId)
        if (type === 'response.refusal.done') refused = true
        return appendText(type.includes('reasoning') ? 'thought' : 'text', itemId, text, out)
      }
      case 'response.output_text.annotation.added': {
        const annotation = recordField(event, 'annotation')
        if (!annotation) return
        const url = nonEmptyField(annotation, 'url')
        const sourceId = url ?? nonEmptyField(annotation, 'file_id')
        if (sourceId === undefined) return
        const title = nonEmptyField(annotation, 'title') ?? nonEmptyField(annotation, 'filename')
        out.push({
          type: 'source',
          messageId: ensureMessage(out),
          sourceId,
          ...(url !== undefined && { url }),
          ...(title !== undefined && { title }),
        })
        return
      }
      case 'response.output_item.added':
      case 'response.output_item.done':
        return outputItem(event, type === 'response.output_item.done', out)
      case 'response.function_call_arguments.delta': {
        const callId = callIdForItem(itemId)
        const delta = stringField(event, 'delta')
        if (callId === undefined || delta === undefined)
          return issue('malformed-event', 'argument delta without a call to go to; dropped', event)
        if (!calls.has(callId)) {
          issue('unknown-tool-call', `argument delta for unannounced call ${callId}; created it`, event)
          openCall(callId, undefined, out)
        }
        if (delta === '') return
        ;(calls.get(callId) as CallState).streamed = true
        out.push({ type: 'tool-call-delta', toolCallId: callId, inputText: delta })
        return
      }
      case 'response.function_call_arguments.done': {
        const callId = callIdForItem(itemId)
        if (callId !== undefined) completeArguments(callId, field(event, 'arguments'), out)
        return
      }
      case 'response.function_result.complete': {
        const callId = nonEmptyField(event, 'call_id') ?? lastCallId
        if (callId === undefined) return issue('malformed-event', 'function result without call_id; dropped', event)
        const resultStatus = stringField(event, 'status')
        if (resultStatus === 'in_progress') return
        return finishCall(callId, field(event, 'output'), resultStatus === 'incomplete', out)
      }
      case 'response.function_approval.requested':
        return approvalRequested(event, out)
      case 'response.function_approval.responded':
        return approvalResponded(event, out)
      case 'response.request_info.requested': {
        const requestId = nonEmptyField(event, 'request_id')
        if (requestId === undefined) return issue('malformed-event', 'request_info without request_id', event)
        const executor = nonEmptyField(event, 'source_executor_id')
        const requestType = nonEmptyField(event, 'request_type')
        out.push({
          type: 'approval-request',
          messageId: ensureMessage(out),
          requestId,
          title: executor === undefined ? 'Input requested' : `${executor} needs your input`,
          ...(requestType !== undefined && { description: requestType }),
          input: field(event, 'request_data') ?? {},
        })
        last = { kind: 'other' }
        return
      }
      case 'response.workflow_event.completed':
      case 'response.workflow_event.complete': {
        const data = recordField(event, 'data')
        if (!data) return issue('malformed-event', `${type} without data; dropped`, event)
        const handoff = nonEmptyField(data, 'event_type') === 'handoff_sent' ? recordField(data, 'data') : undefined
        const target = handoff ? nonEmptyField(handoff, 'target') : undefined
        if (handoff && target !== undefined) {
          // A handoff orchestration's `HandoffSentEvent(source, target)`: who handed the conversation to whom.
          const from = nonEmptyField(handoff, 'source')
          out.push({ type: 'handoff', messageId: ensureMessage(out), to: target, ...(from !== undefined && { from }) })
          last = { kind: 'other' }
          return
        }
        const key = String(numberField(event, 'sequence_number') ?? itemId ?? '')
        return status(workflowEventStatus(data, key), data, out)
      }
      case 'response.trace.completed':
      case 'response.trace.complete': {
        const data = recordField(event, 'data')
        if (!data) return issue('malformed-event', `${type} without data; dropped`, event)
        const key =
          nonEmptyField(event, 'span_id') ??
          nonEmptyField(data, 'span_id') ??
          String(numberField(event, 'sequence_number') ?? '')
        return status(traceStatus(data, key), data, out)
      }
      case 'error':
        return errorPart(
          nonEmptyField(event, 'message') ?? 'The agent reported an error.',
          nonEmptyField(event, 'code'),
          out,
        )
      case 'response.completed':
      case 'response.incomplete':
        return completed(event, out)
      case 'response.failed':
        return failed(event, out)
      case 'response.cancelled':
        return finishTurn(out, { stopReason: 'cancelled' })
      default:
        if (typeof type === 'string' && silentEvents.has(type)) return
        return issue('unknown-event', `unknown event type ${JSON.stringify(type)}; ignored`, event)
    }
  }

  return {
    get lastSequenceNumber() {
      return lastSequence
    },

    decode(wire) {
      // `data: [DONE]` closes OpenAI-style streams; the transport may pass it through.
      if (typeof wire === 'string' && wire.trim() === '[DONE]') return []
      const event = readWireObject(wire, source, report)
      if (!event) return []
      const out: AgentUpdate[] = []
      if (event.object === 'error' && isRecord(event.error)) {
        // Fatal server error: `{"id":"error","object":"error","error":{…}}`.
        active = true
        ended = false
        errorPart(
          nonEmptyField(event.error, 'message') ?? 'The server failed.',
          nonEmptyField(event.error, 'type'),
          out,
        )
        finishTurn(out, { stopReason: 'error' })
        return out
      }
      if (typeof event.type !== 'string') {
        issue('malformed-event', 'an event must have a string type; dropped', event)
        return []
      }
      // A new response restarts the numbering.
      if (event.type === 'response.created') {
        const id = recordField(event, 'response')?.id
        if (typeof id === 'string' && id !== responseId) lastSequence = undefined
      }
      const sequence = numberField(event, 'sequence_number')
      if (sequence !== undefined) {
        if (lastSequence !== undefined && sequence <= lastSequence) {
          issue('duplicate-event', `sequence_number ${sequence} already seen; dropped`, event)
          return []
        }
        lastSequence = sequence
      }
      active = true
      if (broken && ended && !startsNewResponse(event)) {
        // A resumed connection (`starting_after`): the response goes on in a new turn, same message.
        broken = false
        ended = false
        out.push({
          type: 'run',
          ...(responseId !== undefined && { responseId }),
          status: 'running',
          continuationToken: null,
        })
      }
      decodeEvent(event, out)
      return out
    },

    end(reason: EndReason = 'complete') {
      if (!active || ended) return []
      const out: AgentUpdate[] = []
      if (reason !== 'complete' && messageId !== undefined)
        out.push({ type: 'message-done', messageId, status: reason })
      broken = reason === 'interrupted'
      // The .NET host resumes a response after a sequence number: that number is the continuation token.
      const resumeAfter = broken && responseId !== undefined && lastSequence !== undefined ? lastSequence : undefined
      finishTurn(
        out,
        reason === 'complete'
          ? {}
          : {
              stopReason: reason,
              status: reason === 'cancelled' ? 'cancelled' : 'failed',
              ...(resumeAfter !== undefined && { continuationToken: String(resumeAfter) }),
            },
      )
      return out
    },
  }
}

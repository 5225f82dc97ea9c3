/**
 * The Agent Framework DevUI stream → Palimpsest updates: OpenAI-Responses-style SSE `data:`
 * objects plus DevUI's own events, one assistant message per response (as the DevUI frontend
 * shows it: reasoning, tool calls and text in the order they arrived).
 *
 * Events at or below the last seen `sequence_number` are replays (the frontend's retry resumes
 * with `starting_after`) and are dropped.
 */
import type { Decoder, DecoderOptions, EndReason, TurnEndUpdate } from '@palimpsest/core'
import { createDecoderKit } from '../decoding/decoder-kit'
import { turnStatusAtEnd } from '../decoding/end-status'
import { describeValue, isWireObject, readWireObject, type WireObject } from '../decoding/wire-object'
import { createIdPrefix } from '../id-prefix'
import { functionApprovalOptions } from './approval-options'
import { parseDataUri } from './data-uri'
import { usageFromResponse } from './usage'
import { field, nonEmptyField, numberField, parseArguments, recordField, stringField } from './wire-fields'
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
  const { emit, issue, decoder } = createDecoderKit({ source, onIssue: options.onIssue })
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

  function ensureMessage(): string {
    if (messageId !== undefined) return messageId
    generated += 1
    messageId = responseId ?? `${prefix}-${generated}`
    emit({ type: 'message-start', messageId, role: 'assistant' })
    return messageId
  }

  /** Appends answer or reasoning text; a new item directly after another of its kind starts a new paragraph. */
  function appendText(kind: 'text' | 'thought', itemId: string | undefined, delta: string): void {
    if (delta === '') return
    if (kind === 'text' && unmappedContentWarning.test(delta)) {
      // DevUI writes this into the answer for content it cannot map (code interpreter, MCP, …).
      return issue('unmapped-content', `DevUI could not map a content item: ${delta.trim()}`, delta)
    }
    const target = ensureMessage()
    const separate = last.kind === kind && itemId !== undefined && last.itemId !== undefined && last.itemId !== itemId
    const text = separate ? `\n\n${delta}` : delta
    emit(kind === 'text' ? { type: 'chunk', messageId: target, text } : { type: 'thought', messageId: target, text })
    last = itemId === undefined ? { kind } : { kind, itemId }
  }

  function status(fields: StatusFields, data: unknown): void {
    emit({ type: 'status', messageId: ensureMessage(), ...fields, ...(data !== undefined && { data }) })
    last = { kind: 'other' }
  }

  function startResponse(response: WireObject | undefined): void {
    const id = response ? nonEmptyField(response, 'id') : undefined
    if (id === undefined || id === responseId) return
    // A new response before the previous one completed: the previous turn is over.
    if (!ended && (responseId !== undefined || messageId !== undefined)) finishTurn({})
    responseId = id
    messageId = undefined
    ended = false
    broken = false
    last = { kind: 'other' }
    emit({ type: 'run', responseId: id, status: 'running' })
  }

  /** A terminal event names the response: take its id when no `response.created` did, never start a new turn. */
  function adoptResponseId(response: WireObject | undefined): void {
    const id = response ? nonEmptyField(response, 'id') : undefined
    if (id === undefined || responseId !== undefined) return
    responseId = id
    emit({ type: 'run', responseId: id })
  }

  function startsNewResponse(event: WireObject): boolean {
    const id = event.type === 'response.created' ? recordField(event, 'response')?.id : undefined
    return typeof id === 'string' && id !== responseId
  }

  function finishTurn(fields: Pick<TurnEndUpdate, 'stopReason' | 'status' | 'continuationToken'>): void {
    if (ended) return
    emit({
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

  function openCall(callId: string, name: string | undefined): void {
    // Before PR #7652 every argument chunk repeated `output_item.added`: the first one counts.
    if (calls.has(callId)) return
    calls.set(callId, { streamed: false })
    emit({
      type: 'tool-call',
      messageId: ensureMessage(),
      toolCallId: callId,
      ...(name !== undefined && { name }),
      status: 'in_progress',
    })
    lastCallId = callId
    last = { kind: 'other' }
  }

  /** Complete arguments from a `done` event or item: used only when no delta streamed them. */
  function completeArguments(callId: string, args: unknown): void {
    const call = calls.get(callId)
    if (!call || call.streamed || args === undefined || args === '') return
    emit({ type: 'tool-call', messageId: ensureMessage(), toolCallId: callId, input: parseArguments(args) })
  }

  function finishCall(callId: string, output: unknown, failed: boolean): void {
    const target = ensureMessage()
    emit({
      type: 'tool-call-update',
      toolCallId: callId,
      messageId: target,
      status: failed ? 'failed' : 'completed',
      ...(output !== undefined && { output }),
      ...(failed && output !== undefined && { error: describeValue(output) }),
    })
    if (lastCallId === callId) lastCallId = undefined
  }

  function outputItem(event: WireObject, done: boolean): void {
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
        openCall(callId, nonEmptyField(item, 'name'))
        if (done) completeArguments(callId, field(item, 'arguments'))
        return
      }
      case 'function_call_output': {
        const callId = nonEmptyField(item, 'call_id')
        if (callId === undefined)
          return issue('malformed-event', 'function_call_output without call_id; dropped', event)
        const itemStatus = stringField(item, 'status')
        if (done || itemStatus === 'completed' || itemStatus === 'incomplete')
          finishCall(callId, field(item, 'output'), itemStatus === 'incomplete')
        return
      }
      case 'reasoning': {
        if (!done || id === undefined || itemsWithDeltas.has(id)) return
        const pieces = [field(item, 'summary'), field(item, 'content')]
          .filter(Array.isArray)
          .flat()
          .filter(isWireObject)
          .map((piece) => stringField(piece, 'text'))
          .filter((piece): piece is string => piece !== undefined && piece !== '')
        if (pieces.length > 0) appendText('thought', id, pieces.join('\n\n'))
        return
      }
      case 'executor_action': {
        const executorId = nonEmptyField(item, 'executor_id') ?? id ?? 'executor'
        const state = stringField(item, 'status') ?? (done ? 'completed' : 'in_progress')
        return status(executorStatus(executorId, state, field(item, 'error')), undefined)
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
        emit({
          type: 'file',
          messageId: ensureMessage(),
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
        emit({
          type: 'data',
          messageId: ensureMessage(),
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
            emit({
              type: 'tool-call',
              messageId: ensureMessage(),
              toolCallId: id,
              name: nonEmptyField(item, 'name') ?? item.type.replace(/_call$/, ''),
              status: 'in_progress',
            })
            last = { kind: 'other' }
          }
          if (done) finishCall(id, field(item, 'output') ?? field(item, 'result'), itemStatus === 'failed')
          return
        }
        return issue('unknown-item', `unknown output item type ${JSON.stringify(item.type)}; ignored`, event)
    }
  }

  function approvalRequested(event: WireObject): void {
    const requestId = nonEmptyField(event, 'request_id')
    const call = recordField(event, 'function_call')
    if (requestId === undefined || !call) return issue('malformed-event', 'approval request without id; dropped', event)
    const callId = nonEmptyField(call, 'id') ?? nonEmptyField(call, 'call_id')
    const name = nonEmptyField(call, 'name')
    const input = parseArguments(field(call, 'arguments'))
    if (callId !== undefined) {
      if (!calls.has(callId)) {
        openCall(callId, name)
        completeArguments(callId, input)
      }
      emit({ type: 'tool-call-update', toolCallId: callId, status: 'pending' })
    }
    const violation = recordField(event, 'policy_violation')
    const reason = violation ? nonEmptyField(violation, 'reason') : undefined
    emit({
      type: 'approval-request',
      messageId: ensureMessage(),
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

  function approvalResponded(event: WireObject): void {
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
    emit({ type: 'approval-response', requestId, approved })
  }

  function errorPart(message: string, code: string | undefined): void {
    emit({ type: 'error', messageId: ensureMessage(), message, ...(code !== undefined && { code }) })
    last = { kind: 'other' }
  }

  function completed(event: WireObject): void {
    const response = recordField(event, 'response')
    adoptResponseId(response)
    const usage = usageFromResponse(response?.usage)
    if (usage) emit({ type: 'usage', ...(messageId !== undefined && { messageId }), usage })
    const incomplete = response ? recordField(response, 'incomplete_details') : undefined
    const stopReason =
      event.type === 'response.incomplete'
        ? (incomplete && nonEmptyField(incomplete, 'reason')) || 'incomplete'
        : refused
          ? 'refusal'
          : undefined
    finishTurn(stopReason === undefined ? {} : { stopReason })
  }

  function failed(event: WireObject): void {
    const response = recordField(event, 'response')
    adoptResponseId(response)
    const error = response ? recordField(response, 'error') : undefined
    errorPart(
      (error && nonEmptyField(error, 'message')) ?? 'The run failed.',
      error ? nonEmptyField(error, 'code') : undefined,
    )
    const usage = usageFromResponse(response?.usage)
    if (usage) emit({ type: 'usage', ...(messageId !== undefined && { messageId }), usage })
    finishTurn({ stopReason: 'failed' })
  }

  function decodeEvent(event: WireObject): void {
    const type = event.type
    const itemId = stringField(event, 'item_id')
    switch (type) {
      case 'response.created':
      case 'response.in_progress':
      case 'response.queued':
        return startResponse(recordField(event, 'response'))
      case 'response.output_text.delta':
      case 'response.refusal.delta':
      case 'response.reasoning_text.delta':
      case 'response.reasoning_summary_text.delta': {
        const delta = stringField(event, 'delta')
        if (delta === undefined) return issue('malformed-event', `${type} without delta; dropped`, event)
        if (itemId !== undefined) itemsWithDeltas.add(itemId)
        if (type === 'response.refusal.delta') refused = true
        return appendText(type.includes('reasoning') ? 'thought' : 'text', itemId, delta)
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
        return appendText(type.includes('reasoning') ? 'thought' : 'text', itemId, text)
      }
      case 'response.output_text.annotation.added': {
        const annotation = recordField(event, 'annotation')
        if (!annotation) return
        const url = nonEmptyField(annotation, 'url')
        const sourceId = url ?? nonEmptyField(annotation, 'file_id')
        if (sourceId === undefined) return
        const title = nonEmptyField(annotation, 'title') ?? nonEmptyField(annotation, 'filename')
        emit({
          type: 'source',
          messageId: ensureMessage(),
          sourceId,
          ...(url !== undefined && { url }),
          ...(title !== undefined && { title }),
        })
        return
      }
      case 'response.output_item.added':
      case 'response.output_item.done':
        return outputItem(event, type === 'response.output_item.done')
      case 'response.function_call_arguments.delta': {
        const callId = callIdForItem(itemId)
        const delta = stringField(event, 'delta')
        if (callId === undefined || delta === undefined)
          return issue('malformed-event', 'argument delta without a call to go to; dropped', event)
        if (!calls.has(callId)) {
          issue('unknown-tool-call', `argument delta for unannounced call ${callId}; created it`, event)
          openCall(callId, undefined)
        }
        if (delta === '') return
        ;(calls.get(callId) as CallState).streamed = true
        emit({ type: 'tool-call-delta', toolCallId: callId, inputText: delta })
        return
      }
      case 'response.function_call_arguments.done': {
        const callId = callIdForItem(itemId)
        if (callId !== undefined) completeArguments(callId, field(event, 'arguments'))
        return
      }
      case 'response.function_result.complete': {
        const callId = nonEmptyField(event, 'call_id') ?? lastCallId
        if (callId === undefined) return issue('malformed-event', 'function result without call_id; dropped', event)
        const resultStatus = stringField(event, 'status')
        if (resultStatus === 'in_progress') return
        return finishCall(callId, field(event, 'output'), resultStatus === 'incomplete')
      }
      case 'response.function_approval.requested':
        return approvalRequested(event)
      case 'response.function_approval.responded':
        return approvalResponded(event)
      case 'response.request_info.requested': {
        const requestId = nonEmptyField(event, 'request_id')
        if (requestId === undefined) return issue('malformed-event', 'request_info without request_id', event)
        const executor = nonEmptyField(event, 'source_executor_id')
        const requestType = nonEmptyField(event, 'request_type')
        emit({
          type: 'approval-request',
          messageId: ensureMessage(),
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
          emit({ type: 'handoff', messageId: ensureMessage(), to: target, ...(from !== undefined && { from }) })
          last = { kind: 'other' }
          return
        }
        const key = String(numberField(event, 'sequence_number') ?? itemId ?? '')
        return status(workflowEventStatus(data, key), data)
      }
      case 'response.trace.completed':
      case 'response.trace.complete': {
        const data = recordField(event, 'data')
        if (!data) return issue('malformed-event', `${type} without data; dropped`, event)
        const key =
          nonEmptyField(event, 'span_id') ??
          nonEmptyField(data, 'span_id') ??
          String(numberField(event, 'sequence_number') ?? '')
        return status(traceStatus(data, key), data)
      }
      case 'error':
        return errorPart(
          nonEmptyField(event, 'message') ?? 'The agent reported an error.',
          nonEmptyField(event, 'code'),
        )
      case 'response.completed':
      case 'response.incomplete':
        return completed(event)
      case 'response.failed':
        return failed(event)
      case 'response.cancelled':
        return finishTurn({ stopReason: 'cancelled' })
      default:
        if (typeof type === 'string' && silentEvents.has(type)) return
        return issue('unknown-event', `unknown event type ${JSON.stringify(type)}; ignored`, event)
    }
  }

  return {
    ...decoder({
      read: readWireObject,
      // `data: [DONE]` closes OpenAI-style streams; the transport may pass it through.
      doneMarker: 'ignored',
      decode,
      end,
    }),
    get lastSequenceNumber() {
      return lastSequence
    },
  }

  function decode(event: WireObject): void {
    if (event.object === 'error' && isWireObject(event.error)) {
      // Fatal server error: `{"id":"error","object":"error","error":{…}}`.
      active = true
      ended = false
      errorPart(nonEmptyField(event.error, 'message') ?? 'The server failed.', nonEmptyField(event.error, 'type'))
      finishTurn({ stopReason: 'error' })
      return
    }
    if (typeof event.type !== 'string')
      return issue('malformed-event', 'an event must have a string type; dropped', event)
    // A new response restarts the numbering.
    if (event.type === 'response.created') {
      const id = recordField(event, 'response')?.id
      if (typeof id === 'string' && id !== responseId) lastSequence = undefined
    }
    const sequence = numberField(event, 'sequence_number')
    if (sequence !== undefined) {
      if (lastSequence !== undefined && sequence <= lastSequence) {
        issue('duplicate-event', `sequence_number ${sequence} already seen; dropped`, event)
        return
      }
      lastSequence = sequence
    }
    active = true
    if (broken && ended && !startsNewResponse(event)) {
      // A resumed connection (`starting_after`): the response goes on in a new turn, same message.
      broken = false
      ended = false
      emit({
        type: 'run',
        ...(responseId !== undefined && { responseId }),
        status: 'running',
        continuationToken: null,
      })
    }
    decodeEvent(event)
  }

  function end(reason: EndReason): void {
    if (!active || ended) return
    if (reason !== 'complete' && messageId !== undefined) emit({ type: 'message-done', messageId, status: reason })
    broken = reason === 'interrupted'
    // The .NET host resumes a response after a sequence number: that number is the continuation token.
    const resumeAfter = broken && responseId !== undefined && lastSequence !== undefined ? lastSequence : undefined
    finishTurn(
      reason === 'complete'
        ? {}
        : {
            stopReason: reason,
            status: turnStatusAtEnd[reason],
            ...(resumeAfter !== undefined && { continuationToken: String(resumeAfter) }),
          },
    )
  }
}

/** Tool calls: `tool-call` creates or upserts one, `tool-call-delta` streams its arguments, `tool-call-update` merges fields. */
import { type Draft, messageOf, writableIndex, writableMessage, writablePart, writableParts } from '../draft'
import { createPartialJsonParser, type PartialJsonParser } from '../partial-json'
import type { Message, ToolCallPart } from '../state'
import type { ToolCallDeltaUpdate, ToolCallUpdate, ToolCallUpdateUpdate } from '../updates'
import { issue } from './issue'
import { startMessage } from './messages'
import { activate } from './parts'

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
  u: ToolCallUpdate | ToolCallDeltaUpdate | ToolCallUpdateUpdate,
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

function mergeToolFields(part: ToolCallPart, u: ToolCallUpdate | ToolCallUpdateUpdate): void {
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

export function upsertToolCall(d: Draft, u: ToolCallUpdate): void {
  mergeToolFields(toolCallFor(d, u).part, u)
}

export function updateToolCall(d: Draft, u: ToolCallUpdateUpdate): void {
  const { part } = toolCallFor(d, u)
  mergeToolFields(part, u)
  if (u.output !== undefined) part.output = u.output
  if (u.error !== undefined) part.error = u.error
}

export function appendToolInput(d: Draft, u: ToolCallDeltaUpdate): void {
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
export function publishInputs(pending: Map<ToolCallPart, PartialJsonParser>): void {
  for (const [part, parser] of pending) {
    // An explicit input given later in the batch replaced the parser: it wins.
    if (inputParsers.get(part) !== parser) continue
    const value = parser.value
    if (value !== undefined) part.input = value
  }
}

/** Cancels the tool calls of a writable message that had not finished. */
export function cancelOpenToolCalls(d: Draft, message: Message): void {
  message.parts.forEach((part, index) => {
    if (part.kind === 'tool-call' && (part.status === 'pending' || part.status === 'in_progress'))
      writablePart<ToolCallPart>(d, message, index, inheritParser).status = 'cancelled'
  })
}

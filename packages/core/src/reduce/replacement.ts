/** `full`: replaces one buffer, or every part of a message, keeping part ids (and so DOM nodes) where it can. */
import { type Draft, messageOf, writableIndex, writableMessage, writablePart, writableParts } from '../draft'
import {
  type Message,
  type Part,
  type PartInput,
  partKinds,
  type ReasoningPart,
  type TextPart,
  type ToolCallPart,
} from '../state'
import type { FullUpdate } from '../updates'
import { type BufferKind, bufferKind, firstEpoch } from './buffers'
import { issue } from './issue'
import { acceptsChanges, startMessage } from './messages'
import { planEntries } from './metadata-parts'
import { nextPartId, partKey, settleParts, unindexPart } from './parts'

const knownPartKinds = new Set<string>(partKinds)

export function replaceContent(d: Draft, u: FullUpdate): void {
  startMessage(d, u.messageId, u.role, u.author)
  if (!acceptsChanges(d, messageOf(d, u.messageId) as Message, u)) return
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
  message.activePartId = undefined // not `delete` (see `settleParts`)
  retire(message, before, parts)
  const kept = new Set(parts.map((p) => `${p.kind}:${partKey(p) ?? ''}`))
  for (const part of before) if (!kept.has(`${part.kind}:${partKey(part) ?? ''}`)) unindexPart(d, message.id, part)
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
  if (
    typeof input !== 'object' ||
    input === null ||
    typeof input.kind !== 'string' ||
    !knownPartKinds.has(input.kind)
  ) {
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

/** Part bookkeeping shared by the update families: ids, keys, the active part, index entries. */
import { type Draft, writableIndex, writableMessage, writablePart, writableParts } from '../draft'
import type { Message, Part, PartInput, PartKind, ReasoningPart, TextPart } from '../state'

/**
 * Parts that annotate the answer rather than interrupt it: a status line, a citation or an error
 * arriving mid-stream does not split the text around it into two parts.
 */
export const annotationKinds = new Set<PartKind>(['status', 'source', 'error'])

/** The producer's id of a part, for the kinds that have one. */
export function partKey(p: PartInput | Part): string | undefined {
  switch (p.kind) {
    case 'tool-call':
      return p.toolCallId
    case 'approval-request':
      return p.requestId
    case 'source':
      return p.sourceId
    case 'data':
      return p.dataId
    case 'file':
      return p.fileId
    case 'status':
      return p.statusId
    default:
      return undefined
  }
}

export function nextPartId(message: Message, kind: string): string {
  let n = 0
  for (const part of message.parts) if (part.kind === kind && part.id.startsWith(`${kind}#`)) n++
  while (message.parts.some((p) => p.id === `${kind}#${n}`)) n++
  return `${kind}#${n}`
}

/** Makes `partId` the active part; the previously active text/reasoning part is done. */
export function activate(d: Draft, message: Message, partId: string): void {
  const previous = message.activePartId
  message.activePartId = partId
  if (previous === undefined || previous === partId) return
  const index = message.parts.findIndex((p) => p.id === previous)
  const part = message.parts[index]
  if (part && (part.kind === 'text' || part.kind === 'reasoning') && part.status === 'streaming') {
    writablePart<TextPart | ReasoningPart>(d, message, index).status = 'done'
  }
}

/** Marks every streaming text/reasoning part of a writable message done. */
export function settleParts(d: Draft, message: Message): void {
  message.parts.forEach((part, index) => {
    if ((part.kind === 'text' || part.kind === 'reasoning') && part.status === 'streaming') {
      writablePart<TextPart | ReasoningPart>(d, message, index).status = 'done'
    }
  })
  // Not `delete`: deleting a property turns the message into a dictionary-mode object, about 230
  // bytes instead of about 50 in V8, for every finished message of a long history.
  message.activePartId = undefined
}

/**
 * Adds a part, or replaces the one with the same key (or the only plan). `build` receives the
 * id and kind and returns the new part.
 */
export function upsertPart(
  d: Draft,
  messageId: string,
  kind: PartKind,
  key: string | undefined,
  build: (base: { id: string }) => Part,
): void {
  const message = writableMessage(d, messageId)
  const index =
    kind === 'plan'
      ? message.parts.findIndex((p) => p.kind === 'plan')
      : key === undefined
        ? -1
        : message.parts.findIndex((p) => p.kind === kind && partKey(p) === key)
  const parts = writableParts(d, message)
  if (index >= 0) {
    const part = build({ id: (parts[index] as Part).id })
    d.owned.add(part)
    parts[index] = part
    return
  }
  const part = build({ id: key === undefined ? nextPartId(message, kind) : `${kind}=${key}` })
  d.owned.add(part)
  parts.push(part)
  if (!annotationKinds.has(kind)) activate(d, message, part.id)
}

/** Drops the `toolCalls` or `approvals` entry of a part leaving the message, when it points at that message. */
export function unindexPart(d: Draft, messageId: string, part: Part): void {
  if (part.kind === 'tool-call') {
    if (d.state.toolCalls[part.toolCallId] === messageId) delete writableIndex(d, 'toolCalls')[part.toolCallId]
  } else if (part.kind === 'approval-request') {
    if (d.state.approvals[part.requestId] === messageId) delete writableIndex(d, 'approvals')[part.requestId]
  }
}

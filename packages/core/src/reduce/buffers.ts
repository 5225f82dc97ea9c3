/** The text and reasoning buffers: `chunk` and `thought` append, `clear` empties. */
import { type Draft, messageOf, writableMessage, writablePart, writableParts } from '../draft'
import type { Message, Part, ReasoningPart, TextPart } from '../state'
import type { ChunkUpdate, ClearUpdate, FullUpdate, ThoughtUpdate } from '../updates'
import { issue } from './issue'
import { acceptsStreaming, startMessage } from './messages'
import { activate, annotationKinds, nextPartId } from './parts'

export type BufferKind = 'text' | 'reasoning'

export function bufferKind(u: ChunkUpdate | ThoughtUpdate | ClearUpdate | FullUpdate): BufferKind {
  if (u.type === 'thought') return 'reasoning'
  if (u.type === 'chunk') return 'text'
  return u.target === 'thought' ? 'reasoning' : 'text'
}

/**
 * The epoch a new text/reasoning part starts at: `initial`, or past the epoch of a part with the same
 * id that a replacement removed, so that a part's epoch never goes back (components read a lower or
 * equal epoch as "same text, appended").
 */
export function firstEpoch(message: Message, id: string, initial: number): number {
  const retired = message.retiredEpochs?.[id]
  return retired === undefined ? initial : Math.max(initial, retired + 1)
}

/**
 * The part a chunk of `kind` appends to: the active part when it is of that kind (the stream goes on
 * where it was, e.g. into a cleared buffer being refilled); else the last part of that kind when no
 * other content follows it (annotations aside) or when it is empty (a cleared buffer refills in
 * place); otherwise none (a new part starts, keeping text and tool calls in the order they arrived).
 */
function appendTarget(message: Message, kind: BufferKind): number {
  const parts = message.parts
  const active = message.activePartId
  if (active !== undefined) {
    const last = parts.length - 1
    const index = parts[last]?.id === active ? last : parts.findIndex((p) => p.id === active)
    if (parts[index]?.kind === kind) return index
  }
  let followed = false
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i] as Part
    if (part.kind !== kind) {
      if (!annotationKinds.has(part.kind)) followed = true
      continue
    }
    return !followed || (part as TextPart).text === '' ? i : -1
  }
  return -1
}

export function appendText(d: Draft, u: ChunkUpdate | ThoughtUpdate): void {
  startMessage(d, u.messageId, u.role, u.author)
  if (!acceptsStreaming(d, messageOf(d, u.messageId) as Message, u)) return
  const message = writableMessage(d, u.messageId)
  if (message.status === 'interrupted') message.status = 'streaming'
  const kind = bufferKind(u)
  let index = appendTarget(message, kind)
  if (index < 0) {
    index = message.parts.length
    const id = nextPartId(message, kind)
    const part = { id, kind, text: '', epoch: firstEpoch(message, id, 0), status: 'streaming' } as
      | TextPart
      | ReasoningPart
    d.owned.add(part)
    writableParts(d, message).push(part)
  }
  const part = writablePart<TextPart | ReasoningPart>(d, message, index)
  part.text += u.text
  part.status = 'streaming'
  activate(d, message, part.id)
}

export function clearBuffer(d: Draft, u: ClearUpdate): void {
  const existing = messageOf(d, u.messageId)
  if (!existing) return issue(d, 'unknown-message', `clear for unknown message ${u.messageId}`, u)
  if (!acceptsStreaming(d, existing, u)) return
  const kind = bufferKind(u)
  const message = writableMessage(d, u.messageId)
  message.parts.forEach((part, index) => {
    if (part.kind !== kind) return
    const writable = writablePart<TextPart | ReasoningPart>(d, message, index)
    writable.text = ''
    writable.epoch += 1
    writable.status = 'streaming'
  })
}

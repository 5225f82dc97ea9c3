/**
 * Copy-on-write over a TranscriptState, for one batch of updates.
 *
 * The first write in a batch copies the container it touches (the message index, one message,
 * its parts array, one part); later writes in the same batch mutate that copy. So a batch costs
 * O(updates + containers touched), a single update O(its size), and everything the batch does
 * not touch keeps its object identity.
 */

import type { Message, Part, TranscriptState, Turn } from './state'
import type { IssueHandler } from './updates'

export interface Draft {
  state: TranscriptState
  readonly owned: WeakSet<object>
  readonly report: IssueHandler
}

export function createDraft(base: TranscriptState, report: IssueHandler): Draft {
  return { state: base, owned: new WeakSet(), report }
}

function own<T extends object>(d: Draft, value: T, copy: (v: T) => T): T {
  if (d.owned.has(value)) return value
  const copied = copy(value)
  d.owned.add(copied)
  return copied
}

/** The draft's top-level state object, made writable. */
export function writableState(d: Draft): TranscriptState {
  d.state = own(d, d.state, (s) => ({ ...s }))
  return d.state
}

export function writableMessages(d: Draft): Record<string, Message> {
  const state = writableState(d)
  state.messages = own(d, state.messages, (m) => ({ ...m }))
  return state.messages
}

export function writableMessageIds(d: Draft): string[] {
  const state = writableState(d)
  state.messageIds = own(d, state.messageIds, (ids) => ids.slice())
  return state.messageIds
}

export function writableIndex(d: Draft, name: 'toolCalls' | 'approvals'): Record<string, string> {
  const state = writableState(d)
  state[name] = own(d, state[name], (index) => ({ ...index }))
  return state[name]
}

export function writableTurns(d: Draft): Turn[] {
  const state = writableState(d)
  state.turns = own(d, state.turns, (turns) => turns.slice())
  return state.turns
}

/** The last turn, made writable. */
export function writableLastTurn(d: Draft): Turn | undefined {
  const turns = writableTurns(d)
  const last = turns[turns.length - 1]
  if (!last) return undefined
  const copy = own(d, last, (t) => ({ ...t }))
  turns[turns.length - 1] = copy
  return copy
}

/** A writable message whose `revision` has been bumped once for the current update. */
export function writableMessage(d: Draft, id: string): Message {
  const messages = writableMessages(d)
  const message = own(d, messages[id] as Message, (m) => ({ ...m }))
  messages[id] = message
  message.revision += 1
  return message
}

export function writableParts(d: Draft, message: Message): Part[] {
  message.parts = own(d, message.parts, (parts) => parts.slice())
  return message.parts
}

/** The part at `index` of a writable message, made writable. `onCopy` sees (old, copy) when a copy is made. */
export function writablePart<P extends Part>(
  d: Draft,
  message: Message,
  index: number,
  onCopy?: (from: P, to: P) => void,
): P {
  const parts = writableParts(d, message)
  const part = parts[index] as P
  if (d.owned.has(part)) return part
  const copy = { ...part }
  d.owned.add(copy)
  onCopy?.(part, copy)
  parts[index] = copy
  return copy
}

export function isOwned(d: Draft, value: object): boolean {
  return d.owned.has(value)
}

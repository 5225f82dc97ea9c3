/**
 * Copy-on-write over a TranscriptState, for one batch of updates.
 *
 * The first write in a batch copies the container it touches (the message index, one message,
 * its parts array, one part); later writes in the same batch mutate that copy. So a batch costs
 * O(updates + containers touched), a single update O(its size), and everything the batch does
 * not touch keeps its object identity.
 */

import type { PartialJsonParser } from './partial-json'
import type { Message, Part, ToolCallPart, TranscriptState, Turn } from './state'
import type { IssueHandler } from './updates'

export interface Draft {
  state: TranscriptState
  /** The state the batch started from. A top-level container is the draft's own once it differs from base's. */
  readonly base: TranscriptState
  /** Messages, parts arrays, parts and turns this batch created or copied (so may mutate). */
  readonly owned: Set<object>
  readonly report: IssueHandler
  /**
   * Tool calls whose streamed input changed in this batch, with their parser: the parsed input is
   * read once when the batch ends, so a batch of deltas costs one snapshot, not one per delta.
   */
  pendingInputs?: Map<ToolCallPart, PartialJsonParser>
}

export function createDraft(base: TranscriptState, report: IssueHandler): Draft {
  return { state: base, base, owned: new Set(), report }
}

// The copy functions are module constants: no closure is allocated per write.
const copyMessage = (m: Message): Message => ({ ...m })
const copyTurn = (t: Turn): Turn => ({ ...t })
const copyParts = (parts: Part[]): Part[] => parts.slice()

function own<T extends object>(d: Draft, value: T, copy: (v: T) => T): T {
  if (d.owned.has(value)) return value
  const copied = copy(value)
  d.owned.add(copied)
  return copied
}

/** The draft's top-level state object, made writable. */
export function writableState(d: Draft): TranscriptState {
  if (d.state === d.base) d.state = { ...d.base }
  return d.state
}

export function writableMessages(d: Draft): Record<string, Message> {
  const state = writableState(d)
  if (state.messages === d.base.messages) state.messages = { ...state.messages }
  return state.messages
}

export function writableMessageIds(d: Draft): string[] {
  const state = writableState(d)
  if (state.messageIds === d.base.messageIds) state.messageIds = state.messageIds.slice()
  return state.messageIds
}

export function writableIndex(d: Draft, name: 'toolCalls' | 'approvals'): Record<string, string> {
  const state = writableState(d)
  if (state[name] === d.base[name]) state[name] = { ...state[name] }
  return state[name]
}

export function writableTurns(d: Draft): Turn[] {
  const state = writableState(d)
  if (state.turns === d.base.turns) state.turns = state.turns.slice()
  return state.turns
}

/** The last turn, made writable. */
export function writableLastTurn(d: Draft): Turn | undefined {
  const turns = writableTurns(d)
  const last = turns[turns.length - 1]
  if (!last) return undefined
  const copy = own(d, last, copyTurn)
  turns[turns.length - 1] = copy
  return copy
}

/** A writable message whose `revision` has been bumped once for the current update. */
export function writableMessage(d: Draft, id: string): Message {
  const messages = writableMessages(d)
  const message = own(d, messages[id] as Message, copyMessage)
  messages[id] = message
  message.revision += 1
  return message
}

export function writableParts(d: Draft, message: Message): Part[] {
  message.parts = own(d, message.parts, copyParts)
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

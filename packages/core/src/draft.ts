/**
 * Copy-on-write over a TranscriptState, for one batch of updates.
 *
 * The first write in a batch copies the container it touches (one message, its parts array, one
 * part, an index); later writes in the same batch mutate that copy. Messages live in a persistent
 * map (see message-table.ts), so putting a message costs O(log n), not a copy of every message. A
 * batch costs O(updates + containers touched), a single update O(its size), whatever the length of
 * the transcript, and everything the batch does not touch keeps its object identity.
 */

import {
  attachMessageTable,
  copyStateWithoutMessages,
  getMessage,
  messageTable,
  ownMessageTable,
} from './message-table'
import type { PartialJsonParser } from './partial-json'
import type { PersistentMap } from './persistent-map'
import type { Message, Part, ToolCallPart, TranscriptState, Turn } from './state'
import type { IssueHandler } from './updates'

export interface Draft {
  state: TranscriptState
  /** The state the batch started from. A top-level container is the draft's own once it differs from base's. */
  readonly base: TranscriptState
  /** Messages, parts arrays, parts and turns this batch created or copied (so may mutate). */
  readonly owned: Set<object>
  readonly report: IssueHandler
  /** The messages as this batch left them; absent until the batch puts or deletes one. */
  messages?: PersistentMap<Message>
  /** Ids of the messages this batch created, changed or removed. */
  readonly changedMessageIds: Set<string>
  /**
   * Tool calls whose streamed input changed in this batch, with their parser: the parsed input is
   * read once when the batch ends, so a batch of deltas costs one snapshot, not one per delta.
   */
  pendingInputs?: Map<ToolCallPart, PartialJsonParser>
  /** Counts the updates of the batch applied so far (the reducer increments it before each). */
  updateIndex: number
  /** The `updateIndex` of the last update that bumped a message's `revision`, and that message's id. */
  revisedIndex: number
  revisedId?: string
  /** The other messages that update bumped (only an update writing several, like `turn-end`, needs it). */
  revisedMore?: Set<string>
}

export function createDraft(base: TranscriptState, report: IssueHandler): Draft {
  return {
    state: base,
    base,
    owned: new Set(),
    report,
    changedMessageIds: new Set(),
    updateIndex: 0,
    revisedIndex: -1,
  }
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

/**
 * The draft's top-level state object, made writable. It has no `messages` until `finishDraft`:
 * read messages with `messageOf` during the batch.
 */
export function writableState(d: Draft): TranscriptState {
  if (d.state === d.base) d.state = copyStateWithoutMessages(d.base)
  return d.state
}

/** A message as the batch has left it so far. */
export function messageOf(d: Draft, id: string): Message | undefined {
  return d.messages !== undefined ? d.messages.get(id) : getMessage(d.base, id)
}

export function putMessage(d: Draft, id: string, message: Message): void {
  writableState(d)
  d.messages = (d.messages ?? messageTable(d.base)).set(id, message)
  d.changedMessageIds.add(id)
}

export function deleteMessage(d: Draft, id: string): void {
  writableState(d)
  d.messages = (d.messages ?? messageTable(d.base)).delete(id)
  d.changedMessageIds.add(id)
}

/** The state the batch produced: the base itself when nothing changed. */
export function finishDraft(d: Draft): TranscriptState {
  if (d.state === d.base) return d.base
  const table = d.messages ?? ownMessageTable(d.base)
  if (table !== undefined) attachMessageTable(d.state, table)
  else d.state.messages = d.base.messages
  return d.state
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

/** A writable message whose `revision` has been bumped for the current update (once, however often it is asked for). */
export function writableMessage(d: Draft, id: string): Message {
  let message = messageOf(d, id) as Message
  if (!d.owned.has(message)) {
    message = copyMessage(message)
    d.owned.add(message)
    putMessage(d, id, message)
  }
  bumpRevision(d, id, message)
  return message
}

/**
 * Bumps `revision` once per update, however often the update asks for the message. The first message
 * an update bumps is kept on the draft, so an update that writes one message allocates nothing.
 */
function bumpRevision(d: Draft, id: string, message: Message): void {
  if (d.revisedIndex !== d.updateIndex) {
    d.revisedIndex = d.updateIndex
    d.revisedId = id
    d.revisedMore?.clear()
  } else {
    if (d.revisedId === id || d.revisedMore?.has(id)) return
    d.revisedMore ??= new Set()
    d.revisedMore.add(id)
  }
  message.revision += 1
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

/**
 * Where a state produced by the reducer keeps its messages: a persistent map, so a batch that changes
 * one message costs O(log n) however long the transcript is. `state.messages`, the plain record the
 * state's type promises, is built from that map on its first read (O(n), once per state) and then
 * kept; the reducer, the selectors and the React hooks read the map and never build it.
 */
import { PersistentMap } from './persistent-map'
import type { Message, TranscriptState } from './state'

const tableKey = Symbol('palimpsest.messageTable')

type WithTable = TranscriptState & { [tableKey]?: PersistentMap<Message> }

/** The state's own map, when the reducer produced it. */
export function ownMessageTable(state: TranscriptState): PersistentMap<Message> | undefined {
  return (state as WithTable)[tableKey]
}

/** The state's messages as a map: the reducer's own, or built from a plain `messages` record (O(n)). */
export function messageTable(state: TranscriptState): PersistentMap<Message> {
  return (state as WithTable)[tableKey] ?? PersistentMap.fromRecord(state.messages)
}

/** One message of a state, without building `state.messages`. */
export function getMessage(state: TranscriptState, id: string): Message | undefined {
  const own = (state as WithTable)[tableKey]
  return own !== undefined ? own.get(id) : state.messages[id]
}

/** The record `state.messages`: the messages in display order, then any the order does not name. */
function recordOf(table: PersistentMap<Message>, order: readonly string[]): Record<string, Message> {
  const record: Record<string, Message> = {}
  for (const id of order) {
    const message = table.get(id)
    if (message !== undefined) record[id] = message
  }
  if (Object.keys(record).length < table.size)
    table.forEach((message, id) => {
      if (!(id in record)) record[id] = message
    })
  return record
}

/**
 * The `messages` accessor of every state the reducer makes. One shared pair of functions, so every
 * such state has the same shape (a closure per state would give each its own hidden class).
 */
const messagesAccessor: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: WithTable) {
    const table = this[tableKey] as PersistentMap<Message>
    const record = recordOf(table, this.messageIds)
    // A frozen state cannot keep it; it builds the record on each read instead.
    Reflect.defineProperty(this, 'messages', { value: record, enumerable: true, configurable: true, writable: true })
    return record
  },
  set(this: WithTable, record: Record<string, Message>) {
    // Someone replaced the record on a state they own: it, not the table, is now the truth.
    Reflect.deleteProperty(this, tableKey)
    Object.defineProperty(this, 'messages', { value: record, enumerable: true, configurable: true, writable: true })
  },
}

/** Gives a new state object its messages: `table`, read through `messages` as a record built on first read. */
export function attachMessageTable(state: TranscriptState, table: PersistentMap<Message>): void {
  Object.defineProperty(state, tableKey, { value: table, configurable: true })
  Object.defineProperty(state, 'messages', messagesAccessor)
}

/** A shallow copy of a state, without reading (and so building) its `messages`. */
export function copyStateWithoutMessages(state: TranscriptState): TranscriptState {
  const copy = {} as Record<string, unknown>
  const source = state as unknown as Record<string, unknown>
  for (const key of Object.keys(source)) if (key !== 'messages') copy[key] = source[key]
  return copy as unknown as TranscriptState
}

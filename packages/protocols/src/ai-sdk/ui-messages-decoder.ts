/**
 * The AI SDK's `useChat` state → Palimpsest updates. The wire message is a snapshot: the whole
 * `UIMessage[]` array (ai 6 or ai 7), alone or with the chat `status`; each decode returns the
 * updates that take the store from the previous snapshot to this one.
 *
 * - A message whose object is the one of the previous snapshot is skipped (`useChat` keeps the
 *   identity of every message but the one streaming), so a token costs the same however long the
 *   conversation is.
 * - While the chat runs, the streaming assistant message is followed part by part: text and
 *   reasoning that extend what was there become `chunk` / `thought`, tool parts become tool-call
 *   updates (and approval requests and answers), sources, files, data parts and status lines are
 *   added or replaced by key.
 * - Anything else (an edit, `regenerate`, `setMessages`, a user message, a message changed while
 *   the chat is idle) is one `full` for that message: the store swaps its content in place.
 * - Messages that vanish from the array are removed; messages out of order are removed and added
 *   again in the array's order.
 * - `status` `submitted` / `streaming` opens a turn, `ready` ends it, `error` ends it as failed. A
 *   bare array reads as `ready`: a settled conversation (e.g. one loaded from a database).
 */
import type { AgentUpdate, Decoder, DecoderOptions, EndReason, MessageRole } from '@palimpsest/core'
import { createDecoderKit } from '../decoding/decoder-kit'
import { parseWireText, unreadable } from '../decoding/wire-object'
import {
  onlyAnnotationsAfter,
  type PartProblem,
  type PartUnit,
  readPartUnits,
  sameUnit,
  type ToolUnit,
  unitParts,
} from './ui-message-parts'

/** What the decoder reads of a `UIMessage`; every ai 6 and ai 7 `UIMessage` is one. */
export interface UIMessageLike {
  id: string
  role: string
  parts: readonly unknown[]
}

/** `useChat`'s `status`. */
export type UIChatStatus = 'submitted' | 'streaming' | 'ready' | 'error'

/** The wire message: the messages, or the messages and the chat status (`{ messages, status }`). */
export type UIMessagesSnapshot =
  | readonly UIMessageLike[]
  | { readonly messages: readonly UIMessageLike[]; readonly status?: UIChatStatus | undefined }

export type UIMessagesDecoderOptions = DecoderOptions

/** What the decoder remembers of a message it put in the store. */
interface Tracked {
  id: string
  message: object
  role: MessageRole
  units: PartUnit[]
  /** Streaming in the store: chunks may be appended. */
  open: boolean
  /** Problems already reported, so a bad part is reported once, not on every token. */
  reported: Set<string>
  /** Of the parts last applied: how many, and the indices of those that could not be read. */
  partCount: number
  unreadable: Set<number>
}

interface Entry {
  id: string
  message: UIMessageLike
}

const source = 'ai-sdk-ui-messages'
const roles = new Set<string>(['user', 'assistant', 'system'])
const statuses = new Set<unknown>(['submitted', 'streaming', 'ready', 'error'])

export function createUIMessagesDecoder(options: UIMessagesDecoderOptions = {}): Decoder<UIMessagesSnapshot> {
  const { emit, issue, decoder } = createDecoderKit({ source, onIssue: options.onIssue })

  /** Tracked messages in store order. */
  let order: Tracked[] = []
  const byId = new Map<string, Tracked>()
  /** The previous array and, position by position, the tracked message each entry was. */
  let previous: readonly unknown[] = []
  let previousTracked: (Tracked | undefined)[] = []
  let turnOpen = false
  /** The current decode started a message (a new one, or a finished one continued). */
  let startedMessage = false
  /** Entries already reported as unreadable (by object), so each is reported once. */
  const badEntries = new WeakSet<object>()

  const readEntry = (value: unknown): Entry | undefined => {
    const m = value as Partial<UIMessageLike> | null
    if (typeof m === 'object' && m !== null && typeof m.id === 'string' && m.id !== '' && Array.isArray(m.parts))
      return { id: m.id, message: m as UIMessageLike }
    if (typeof m !== 'object' || m === null || !badEntries.has(m)) {
      if (typeof m === 'object' && m !== null) badEntries.add(m)
      issue('malformed-message', 'a UI message needs a non-empty string "id" and a "parts" array', value)
    }
    return undefined
  }

  const roleOf = (entry: Entry, reported: Set<string>): MessageRole => {
    const role = entry.message.role
    if (roles.has(role)) return role as MessageRole
    if (!reported.has('role')) {
      reported.add('role')
      issue('malformed-message', `message ${entry.id}: unknown role ${JSON.stringify(role)}; shown as assistant`)
    }
    return 'assistant'
  }

  const unitsOf = (entry: Entry, reported: Set<string>): { units: PartUnit[]; unreadable: Set<number> } => {
    const problems: PartProblem[] = []
    const units = readPartUnits(entry.message.parts, problems)
    const unreadable = new Set(problems.map((problem) => problem.index))
    for (const problem of problems) {
      const key = `${problem.index}:${problem.code}`
      if (reported.has(key)) continue
      reported.add(key)
      issue(
        problem.code,
        `message ${entry.id}: ${problem.message}; the part is skipped`,
        entry.message.parts[problem.index],
      )
    }
    return { units, unreadable }
  }

  const full = (t: Tracked) => emit({ type: 'full', messageId: t.id, role: t.role, parts: unitParts(t.units) })

  /** A message the store does not hold yet. */
  const add = (entry: Entry, running: boolean): Tracked => {
    const reported = new Set<string>()
    const t: Tracked = {
      id: entry.id,
      message: entry.message,
      role: roleOf(entry, reported),
      units: [],
      open: false,
      reported,
      partCount: entry.message.parts.length,
      unreadable: new Set(),
    }
    const { units, unreadable } = unitsOf(entry, reported)
    t.unreadable = unreadable
    emit({ type: 'message-start', messageId: t.id, role: t.role })
    startedMessage = true
    if (running && t.role === 'assistant') {
      t.open = true
      follow(t, units)
    } else {
      t.units = units
      if (units.length > 0) full(t)
      emit({ type: 'message-done', messageId: t.id })
    }
    byId.set(t.id, t)
    return t
  }

  /** A message the store holds, whose object changed. */
  const change = (t: Tracked, entry: Entry, running: boolean) => {
    t.message = entry.message
    const role = roleOf(entry, t.reported)
    const { units, unreadable } = unitsOf(entry, t.reported)
    // A part that was shown and can no longer be read: keep what the store holds rather than lose it.
    for (const index of unreadable) if (index < t.partCount && !t.unreadable.has(index)) return
    t.partCount = entry.message.parts.length
    t.unreadable = unreadable
    if (running && role === 'assistant' && t.role === 'assistant') {
      if (!t.open) {
        // The chat continues a message it had finished (e.g. after a tool approval).
        emit({ type: 'message-start', messageId: t.id, resume: true })
        startedMessage = true
        t.open = true
      }
      if (follow(t, units)) return
    }
    t.role = role
    t.units = units
    full(t)
  }

  /**
   * Appends to an open message what was added to it; false (nothing emitted) when the change is not
   * an extension of what the store holds.
   */
  const follow = (t: Tracked, units: PartUnit[]): boolean => {
    const before = t.units
    if (units.length < before.length) return false
    const updates: AgentUpdate[] = []
    for (let i = 0; i < before.length; i++) {
      const was = before[i] as PartUnit
      const now = units[i] as PartUnit
      if (sameUnit(was, now)) continue
      if ((was.kind === 'text' || was.kind === 'reasoning') && now.kind === was.kind) {
        // Compared as a slice: one native comparison, where `startsWith` reads a character at a time.
        if (now.text.slice(0, was.text.length) !== was.text || !onlyAnnotationsAfter(before, i)) return false
        updates.push(textUpdate(t.id, now.kind, now.text.slice(was.text.length)))
      } else if (was.kind === 'tool' && now.kind === 'tool' && now.toolCallId === was.toolCallId) {
        toolUpdates(updates, t.id, was, now)
      } else if (was.kind === 'keyed' && now.kind === 'keyed' && now.key === was.key) {
        updates.push(now.update(t.id))
      } else return false
    }
    for (let i = before.length; i < units.length; i++) {
      const unit = units[i] as PartUnit
      if (unit.kind === 'text' || unit.kind === 'reasoning') updates.push(textUpdate(t.id, unit.kind, unit.text))
      else if (unit.kind === 'tool') toolUpdates(updates, t.id, undefined, unit)
      else if (unit.kind === 'keyed') updates.push(unit.update(t.id))
    }
    for (const update of updates) emit(update)
    t.units = units
    return true
  }

  const remove = (t: Tracked) => {
    emit({ type: 'message-remove', messageId: t.id })
    byId.delete(t.id)
  }

  /**
   * The general case: messages added, removed or reordered. The store appends new messages, so
   * when the array's order is not the store's order followed by new messages, the messages from the
   * first one out of place on are removed and added again.
   */
  const reconcile = (next: readonly unknown[], running: boolean) => {
    const entries: (Entry | undefined)[] = []
    const listed = new Set<string>()
    for (const value of next) {
      let entry = readEntry(value)
      if (entry === undefined) {
        // An unreadable entry of a message the store holds keeps that message as it was.
        const id = (value as { id?: unknown } | null)?.id
        const known = typeof id === 'string' ? byId.get(id) : undefined
        if (known) entry = { id: known.id, message: known.message as UIMessageLike }
      }
      if (entry && listed.has(entry.id)) {
        issue('duplicate-message', `message ${entry.id} is in the array twice; the second is skipped`)
        entry = undefined
      }
      if (entry) listed.add(entry.id)
      entries.push(entry)
    }
    const survivors: Tracked[] = []
    for (const t of order) {
      if (listed.has(t.id)) survivors.push(t)
      else remove(t)
    }
    // Survivors keep their place while the array lists them in store order before any new message.
    let inPlace = 0
    for (const entry of entries) {
      if (entry === undefined) continue
      if (inPlace === survivors.length || entry.id !== survivors[inPlace]?.id) break
      inPlace++
    }
    for (const t of survivors.slice(inPlace)) remove(t)
    order = survivors.slice(0, inPlace)
    previousTracked = entries.map((entry) => {
      if (entry === undefined) return undefined
      const t = byId.get(entry.id)
      if (t === undefined) {
        const added = add(entry, running)
        order.push(added)
        return added
      }
      if (t.message !== entry.message) change(t, entry, running)
      return t
    })
    previous = next
  }

  /** Per token: the same array length (or new messages at the end) and the same ids in place. */
  const fastPath = (next: readonly unknown[], running: boolean): boolean => {
    if (next.length < previous.length) return false
    const changed: [Tracked, Entry][] = []
    for (let i = 0; i < previous.length; i++) {
      const value = next[i]
      if (value === previous[i]) continue
      const t = previousTracked[i]
      if (t === undefined) return false
      const entry = readEntry(value)
      if (entry?.id !== t.id) return false
      changed.push([t, entry])
    }
    const added: Entry[] = []
    for (let i = previous.length; i < next.length; i++) {
      const entry = readEntry(next[i])
      if (entry === undefined || byId.has(entry.id) || added.some((e) => e.id === entry.id)) return false
      added.push(entry)
    }
    for (const [t, entry] of changed) change(t, entry, running)
    const tracked = previousTracked.slice()
    for (const entry of added) {
      const t = add(entry, running)
      order.push(t)
      tracked.push(t)
    }
    previous = next
    previousTracked = tracked
    return true
  }

  const readSnapshot = (wire: unknown): { messages: readonly unknown[]; status: UIChatStatus } | undefined => {
    const value = parseWireText(wire, { issue })
    if (value === unreadable) return undefined
    if (Array.isArray(value)) return { messages: value, status: 'ready' }
    const snapshot = value as { messages?: unknown; status?: unknown } | null
    if (typeof snapshot !== 'object' || snapshot === null || !Array.isArray(snapshot.messages)) {
      issue('malformed-snapshot', 'a snapshot is an array of UI messages or { messages, status }', value)
      return undefined
    }
    let status: UIChatStatus = 'ready'
    if (snapshot.status !== undefined) {
      if (statuses.has(snapshot.status)) status = snapshot.status as UIChatStatus
      else issue('malformed-snapshot', `unknown chat status ${JSON.stringify(snapshot.status)}; read as ready`)
    }
    return { messages: snapshot.messages, status }
  }

  const endTurn = (stopReason?: string) => {
    emit({ type: 'turn-end', ...(stopReason !== undefined && { stopReason }) })
    turnOpen = false
    for (const t of order) t.open = false
  }

  return decoder({
    read: readSnapshot,
    decode(snapshot) {
      const running = snapshot.status === 'submitted' || snapshot.status === 'streaming'
      if (running && !turnOpen) {
        emit({ type: 'turn-start' })
        turnOpen = true
      }
      startedMessage = false
      if (snapshot.messages !== previous && !fastPath(snapshot.messages, running)) reconcile(snapshot.messages, running)
      // Outside a turn, a new message opens one in the store implicitly: close it too.
      if (!running && (turnOpen || startedMessage)) endTurn(snapshot.status === 'error' ? 'error' : undefined)
    },
    end(reason: EndReason) {
      if (!turnOpen) return
      if (reason === 'interrupted') {
        for (const t of order) if (t.open) emit({ type: 'message-done', messageId: t.id, status: 'interrupted' })
        for (const t of order) t.open = false
        return
      }
      endTurn(reason === 'complete' ? undefined : reason)
    },
  })
}

function textUpdate(messageId: string, kind: 'text' | 'reasoning', text: string): AgentUpdate {
  return kind === 'text' ? { type: 'chunk', messageId, text } : { type: 'thought', messageId, text }
}

/** The updates that take a tool call (and its approval request) from `before` to `after`. */
function toolUpdates(updates: AgentUpdate[], messageId: string, before: ToolUnit | undefined, after: ToolUnit): void {
  const { toolCallId, status, name, title, input, output, error } = after
  const fields = {
    messageId,
    toolCallId,
    status,
    ...(name !== undefined && { name }),
    ...(title !== undefined && { title }),
    ...(input !== undefined && { input }),
  }
  if (before === undefined) updates.push({ type: 'tool-call', ...fields })
  if (before !== undefined || output !== undefined || error !== undefined)
    updates.push({
      type: 'tool-call-update',
      ...fields,
      ...(output !== undefined && { output }),
      ...(error !== undefined && { error }),
    })
  const approval = after.approval
  if (approval === undefined) return
  if (approval.id !== before?.approval?.id)
    updates.push({
      type: 'approval-request',
      messageId,
      requestId: approval.id,
      toolCallId,
      ...(name !== undefined && { title: name }),
    })
  if (approval.approved !== undefined && approval.approved !== before?.approval?.approved)
    updates.push({ type: 'approval-response', requestId: approval.id, approved: approval.approved })
}

/**
 * Message identity within one ACP session: which Palimpsest message a chunk, clear or upsert
 * belongs to, after the reference client's rule (Zed's `can_merge_message_chunks`):
 * - a chunk merges into the current message unless both the message's id and the chunk's id are
 *   present and differ — for user, agent and thought chunks alike. A chunk without an id continues
 *   the current message and keeps its id; an id arriving on a message that has none is adopted;
 * - a message↔thought switch stays in the same message; a tool call or plan in between makes the
 *   next chunk start a new message (unless it names the same message id);
 * - a chunk naming a message of this turn that a later id switch finished reopens it: its text is
 *   never sent to another message;
 * - a v2 upsert (`agent_message`, …) naming an id the session has never seen creates that message
 *   after the current one; it is shown once it has content (an upsert that leaves it empty shows
 *   nothing).
 */
import type { AgentUpdate, MessageStatus } from '@palimpsest/core'
import type { StoreIds } from './store-ids'

export type Role = 'user' | 'assistant'
/** The two buffers of a message: its answer text and its reasoning. */
export type Stream = 'text' | 'thought'

export interface TrackedMessage {
  /** The store's message id. */
  id: string
  role: Role
  /** The agent's id for the message, the one chunks are compared with (the first it adopted). */
  wireId?: string
  /** The store has it (a `message-start` went out): false while an upsert left it empty. */
  shown: boolean
  /** Still streaming in the store (not finished by a message-done or a turn end). */
  open: boolean
  /** The v2-style plan id this message holds (the store keeps one plan per message). */
  planId?: string
  /** Non-text blocks of v2 upserts already added, so a repeated upsert does not add them twice. */
  upsertedBlocks?: Set<string>
}

export class SessionMessages {
  /** The message the last chunk, clear or part went to. */
  private current: TrackedMessage | undefined
  /** The latest assistant message: what a clear without `messageId` empties. */
  private lastAssistant: TrackedMessage | undefined
  /** A tool call or plan arrived after the current message's last chunk. */
  private boundary = false
  private readonly byWireId = new Map<string, TrackedMessage>()
  private readonly all: TrackedMessage[] = []
  /** Who speaks in this session when it is a subagent's (its `subagent_update` title): the author of its agent messages. */
  author: string | undefined

  constructor(
    private readonly sessionId: string,
    private readonly ids: StoreIds,
    private readonly emit: (update: AgentUpdate) => void,
  ) {}

  /** The message a chunk of `role` (with an optional wire id) appends to; starts one when needed. */
  forChunk(role: Role, wireId: string | undefined): TrackedMessage {
    const known = wireId === undefined ? undefined : this.byWireId.get(wireId)
    if (known && known.role === role) {
      // Same id = same message, even after a tool call: in Palimpsest the tool call is part of it.
      if (known.open) return this.show(this.focus(known))
      if (this.all.includes(known)) return this.reopen(known)
    }
    const current = this.current
    const merges = current?.open && current.role === role && !this.boundary && !known
    if (merges && (wireId === undefined || current.wireId === undefined)) {
      if (wireId !== undefined) this.adopt(current, wireId)
      return this.show(this.focus(current))
    }
    return this.show(this.start(role, wireId))
  }

  /**
   * The message a v2 upsert names: the known one (even if finished), else a new message after the
   * current one, not shown yet (`show` it when the upsert gives it content).
   */
  forUpsert(role: Role, wireId: string): TrackedMessage {
    const known = this.byWireId.get(wireId)
    if (known && known.role === role) return known.open ? this.focus(known) : known
    return this.start(role, wireId)
  }

  /** Makes sure the store has the message (sends its `message-start` once). */
  show(message: TrackedMessage): TrackedMessage {
    if (message.shown) return message
    message.shown = true
    this.emit({
      type: 'message-start',
      messageId: message.id,
      role: message.role,
      ...(message.role === 'assistant' && this.author !== undefined && { author: this.author }),
    })
    return message
  }

  /** The message a clear empties: the named one, else the latest assistant message. */
  forClear(wireId: string | undefined): TrackedMessage | undefined {
    const target = wireId === undefined ? this.lastAssistant : this.byWireId.get(wireId)
    if (target?.open) this.focus(target)
    return target
  }

  /**
   * The message a tool call or plan becomes part of: the streaming assistant message, or a new
   * one. Either way the next chunk starts a new message.
   */
  forPart(planId?: string): TrackedMessage {
    const current = this.current
    const reusable =
      current?.open && current.role === 'assistant' && (planId === undefined || (current.planId ?? planId) === planId)
    const host = this.show(reusable ? current : this.start('assistant', undefined))
    if (planId !== undefined) host.planId = planId
    this.boundary = true
    return host
  }

  /** The message of the current turn holding plan `planId`, if any: its plan updates in place. */
  withPlan(planId: string): TrackedMessage | undefined {
    for (let i = this.all.length - 1; i >= 0; i--) {
      const message = this.all[i] as TrackedMessage
      if (message.planId === planId) return message
    }
    return undefined
  }

  /** Whether a wire id already names a message of this session. */
  knows(wireId: string): boolean {
    return this.byWireId.has(wireId)
  }

  /** The store id of the message the last chunk or part went to, while it streams. */
  currentId(): string | undefined {
    return this.current?.open && this.current.shown ? this.current.id : undefined
  }

  /** Something non-textual came between chunks (a tool call seen first in a permission request). */
  markBoundary(): void {
    this.boundary = true
  }

  /** The turn ended: the store finished every message. */
  turnEnded(): void {
    for (const message of this.all) message.open = false
    this.all.length = 0
    this.current = undefined
    this.boundary = false
  }

  /** Finishes every open message with `status` (the stream ended). */
  finishAll(status: Exclude<MessageStatus, 'streaming'>): void {
    for (const message of this.all)
      if (message.open && message.shown) this.emit({ type: 'message-done', messageId: message.id, status })
    this.turnEnded()
  }

  private focus(message: TrackedMessage): TrackedMessage {
    this.current = message
    this.boundary = false
    if (message.role === 'assistant') this.lastAssistant = message
    return message
  }

  /** Gives a message a wire id the agent uses for it (e.g. the id of its echo of a prompt). */
  adopt(message: TrackedMessage, wireId: string): void {
    message.wireId ??= wireId
    this.byWireId.set(wireId, message)
  }

  /** Finishes the current message: the agent moved on to another (v1 has no per-message "done"). */
  private finishCurrent(): void {
    const previous = this.current
    if (!previous?.open) return
    if (previous.shown) this.emit({ type: 'message-done', messageId: previous.id, status: 'complete' })
    previous.open = false
  }

  /** A message of this turn that an id switch finished is named again: it streams again. */
  private reopen(message: TrackedMessage): TrackedMessage {
    this.finishCurrent()
    message.open = true
    if (message.shown) this.emit({ type: 'message-start', messageId: message.id, resume: true })
    return this.show(this.focus(message))
  }

  /** A new message (not shown yet), after the current one, which it finishes. */
  private start(role: Role, wireId: string | undefined): TrackedMessage {
    this.finishCurrent()
    const message: TrackedMessage = { id: this.ids.claim(this.sessionId, wireId), role, shown: false, open: true }
    if (wireId !== undefined) this.adopt(message, wireId)
    this.all.push(message)
    return this.focus(message)
  }
}

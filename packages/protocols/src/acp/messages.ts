/**
 * Message identity within one ACP session: which Palimpsest message a chunk, clear or upsert
 * belongs to, after the reference client's rule (Zed's `can_merge_message_chunks`): consecutive
 * chunks of one role merge unless both carry ids and the ids differ; a message↔thought switch stays
 * in the same message; a tool call or plan in between makes the next chunk start a new message.
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
  /** The wire id each buffer adopted (an agent may use one id for both, or one per buffer). */
  wireIds: Partial<Record<Stream, string>>
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
  ) {}

  /** The message a chunk of `role`/`stream` (with an optional wire id) appends to; starts one when needed. */
  forChunk(role: Role, stream: Stream, wireId: string | undefined, out: AgentUpdate[]): TrackedMessage {
    const known = wireId === undefined ? undefined : this.byWireId.get(wireId)
    // Same id = same message, even after a tool call: in Palimpsest the tool call is part of it.
    if (known && known.role === role && known.open) return this.focus(known)
    const current = this.current
    if (current?.open && current.role === role && !this.boundary && !known) {
      const adopted = current.wireIds[stream]
      if (wireId === undefined || adopted === undefined || adopted === wireId) {
        if (wireId !== undefined && adopted === undefined) this.adopt(current, stream, wireId)
        return this.focus(current)
      }
    }
    return this.start(role, stream, wireId, out)
  }

  /** The message a v2 upsert names: the known one (even if finished), else routed like a chunk. */
  forUpsert(role: Role, stream: Stream, wireId: string, out: AgentUpdate[]): TrackedMessage {
    const known = this.byWireId.get(wireId)
    if (known && known.role === role) return known.open ? this.focus(known) : known
    return this.forChunk(role, stream, wireId, out)
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
  forPart(out: AgentUpdate[], planId?: string): TrackedMessage {
    const current = this.current
    const reusable =
      current?.open && current.role === 'assistant' && (planId === undefined || (current.planId ?? planId) === planId)
    const host = reusable ? current : this.start('assistant', 'text', undefined, out)
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
    return this.current?.open ? this.current.id : undefined
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
  finishAll(status: Exclude<MessageStatus, 'streaming'>, out: AgentUpdate[]): void {
    for (const message of this.all) if (message.open) out.push({ type: 'message-done', messageId: message.id, status })
    this.turnEnded()
  }

  private focus(message: TrackedMessage): TrackedMessage {
    this.current = message
    this.boundary = false
    if (message.role === 'assistant') this.lastAssistant = message
    return message
  }

  /** Gives a message the wire id the agent uses for it (e.g. the id of its echo of a prompt). */
  adopt(message: TrackedMessage, stream: Stream, wireId: string): void {
    message.wireIds[stream] = wireId
    this.byWireId.set(wireId, message)
  }

  private start(role: Role, stream: Stream, wireId: string | undefined, out: AgentUpdate[]): TrackedMessage {
    // A new message ends the previous one: v1 has no per-message "done".
    const previous = this.current
    if (previous?.open) {
      out.push({ type: 'message-done', messageId: previous.id, status: 'complete' })
      previous.open = false
    }
    const message: TrackedMessage = { id: this.ids.claim(this.sessionId, wireId), role, wireIds: {}, open: true }
    if (wireId !== undefined) this.adopt(message, stream, wireId)
    this.all.push(message)
    out.push({
      type: 'message-start',
      messageId: message.id,
      role,
      ...(role === 'assistant' && this.author !== undefined && { author: this.author }),
    })
    return this.focus(message)
  }
}

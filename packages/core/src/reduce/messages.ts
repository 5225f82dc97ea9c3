/** Message lifecycle (`message-start`, `message-done`, `message-remove`) and the checks other families share. */
import {
  type Draft,
  deleteMessage,
  messageOf,
  putMessage,
  writableMessage,
  writableMessageIds,
  writableState,
} from '../draft'
import type { Message, MessageRole } from '../state'
import type { AgentUpdate, MessageDoneUpdate, MessageRemoveUpdate, MessageStartUpdate } from '../updates'
import { issue } from './issue'
import { settleParts, unindexPart } from './parts'
import { asSent } from './readdressing'
import { runningTurn, runningTurnId } from './turns'

/** Creates the message if absent; an interrupted one (or, with `reopen`, a finished one) streams again unless sealed. */
export function startMessage(d: Draft, id: string, role?: MessageRole, author?: string, reopen = false): void {
  const existing = messageOf(d, id)
  if (existing) {
    const fillAuthor = author !== undefined && existing.author === undefined
    const resume =
      !existing.sealed && (existing.status === 'interrupted' || (reopen && existing.status !== 'streaming'))
    if (!fillAuthor && !resume) return
    const message = writableMessage(d, id)
    if (fillAuthor) message.author = author
    if (resume) message.status = 'streaming'
    return
  }
  const turn = runningTurn(d)
  const message: Message = {
    id,
    role: role ?? 'assistant',
    status: 'streaming',
    parts: [],
    revision: 0,
    sealed: false,
    turnId: turn.id,
  }
  if (author !== undefined) message.author = author
  d.owned.add(message)
  putMessage(d, id, message)
  writableMessageIds(d).push(id)
}

/**
 * A `message-start`. Naming (without `resume`) a message that finished in an earlier turn, it is a
 * new answer whose producer reused an id (e.g. one decoder per request, each counting from 1):
 * merging it would drop every update of the new answer, so it opens a new message instead.
 */
export function startNamedMessage(d: Draft, u: MessageStartUpdate): void {
  const existing = messageOf(d, u.messageId)
  if (existing === undefined || isOpen(existing) || u.resume === true || existing.turnId === runningTurnId(d))
    return startMessage(d, u.messageId, u.role, u.author, u.resume === true)
  // The id as sent: renaming it again must not chain `~2~2`.
  const wireId = (asSent(u) as MessageStartUpdate).messageId
  let fresh = `${wireId}~2`
  for (let n = 3; messageOf(d, fresh) !== undefined; n++) fresh = `${wireId}~${n}`
  const state = writableState(d)
  state.renamedMessages = { ...state.renamedMessages, [wireId]: fresh }
  issue(d, 'reused-message-id', `message-start for ${wireId}, finished in an earlier turn: a new message ${fresh}`, u)
  startMessage(d, fresh, u.role, u.author)
}

/** The message an update without `messageId` goes to: the latest one, or a new assistant message. */
export function targetMessage(d: Draft, messageId: string | undefined): string {
  if (messageId !== undefined) {
    startMessage(d, messageId)
    return messageId
  }
  const ids = d.state.messageIds
  const latest = ids[ids.length - 1]
  if (latest !== undefined) return latest
  startMessage(d, 'message-1')
  return 'message-1'
}

/** Streaming updates may still change the message: it is not sealed, and streaming or interrupted. */
export function isOpen(message: Message): boolean {
  return !message.sealed && (message.status === 'streaming' || message.status === 'interrupted')
}

/** Whether the message takes any update still (a final replacement sealed it); reports when not. */
export function acceptsChanges(d: Draft, message: Message, u: AgentUpdate): boolean {
  if (!message.sealed) return true
  issue(d, 'sealed-message', `message ${message.id} was sealed by a final replacement; ${u.type} ignored`, u)
  return false
}

/** Whether streaming updates may still change the message (see `isOpen`); reports when not. */
export function acceptsStreaming(d: Draft, message: Message, u: AgentUpdate): boolean {
  if (!acceptsChanges(d, message, u)) return false
  if (isOpen(message)) return true
  issue(d, 'finished-message', `message ${message.id} is ${message.status}; ${u.type} ignored`, u)
  return false
}

export function finishMessage(d: Draft, u: MessageDoneUpdate): void {
  const existing = messageOf(d, u.messageId)
  if (!existing) return issue(d, 'unknown-message', `message-done for unknown message ${u.messageId}`, u)
  if (!acceptsStreaming(d, existing, u)) return
  const message = writableMessage(d, u.messageId)
  message.status = u.status ?? 'complete'
  settleParts(d, message)
}

/** Removes a message and the index entries of its tool calls and approval requests. */
export function removeMessage(d: Draft, u: MessageRemoveUpdate): void {
  const id = u.messageId
  const message = messageOf(d, id)
  if (!message) return issue(d, 'unknown-message', `message-remove for unknown message ${id}`, u)
  for (const part of message.parts) unindexPart(d, id, part)
  deleteMessage(d, id)
  const ids = writableMessageIds(d)
  ids.splice(ids.lastIndexOf(id), 1)
}

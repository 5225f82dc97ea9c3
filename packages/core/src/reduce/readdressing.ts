/**
 * Readdressing: once a reused id has been renamed (see `startNamedMessage`), the updates naming the
 * old id go to the new message. Issues still report the update as the caller sent it.
 */
import type { Draft } from '../draft'
import type { AgentUpdate } from '../updates'

/** A readdressed copy of an update → the update as sent. */
const sentAs = new WeakMap<object, AgentUpdate>()

/** The update, addressed to the message that took over its `messageId`. */
export function readdress(d: Draft, u: AgentUpdate): AgentUpdate {
  const renamed = d.state.renamedMessages
  if (renamed === undefined || !('messageId' in u) || typeof u.messageId !== 'string') return u
  const messageId = renamed[u.messageId]
  if (messageId === undefined) return u
  const readdressed = { ...u, messageId } as AgentUpdate
  sentAs.set(readdressed, u)
  return readdressed
}

/** The input as the caller sent it: the original of a readdressed update, else the input itself. */
export function asSent<T>(input: T): T | AgentUpdate {
  return (typeof input === 'object' && input !== null && sentAs.get(input)) || input
}

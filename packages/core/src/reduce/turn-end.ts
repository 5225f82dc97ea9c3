/** `turn-end`: the latest turn ends, and every message still streaming finishes with it. */
import { type Draft, messageOf, writableMessage } from '../draft'
import type { Message, MessageStatus, TurnStatus } from '../state'
import type { TurnEndUpdate } from '../updates'
import { settleParts } from './parts'
import { cancelOpenToolCalls } from './tool-calls'
import { latestTurn } from './turns'
import { sumUsage } from './usage'

const stopStatus: Record<string, { turn: TurnStatus; message: Exclude<MessageStatus, 'streaming'> }> = {
  cancelled: { turn: 'cancelled', message: 'cancelled' },
  refusal: { turn: 'completed', message: 'refusal' },
  error: { turn: 'failed', message: 'error' },
  failed: { turn: 'failed', message: 'error' },
}

export function endTurn(d: Draft, u: TurnEndUpdate): void {
  const turn = latestTurn(d)
  const mapped = stopStatus[u.stopReason ?? '']
  turn.status = u.status ?? (u.continuationToken ? 'background' : (mapped?.turn ?? 'completed'))
  if (u.stopReason !== undefined) turn.stopReason = u.stopReason
  if (u.usage !== undefined) turn.usage = sumUsage(turn.usage, u.usage)
  if (u.continuationToken !== undefined) turn.continuationToken = u.continuationToken
  if (u.responseId !== undefined) turn.responseId = u.responseId
  const messageStatus = mapped?.message ?? 'complete'
  for (const id of d.state.messageIds) {
    const message = messageOf(d, id) as Message
    if (message.status !== 'streaming' || message.sealed) continue
    const writable = writableMessage(d, id)
    // A refusal belongs to the agent's answer, not to the user's prompt.
    writable.status = messageStatus === 'refusal' && message.role !== 'assistant' ? 'complete' : messageStatus
    settleParts(d, writable)
    if (messageStatus === 'cancelled') cancelOpenToolCalls(d, writable)
  }
}

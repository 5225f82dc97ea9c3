/**
 * Turns (`turn-start`, `run`): the running turn is the latest turn while its status is `running` or
 * `background`; an update that needs one when none runs starts it.
 */
import { type Draft, writableLastTurn, writableTurns } from '../draft'
import type { Turn } from '../state'
import type { RunUpdate, TurnStartUpdate } from '../updates'

function startTurn(d: Draft, turnId?: string, responseId?: string): Turn {
  const turns = writableTurns(d)
  const turn: Turn = { id: turnId ?? `turn-${turns.length + 1}`, status: 'running' }
  if (responseId !== undefined) turn.responseId = responseId
  d.owned.add(turn)
  turns.push(turn)
  return turn
}

/** The id of the running turn, if any. */
export function runningTurnId(d: Draft): string | undefined {
  const last = d.state.turns[d.state.turns.length - 1]
  return last && (last.status === 'running' || last.status === 'background') ? last.id : undefined
}

/** The running turn (writable), started implicitly when there is none. */
export function runningTurn(d: Draft): Turn {
  if (runningTurnId(d) !== undefined) return writableLastTurn(d) as Turn
  return startTurn(d)
}

/** The latest turn (writable), even when it has ended; started when there is none. */
export function latestTurn(d: Draft): Turn {
  return writableLastTurn(d) ?? startTurn(d)
}

/** A `turn-start`: a new turn, running. */
export function beginTurn(d: Draft, u: TurnStartUpdate): void {
  startTurn(d, u.turnId, u.responseId)
}

/** Facts about the running turn that arrive mid-stream. */
export function recordRun(d: Draft, u: RunUpdate): void {
  const turn = runningTurn(d)
  if (u.responseId !== undefined) turn.responseId = u.responseId
  if (u.continuationToken === null) delete turn.continuationToken
  else if (u.continuationToken !== undefined) turn.continuationToken = u.continuationToken
  if (u.status !== undefined) turn.status = u.status
}

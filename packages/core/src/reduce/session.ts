import { type Draft, writableState } from '../draft'
import type { SessionUpdateUpdate } from '../updates'

/** A `session-update`: shallow-merged into `state.session`. */
export function mergeSession(d: Draft, u: SessionUpdateUpdate): void {
  const state = writableState(d)
  state.session = { ...state.session, ...u.session }
}

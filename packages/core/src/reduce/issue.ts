import type { Draft } from '../draft'
import type { Issue } from '../updates'
import { asSent } from './readdressing'

/** Reports what the reducer could not apply, with the input as the caller sent it. */
export function issue(d: Draft, code: Issue['code'], message: string, input?: unknown): void {
  const reported: Issue = { code, message, source: 'reducer' }
  if (input !== undefined) reported.input = asSent(input)
  try {
    d.report(reported)
  } catch {
    // A throwing onIssue handler must not break the stream.
  }
}

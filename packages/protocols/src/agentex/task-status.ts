/**
 * What a terminal Agentex task status means for the transcript. `RUNNING` and `INTERRUPTED` are
 * not terminal; every other status ends the stream and the turn.
 */
import type { MessageStatus, ToolCallStatus, TurnStatus } from '@palimpsest/core'

export interface TaskEnding {
  turn: TurnStatus
  /** Status of the messages still streaming when the task ended. */
  message: Exclude<MessageStatus, 'streaming'>
  /** Status of tool calls still waiting for their response; undefined leaves them as they are. */
  tool?: ToolCallStatus
  /** Shown as an error part when the task failed (the server's `status_reason` takes precedence). */
  failure?: string
}

const endings: Record<string, TaskEnding> = {
  COMPLETED: { turn: 'completed', message: 'complete' },
  FAILED: { turn: 'failed', message: 'error', tool: 'failed', failure: 'The task failed.' },
  TIMED_OUT: { turn: 'failed', message: 'error', tool: 'failed', failure: 'The task timed out.' },
  CANCELED: { turn: 'cancelled', message: 'cancelled', tool: 'cancelled' },
  TERMINATED: { turn: 'cancelled', message: 'cancelled', tool: 'cancelled' },
  DELETED: { turn: 'cancelled', message: 'cancelled', tool: 'cancelled' },
}

const running = new Set(['RUNNING', 'INTERRUPTED'])

/** The ending for a terminal status, `running` for a non-terminal one, undefined for an unknown one. */
export function taskEnding(status: unknown): TaskEnding | 'running' | undefined {
  if (typeof status !== 'string') return undefined
  if (running.has(status)) return 'running'
  return Object.hasOwn(endings, status) ? endings[status] : undefined
}

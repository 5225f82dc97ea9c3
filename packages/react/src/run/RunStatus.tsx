/**
 * The run record of a turn (the latest by default): its status, and the actions it allows —
 * resume a run that continues in the background (or broke) with its continuation token, cancel
 * one that is still going. The buttons appear only when their callback is given and the turn
 * allows the action.
 */
import type { Turn } from '@palimpsest/core'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { type RunLabels, runLabels } from './run-labels'
import { useTurn } from './turn-hooks'

export interface RunStatusProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Which turn; default the latest. */
  turnId?: string
  /** Resume the run from its continuation token (shown when the turn has one and is in the background or failed). */
  onResume?: (continuationToken: string, turn: Turn) => void
  /** Cancel the run (shown while it is running or in the background). */
  onCancel?: (turn: Turn) => void
  labels?: Partial<RunLabels>
}

export const RunStatus = forwardRef<HTMLDivElement, RunStatusProps>(function RunStatus(
  { turnId, onResume, onCancel, labels, ...rest },
  ref,
) {
  const turn = useTurn(turnId)
  if (!turn) return null
  const words = runLabels(labels)
  const token = turn.continuationToken
  // A completed or cancelled run has nothing left to resume, even if a stale token remains.
  const canResume =
    onResume !== undefined && token !== undefined && (turn.status === 'background' || turn.status === 'failed')
  const canCancel = onCancel !== undefined && (turn.status === 'running' || turn.status === 'background')
  return (
    <div
      ref={ref}
      {...rest}
      data-palimpsest-run-status=""
      data-status={turn.status}
      data-turn-id={turn.id}
      data-response-id={turn.responseId}
      data-resumable={token !== undefined ? '' : undefined}
    >
      <span data-palimpsest-run-status-label="">{words.turnStatus[turn.status] ?? turn.status}</span>
      {turn.stopReason !== undefined && turn.status !== 'completed' && (
        <span data-palimpsest-run-stop-reason=""> ({turn.stopReason})</span>
      )}
      {canResume && (
        <button type="button" data-palimpsest-run-action="resume" onClick={() => onResume(token, turn)}>
          {words.resume}
        </button>
      )}
      {canCancel && (
        <button type="button" data-palimpsest-run-action="cancel" onClick={() => onCancel(turn)}>
          {words.cancel}
        </button>
      )}
    </div>
  )
})

/** Hooks over the run record (`state.turns`). */
import { selectLatestTurn, type Turn } from '@palimpsest/core'
import { useTranscriptStore } from '../store/store-context'
import { useTranscriptSelector } from '../store/use-transcript-selector'

/** The turn with this id, or the latest turn when no id is given. Re-renders only when that turn changes. */
export function useTurn(turnId?: string): Turn | undefined {
  return useTranscriptSelector(useTranscriptStore(), (state) =>
    turnId === undefined ? selectLatestTurn(state) : state.turns.find((turn) => turn.id === turnId),
  )
}

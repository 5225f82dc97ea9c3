/** Test support: folds updates through the pure reducer one at a time, collecting what it reports. */
import { type AgentUpdate, createInitialState, type Issue, reduce, type TranscriptState } from '@palimpsest/core'

export function reduceCollecting(
  updates: readonly AgentUpdate[],
  from: TranscriptState = createInitialState(),
): { state: TranscriptState; issues: Issue[] } {
  const issues: Issue[] = []
  let state = from
  for (const update of updates) state = reduce(state, update, (issue) => issues.push(issue))
  return { state, issues }
}

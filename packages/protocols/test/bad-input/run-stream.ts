/** Runs wire messages through a protocol's decoder into a synchronous store, collecting issues. */
import { createTranscriptStore, type Issue, type TranscriptState, toMarkdown } from '@palimpsest/core'
import { decoders } from '@palimpsest/protocols/traces'
import { assertInvariants } from '../../../core/test/fuzz/assert-invariants'

export interface StreamRun {
  state: TranscriptState
  /** What the decoder and the reducer reported, by code. */
  issues: Issue[]
  /** The answer text of every message, in order (parts joined). */
  text(): string
}

export function runStream(protocol: string, wires: readonly unknown[], end = true): StreamRun {
  const issues: Issue[] = []
  const onIssue = (issue: Issue) => issues.push(issue)
  const store = createTranscriptStore({ schedule: 'sync', onIssue })
  const decoder = decoders[protocol]?.({ onIssue })
  if (!decoder) throw new Error(`no decoder ${protocol}`)
  for (const wire of wires) {
    store.getState().apply(decoder.decode(wire as never))
    assertInvariants(store.getState())
  }
  if (end) store.getState().apply(decoder.end())
  const state = store.getState()
  assertInvariants(state)
  return {
    state,
    issues,
    text: () =>
      state.messageIds
        .flatMap((id) => state.messages[id]?.parts ?? [])
        .filter((part) => part.kind === 'text')
        .map((part) => (part as { text: string }).text)
        .join(''),
  }
}

export { toMarkdown }

/** Test helper: feeds wire messages through a decoder into a synchronous store. */
import {
  type AgentUpdate,
  createTranscriptStore,
  type Decoder,
  type EndReason,
  type Issue,
  type Message,
  type TranscriptState,
} from '@palimpsest/core'

export interface DecodedRun {
  state: TranscriptState
  updates: AgentUpdate[]
  /** Issues reported by the decoder. */
  decoderIssues: Issue[]
  /** Issues reported by the reducer (a decoder should cause none). */
  reducerIssues: Issue[]
  messages: Message[]
}

export function runDecoder(
  createDecoder: (options: { onIssue: (issue: Issue) => void }) => Decoder,
  wires: readonly unknown[],
  end: EndReason | 'none' = 'complete',
): DecodedRun {
  const decoderIssues: Issue[] = []
  const reducerIssues: Issue[] = []
  const store = createTranscriptStore({ schedule: 'sync', onIssue: (issue) => reducerIssues.push(issue) })
  const decoder = createDecoder({ onIssue: (issue) => decoderIssues.push(issue) })
  const updates: AgentUpdate[] = []
  const apply = (batch: AgentUpdate[]) => {
    updates.push(...batch)
    store.getState().apply(batch)
  }
  for (const wire of wires) apply(decoder.decode(wire))
  if (end !== 'none') apply(decoder.end(end))
  const state = store.getState()
  const messages = state.messageIds.map((id) => state.messages[id] as Message)
  return { state, updates, decoderIssues, reducerIssues, messages }
}

/** The parts of a message as `kind: text` summaries, for compact assertions. */
export function partSummary(message: Message | undefined): string[] {
  return (message?.parts ?? []).map((part) => {
    switch (part.kind) {
      case 'text':
      case 'reasoning':
        return `${part.kind}: ${part.text}`
      case 'tool-call':
        return `tool-call ${part.name ?? '?'} ${part.status}`
      case 'approval-request':
        return `approval-request ${part.requestId} ${part.status}`
      case 'status':
        return `status: ${part.text}`
      case 'error':
        return `error: ${part.message}`
      case 'handoff':
        return `handoff ${part.from ?? '?'} → ${part.to}`
      default:
        return part.kind
    }
  })
}

/** Wire builders and a decode-into-a-store helper for the ACP tests. */
import { type AgentUpdate, createTranscriptStore, type Issue, type TranscriptState, toMarkdown } from '@palimpsest/core'
import { type AcpDecoderOptions, createAcpDecoder } from '@palimpsest/protocols/acp'

export const sessionId = 'sess_abc123def456'

/** A `session/update` notification. */
export function notification(update: Record<string, unknown>, session = sessionId) {
  return { jsonrpc: '2.0', method: 'session/update', params: { sessionId: session, update } }
}

export const text = (value: string) => ({ type: 'text', text: value })

export const agentChunk = (value: string, messageId?: string | null) =>
  notification({
    sessionUpdate: 'agent_message_chunk',
    content: text(value),
    ...(messageId !== undefined && { messageId }),
  })

export const thoughtChunk = (value: string, messageId?: string | null) =>
  notification({
    sessionUpdate: 'agent_thought_chunk',
    content: text(value),
    ...(messageId !== undefined && { messageId }),
  })

export const userChunk = (value: string, messageId?: string) =>
  notification({
    sessionUpdate: 'user_message_chunk',
    content: text(value),
    ...(messageId !== undefined && { messageId }),
  })

/** The `session/prompt` response that ends a v1 turn. */
export const promptResponse = (stopReason: string, id = 2) => ({ jsonrpc: '2.0', id, result: { stopReason } })

export interface Decoded {
  state: TranscriptState
  /** What the decoder reported. */
  issues: Issue[]
  /** What the store's reducer reported. */
  storeIssues: Issue[]
  updates: AgentUpdate[]
  /** The transcript with reasoning and tools, as `toMarkdown` renders it. */
  markdown: string
}

/** Decodes the wire messages in order into a synchronous store, then calls `end(endReason)` if given. */
export function decodeAll(
  wires: readonly unknown[],
  options: AcpDecoderOptions = {},
  endReason?: 'complete' | 'interrupted' | 'cancelled' | 'error',
): Decoded {
  const issues: Issue[] = []
  const storeIssues: Issue[] = []
  const decoder = createAcpDecoder({ ...options, onIssue: (issue) => issues.push(issue) })
  const store = createTranscriptStore({ schedule: 'sync', onIssue: (issue) => storeIssues.push(issue) })
  const updates: AgentUpdate[] = []
  const apply = (batch: AgentUpdate[]) => {
    updates.push(...batch)
    store.getState().apply(batch)
  }
  for (const wire of wires) apply(decoder.decode(wire as Record<string, unknown>))
  if (endReason) apply(decoder.end(endReason))
  const state = store.getState()
  return { state, issues, storeIssues, updates, markdown: toMarkdown(state, { reasoning: true, tools: true }) }
}

/** The messages in display order. */
export function messagesOf(state: TranscriptState) {
  return state.messageIds.map((id) => state.messages[id]!)
}

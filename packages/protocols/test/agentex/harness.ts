/** Runs Agentex wire messages through the decoder into a synchronous store, collecting issues. */
import {
  type AgentUpdate,
  createTranscriptStore,
  type EndReason,
  type Issue,
  type Message,
  type Part,
  type TranscriptState,
  toMarkdown,
} from '@palimpsest/core'
import { type AgentexWire, createAgentexDecoder } from '@palimpsest/protocols/agentex'

export interface Run {
  /** Decodes more wire messages into the same store. */
  push(...wires: unknown[]): AgentUpdate[]
  end(reason?: EndReason): AgentUpdate[]
  readonly state: TranscriptState
  /** Issues from the decoder (`source: 'agentex'`) and from the reducer. */
  readonly issues: Issue[]
  codes(): string[]
  message(id: string): Message
  part<K extends Part['kind']>(id: string, kind: K): Extract<Part, { kind: K }>
  markdown(): string
}

export function run(...wires: unknown[]): Run {
  const issues: Issue[] = []
  const decoder = createAgentexDecoder({ onIssue: (issue) => issues.push(issue) })
  const store = createTranscriptStore({ schedule: 'sync', onIssue: (issue) => issues.push(issue) })
  const apply = (updates: AgentUpdate[]) => {
    store.getState().apply(updates)
    return updates
  }
  const self: Run = {
    // Tests also feed malformed input on purpose, so the wire is not statically an AgentexWire.
    push: (...more) => more.flatMap((wire) => apply(decoder.decode(wire as AgentexWire))),
    end: (reason) => apply(decoder.end(reason)),
    get state() {
      return store.getState()
    },
    issues,
    codes: () => issues.map((issue) => issue.code),
    message(id) {
      const message = store.getState().messages[id]
      if (!message) throw new Error(`no message ${id}; have ${store.getState().messageIds.join(', ')}`)
      return message
    },
    part(id, kind) {
      const part = self.message(id).parts.find((p) => p.kind === kind)
      if (!part) throw new Error(`message ${id} has no ${kind} part`)
      return part as never
    },
    markdown: () => toMarkdown(store.getState(), { reasoning: true, tools: true }),
  }
  self.push(...wires)
  return self
}

/**
 * A strict consumer of the packed packages: type-checked under `node16`, `nodenext`, `bundler` and
 * `node10`. The `@ts-expect-error` lines fail the check if the types were not found (an unresolved
 * module reads as `any`, and the wrong input would then pass).
 */
import {
  type AgentUpdate,
  createTranscriptStore,
  type ReasoningPart,
  type TextPart,
  type TranscriptState,
} from '@palimpsest/core'
import { createAcpDecoder } from '@palimpsest/protocols/acp'
import { createAgUiDecoder } from '@palimpsest/protocols/ag-ui'
import { createAgentFrameworkDecoder } from '@palimpsest/protocols/agent-framework'
import { createAgentexDecoder } from '@palimpsest/protocols/agentex'
import { createUIMessagesDecoder, type UIMessagesSnapshot } from '@palimpsest/protocols/ai-sdk'
import { createOpenAiChatDecoder } from '@palimpsest/protocols/openai'
import { type Trace, traces } from '@palimpsest/protocols/traces'
import { sseEvents } from '@palimpsest/protocols/transports'
import { type PartProps, Reasoning, TextView, Transcript, useSnapshotStore } from '@palimpsest/react'
import { TraceReplayer } from '@palimpsest/react/devtools'
import { VirtualTranscript } from '@palimpsest/react/virtual'
import { createRef } from 'react'

const store = createTranscriptStore({ schedule: 'sync' })
const update: AgentUpdate = { type: 'chunk', messageId: 'm1', text: 'hi' }
store.getState().apply(update)
// @ts-expect-error: not an update type
store.getState().apply({ type: 'nope' })
const state: TranscriptState = store.getState()
export const firstId: string | undefined = state.messageIds[0]

export const decoders = [createAcpDecoder(), createAgUiDecoder(), createAgentFrameworkDecoder(), createAgentexDecoder()]
export const chat = createOpenAiChatDecoder()
export const firstTrace: Trace | undefined = traces[0]
export const events: typeof sseEvents = sseEvents

const snapshot: UIMessagesSnapshot = { messages: [], status: 'ready' }
// @ts-expect-error: not a chat status
export const wrong: UIMessagesSnapshot = { messages: [], status: 'done' }

export function Chat() {
  const chatStore = useSnapshotStore(createUIMessagesDecoder, snapshot)
  return <Transcript store={chatStore} holdMs={300} />
}

export function Replayer({ trace }: { trace: Trace }) {
  return <TraceReplayer trace={trace} decoder={createAcpDecoder} />
}

const panel = createRef<HTMLDivElement>()
export function MyReasoning(props: PartProps<ReasoningPart>) {
  return (
    <Reasoning.Root {...props} ref={panel} style={{ maxHeight: 320 }} onOpenChange={(open: boolean) => open}>
      <Reasoning.Trigger onClick={(event) => event.preventDefault()} />
      <Reasoning.Content className="body" />
    </Reasoning.Root>
  )
}

export function MyText(props: PartProps<TextPart>) {
  // @ts-expect-error: a text part renders a <div>, not a <span>
  return <TextView {...props} ref={createRef<HTMLSpanElement>()} />
}

export function LongChat() {
  const chatStore = useSnapshotStore(createUIMessagesDecoder, snapshot)
  // @ts-expect-error: overscan is a number of messages
  const wrongOverscan = <VirtualTranscript store={chatStore} overscan="all" />
  return wrongOverscan && <VirtualTranscript store={chatStore} holdMs={300} overscan={2} />
}

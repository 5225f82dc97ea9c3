/**
 * The AI SDK's own chat state (`Chat` from `@ai-sdk/react`, what `useChat` reads), driven without
 * React: each reply streams given UI message chunks. Every change of `messages` or `status` is
 * decoded by `createUIMessagesDecoder` into a store, as `useSnapshotStore` does in a component
 * (once per task, as React renders).
 */
import { Chat } from '@ai-sdk/react'
import {
  type AgentUpdate,
  createTranscriptStore,
  type Issue,
  type Part,
  type TranscriptState,
  type TranscriptStore,
} from '@palimpsest/core'
import { createUIMessagesDecoder } from '@palimpsest/protocols/ai-sdk'
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai'

export interface ChatHarness {
  chat: Chat<UIMessage>
  store: TranscriptStore
  issues: Issue[]
  /** Every batch of updates the decoder returned, in order. */
  batches: AgentUpdate[][]
  /** Queue the chunks of the next reply. */
  reply(chunks: UIMessageChunk[]): void
}

export function chatHarness(): ChatHarness {
  const replies: UIMessageChunk[][] = []
  const transport: ChatTransport<UIMessage> = {
    async sendMessages() {
      const chunks = replies.shift() ?? []
      return new ReadableStream<UIMessageChunk>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk)
          controller.close()
        },
      })
    },
    async reconnectToStream() {
      return null
    },
  }
  let next = 1
  const chat = new Chat<UIMessage>({ transport, generateId: () => `u${next++}` })
  const issues: Issue[] = []
  const onIssue = (issue: Issue) => issues.push(issue)
  const store = createTranscriptStore({ schedule: 'sync', onIssue })
  const decoder = createUIMessagesDecoder({ onIssue })
  const batches: AgentUpdate[][] = []
  const decode = () => {
    const updates = decoder.decode({ messages: chat.messages, status: chat.status })
    batches.push(updates)
    store.getState().apply(updates)
  }
  // React renders once for the changes of one task (e.g. the question pushed and the status set to
  // `submitted` by one `sendMessage` call); a microtask stands in for that render.
  let queued = false
  const render = () => {
    if (queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      decode()
    })
  }
  chat['~registerMessagesCallback'](render)
  chat['~registerStatusCallback'](render)
  return { chat, store, issues, batches, reply: (chunks) => replies.push(chunks) }
}

/** A text reply: a message with the text streamed in the given pieces. */
export function textReply(messageId: string, pieces: string[]): UIMessageChunk[] {
  return [
    { type: 'start', messageId },
    { type: 'start-step' },
    { type: 'text-start', id: 't' },
    ...pieces.map((delta): UIMessageChunk => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'stop' },
  ]
}

/** What a reader sees of a part: no store ids, epochs or streaming flags. */
export function visiblePart(part: Part): Record<string, unknown> {
  const {
    id: _id,
    epoch: _epoch,
    inputText: _inputText,
    toolKind: _toolKind,
    ...rest
  } = part as Part & Record<string, unknown>
  if (part.kind === 'text' || part.kind === 'reasoning') delete rest.status
  return rest
}

/** The transcript as a reader sees it: messages in order, their role and parts. */
export function visibleTranscript(state: TranscriptState) {
  return state.messageIds.map((id) => {
    const message = state.messages[id]
    return { id, role: message?.role, parts: message?.parts.map(visiblePart) }
  })
}

/** The transcript a fresh decoder builds from one snapshot: what the array says. */
export function transcriptOf(messages: readonly UIMessage[]) {
  const store = createTranscriptStore({ schedule: 'sync' })
  store.getState().apply(createUIMessagesDecoder().decode(messages))
  return visibleTranscript(store.getState())
}

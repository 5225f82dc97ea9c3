/**
 * What most chat UIs do with a stream: append every text delta to the message and render the
 * concatenation with react-markdown. Clears, replacements and seals are ignored. For comparison
 * only; this is the behaviour Palimpsest exists to fix.
 */
import type { AgentUpdate } from '@palimpsest/core'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'

export interface NaiveMessage {
  id: string
  role: string
  text: string
}

/** Appends the chunk text of `updates` to `messages` (a new array; untouched messages kept). */
export function appendChunks(
  messages: readonly NaiveMessage[],
  updates: readonly AgentUpdate[],
): readonly NaiveMessage[] {
  let next = messages
  for (const update of updates) {
    if (update.type !== 'chunk') continue
    const index = next.findIndex((message) => message.id === update.messageId)
    const current = next[index]
    next =
      current === undefined
        ? [...next, { id: update.messageId, role: update.role ?? 'assistant', text: update.text }]
        : next.map((message, i) => (i === index ? { ...message, text: message.text + update.text } : message))
  }
  return next
}

export function NaiveAppendTranscript({ messages }: { messages: readonly NaiveMessage[] }) {
  return (
    <div
      role="log"
      aria-label="Append-only transcript"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
      tabIndex={0}
      data-naive-transcript=""
      style={{ padding: 12, overflowY: 'auto', height: '100%', boxSizing: 'border-box' }}
    >
      {messages.map((message) => (
        <article
          key={message.id}
          aria-label={message.role === 'user' ? 'You' : 'Assistant'}
          data-naive-message={message.id}
          style={{ marginBottom: 12, overflowWrap: 'anywhere' }}
        >
          <strong>{message.role === 'user' ? 'You' : 'Assistant'}</strong>
          <Markdown remarkPlugins={[remarkGfm]}>{message.text}</Markdown>
        </article>
      ))}
    </div>
  )
}

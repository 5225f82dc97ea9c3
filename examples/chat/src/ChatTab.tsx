/** `useChat` rendered by Palimpsest: one hook call turns the chat state into a transcript store. */
import { useChat } from '@ai-sdk/react'
import { createUIMessagesDecoder } from '@palimpsest/protocols/ai-sdk'
import { Transcript, useSnapshotStore } from '@palimpsest/react'
import { useState } from 'react'

export function ChatTab() {
  const { messages, status, sendMessage, regenerate } = useChat()
  const store = useSnapshotStore(createUIMessagesDecoder, { messages, status })
  const [input, setInput] = useState('')
  /** The question being edited: its id, or none when the input asks a new one. */
  const [editing, setEditing] = useState<string | undefined>()
  const busy = status === 'submitted' || status === 'streaming'
  const lastQuestion = messages.findLast((message) => message.role === 'user')

  return (
    <section aria-label="Chat">
      <div className="transcript">
        <Transcript store={store} />
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!input.trim()) return
          sendMessage(editing ? { text: input, messageId: editing } : { text: input })
          setInput('')
          setEditing(undefined)
        }}
      >
        <input
          aria-label={editing ? 'Edit the question' : 'Ask about the weather'}
          placeholder="Lisbon this weekend?"
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        <button type="submit" disabled={busy}>
          {editing ? 'Save and ask again' : 'Send'}
        </button>
        <button type="button" disabled={busy || messages.length === 0} onClick={() => regenerate()}>
          Regenerate
        </button>
        <button
          type="button"
          disabled={busy || !lastQuestion}
          onClick={() => {
            if (!lastQuestion) return
            setEditing(lastQuestion.id)
            setInput(lastQuestion.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''))
          }}
        >
          Edit last question
        </button>
      </form>
      <p className="status" data-status={status}>
        {status}
      </p>
    </section>
  )
}

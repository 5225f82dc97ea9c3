/**
 * A server component, as a Next.js App Router page is by default: it loads a conversation (here a
 * constant, in an app its database) and renders markdown with `StreamingMarkdown` directly, the
 * conversation through the client component in `chat.tsx`, and highlighted code through `code.tsx`.
 */
import { StreamingMarkdown } from '@palimpsest/react'
import { Chat, type SavedMessage } from './chat'
import { Code } from './code'

async function loadConversation(): Promise<SavedMessage[]> {
  return [
    { id: 'q', role: 'user', parts: [{ type: 'text', text: 'A question saved in the database' }] },
    { id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'An **answer** saved in the database' }] },
  ]
}

export default async function Page() {
  const messages = await loadConversation()
  return (
    <main>
      <StreamingMarkdown text={'A pinned note rendered on the **server**:\n\n| a | b |\n| - | - |\n| 1 | 2 |\n'} />
      <Chat messages={messages} />
      <Code text={'```ts\nconst answer: number = 42\n```\n'} />
    </main>
  )
}

/**
 * A conversation as an app holds it (the AI SDK's `UIMessage[]`, e.g. loaded from a database), and
 * the component that renders it through `useSnapshotStore`: what a server renders and a browser
 * hydrates.
 */
import { createUIMessagesDecoder, type UIMessagesSnapshot } from '@palimpsest/protocols/ai-sdk'
import { Transcript, useSnapshotStore } from '@palimpsest/react'
import type { UIMessage } from 'ai'

export const conversation: UIMessage[] = [
  { id: 'q1', role: 'user', parts: [{ type: 'text', text: 'Compare the two plans' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'reasoning', text: 'Two plans, two prices.' },
      {
        type: 'tool-lookupPlans',
        toolCallId: 'call-1',
        state: 'output-available',
        input: { ids: ['basic', 'pro'] },
        output: { count: 2 },
      },
      {
        type: 'text',
        text: 'The **pro** plan costs more.\n\n| plan | price |\n| --- | --- |\n| basic | 5 |\n| pro | 9 |\n\n```ts\nconst total = 5 + 9\n```',
      },
    ],
  },
]

export function Chat({ snapshot }: { snapshot: UIMessagesSnapshot }) {
  const store = useSnapshotStore(createUIMessagesDecoder, snapshot)
  return <Transcript store={store} style={{ height: 400 }} />
}

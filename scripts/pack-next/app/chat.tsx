'use client'
import { createUIMessagesDecoder } from '@palimpsest/protocols/ai-sdk'
import { Transcript, useSnapshotStore } from '@palimpsest/react'

export interface SavedMessage {
  id: string
  role: 'user' | 'assistant'
  parts: { type: 'text'; text: string }[]
}

export function Chat({ messages }: { messages: SavedMessage[] }) {
  return <Transcript store={useSnapshotStore(createUIMessagesDecoder, messages)} />
}

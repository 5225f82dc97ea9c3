/** The naive renderer the frame tests hold Palimpsest against: react-markdown over the raw text buffer. */
import type { TranscriptStore } from '@palimpsest/core'
import { useSyncExternalStore } from 'react'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'

export function NaiveMessage({ store, messageId = 'm' }: { store: TranscriptStore; messageId?: string }) {
  const text = useSyncExternalStore(store.subscribe, () => {
    const part = store.getState().messages[messageId]?.parts[0]
    return part?.kind === 'text' ? part.text : ''
  })
  return (
    <div data-naive="">
      <Markdown remarkPlugins={[remarkGfm]}>{text}</Markdown>
    </div>
  )
}

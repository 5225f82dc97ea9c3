import type { Message as MessageState } from '@palimpsest/core'
import { type CSSProperties, useRef } from 'react'
import { useTranscriptOptions } from '../options/options-context'
import { MessageArticle } from './MessageArticle'

/**
 * One message of a transcript's list: the app's `components.Message` if it gave one, else the
 * default layout (`MessageArticle`). `style` goes on the default `<article>` (a custom message places
 * itself). The text of a message that mounts settled renders through `SettledText` until it streams.
 */
export function TranscriptMessage({ message, style }: { message: MessageState; style?: CSSProperties }) {
  const { components } = useTranscriptOptions()
  const settled = useRef(message.status !== 'streaming')
  if (message.status === 'streaming') settled.current = false
  const Custom = components.Message
  if (Custom) return <Custom message={message} />
  return <MessageArticle message={message} style={style} settledText={settled.current} />
}

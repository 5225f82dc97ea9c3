import type { Message as MessageState } from '@palimpsest/core'
import { type CSSProperties, useRef } from 'react'
import { DefaultMessageLayout, Message } from '../message/Message'
import { useTranscriptOptions } from '../options/options-context'
import { SettledMessage } from './SettledMessage'

/**
 * One message of a transcript's list: the app's `components.Message` if it gave one, else the
 * default layout. `style` goes on the default `<article>` (a custom message places itself). A message
 * that mounts settled takes the same layout from one component (`SettledMessage`).
 */
export function TranscriptMessage({ message, style }: { message: MessageState; style?: CSSProperties }) {
  const { components } = useTranscriptOptions()
  // A message that mounts settled renders through `SettledMessage` until it streams again.
  const settled = useRef(message.status !== 'streaming')
  if (message.status === 'streaming') settled.current = false
  const Custom = components.Message
  if (Custom) return <Custom message={message} />
  if (settled.current) return <SettledMessage message={message} style={style} />
  return (
    <Message.Root message={message} style={style}>
      <DefaultMessageLayout />
    </Message.Root>
  )
}

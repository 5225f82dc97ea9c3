import type { Message as MessageState } from '@palimpsest/core'
import type { CSSProperties } from 'react'
import { DefaultMessageLayout, Message } from '../message/Message'
import { useTranscriptOptions } from '../options/options-context'

/**
 * One message of a transcript's list: the app's `components.Message` if it gave one, else the
 * default layout. `style` goes on the default `<article>` (a custom message places itself).
 */
export function TranscriptMessage({ message, style }: { message: MessageState; style?: CSSProperties }) {
  const { components } = useTranscriptOptions()
  const Custom = components.Message
  if (Custom) return <Custom message={message} />
  return (
    <Message.Root message={message} style={style}>
      <DefaultMessageLayout />
    </Message.Root>
  )
}

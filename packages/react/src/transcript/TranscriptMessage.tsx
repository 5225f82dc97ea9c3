import type { Message as MessageState } from '@palimpsest/core'
import { type ComponentType, type CSSProperties, memo, type ReactNode } from 'react'
import type { MessageComponentProps } from '../message/components-map'
import { useTranscriptOptions } from '../options/options-context'
import { MessageArticle } from './MessageArticle'

/**
 * One message of a transcript's list: the app's `components.Message` if it gave one, else the
 * default layout (`MessageArticle`). `style` goes on the default `<article>` (a custom message places
 * itself). Both re-render only when their message (or style) changes.
 */
export function transcriptMessage(
  Custom: ComponentType<MessageComponentProps> | undefined,
  message: MessageState,
  style: CSSProperties | undefined,
): ReactNode {
  if (Custom) return <CustomMessage key={message.id} component={Custom} message={message} />
  return <MessageArticle key={message.id} message={message} style={style} />
}

/** `transcriptMessage` as a component, for a list that renders one message per row. */
export function TranscriptMessage({ message, style }: { message: MessageState; style?: CSSProperties }) {
  return transcriptMessage(useTranscriptOptions().components.Message, message, style)
}

const CustomMessage = memo(function CustomMessage({
  component: Custom,
  message,
}: MessageComponentProps & { component: ComponentType<MessageComponentProps> }) {
  return <Custom message={message} />
})

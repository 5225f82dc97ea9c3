import type { TextPart } from '@palimpsest/core'
import { forwardRef } from 'react'
import type { PartElementProps } from '../message/components-map'
import { ReplaceableMarkdown } from '../replacement/ReplaceableMarkdown'

export interface TextViewProps extends PartElementProps<TextPart, 'div'> {}

/** Answer text, as streaming markdown with the flicker-free reset. */
export const TextView = forwardRef<HTMLDivElement, TextViewProps>(function TextView(
  { part, message, streaming, ...rest },
  ref,
) {
  return (
    <ReplaceableMarkdown
      ref={ref}
      {...rest}
      data-palimpsest-part="text"
      text={part.text}
      epoch={part.epoch}
      streaming={streaming}
      messageStreaming={message.status === 'streaming'}
    />
  )
})

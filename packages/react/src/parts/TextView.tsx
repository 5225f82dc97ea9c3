import type { TextPart } from '@palimpsest/core'
import { forwardRef } from 'react'
import type { PartElementProps } from '../components-map'
import { ReplaceableMarkdown } from '../ReplaceableMarkdown'

/** Answer text, as streaming markdown with the flicker-free reset. */
export const TextView = forwardRef<HTMLDivElement, PartElementProps<TextPart, 'div'>>(function TextView(
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

import type { TextPart } from '@palimpsest/core'
import type { PartProps } from '../components-map'
import { ReplaceableMarkdown } from '../ReplaceableMarkdown'

/** Answer text, as streaming markdown with the flicker-free reset. */
export function TextView({ part, message, streaming }: PartProps<TextPart>) {
  return (
    <ReplaceableMarkdown
      data-palimpsest-part="text"
      text={part.text}
      epoch={part.epoch}
      streaming={streaming}
      messageStreaming={message.status === 'streaming'}
    />
  )
}

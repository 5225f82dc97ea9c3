import type { HandoffPart } from '@palimpsest/core'
import { forwardRef } from 'react'
import type { PartElementProps } from '../message/components-map'

export interface HandoffViewProps extends PartElementProps<HandoffPart, 'p'> {}

/** One agent handing the conversation to another. */
export const HandoffView = forwardRef<HTMLParagraphElement, HandoffViewProps>(function HandoffView(
  { part, message: _message, streaming: _streaming, ...rest },
  ref,
) {
  return (
    <p ref={ref} {...rest} data-palimpsest-part="handoff" data-from={part.from} data-to={part.to}>
      {part.from !== undefined ? `${part.from} → ${part.to}` : `→ ${part.to}`}
      {part.reason !== undefined && <span data-palimpsest-handoff-reason="">: {part.reason}</span>}
    </p>
  )
})

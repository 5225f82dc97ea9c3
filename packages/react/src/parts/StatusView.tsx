import type { StatusPart } from '@palimpsest/core'
import { forwardRef } from 'react'
import type { PartElementProps } from '../message/components-map'

export interface StatusViewProps extends PartElementProps<StatusPart, 'p'> {}

/** A status line (workflow step, progress); `data-level` is info, warning or error. */
export const StatusView = forwardRef<HTMLParagraphElement, StatusViewProps>(function StatusView(
  { part, message: _message, streaming: _streaming, ...rest },
  ref,
) {
  return (
    <p ref={ref} {...rest} data-palimpsest-part="status" data-level={part.level} data-status-id={part.statusId}>
      {part.text}
    </p>
  )
})

import type { StatusPart } from '@palimpsest/core'
import type { PartProps } from '../components-map'

/** A status line (workflow step, progress); `data-level` is info, warning or error. */
export function StatusView({ part }: PartProps<StatusPart>) {
  return (
    <p data-palimpsest-part="status" data-level={part.level} data-status-id={part.statusId}>
      {part.text}
    </p>
  )
}

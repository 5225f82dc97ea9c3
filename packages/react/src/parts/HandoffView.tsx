import type { HandoffPart } from '@palimpsest/core'
import type { PartProps } from '../components-map'

/** One agent handing the conversation to another. */
export function HandoffView({ part }: PartProps<HandoffPart>) {
  return (
    <p data-palimpsest-part="handoff" data-from={part.from} data-to={part.to}>
      {part.from !== undefined ? `${part.from} → ${part.to}` : `→ ${part.to}`}
      {part.reason !== undefined && <span data-palimpsest-handoff-reason="">: {part.reason}</span>}
    </p>
  )
}

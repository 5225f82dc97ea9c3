import type { SourcePart } from '@palimpsest/core'
import type { PartProps } from '../components-map'
import { safeLinkUrl } from '../safe-url'

/** A citation: a link to the source when its URL is safe, its title otherwise. */
export function SourceView({ part }: PartProps<SourcePart>) {
  const href = safeLinkUrl(part.url)
  const label = part.title ?? part.url ?? part.sourceId
  return (
    <cite data-palimpsest-part="source" data-source-id={part.sourceId}>
      {href !== undefined ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ) : (
        label
      )}
    </cite>
  )
}

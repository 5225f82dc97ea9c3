import type { SourcePart } from '@palimpsest/core'
import { forwardRef, useEffect } from 'react'
import type { PartElementProps } from '../message/components-map'
import { useTranscriptOptions } from '../options/options-context'
import { safeLinkUrl } from '../url/safe-url'

export interface SourceViewProps extends PartElementProps<SourcePart, 'cite'> {}

/** A citation: a link to the source when its URL is safe, its title otherwise. */
export const SourceView = forwardRef<HTMLElement, SourceViewProps>(function SourceView(
  { part, message: _message, streaming: _streaming, ...rest },
  ref,
) {
  const { onIssue } = useTranscriptOptions()
  const href = safeLinkUrl(part.url)
  const refused = part.url !== undefined && href === undefined
  useEffect(() => {
    if (refused) onIssue?.({ code: 'unsafe-url', message: `source ${part.sourceId}: refused its URL`, source: 'react' })
  }, [refused, part.sourceId, onIssue])
  const label = part.title ?? part.url ?? part.sourceId
  return (
    <cite ref={ref} {...rest} data-palimpsest-part="source" data-source-id={part.sourceId}>
      {href !== undefined ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ) : (
        label
      )}
    </cite>
  )
})

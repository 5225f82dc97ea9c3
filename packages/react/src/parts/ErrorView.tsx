import type { ErrorPart } from '@palimpsest/core'
import type { PartProps } from '../components-map'
import { useTranscriptOptions } from '../options-context'

/** A failure reported by the agent, as text. */
export function ErrorView({ part }: PartProps<ErrorPart>) {
  const { labels } = useTranscriptOptions()
  return (
    <div data-palimpsest-part="error" data-code={part.code}>
      <strong>{labels.error}:</strong> {part.message}
      {part.code !== undefined && <code data-palimpsest-error-code=""> ({part.code})</code>}
    </div>
  )
}

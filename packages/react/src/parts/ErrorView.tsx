import type { ErrorPart } from '@palimpsest/core'
import { forwardRef } from 'react'
import type { PartElementProps } from '../message/components-map'
import { useTranscriptOptions } from '../options/options-context'

export interface ErrorViewProps extends PartElementProps<ErrorPart, 'div'> {}

/** A failure reported by the agent, as text. */
export const ErrorView = forwardRef<HTMLDivElement, ErrorViewProps>(function ErrorView(
  { part, message: _message, streaming: _streaming, ...rest },
  ref,
) {
  const { labels } = useTranscriptOptions()
  return (
    <div ref={ref} {...rest} data-palimpsest-part="error" data-code={part.code}>
      <strong>{labels.error}:</strong> {part.message}
      {part.code !== undefined && <code data-palimpsest-error-code=""> ({part.code})</code>}
    </div>
  )
})

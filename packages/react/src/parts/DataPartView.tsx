import type { DataPart } from '@palimpsest/core'
import { forwardRef, useEffect, useMemo } from 'react'
import { prettyJson } from '../json/json-text'
import type { PartElementProps } from '../message/components-map'
import { useTranscriptOptions } from '../options/options-context'

export interface DataPartViewProps extends PartElementProps<DataPart, 'figure'> {}

/** Structured data as pretty JSON text. */
export const DataPartView = forwardRef<HTMLElement, DataPartViewProps>(function DataPartView(
  { part, message: _message, streaming: _streaming, ...rest },
  ref,
) {
  const { onIssue } = useTranscriptOptions()
  const printed = useMemo(() => prettyJson(part.data), [part.data])
  useEffect(() => {
    if (printed.problem)
      onIssue?.({ code: 'unprintable-data', message: `data part ${part.id}: ${printed.problem}`, source: 'react' })
  }, [printed, part.id, onIssue])
  return (
    <figure ref={ref} {...rest} data-palimpsest-part="data" data-name={part.name}>
      {part.name !== undefined && <figcaption data-palimpsest-caption="">{part.name}</figcaption>}
      <pre data-palimpsest-json="">
        <code>{printed.text}</code>
      </pre>
    </figure>
  )
})

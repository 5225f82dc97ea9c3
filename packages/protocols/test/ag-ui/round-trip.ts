/**
 * Produces AG-UI wire bytes with the real `@ag-ui/core` schemas and `@ag-ui/encoder`, then reads
 * them back through our SSE transport and decoder into a synchronous store.
 */
import type { Event as AgUiEvent, BaseEvent } from '@ag-ui/core'
import { EventSchemas } from '@ag-ui/core/schemas'
import { EventEncoder } from '@ag-ui/encoder'
import { createTranscriptStore, type Issue, type TranscriptState } from '@palimpsest/core'
import { type AgUiDecoderOptions, createAgUiDecoder } from '@palimpsest/protocols/ag-ui'
import { sseEvents } from '@palimpsest/protocols/transports'

/** Validates every event with AG-UI's own zod schemas (throws on an invalid fixture) and encodes it as SSE. */
export function encodeAgUi(events: readonly AgUiEvent[]): string {
  const encoder = new EventEncoder()
  return events.map((event) => encoder.encodeSSE(EventSchemas.parse(event) as BaseEvent)).join('')
}

export interface Decoded {
  state: TranscriptState
  issues: Issue[]
}

export async function decodeAgUiSse(sse: string, options: AgUiDecoderOptions = {}): Promise<Decoded> {
  const issues: Issue[] = []
  const onIssue = (issue: Issue) => issues.push(issue)
  const store = createTranscriptStore({ schedule: 'sync', onIssue })
  const decoder = createAgUiDecoder({ ...options, onIssue })
  for await (const event of sseEvents(sse)) store.getState().apply(decoder.decode(event.data))
  store.getState().apply(decoder.end())
  return { state: store.getState(), issues }
}

export function roundTrip(events: readonly AgUiEvent[], options?: AgUiDecoderOptions): Promise<Decoded> {
  return decodeAgUiSse(encodeAgUi(events), options)
}

/**
 * DevUI SSE events typed against the `openai` package's Responses stream events where they exist,
 * and against our DevUI definitions for the extensions. Fixtures use `satisfies DevUiWireEvent`.
 */
import type { DevUiCustomEvent } from '@palimpsest/protocols/agent-framework'
import type { Response, ResponseStreamEvent } from 'openai/resources/responses/responses'

/** `output_text` is an SDK convenience property, never on the wire. */
export type WireResponse = Omit<Response, 'output_text'>

type WithWireResponse<E> = E extends { response: Response } ? Omit<E, 'response'> & { response: WireResponse } : E

/** One `data:` object of a DevUI stream. */
export type DevUiWireEvent = WithWireResponse<ResponseStreamEvent> | DevUiCustomEvent

/** A DevUI response object as `response.created` / `response.completed` carry it (nulls written). */
export function devUiResponse(id: string, fields: Partial<WireResponse> = {}): WireResponse {
  return {
    id,
    object: 'response',
    created_at: 1_763_744_400,
    status: 'in_progress',
    model: 'TravelAgent',
    output: [],
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: { entity_id: 'TravelAgent' },
    parallel_tool_calls: false,
    temperature: null,
    tool_choice: 'auto',
    tools: [],
    top_p: null,
    ...fields,
  }
}

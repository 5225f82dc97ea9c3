/**
 * The wire of the recorded Agent Framework trace (`src/traces/data/agent-framework-tool-loop-approval.json`),
 * typed: the trace test checks that the JSON file holds exactly these updates.
 * Python agent `FileAgent` on the OpenAI Responses client (no `message_id`, `call_id` and `name`
 * on every argument chunk, tokens only on lifecycle updates): reasoning, a tool call and its
 * result, more reasoning, the answer, a destructive call that stops for approval.
 */
import type { PythonAgentResponseUpdate, PythonContent } from '@palimpsest/protocols/agent-framework'

const agent = { role: 'assistant', author_name: 'FileAgent', additional_properties: {} } as const

const update = (
  contents: PythonContent[],
  extra: Partial<PythonAgentResponseUpdate> = {},
): PythonAgentResponseUpdate => ({
  type: 'agent_response_update',
  contents,
  ...agent,
  ...extra,
})

const lifecycle = (responseId: string) =>
  update([], { response_id: responseId, continuation_token: { response_id: responseId } })

const reasoning = (id: string, text: string) =>
  update([{ type: 'text_reasoning', id, text, additional_properties: { reasoning_text: true } }])

const text = (value: string) => update([{ type: 'text', text: value, additional_properties: {} }])

const callChunk = (callId: string, name: string, outputIndex: number, args: string) =>
  update([
    {
      type: 'function_call',
      call_id: callId,
      name,
      arguments: args,
      additional_properties: { output_index: outputIndex, fc_id: `fc_${callId.slice(5)}` },
    },
  ])

const usage = (responseId: string, input: number, output: number, reasoningTokens: number) =>
  update(
    [
      {
        type: 'usage',
        usage_details: {
          input_token_count: input,
          output_token_count: output,
          total_token_count: input + output,
          reasoning_output_token_count: reasoningTokens,
          'openai.reasoning_tokens': reasoningTokens,
        },
        additional_properties: {},
      },
    ],
    { response_id: responseId, created_at: '2026-11-21T17:41:09.000000Z', finish_reason: 'tool_calls' },
  )

const listing = [
  'notes/draft-2024-03.md  modified 2024-03-11',
  'notes/old-ideas.md  modified 2025-01-02',
  'notes/meeting-2026-11-20.md  modified 2026-11-20',
].join('\n')

const deleteArguments = '{"paths":["notes/draft-2024-03.md","notes/old-ideas.md"]}'

export const toolLoopUpdates: PythonAgentResponseUpdate[] = [
  lifecycle('resp_0a1b2c3d'),
  reasoning('rs_01', 'The user wants old drafts in notes/ removed. '),
  reasoning('rs_01', 'I should list the folder first '),
  reasoning('rs_01', 'and check the modification dates.'),
  update([]),
  callChunk('call_L1x9', 'list_files', 1, '{"folder":'),
  callChunk('call_L1x9', 'list_files', 1, '"notes/",'),
  callChunk('call_L1x9', 'list_files', 1, '"include_modified":true}'),
  usage('resp_0a1b2c3d', 318, 64, 41),
  {
    type: 'agent_response_update',
    contents: [
      {
        type: 'function_result',
        call_id: 'call_L1x9',
        result: listing,
        items: [{ type: 'text', text: listing, additional_properties: {} }],
        additional_properties: {},
      },
    ],
    role: 'tool',
    author_name: 'FileAgent',
  },
  lifecycle('resp_4e5f6a7b'),
  reasoning('rs_02', 'Two files are older than 30 days. '),
  reasoning('rs_02', "Deleting is destructive, so the call will need the user's approval."),
  text('I found two drafts older than 30 days in `notes/`:\n\n'),
  text('- `draft-2024-03.md` (last edited March 2024)\n'),
  text('- `old-ideas.md` (last edited January 2025)\n\n'),
  text("`meeting-2026-11-20.md` is recent, so I'm keeping it. "),
  text("I'll delete the two drafts once you approve."),
  update([]),
  callChunk('call_D2k7', 'delete_files', 2, '{"paths":["notes/draft-2024-03.md",'),
  callChunk('call_D2k7', 'delete_files', 2, '"notes/old-ideas.md"]}'),
  usage('resp_4e5f6a7b', 602, 118, 27),
  // The function-invocation loop: the call again, without arguments, plus the approval request.
  update([
    { type: 'function_call', call_id: 'call_D2k7', name: 'delete_files', additional_properties: {} },
    {
      type: 'function_approval_request',
      id: 'call_D2k7',
      function_call: {
        type: 'function_call',
        call_id: 'call_D2k7',
        name: 'delete_files',
        arguments: deleteArguments,
        additional_properties: {},
      },
      user_input_request: true,
      additional_properties: {},
    },
  ]),
]

/** Milliseconds before each update, as recorded. */
export function toolLoopDelay(wire: PythonAgentResponseUpdate, index: number): number {
  if (index === 0) return 0
  const first = wire.contents[0]
  if (wire.role === 'tool') return 520 // list_files runs
  if (!first) return wire.response_id ? 380 : 12
  switch (first.type) {
    case 'text_reasoning':
      return 90
    case 'text':
      return 60
    case 'function_call':
      return 45
    case 'usage':
      return 30
    default:
      return 20
  }
}

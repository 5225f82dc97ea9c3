/**
 * The wire of the recorded .NET hand-off trace (`src/traces/data/agent-framework-dotnet-handoff.json`),
 * typed: the trace test checks that the JSON file holds exactly these updates.
 * A .NET handoff workflow with background responses allowed: camelCase, `$type` contents, a
 * `MessageId` per provider call, complete calls with object arguments, a base64 continuation
 * token on every update but the last.
 */
import type { DotNetAgentResponseUpdate, DotNetContent } from '@palimpsest/protocols/agent-framework'

const tokens = ['AQIDBAU=', 'AQIDBAY=', 'AQIDBAc=', 'AQIDBAg=', 'AQIDBAk=', 'AQIDBAo=', 'AQIDBAs=', 'AQIDBAw=']
let tokenIndex = 0

const agentUpdate = (
  agent: 'Triage' | 'Billing',
  messageId: string | undefined,
  contents: DotNetContent[],
  extra: Partial<DotNetAgentResponseUpdate> = {},
): DotNetAgentResponseUpdate => ({
  authorName: agent,
  role: 'assistant',
  contents,
  agentId: agent === 'Triage' ? 'agent_triage_01' : 'agent_billing_02',
  responseId: 'resp_hf_5531',
  ...(messageId !== undefined && { messageId }),
  createdAt: '2026-11-21T17:50:12+00:00',
  continuationToken: tokens[tokenIndex++ % tokens.length] as string,
  ...extra,
})

const text = (value: string): DotNetContent => ({ $type: 'text', text: value })

export const dotNetHandoffUpdates: DotNetAgentResponseUpdate[] = [
  agentUpdate('Triage', 'msg_t1', [text('This is a billing question, ')]),
  agentUpdate('Triage', 'msg_t1', [text("so I'm handing you over to our billing agent.")]),
  agentUpdate('Triage', 'msg_t1', [
    { $type: 'functionCall', callId: 'call_hand_1', name: 'handoff_to_Billing', arguments: {} },
  ]),
  agentUpdate('Triage', undefined, [{ $type: 'functionResult', callId: 'call_hand_1', result: 'Transferred.' }], {
    role: 'tool',
  }),
  agentUpdate('Billing', 'msg_b1', [
    { $type: 'reasoning', text: 'The customer reports a double charge; look up the invoice first.' },
  ]),
  agentUpdate('Billing', 'msg_b1', [
    {
      $type: 'functionCall',
      callId: 'call_inv_2',
      name: 'lookup_invoice',
      arguments: { invoiceId: 'INV-2291', includePayments: true },
    },
  ]),
  agentUpdate(
    'Billing',
    undefined,
    [
      {
        $type: 'functionResult',
        callId: 'call_inv_2',
        result: {
          invoiceId: 'INV-2291',
          amount: 49,
          currency: 'EUR',
          payments: ['2026-11-03T09:14:02Z', '2026-11-03T09:15:40Z'],
        },
      },
    ],
    { role: 'tool' },
  ),
  agentUpdate('Billing', 'msg_b2', [text('Invoice INV-2291 was charged twice on 3 November, ')]),
  agentUpdate('Billing', 'msg_b2', [text('at 09:14 and again at 09:15. ')]),
  agentUpdate('Billing', 'msg_b2', [text("I've flagged the duplicate for a refund of €49.00; ")]),
  agentUpdate('Billing', 'msg_b2', [text('it should reach your card within 5 business days.')]),
  // The last update of a run carries no continuation token.
  {
    authorName: 'Billing',
    role: 'assistant',
    agentId: 'agent_billing_02',
    responseId: 'resp_hf_5531',
    messageId: 'msg_b2',
    contents: [{ $type: 'usage', details: { inputTokenCount: 1184, outputTokenCount: 137, totalTokenCount: 1321 } }],
    finishReason: 'stop',
  },
]

/** Milliseconds before each update, as recorded. */
export function dotNetHandoffDelay(wire: DotNetAgentResponseUpdate, index: number): number {
  if (index === 0) return 0
  if (wire.role === 'tool') return 340
  const previous = dotNetHandoffUpdates[index - 1]
  if (previous?.authorName !== wire.authorName || previous?.role === 'tool') return 650
  return 70
}

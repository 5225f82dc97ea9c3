/**
 * The recorded Agentex traces as typed fixtures (`agentex` SDK types). The JSON files in
 * `src/traces/data/agentex-*.json` must hold exactly these events; `traces.test.ts` checks it.
 */
import type { TaskStreamConnectedEvent } from 'agentex/lib/task-stream'
import type { AgentRpcResponse, TaskMessage, TaskMessageUpdate } from 'agentex/resources'
import {
  argumentsDelta,
  delta,
  done,
  full,
  parent,
  reasoning,
  start,
  type TaskUpdatedEvent,
  taskId,
  taskUpdated,
  text,
  textDelta,
  toolRequest,
  toolResponse,
} from './wire'

export interface TypedTraceEvent<Wire> {
  delayMs: number
  wire: Wire
}

type SseWire = TaskStreamConnectedEvent | TaskUpdatedEvent | TaskMessageUpdate

const stamped = (message: TaskMessage, at: string): TaskMessage => ({ ...message, created_at: at, updated_at: at })

/** Splits text the way coalescing publishes it: the first piece at once, then pieces of at most 128 characters. */
export function coalesce(text: string, first: number, sizes: readonly number[]): string[] {
  const pieces = [text.slice(0, first)]
  let at = first
  for (let i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length] as number
    pieces.push(text.slice(at, at + size))
    at += size
  }
  return pieces
}

// ── Agentex stream, then a `full` override that adds citations ──────────────
// Async agent on LiteLLM `chat_completion_stream_auto_send` (docs/protocols/agentex.md §4): start(markdown, "") →
// coalesced text deltas → full(markdown, final text) with no done; a racing delta trails the full.

export const citationsQuestion = 'Why does my Postgres query ignore the index on created_at?'

export const streamedAnswer = [
  'Most likely the planner estimates that a sequential scan is cheaper. Three common causes:',
  '',
  "1. **The filter matches a large share of the table.** A range like `created_at > now() - interval '90 days'` on a young table returns most rows, and reading the table in order beats that many random index lookups.",
  '2. **Stale statistics.** If the table grew quickly since the last `ANALYZE`, the row estimates are off. Run `ANALYZE orders;` and compare `EXPLAIN (ANALYZE, BUFFERS)` before and after.',
  "3. **The column is wrapped in an expression.** `WHERE date(created_at) = '2026-08-01'` cannot use a plain index on `created_at`; rewrite it as a range or add an index on the expression.",
].join('\n')

export const citedAnswer = [
  'Most likely the planner estimates that a sequential scan is cheaper [1]. Three common causes:',
  '',
  "1. **The filter matches a large share of the table.** A range like `created_at > now() - interval '90 days'` on a young table returns most rows, and reading the table in order beats that many random index lookups [1].",
  '2. **Stale statistics.** If the table grew quickly since the last `ANALYZE`, the row estimates are off. Run `ANALYZE orders;` and compare `EXPLAIN (ANALYZE, BUFFERS)` before and after [3].',
  "3. **The column is wrapped in an expression.** `WHERE date(created_at) = '2026-08-01'` cannot use a plain index on `created_at`; rewrite it as a range or add an index on the expression [2].",
  '',
  '**Sources**',
  '',
  '1. [PostgreSQL 17: Using EXPLAIN](https://www.postgresql.org/docs/17/using-explain.html)',
  '2. [PostgreSQL 17: Indexes on Expressions](https://www.postgresql.org/docs/17/indexes-expressional.html)',
  '3. [PostgreSQL 17: ANALYZE](https://www.postgresql.org/docs/17/sql-analyze.html)',
].join('\n')

const userMessage = stamped(
  parent('msg_7c1e0a', text(citationsQuestion, { author: 'user', format: 'markdown' }), 'DONE'),
  '2026-08-18T09:14:02.118402Z',
)
const answerMessage = stamped(
  parent('msg_7c1e0b', text('', { format: 'markdown' }), 'IN_PROGRESS'),
  '2026-08-18T09:14:02.904117Z',
)
const answerChunks = coalesce(streamedAnswer, 11, [64, 128, 97, 128, 113, 128, 71])

export const citationsOverrideEvents: TypedTraceEvent<SseWire>[] = [
  { delayMs: 0, wire: { type: 'connected', taskId } },
  // The agent echoes the user's message with adk.messages.create: a full, index null.
  { delayMs: 140, wire: full({ parent: userMessage }, userMessage.content) },
  { delayMs: 35, wire: taskUpdated('RUNNING') },
  { delayMs: 760, wire: start({ parent: answerMessage }, text('', { format: 'markdown' })) },
  ...answerChunks.map((chunk, i) => ({
    delayMs: i === 0 ? 210 : 50 + ((i * 37) % 40),
    wire: delta({ parent: answerMessage }, textDelta(chunk)),
  })),
  // Post-processing adds citation markers and the sources: the full replaces the streamed text.
  { delayMs: 620, wire: full({ parent: answerMessage }, text(citedAnswer, { format: 'markdown' })) },
  // A delta still in flight when the full was published (PR #426 review): a stale duplicate tail.
  { delayMs: 4, wire: delta({ parent: answerMessage }, textDelta(answerChunks.at(-1) as string)) },
  { delayMs: 90, wire: taskUpdated('COMPLETED', 'Turn finished') },
]

export const citationsOverrideMarkdown = `## User\n\n${citationsQuestion}\n\n## Assistant\n\n${citedAnswer}\n`

// ── Sync agent: reasoning, a streamed tool request, its response, the answer ────
// NDJSON lines of message/send with stream: true (docs/protocols/agentex.md §2, §4). The agent yields
// deltas only, so the server synthesises each start (holding the first delta) and attaches the
// parent; the tool response arrives as a full; the answer has no done (flushed at the end).

export const reasoningSummary =
  'The user wants to know where order A-10293 is. I should look it up by its id instead of guessing, then report the carrier and the delivery estimate.'
export const toolArguments = '{"order_id": "A-10293", "include_tracking": true}'
export const toolOutput =
  '{"status": "shipped", "carrier": "UPS", "tracking": "1Z999AA10123456784", "eta": "2026-08-21"}'
export const orderAnswer =
  'Your order **A-10293** has shipped with UPS (tracking `1Z999AA10123456784`) and should arrive on **Friday, August 21**.'

const rpc = (result: TaskMessageUpdate): AgentRpcResponse => ({ jsonrpc: '2.0', result, error: null, id: 'req-7' })

const reasoningChunks = coalesce(reasoningSummary, 9, [41, 58, 60])
const argumentChunks = coalesce(toolArguments, 14, [12, 24])
const answerPieces = coalesce(orderAnswer, 10, [25, 31, 22, 40])

const reasoningParent = stamped(
  parent('msg_51a0', reasoning([reasoningChunks[0] as string]), null),
  '2026-08-18T10:02:41.300511Z',
)
const requestParent = stamped(
  parent('msg_51a1', toolRequest('call_q8Lr', 'lookup_order', {}), null),
  '2026-08-18T10:02:42.012930Z',
)
const responseContent = toolResponse('call_q8Lr', 'lookup_order', toolOutput, false)
const responseParent = stamped(parent('msg_51a2', responseContent, 'DONE'), '2026-08-18T10:02:42.655108Z')
const answerParent = stamped(parent('msg_51a3', text(answerPieces[0] as string), null), '2026-08-18T10:02:43.170342Z')

const finalReasoning: TaskMessage = {
  ...reasoningParent,
  content: reasoning([reasoningSummary], null),
  streaming_status: 'DONE',
}
const finalRequest: TaskMessage = {
  ...requestParent,
  content: toolRequest('call_q8Lr', 'lookup_order', JSON.parse(toolArguments)),
  streaming_status: 'DONE',
}

export const reasoningToolCallEvents: TypedTraceEvent<AgentRpcResponse>[] = [
  // index 0: reasoning summary deltas; the server synthesises start(summary: [first delta]).
  { delayMs: 680, wire: rpc(start({ parent: reasoningParent, index: 0 }, reasoningParent.content)) },
  ...reasoningChunks.map((chunk, i) => ({
    delayMs: i === 0 ? 0 : 45 + ((i * 29) % 30),
    wire: rpc(
      delta(
        { parent: reasoningParent, index: 0 },
        { type: 'reasoning_summary', summary_index: 0, summary_delta: chunk },
      ),
    ),
  })),
  { delayMs: 20, wire: rpc(done({ parent: finalReasoning, index: 0 })) },
  // index 1: the tool request, arguments streamed; the synthesised start has arguments {}.
  { delayMs: 260, wire: rpc(start({ parent: requestParent, index: 1 }, requestParent.content)) },
  ...argumentChunks.map((chunk, i) => ({
    delayMs: i === 0 ? 0 : 40,
    wire: rpc(delta({ parent: requestParent, index: 1 }, argumentsDelta('call_q8Lr', 'lookup_order', chunk))),
  })),
  { delayMs: 15, wire: rpc(done({ parent: finalRequest, index: 1 })) },
  // index 2: the tool ran; its response arrives whole and attaches to call_q8Lr.
  { delayMs: 540, wire: rpc(full({ parent: responseParent, index: 2 }, responseContent)) },
  // index 3: the answer; the agent yields no done, so the end of the response finishes it.
  { delayMs: 480, wire: rpc(start({ parent: answerParent, index: 3 }, answerParent.content)) },
  ...answerPieces.map((piece, i) => ({
    delayMs: i === 0 ? 0 : 55 + ((i * 23) % 35),
    wire: rpc(delta({ parent: answerParent, index: 3 }, textDelta(piece))),
  })),
]

export const reasoningToolCallMarkdown = `## Assistant\n\n> ${reasoningSummary}\n\n## Assistant\n\n- Tool \`lookup_order\` (completed)\n\n## Assistant\n\n${orderAnswer}\n`

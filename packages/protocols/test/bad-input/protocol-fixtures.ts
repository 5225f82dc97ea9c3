/**
 * One streamed assistant message in each decoder's wire format: how it opens, how a text delta
 * looks, how it ends, and a message of a kind the protocol does not define. The bad-input tests
 * break these streams in every way the README's table lists and check what each decoder does.
 */
import { decoders } from '@palimpsest/protocols/traces'

export interface ProtocolFixture {
  /** The decoder's name in the trace registry. */
  protocol: string
  /** Wire messages that open message `id` (may be empty when the first delta opens it). */
  open(id: string): unknown[]
  /** A text delta of message `id`. */
  delta(id: string, text: string): unknown
  /** Wire messages that finish message `id` (and its turn, where the protocol has no message end). */
  finish(id: string): unknown[]
  /** A message of a kind this protocol does not define. */
  unknownKind: unknown
  /** The store id of message `id` (DevUI and the Responses API name the message after the response). */
  storeId(id: string): string
}

const acpUpdate = (update: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 'sess_1', update },
})
const agentexParent = (id: string) => ({
  id,
  task_id: 'task_1',
  content: { type: 'text', author: 'agent', format: 'markdown', content: '' },
})
let devUiSequence = 0
const devUi = (event: Record<string, unknown>) => ({ ...event, sequence_number: devUiSequence++ })

export const fixtures: ProtocolFixture[] = [
  {
    protocol: 'acp',
    open: () => [],
    delta: (id, text) =>
      acpUpdate({ sessionUpdate: 'agent_message_chunk', messageId: id, content: { type: 'text', text } }),
    finish: () => [{ jsonrpc: '2.0', id: 1, result: { stopReason: 'end_turn' } }],
    unknownKind: acpUpdate({ sessionUpdate: 'hologram_update', messageId: 'x' }),
    storeId: (id) => id,
  },
  {
    protocol: 'agentex',
    open: (id) => [
      { type: 'start', index: 0, parent_task_message: agentexParent(id), content: agentexParent(id).content },
    ],
    delta: (id, text) => ({
      type: 'delta',
      index: 0,
      parent_task_message: agentexParent(id),
      delta: { type: 'text', text_delta: text },
    }),
    finish: (id) => [{ type: 'done', index: 0, parent_task_message: agentexParent(id) }],
    unknownKind: { type: 'teleport', index: 0 },
    storeId: (id) => id,
  },
  {
    protocol: 'agent-framework',
    open: () => [],
    delta: (id, text) => ({
      type: 'agent_response_update',
      role: 'assistant',
      message_id: id,
      response_id: 'resp_1',
      contents: [{ type: 'text', text }],
    }),
    finish: (id) => [
      {
        type: 'agent_response_update',
        role: 'assistant',
        message_id: id,
        response_id: 'resp_1',
        contents: [],
        finish_reason: 'stop',
      },
    ],
    unknownKind: {
      type: 'agent_response_update',
      role: 'assistant',
      message_id: 'x',
      contents: [{ type: 'hologram', data: 1 }],
    },
    storeId: (id) => id,
  },
  {
    protocol: 'devui',
    open: (id) => [
      devUi({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } }),
      devUi({ type: 'response.output_item.added', output_index: 0, item: { type: 'message', id, role: 'assistant' } }),
    ],
    delta: (id, text) => devUi({ type: 'response.output_text.delta', item_id: id, output_index: 0, delta: text }),
    finish: () => [devUi({ type: 'response.completed', response: { id: 'resp_1', status: 'completed', output: [] } })],
    unknownKind: { type: 'response.hologram.delta', item_id: 'x' },
    storeId: () => 'resp_1',
  },
  {
    protocol: 'ag-ui',
    open: (id) => [
      { type: 'RUN_STARTED', threadId: 'thread_1', runId: 'run_1' },
      { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
    ],
    delta: (id, text) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text }),
    finish: (id) => [
      { type: 'TEXT_MESSAGE_END', messageId: id },
      { type: 'RUN_FINISHED', threadId: 'thread_1', runId: 'run_1' },
    ],
    unknownKind: { type: 'HOLOGRAM_STARTED', messageId: 'x' },
    storeId: (id) => id,
  },
  {
    protocol: 'ai-sdk',
    open: (id) => [
      { type: 'start', messageId: id },
      { type: 'text-start', id: 'txt_1' },
    ],
    delta: (_id, text) => ({ type: 'text-delta', id: 'txt_1', delta: text }),
    finish: () => [
      { type: 'text-end', id: 'txt_1' },
      { type: 'finish', finishReason: 'stop' },
    ],
    unknownKind: { type: 'hologram-start', id: 'x' },
    storeId: (id) => id,
  },
  {
    protocol: 'openai-chat',
    open: (id) => [
      { id, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] },
    ],
    delta: (id, text) => ({ id, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: text } }] }),
    finish: (id) => [
      { id, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
    ],
    unknownKind: { id: 'x', object: 'chat.hologram.chunk', hologram: true },
    storeId: (id) => id,
  },
  {
    protocol: 'openai-responses',
    open: (id) => [
      { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', status: 'in_progress', output: [] } },
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { id, type: 'message', role: 'assistant', status: 'in_progress', content: [] },
      },
    ],
    delta: (id, text) => ({
      type: 'response.output_text.delta',
      item_id: id,
      output_index: 0,
      content_index: 0,
      delta: text,
    }),
    finish: () => [{ type: 'response.completed', response: { id: 'resp_1', status: 'completed', output: [] } }],
    unknownKind: { type: 'response.hologram.delta', item_id: 'x' },
    storeId: () => 'resp_1',
  },
]

for (const fixture of fixtures) if (!decoders[fixture.protocol]) throw new Error(`no decoder ${fixture.protocol}`)

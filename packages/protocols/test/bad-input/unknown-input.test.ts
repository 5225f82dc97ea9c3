/**
 * Bad input: unknown kinds, updates for unknown messages or tool calls, and missing ids. Unknown
 * kinds are ignored and reported; an update for something that does not exist is dropped and
 * reported, except tool-call updates, which create the call (repaired) so its output is not lost;
 * a missing id is dropped and reported, or — where the protocol allows omitting it — the update
 * goes to the message it continues.
 */
import { type AgentUpdate, createInitialState, type Issue, reduce } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { runDecoderCase } from '../fuzz/decoder-fuzz'
import { protocols, vocabulary } from '../fuzz/vocabularies'
import { fixtures } from './protocol-fixtures'
import { runStream } from './run-stream'

function reduceAll(updates: unknown[]) {
  const issues: Issue[] = []
  const state = updates.reduce(
    (s: ReturnType<typeof createInitialState>, u) => reduce(s, u as AgentUpdate, (issue) => issues.push(issue)),
    createInitialState(),
  )
  return { state, codes: issues.map((issue) => issue.code) }
}

describe('unknown kinds', () => {
  test.each(fixtures)('$protocol: a message of an unknown kind is ignored and reported', (f) => {
    const run = runStream(f.protocol, [...f.open('m1'), f.delta('m1', 'Hello '), f.unknownKind, f.delta('m1', 'world')])
    expect(run.text()).toBe('Hello world')
    expect(run.issues).toHaveLength(1)
    expect(run.issues[0]?.code).toMatch(/^(unknown|malformed)-/)
  })

  test('reducer: an unknown update type and an unknown part kind are dropped and reported', () => {
    const { state, codes } = reduceAll([
      { type: 'hologram', messageId: 'm1' },
      { type: 'full', messageId: 'm1', parts: [{ kind: 'hologram' }, { kind: 'text', text: 'kept' }] },
    ])
    expect(state.messages.m1?.parts).toMatchObject([{ kind: 'text', text: 'kept' }])
    expect(codes).toEqual(['malformed-update', 'malformed-part'])
  })
})

describe('updates for unknown messages or tool calls', () => {
  test('reducer: clear, message-done and usage for an unknown message are dropped and reported', () => {
    const { state, codes } = reduceAll([
      { type: 'clear', messageId: 'ghost', target: 'text' },
      { type: 'message-done', messageId: 'ghost' },
      { type: 'usage', messageId: 'ghost', usage: { inputTokens: 1 } },
    ])
    expect(state.messageIds).toEqual([])
    expect(codes).toEqual(['unknown-message', 'unknown-message', 'unknown-message'])
  })

  test('reducer: an update or delta for an unknown tool call creates it (repaired) and is reported', () => {
    const { state, codes } = reduceAll([
      { type: 'chunk', messageId: 'm1', text: 'Running it.' },
      { type: 'tool-call-delta', toolCallId: 't9', inputText: '{"q":1}' },
      { type: 'tool-call-update', toolCallId: 't9', status: 'completed', output: 'done' },
    ])
    expect(state.messages.m1?.parts[1]).toMatchObject({
      kind: 'tool-call',
      toolCallId: 't9',
      input: { q: 1 },
      status: 'completed',
      output: 'done',
    })
    expect(codes).toEqual(['unknown-tool-call'])
  })

  test('reducer: an answer to an unknown approval request is dropped and reported', () => {
    const { codes } = reduceAll([{ type: 'approval-response', requestId: 'r9', approved: true }])
    expect(codes).toEqual(['unknown-approval'])
  })

  test.each([
    [
      'acp',
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: {
          sessionId: 's',
          update: { sessionUpdate: 'tool_call_update', toolCallId: 'ghost', status: 'completed' },
        },
      },
    ],
    ['ag-ui', { type: 'TOOL_CALL_ARGS', toolCallId: 'ghost', delta: '{"a":1}' }],
    ['ai-sdk', { type: 'tool-output-available', toolCallId: 'ghost', output: 'x' }],
    [
      'openai-responses',
      { type: 'response.function_call_arguments.delta', item_id: 'ghost', output_index: 9, delta: '{' },
    ],
    [
      'devui',
      {
        type: 'response.function_result.complete',
        call_id: 'ghost',
        output: 'x',
        status: 'completed',
        sequence_number: 1,
      },
    ],
  ])('%s: a tool-call event for a call never announced does not throw, and is shown or reported', (protocol, wire) => {
    const run = runStream(protocol, [wire])
    const shown = run.state.messageIds.some((id) =>
      run.state.messages[id]?.parts.some((p) => p.kind === 'tool-call' && p.toolCallId.includes('ghost')),
    )
    expect(shown || run.issues.length > 0).toBe(true)
  })
})

describe('missing ids', () => {
  test('reducer: an update without the id it needs is dropped and reported', () => {
    const { state, codes } = reduceAll([
      { type: 'chunk', text: 'orphan' },
      { type: 'chunk', messageId: '', text: 'orphan' },
      { type: 'tool-call-delta', inputText: '{}' },
      { type: 'approval-response', approved: true },
    ])
    expect(state.messageIds).toEqual([])
    expect(codes).toEqual(Array(4).fill('malformed-update'))
  })

  test.each(fixtures)('$protocol: a delta without its id is never lost silently', (f) => {
    // Built in stream order: some fixtures number their messages as they are made.
    const wires = [...f.open('m1'), f.delta('m1', 'Hello '), f.delta('m1', 'world')]
    const withoutIds = JSON.parse(
      JSON.stringify(wires.pop()).replace(/"(messageId|message_id|item_id|id)":"[^"]*",?/g, ''),
    )
    const run = runStream(f.protocol, [...wires, withoutIds])
    // Shown in the message it continues, or dropped and reported.
    if (run.text() !== 'Hello world') {
      expect(run.text()).toBe('Hello ')
      expect(run.issues.length).toBeGreaterThan(0)
    }
  })

  test.each(protocols)(
    '%s: any field of any message of its vocabulary dropped: no throw, no bad update',
    (protocol) => {
      let cases = 0
      for (const template of vocabulary(protocol)) {
        const walk = (node: unknown, replace: (copy: unknown) => unknown) => {
          if (typeof node !== 'object' || node === null || Array.isArray(node)) return
          for (const key of Object.keys(node)) {
            const { [key]: _dropped, ...rest } = node as Record<string, unknown>
            runDecoderCase(protocol, [template, replace(rest), template], 'complete')
            cases++
            walk((node as Record<string, unknown>)[key], (v) => replace({ ...(node as object), [key]: v }))
          }
        }
        walk(template, (copy) => copy)
      }
      expect(cases).toBeGreaterThan(50)
    },
  )
})

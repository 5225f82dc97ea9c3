/**
 * Bad input: sizes no producer should send — a single 10 MB chunk, a line that never ends, deeply
 * nested and huge JSON in tool arguments. Big but valid input arrives whole; input that would
 * grow memory without bound stops the stream with a clear error, keeping the text before it.
 */
import {
  type AgentUpdate,
  createInitialState,
  createTranscriptStore,
  type Issue,
  reduce,
  toMarkdown,
} from '@palimpsest/core'
import { createAcpDecoder } from '@palimpsest/protocols/acp'
import { decoders } from '@palimpsest/protocols/traces'
import { ndjsonLines, sseEvents, streamInto, TransportError } from '@palimpsest/protocols/transports'
import { describe, expect, test } from 'vitest'
import { assertInvariants } from '../../../core/test/fuzz/assert-invariants'
import { fixtures } from './protocol-fixtures'

const encoder = new TextEncoder()
const sse = (wires: unknown[]) => wires.map((wire) => `data: ${JSON.stringify(wire)}\n\n`).join('')

describe('a single 10 MB chunk', () => {
  const big = 'lorem ipsum '.repeat(Math.ceil((10 * 1024 * 1024) / 12)).slice(0, 10 * 1024 * 1024)

  test.each(fixtures)(
    '$protocol: a 10 MB text delta in one SSE event, in one network chunk, arrives whole',
    async (f) => {
      const store = createTranscriptStore({ schedule: 'sync' })
      const issues: Issue[] = []
      const decoder = decoders[f.protocol]!({ onIssue: (issue) => issues.push(issue) })
      const stream = sse([...f.open('m1'), f.delta('m1', big), f.delta('m1', ' end'), ...f.finish('m1')])
      const result = await streamInto(store, sseEvents(stream), decoder, { onIssue: (issue) => issues.push(issue) })
      expect(result.reason).toBe('complete')
      const message = store.getState().messages[f.storeId('m1')]
      const text = message?.parts.find((p) => p.kind === 'text') as { text: string } | undefined
      expect(text?.text.length).toBe(big.length + 4)
      expect(text?.text.endsWith('lorem ipsum end') || text?.text.endsWith(' end')).toBe(true)
      expect(issues).toEqual([])
    },
  )
})

describe('a line that never ends', () => {
  test.each(fixtures)(
    '$protocol over SSE: the stream stops with line-too-long, the message is interrupted and keeps its text',
    async (f) => {
      const store = createTranscriptStore({ schedule: 'sync' })
      const issues: Issue[] = []
      const decoder = decoders[f.protocol]!({})
      async function* endless() {
        yield encoder.encode(sse([...f.open('m1'), f.delta('m1', 'Kept text.')]))
        // A producer that writes one line forever; the client must stop at its limit.
        for (;;) yield encoder.encode(`data: ${'x'.repeat(64 * 1024)}`)
      }
      const result = await streamInto(store, sseEvents(endless(), { maxLineLength: 1024 * 1024 }), decoder, {
        onIssue: (issue) => issues.push(issue),
      })
      expect(result.reason).toBe('interrupted')
      expect(result.error).toBeInstanceOf(TransportError)
      expect((result.error as TransportError).code).toMatch(/^(line|event)-too-long$/)
      expect(store.getState().messages[f.storeId('m1')]).toMatchObject({
        status: 'interrupted',
        parts: [expect.objectContaining({ kind: 'text', text: 'Kept text.' })],
      })
      expect(issues.map((issue) => issue.code)).toContain('stream-interrupted')
    },
  )

  test('NDJSON: the same, with the default limit of 16 Mi characters', async () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const line = JSON.stringify({ type: 'chunk', messageId: 'm1', text: 'Kept text.' })
    async function* endless() {
      yield encoder.encode(`${line}\n`)
      for (;;) yield encoder.encode('y'.repeat(1024 * 1024))
    }
    const decoder = { decode: (wire: unknown) => [JSON.parse(wire as string) as AgentUpdate], end: () => [] }
    const result = await streamInto(store, ndjsonLines(endless()), decoder)
    expect(result).toMatchObject({ reason: 'interrupted', error: { code: 'line-too-long' } })
    expect(store.getState().messages.m1).toMatchObject({ status: 'interrupted', parts: [{ text: 'Kept text.' }] })
  })
})

describe('deeply nested or huge JSON in tool arguments', () => {
  test('reducer: streamed arguments nested 100,000 deep are kept as text; nothing overflows the stack', () => {
    const issues: Issue[] = []
    let state = reduce(createInitialState(), { type: 'tool-call', messageId: 'm1', toolCallId: 't1', name: 'f' })
    const deep = '{"a":'.repeat(100_000)
    for (let i = 0; i < deep.length; i += 4096)
      state = reduce(
        state,
        { type: 'tool-call-delta', toolCallId: 't1', inputText: deep.slice(i, i + 4096) },
        (issue) => issues.push(issue),
      )
    assertInvariants(state)
    const call = state.messages.m1?.parts[0]
    expect(call).toMatchObject({ kind: 'tool-call', inputText: deep })
    expect(() => toMarkdown(state, { tools: true })).not.toThrow()
    expect(issues.filter((issue) => issue.code === 'reducer-error')).toEqual([])
  })

  // What it checks is the value, not the time: each delta copies the open 50,000-row array for the
  // snapshot readers keep (`partial-json.ts`), 5 to 12 s on a slow 2-core machine.
  test('reducer: 5 MB of arguments in 5,000 deltas parse to the whole value', { timeout: 60_000 }, () => {
    const value = { rows: Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `row ${i}`, tags: ['a', 'b'] })) }
    const text = JSON.stringify(value)
    const piece = Math.ceil(text.length / 5000)
    let state = reduce(createInitialState(), { type: 'tool-call', messageId: 'm1', toolCallId: 't1' })
    for (let i = 0; i < text.length; i += piece)
      state = reduce(state, { type: 'tool-call-delta', toolCallId: 't1', inputText: text.slice(i, i + piece) })
    expect(state.messages.m1?.parts[0]).toMatchObject({ inputText: text, input: value })
  })

  const acpToolCall = (depth: number) =>
    `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Deep","rawInput":${'['.repeat(depth)}1${']'.repeat(depth)}}}}`

  test.each([100, 10_000, 1_000_000])(
    'ACP: a tool call whose rawInput is nested %i deep is decoded, stored and exported without overflowing',
    (depth) => {
      const issues: Issue[] = []
      const decoder = createAcpDecoder({ onIssue: (issue) => issues.push(issue) })
      const store = createTranscriptStore({ schedule: 'sync', onIssue: (issue) => issues.push(issue) })
      store.getState().apply(decoder.decode(acpToolCall(depth)))
      store.getState().apply(decoder.end())
      const state = store.getState()
      const call = state.messages[state.messageIds[0]!]?.parts[0]
      expect(call?.kind === 'tool-call' && call.title).toBe('Deep')
      expect(() => toMarkdown(state, { tools: true })).not.toThrow()
      expect(issues.map((issue) => issue.code)).toEqual([])
    },
  )
})

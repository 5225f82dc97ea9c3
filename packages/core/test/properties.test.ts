import {
  type AgentUpdate,
  createInitialState,
  createTranscriptStore,
  type Issue,
  type PartInput,
  reduce,
  reduceAll,
  type TranscriptState,
} from '@palimpsest/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

// ── arbitraries ─────────────────────────────────────────────────────────────

const messageIds = ['a', 'b', 'c'] as const
const messageId = fc.constantFrom(...messageIds)
const text = fc.string({ maxLength: 10, unit: fc.constantFrom('a', 'b', ' ', '\n', 'é', '😀', '*', '`') })
const toolSuffix = fc.constantFrom('t0', 't1')
/** JSON arguments dense in escapes (quotes, backslashes, newlines, \\uXXXX for non-ASCII), where splits hurt. */
const jsonArguments = fc
  .jsonValue({
    maxDepth: 2,
    stringUnit: fc.constantFrom('a', '"', '\\', '\n', 'é', '😀', ' '),
  })
  .map((value) =>
    JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  )

const partInput: fc.Arbitrary<PartInput> = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), text }),
  fc.record({ kind: fc.constant('reasoning' as const), text }),
  fc.record({ kind: fc.constant('data' as const), data: fc.jsonValue(), dataId: fc.constantFrom('d0', 'd1') }),
)

/** A step names what happens; the text-carrying ones are later split into several updates. */
type Step = { update: AgentUpdate; cuts: number[] }

/** Well-formed updates addressed to a named message (tool call ids belong to one message). */
const addressedUpdate = (id: fc.Arbitrary<string>): fc.Arbitrary<AgentUpdate> =>
  id.chain((m) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.record({ type: fc.constant('chunk' as const), messageId: fc.constant(m), text }) },
      { weight: 3, arbitrary: fc.record({ type: fc.constant('thought' as const), messageId: fc.constant(m), text }) },
      fc.record({
        type: fc.constant('clear' as const),
        messageId: fc.constant(m),
        target: fc.constantFrom('text' as const, 'thought' as const),
      }),
      fc.record({
        type: fc.constant('full' as const),
        messageId: fc.constant(m),
        target: fc.constantFrom('text' as const, 'thought' as const),
        text,
        final: fc.boolean(),
      }),
      fc.record(
        {
          type: fc.constant('full' as const),
          messageId: fc.constant(m),
          parts: fc.array(
            fc.oneof(
              partInput,
              toolSuffix.map((t): PartInput => ({ kind: 'tool-call', toolCallId: `${m}-${t}` })),
            ),
            { maxLength: 4 },
          ),
          final: fc.boolean(),
        },
        { requiredKeys: ['type', 'messageId', 'parts'] },
      ),
      {
        weight: 2,
        arbitrary: toolSuffix.map((t): AgentUpdate => ({ type: 'tool-call', messageId: m, toolCallId: `${m}-${t}` })),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          type: fc.constant('tool-call-delta' as const),
          messageId: fc.constant(m),
          toolCallId: toolSuffix.map((t) => `${m}-${t}`),
          inputText: fc.oneof({ weight: 3, arbitrary: jsonArguments }, { weight: 1, arbitrary: text }),
        }),
      },
      fc.record({
        type: fc.constant('tool-call-update' as const),
        messageId: fc.constant(m),
        toolCallId: toolSuffix.map((t) => `${m}-${t}`),
        status: fc.constantFrom('in_progress' as const, 'completed' as const),
        content: fc.array(
          text.map((t) => ({ type: 'text' as const, text: t })),
          { maxLength: 2 },
        ),
      }),
      fc.record({
        type: fc.constant('plan' as const),
        messageId: fc.constant(m),
        entries: fc.array(fc.record({ content: text, status: fc.constant('pending' as const) }), { maxLength: 2 }),
      }),
      fc.record({
        type: fc.constant('message-done' as const),
        messageId: fc.constant(m),
        status: fc.constantFrom('complete' as const, 'interrupted' as const, 'cancelled' as const),
      }),
      fc.record({ type: fc.constant('message-start' as const), messageId: fc.constant(m) }),
      fc.record({
        type: fc.constant('data' as const),
        messageId: fc.constant(m),
        dataId: fc.constant('d0'),
        data: text,
      }),
      fc.record({
        type: fc.constant('usage' as const),
        messageId: fc.constant(m),
        usage: fc.record({ inputTokens: fc.nat(9) }),
      }),
    ),
  )

/** Everything a well-behaved decoder may emit, including updates that address no message by id. */
const anyUpdate: fc.Arbitrary<AgentUpdate> = fc.oneof(
  { weight: 10, arbitrary: addressedUpdate(messageId) },
  fc.constant<AgentUpdate>({ type: 'turn-end', stopReason: 'end_turn' }),
  fc.constant<AgentUpdate>({ type: 'turn-end', stopReason: 'cancelled' }),
  fc.constant<AgentUpdate>({ type: 'turn-start' }),
  fc.record({ type: fc.constant('error' as const), message: text }),
  fc.constant<AgentUpdate>({ type: 'plan', entries: [] }),
  fc.record({ type: fc.constant('approval-request' as const), requestId: fc.constantFrom('r0', 'r1') }),
  fc.record({
    type: fc.constant('approval-response' as const),
    requestId: fc.constantFrom('r0', 'r1'),
    approved: fc.boolean(),
  }),
)

const step = (update: fc.Arbitrary<AgentUpdate>): fc.Arbitrary<Step> =>
  fc.record({ update, cuts: fc.array(fc.nat(40), { maxLength: 6 }) })

/** Splits the text a step carries at its cut points; other steps stay one update. */
function expand({ update, cuts }: Step): AgentUpdate[] {
  const field =
    update.type === 'tool-call-delta'
      ? 'inputText'
      : update.type === 'chunk' || update.type === 'thought'
        ? 'text'
        : undefined
  if (field === undefined) return [update]
  const whole = (update as unknown as Record<string, string>)[field] as string
  const points = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((x, y) => x - y)
  const bounds = [0, ...points, whole.length]
  const pieces: AgentUpdate[] = []
  for (let i = 1; i < bounds.length; i++) {
    const piece = whole.slice(bounds[i - 1], bounds[i])
    if (piece === '' && i > 1) continue
    pieces.push({ ...update, [field]: piece } as AgentUpdate)
  }
  return pieces
}

/** Garbage: anything at all, or an update-shaped object with fields of the wrong type or value. */
const fieldNames = [
  'messageId',
  'text',
  'thought',
  'target',
  'parts',
  'final',
  'role',
  'toolCallId',
  'inputText',
  'status',
  'entries',
  'usage',
  'mode',
  'message',
  'data',
  'dataId',
  'requestId',
  'approved',
  'to',
  'statusId',
  'session',
  'continuationToken',
  'input',
  'output',
  'content',
  'locations',
  'toolKind',
  'sourceId',
  'options',
  'level',
] as const
const updateTypes = [
  'message-start',
  'chunk',
  'thought',
  'clear',
  'full',
  'tool-call',
  'tool-call-delta',
  'tool-call-update',
  'plan',
  'message-done',
  'turn-start',
  'turn-end',
  'run',
  'usage',
  'error',
  'data',
  'file',
  'source',
  'approval-request',
  'approval-response',
  'handoff',
  'status',
  'session-update',
] as const
const looseValue = fc.oneof(
  messageId,
  text,
  fc.constantFrom('text', 'thought', 'completed', 'pending', 'assistant', 'a-t0', 'r0', '', null, true, 0, -1),
  fc.array(
    fc.record(
      {
        kind: fc.constantFrom('text', 'reasoning', 'tool-call', 'approval-request', 'plan', 'status', 'data', 'bogus'),
        text: fc.oneof(text, fc.integer()),
        toolCallId: fc.oneof(fc.constantFrom('a-t0', 'b-t0'), fc.integer()),
        requestId: fc.constantFrom('r0', 'r1'),
        statusId: fc.oneof(fc.constant('status#0'), fc.integer()),
        entries: fc.anything(),
        options: fc.anything(),
      },
      { requiredKeys: ['kind'] },
    ),
    { maxLength: 3 },
  ),
  fc.anything({ maxDepth: 2 }),
)
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc
    .tuple(fc.constantFrom(...updateTypes), fc.dictionary(fc.constantFrom(...fieldNames), looseValue, { maxKeys: 5 }))
    .map(([type, fields]) => ({ ...fields, type })),
)

// ── helpers ─────────────────────────────────────────────────────────────────

/** The state without `revision`, which counts updates and so legitimately depends on splitting. */
function withoutRevisions(state: TranscriptState): TranscriptState {
  const messages: TranscriptState['messages'] = {}
  for (const [id, message] of Object.entries(state.messages)) messages[id] = { ...message, revision: 0 }
  return { ...state, messages }
}

function fold(updates: readonly AgentUpdate[], from = createInitialState()): TranscriptState {
  return updates.reduce((state, update) => reduce(state, update), from)
}

/** Cuts `updates` into consecutive batches at the given points. */
function batches<T>(updates: readonly T[], points: number[]): T[][] {
  const cuts = [...new Set(points.map((p) => p % (updates.length + 1)))].sort((x, y) => x - y)
  const bounds = [0, ...cuts, updates.length]
  return bounds.slice(1).map((end, i) => updates.slice(bounds[i], end))
}

/** The structural invariants every reachable state keeps. */
function checkInvariants(state: TranscriptState): void {
  expect(new Set(state.messageIds).size).toBe(state.messageIds.length)
  expect(Object.keys(state.messages).sort()).toEqual([...state.messageIds].sort())
  for (const id of state.messageIds) {
    const message = state.messages[id]
    expect(message?.id).toBe(id)
    const partIds = message?.parts.map((p) => p.id) ?? []
    expect(new Set(partIds).size).toBe(partIds.length)
  }
  for (const [toolCallId, holder] of Object.entries(state.toolCalls)) {
    const parts = state.messages[holder]?.parts ?? []
    expect(parts.some((p) => p.kind === 'tool-call' && p.toolCallId === toolCallId)).toBe(true)
  }
  for (const [requestId, holder] of Object.entries(state.approvals)) {
    const parts = state.messages[holder]?.parts ?? []
    expect(parts.some((p) => p.kind === 'approval-request' && p.requestId === requestId)).toBe(true)
  }
}

// ── properties ──────────────────────────────────────────────────────────────

describe('properties', () => {
  test('chunking invariance: the same text split differently gives the same state', () => {
    fc.assert(
      fc.property(
        fc.array(step(anyUpdate), { maxLength: 25 }),
        fc.array(fc.nat(40), { maxLength: 4 }),
        (steps, reshuffle) => {
          const whole = fold(steps.map((s) => s.update))
          const split = fold(steps.flatMap(expand))
          const splitOtherwise = fold(steps.flatMap((s) => expand({ ...s, cuts: [...s.cuts, ...reshuffle] })))
          expect(withoutRevisions(split)).toEqual(withoutRevisions(whole))
          expect(withoutRevisions(splitOtherwise)).toEqual(withoutRevisions(whole))
        },
      ),
      { numRuns: 300 },
    )
  })

  test('batching invariance: the same updates flushed at different points give the same state', () => {
    fc.assert(
      fc.property(
        fc.array(step(anyUpdate), { maxLength: 25 }),
        fc.array(fc.nat(60), { maxLength: 6 }),
        (steps, flushPoints) => {
          const updates = steps.flatMap(expand)
          const oneByOne = fold(updates)
          const allAtOnce = reduceAll(createInitialState(), updates)
          const batched = batches(updates, flushPoints).reduce(
            (state, batch) => reduceAll(state, batch),
            createInitialState(),
          )

          const store = createTranscriptStore({ schedule: () => {} })
          const flushAt = new Set(flushPoints.map((p) => p % (updates.length + 1)))
          updates.forEach((update, i) => {
            if (flushAt.has(i)) store.getState().flush()
            store.getState().apply(update)
          })
          store.getState().flush()
          const { apply: _apply, flush: _flush, reset: _reset, ...fromStore } = store.getState()

          const expected = withoutRevisions(oneByOne)
          expect(withoutRevisions(allAtOnce)).toEqual(expected)
          expect(withoutRevisions(batched)).toEqual(expected)
          expect(withoutRevisions(fromStore)).toEqual(expected)
          // Revisions count updates, not batches.
          expect(batched).toEqual(oneByOne)
        },
      ),
      { numRuns: 300 },
    )
  })

  test('identity preservation: a message the batch does not address keeps its object identity', () => {
    fc.assert(
      fc.property(
        fc.array(step(anyUpdate), { maxLength: 20 }),
        fc
          .subarray<string>([...messageIds], { minLength: 1 })
          .chain((addressed) =>
            fc.tuple(
              fc.constant(addressed),
              fc.array(addressedUpdate(fc.constantFrom(...addressed)), { maxLength: 8 }),
            ),
          ),
        (history, [addressed, batch]) => {
          const before = fold(history.flatMap(expand))
          const after = reduceAll(before, batch)
          // An id a later turn reused addresses the message that took it over (and its tool calls
          // still live in the old one).
          const touched = [...addressed, ...addressed.map((id) => before.renamedMessages?.[id] ?? id)]
          for (const id of before.messageIds) {
            if (!touched.includes(id)) expect(after.messages[id]).toBe(before.messages[id])
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  test('no input throws: random and garbage updates are applied or reported, and the invariants hold', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            anyUpdate.map((u): unknown => u),
            garbage,
          ),
          { maxLength: 30 },
        ),
        (sequence) => {
          const issues: Issue[] = []
          let state = createInitialState()
          const epochs = new Map<string, number>()
          for (const update of sequence) {
            state = reduce(state, update as AgentUpdate, (issue) => issues.push(issue))
            checkInvariants(state)
            for (const id of state.messageIds) {
              for (const part of state.messages[id]?.parts ?? []) {
                if (part.kind !== 'text' && part.kind !== 'reasoning') continue
                const key = `${id}\u0000${part.id}`
                expect(part.epoch).toBeGreaterThanOrEqual(epochs.get(key) ?? 0)
                epochs.set(key, part.epoch)
              }
            }
          }
          // The reducer catches its own exceptions as `reducer-error`; none may happen.
          expect(issues.filter((i) => i.code === 'reducer-error')).toEqual([])
          const store = createTranscriptStore({ schedule: 'sync', onIssue: () => {} })
          expect(() => store.getState().apply(sequence as AgentUpdate[])).not.toThrow()
        },
      ),
      { numRuns: 400 },
    )
  })
})

import {
  type AgentUpdate,
  createInitialState,
  type Message,
  parseStructuredOutput,
  parseStructuredOutputAsync,
  reduce,
  type StandardSchemaV1,
  type TranscriptState,
} from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'

let nextId = 0

/** A fresh message id per test: the parser cache is keyed by message and part id. */
function streamer() {
  const messageId = `structured-${++nextId}`
  let state: TranscriptState = createInitialState()
  const apply = (...updates: AgentUpdate[]): Message => {
    for (const update of updates) state = reduce(state, update)
    return state.messages[messageId] as Message
  }
  return {
    chunk: (text: string) => apply({ type: 'chunk', messageId, text }),
    clear: () => apply({ type: 'clear', messageId, target: 'text' }),
    full: (text: string) => apply({ type: 'full', messageId, text }),
    done: (status: 'complete' | 'error' = 'complete') => apply({ type: 'message-done', messageId, status }),
    apply: (update: Omit<AgentUpdate, 'messageId'>) => apply({ ...update, messageId } as AgentUpdate),
  }
}

const Order = z.object({
  customer: z.string(),
  items: z.array(z.object({ sku: z.string(), quantity: z.number().int().positive() })),
})

describe('parseStructuredOutput while the answer streams', () => {
  test('the partial value fills in field by field, and is never ok before the message ends', () => {
    const s = streamer()
    const seen: unknown[] = []
    for (const piece of ['{"customer": "Ad', 'a", "items": [{"sku": "A-1", "quan', 'tity": 2}, {"sku": "B']) {
      const result = parseStructuredOutput(s.chunk(piece), Order)
      expect(result.ok).toBe(false)
      if (!result.ok) {
        expect(result.streaming).toBe(true)
        expect(result.issues).toEqual([])
        seen.push(result.partial)
      }
    }
    expect(seen).toEqual([
      { customer: 'Ad' },
      { customer: 'Ada', items: [{ sku: 'A-1' }] },
      { customer: 'Ada', items: [{ sku: 'A-1', quantity: 2 }, { sku: 'B' }] },
    ])
  })

  test('a complete JSON value is still only partial while the message streams (more text may follow)', () => {
    const s = streamer()
    const result = parseStructuredOutput(s.chunk('{"customer": "Ada", "items": []}'), Order)
    expect(result).toEqual({ ok: false, streaming: true, partial: { customer: 'Ada', items: [] }, issues: [] })
  })

  test('a container that closed keeps its identity in later partial values (cheap to memoise)', () => {
    const s = streamer()
    const first = parseStructuredOutput(s.chunk('{"items": [{"sku": "A-1"}, '))
    const second = parseStructuredOutput(s.chunk('{"sku": "B'))
    const items = (r: typeof first) => (r.ok ? undefined : (r.partial as { items: unknown[] }).items)
    expect(items(second)?.[0]).toBe(items(first)?.[0])
  })

  test('text already read is not parsed again: the reader resumes from what it consumed', () => {
    const s = streamer()
    const head = `{"note": "${'x'.repeat(40)}", `
    s.chunk(head)
    parseStructuredOutput(s.chunk('"n": 1'))
    // Same part, same epoch, a changed character far behind the resume point: not re-read.
    const forged = s.chunk('')
    const part = forged.parts[0] as { text: string }
    const tampered: Message = {
      ...forged,
      parts: [{ ...part, text: `{"note": "y${part.text.slice(11)}, "m": 2}` } as never],
    }
    const result = parseStructuredOutput(tampered)
    expect(result.ok ? undefined : result.partial).toEqual({ note: 'x'.repeat(40), n: 1, m: 2 })
  })

  test('a clear restarts the value: the new epoch is read from its first character', () => {
    const s = streamer()
    parseStructuredOutput(s.chunk('{"customer": "Draft", "items": [{"sku": "OLD"'))
    s.clear()
    const result = parseStructuredOutput(s.chunk('{"customer": "Final"'), Order)
    expect(result.ok ? undefined : result.partial).toEqual({ customer: 'Final' })
  })

  test('a full replacement with the same length is not mistaken for a continuation', () => {
    const s = streamer()
    parseStructuredOutput(s.chunk('{"a": 1}'))
    const result = parseStructuredOutput(s.full('{"b": 2}'))
    expect(result.ok ? undefined : result.partial).toEqual({ b: 2 })
  })

  test('a syntax error is reported at once, with the value read before it', () => {
    const s = streamer()
    const result = parseStructuredOutput(s.chunk('{"a": 1, oops'))
    expect(result).toMatchObject({ ok: false, streaming: true, partial: { a: 1 } })
    expect(result.ok ? [] : result.issues.map((i) => i.code)).toEqual(['syntax'])
  })
})

describe('parseStructuredOutput once the message is finished', () => {
  test('valid JSON that the schema accepts is the typed value', () => {
    const s = streamer()
    s.chunk('{"customer": "Ada", "items": [{"sku": "A-1", "quantity": 2}]}')
    const result = parseStructuredOutput(s.done(), Order)
    expect(result).toEqual({ ok: true, value: { customer: 'Ada', items: [{ sku: 'A-1', quantity: 2 }] } })
    if (result.ok) expect(result.value.items[0]?.quantity).toBe(2) // typed through the schema
  })

  test('without a schema any complete JSON value is ok', () => {
    const s = streamer()
    s.chunk('[1, 2, 3]')
    expect(parseStructuredOutput(s.done())).toEqual({ ok: true, value: [1, 2, 3] })
  })

  test('a top-level number is complete at the end of the message', () => {
    const s = streamer()
    s.chunk('4')
    s.chunk('2')
    expect(parseStructuredOutput(s.done())).toEqual({ ok: true, value: 42 })
  })

  test('schema failures are issues with the path of the offending value', () => {
    const s = streamer()
    s.chunk('{"customer": "Ada", "items": [{"sku": "A-1", "quantity": 0}]}')
    const result = parseStructuredOutput(s.done(), Order)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.streaming).toBe(false)
    expect(result.partial).toEqual({ customer: 'Ada', items: [{ sku: 'A-1', quantity: 0 }] })
    expect(result.issues).toHaveLength(1)
    expect(result.issues[0]).toMatchObject({ code: 'schema', path: ['items', 0, 'quantity'] })
  })

  test.each([
    ['a ```json fence', '```json\n{"customer": "Ada", "items": []}\n```'],
    ['a bare ``` fence with leading blank lines', '\n\n```\n{"customer": "Ada", "items": []}\n```\n'],
    ['a fence after a line of prose', 'Here is the order:\n```json\n{"customer": "Ada", "items": []}\n```'],
    ['trailing prose after the JSON', '{"customer": "Ada", "items": []}\n\nLet me know if you need more.'],
  ])('an answer in %s reads as its JSON', (_, text) => {
    const s = streamer()
    // One character at a time: fences and prose split anywhere are still recognised.
    for (const ch of text) s.chunk(ch)
    expect(parseStructuredOutput(s.done(), Order)).toEqual({ ok: true, value: { customer: 'Ada', items: [] } })
  })

  test('the last text part with content is the answer (text before a tool call is not)', () => {
    const s = streamer()
    s.chunk('Let me look that up.')
    s.apply({ type: 'tool-call', toolCallId: `call-${nextId}`, name: 'lookup', status: 'completed' } as never)
    const m = s.chunk('{"customer": "Ada", "items": []}')
    expect(m.parts.map((p) => p.kind)).toEqual(['text', 'tool-call', 'text'])
    expect(parseStructuredOutput(s.done(), Order)).toEqual({ ok: true, value: { customer: 'Ada', items: [] } })
  })

  test.each([
    ['JSON cut short', '{"customer": "Ada", "ite', 'incomplete'],
    ['prose with no JSON', 'I could not produce an order.', 'syntax'],
    ['invalid JSON', '{"customer": Ada}', 'syntax'],
  ])('%s is an issue, not an exception', (_, text, code) => {
    const s = streamer()
    s.chunk(text)
    const result = parseStructuredOutput(s.done('error'), Order)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues.map((i) => i.code)).toEqual([code])
  })

  test('a message with no answer text is a no-answer issue', () => {
    const s = streamer()
    s.apply({ type: 'thought', text: 'Thinking…' } as never)
    const result = parseStructuredOutput(s.done())
    expect(result.ok ? [] : result.issues.map((i) => i.code)).toEqual(['no-answer'])
  })

  test('a validator that throws becomes a validator issue', () => {
    const s = streamer()
    s.chunk('{}')
    const throwing: StandardSchemaV1<unknown, never> = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: () => {
          throw new Error('boom')
        },
      },
    }
    const result = parseStructuredOutput(s.done(), throwing)
    expect(result).toMatchObject({ ok: false, issues: [{ code: 'validator', message: 'The validator threw: boom' }] })
  })

  test('an asynchronous schema is an issue for the synchronous reader and works with the async one', async () => {
    const s = streamer()
    s.chunk('{"customer": "Ada", "items": []}')
    const message = s.done()
    const AsyncOrder = Order.refine(async () => true)
    const sync = parseStructuredOutput(message, AsyncOrder)
    expect(sync.ok ? [] : sync.issues.map((i) => i.code)).toEqual(['validator'])
    await expect(parseStructuredOutputAsync(message, AsyncOrder)).resolves.toEqual({
      ok: true,
      value: { customer: 'Ada', items: [] },
    })
  })

  test('reading a finished message again returns the same result object (validated once)', () => {
    const s = streamer()
    s.chunk('{"customer": "Ada", "items": []}')
    const message = s.done()
    let validations = 0
    const counting: StandardSchemaV1 = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: (value) => {
          validations++
          return { value }
        },
      },
    }
    const first = parseStructuredOutput(message, counting)
    expect(parseStructuredOutput(message, counting)).toBe(first)
    expect(validations).toBe(1)
  })
})

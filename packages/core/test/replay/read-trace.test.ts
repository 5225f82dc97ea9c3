import { readTrace, readTraceText } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'

function events(text: string) {
  const result = readTraceText(text)
  if (!result.ok) throw new Error(`expected a trace, got: ${result.error}`)
  return result.trace.events
}

function error(text: string): string {
  const result = readTraceText(text)
  if (result.ok) throw new Error('expected an error')
  return result.error
}

describe('readTraceText', () => {
  test('reads a JSON trace with its delays and title', () => {
    const result = readTraceText(
      JSON.stringify({ name: 'x', title: 'A run', events: [{ delayMs: 5, wire: { a: 1 } }, { wire: { b: 2 } }] }),
    )
    expect(result).toEqual({
      ok: true,
      trace: { name: 'x', title: 'A run', events: [{ delayMs: 5, wire: { a: 1 } }, { wire: { b: 2 } }] },
    })
  })

  test('reads a JSON array of wire messages, and an array of events', () => {
    expect(events('[{"type":"a"},{"type":"b"}]')).toEqual([{ wire: { type: 'a' } }, { wire: { type: 'b' } }])
    expect(events('[{"wire":{"type":"a"},"delayMs":3}]')).toEqual([{ wire: { type: 'a' }, delayMs: 3 }])
  })

  test('reads NDJSON, skipping blank lines', () => {
    expect(events('{"type":"a"}\n\n{"type":"b"}\r\n')).toEqual([{ wire: { type: 'a' } }, { wire: { type: 'b' } }])
  })

  test('reads SSE text as copied from a network panel', () => {
    const sse = 'event: message\nid: 1\ndata: {"type":"a"}\n\n: keep-alive\ndata: {"type":"b"}\n\ndata: [DONE]\n'
    expect(events(sse)).toEqual([{ wire: { type: 'a' } }, { wire: { type: 'b' } }])
  })

  test('a single wire object is a one-message trace', () => {
    expect(events('{"jsonrpc":"2.0","method":"session/update"}')).toEqual([
      { wire: { jsonrpc: '2.0', method: 'session/update' } },
    ])
  })

  test('says which NDJSON line is broken', () => {
    expect(error('{"type":"a"}\n{"type":\n{"type":"c"}')).toMatch(/^Line 2 is not valid JSON/)
  })

  test('says when the text is not JSON at all', () => {
    expect(error('{"events": [')).toMatch(/^The trace is not valid JSON/)
    expect(error('hello')).toMatch(/^The trace is not valid JSON/)
  })

  test('rejects empty input, empty traces and traces without events', () => {
    expect(error('   ')).toMatch(/empty/)
    expect(error('[]')).toMatch(/empty/)
    expect(error('{"name":"x","events":[]}')).toMatch(/empty/)
    expect(error('{"name":"x","evnts":[]}')).toBe('The trace has no "events" array (found none).')
    expect(error('{"events":{"wire":1}}')).toBe('The trace has no "events" array (found an object).')
  })

  test('rejects events without a wire message or with a bad delay', () => {
    expect(error('{"events":[{"wire":1},{"delayMs":2}]}')).toBe('The trace is malformed: event 2 has no "wire" field.')
    expect(error('{"events":[{"wire":1,"delayMs":-4}]}')).toMatch(/event 1 has an invalid "delayMs" \(-4\)/)
    expect(error('{"events":[7]}')).toMatch(/event 1 must be an object/)
  })

  test('rejects JSON that is neither an object nor an array', () => {
    expect(error('42')).toBe('A trace must be a JSON object or array, not a number.')
    expect(error('null')).toBe('A trace must be a JSON object or array, not null.')
  })
})

describe('readTrace', () => {
  test('validates an already parsed value the same way', () => {
    expect(readTrace({ events: 'nope' })).toEqual({
      ok: false,
      error: 'The trace has no "events" array (found a string).',
    })
    expect(readTrace(undefined)).toEqual({ ok: false, error: 'A trace must be a JSON object or array, not undefined.' })
  })
})

import { ndjsonLines } from '@palimpsest/protocols/transports'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { chunksOf, collect, splitAt, utf8 } from './collect'

describe('ndjsonLines', () => {
  test('yields each line as raw text, without its line end', async () => {
    expect(await collect(ndjsonLines('{"a":1}\n{"b":2}\r\n"three"\n'))).toEqual(['{"a":1}', '{"b":2}', '"three"'])
  })

  test('blank and whitespace-only lines are skipped', async () => {
    expect(await collect(ndjsonLines('\n{"a":1}\n\n  \t\r\n{"b":2}\n\n'))).toEqual(['{"a":1}', '{"b":2}'])
  })

  test('a last line without a line end is yielded', async () => {
    expect(await collect(ndjsonLines(chunksOf('{"a":1}\n{"b"', ':2}')))).toEqual(['{"a":1}', '{"b":2}'])
  })

  test('a malformed line is passed on as text for the decoder to report, and does not end the stream', async () => {
    expect(await collect(ndjsonLines('{"a":1}\n{not json\n{"b":2}\n'))).toEqual(['{"a":1}', '{not json', '{"b":2}'])
  })

  test('a BOM is removed only at the start of the stream', async () => {
    expect(await collect(ndjsonLines(chunksOf(utf8('\uFEFF{"a":1}\n'), utf8('\uFEFF{"b":2}\n'))))).toEqual([
      '{"a":1}',
      '\uFEFF{"b":2}',
    ])
  })

  test('a line that never ends stops the stream with a clear error', async () => {
    async function* endless() {
      yield '{"text":"'
      while (true) yield 'x'.repeat(4096)
    }
    await expect(collect(ndjsonLines(endless(), { maxLineLength: 65_536 }))).rejects.toMatchObject({
      code: 'line-too-long',
    })
  })

  test('any chunking of the bytes yields the same lines', async () => {
    const line = fc.string({ unit: fc.constantFrom('a', '"', '{', '}', 'é', '🎉', ' ') })
    const text = fc
      .array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { maxLength: 20 })
      .map((lines) => lines.map(([content, end]) => content + end).join(''))
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(), { maxLength: 40 }), async (stream, cuts) => {
        const bytes = utf8(stream)
        const whole = await collect(ndjsonLines(chunksOf(bytes)))
        const split = await collect(
          ndjsonLines(
            chunksOf(
              ...splitAt(
                bytes,
                cuts.map((c) => c % (bytes.length || 1)),
              ),
            ),
          ),
        )
        expect(split).toEqual(whole)
      }),
      { numRuns: 300 },
    )
  })
})

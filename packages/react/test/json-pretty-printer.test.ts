import fc from 'fast-check'
import { expect, test } from 'vitest'
import { createJsonPrettyPrinter } from '../src/json/json-pretty-printer'

/** Splits text at the given (sorted, deduplicated) cut points. */
function chunk(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
  const pieces: string[] = []
  let start = 0
  for (const point of points) {
    pieces.push(text.slice(start, point))
    start = point
  }
  pieces.push(text.slice(start))
  return pieces
}

const jsonValue = fc.jsonValue({ maxDepth: 4 }).filter((v) => !Object.is(v, -0))

test('streamed compact or spaced JSON prints like JSON.stringify(value, null, 2), whatever the chunking', () => {
  fc.assert(
    fc.property(jsonValue, fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (value, cuts, spaced) => {
      const text = spaced ? JSON.stringify(value, null, 1) : JSON.stringify(value)
      const printer = createJsonPrettyPrinter()
      for (const piece of chunk(text, cuts)) printer.push(piece)
      expect(printer.output).toBe(JSON.stringify(value, null, 2))
      expect(printer.length).toBe(text.length)
    }),
    { numRuns: 400 },
  )
})

test('a partial document prints what has arrived, indented, with whitespace inside strings kept', () => {
  const printer = createJsonPrettyPrinter()
  printer.push('{"a": [1, {"b": "x , y')
  expect(printer.output).toBe('{\n  "a": [\n    1,\n    {\n      "b": "x , y')
  printer.push('\\" {"}]}')
  expect(printer.output).toBe('{\n  "a": [\n    1,\n    {\n      "b": "x , y\\" {"\n    }\n  ]\n}')
})

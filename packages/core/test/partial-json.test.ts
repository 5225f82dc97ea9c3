import { createPartialJsonParser, parsePartialJson } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'

describe('parsePartialJson', () => {
  test.each([
    ['{"a": "hel', { a: 'hel' }],
    ['{"a": 12', { a: 12 }],
    ['{"a": [1, 2, {"b": nu', { a: [1, 2, {}] }],
    ['[1, -', [1]],
    ['{"a"', {}],
    ['{"a": ', {}],
    ['["x", "y', ['x', 'y']],
    ['"just a str', 'just a str'],
  ])('truncated %j reads as %j', (text, expected) => {
    expect(parsePartialJson(text)).toEqual({ value: expected, complete: false })
  })

  test('a number at the very end is committed by end()', () => {
    expect(parsePartialJson('42')).toEqual({ value: 42, complete: true })
  })

  test('complete JSON parses like JSON.parse', () => {
    const text =
      '{"s": "a\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u263A", "n": -1.5e3, "t": true, "f": false, "z": null, "e": [], "o": {}}'
    expect(parsePartialJson(text)).toEqual({ value: JSON.parse(text), complete: true })
  })

  test('invalid JSON stops with an error and keeps the last good value', () => {
    const result = parsePartialJson('{"a": 1, oops}')
    expect(result.value).toEqual({ a: 1 })
    expect(result.complete).toBe(false)
    expect(result.error).toMatch(/unexpected "o"/)
  })

  test.each(['{"a": tru e}', '{"a": 01}', '"\\x"', '"\\u00g9"', '[1,,2]', '{} {}'])('%j is an error', (text) => {
    expect(parsePartialJson(text).error).toBeDefined()
  })
})

describe('createPartialJsonParser', () => {
  test('any split of the input gives the same value as one push', () => {
    const text = '{"name": "caf\\u00e9 \\"x\\"", "list": [1, 22, -3.5, true, null, {"k": ["v"]}], "s": "\\\\"}'
    for (let cut = 0; cut <= text.length; cut++) {
      for (const second of [cut, Math.min(text.length, cut + 3)]) {
        const parser = createPartialJsonParser()
        parser.push(text.slice(0, cut))
        parser.push(text.slice(cut, second))
        parser.push(text.slice(second))
        parser.end()
        expect(parser.value).toEqual(JSON.parse(text))
        expect(parser.length).toBe(text.length)
      }
    }
  })

  test('one character at a time works for nested objects and arrays', () => {
    const text = '{"a": {"b": [[1], [2, {"c": "d"}]]}, "e": []}'
    const parser = createPartialJsonParser()
    for (const ch of text) parser.push(ch)
    expect(parser.complete).toBe(true)
    expect(parser.value).toEqual(JSON.parse(text))
  })

  test('a value read earlier is not changed by later pushes', () => {
    const parser = createPartialJsonParser()
    parser.push('{"list": [1, {"x": "a')
    const first = parser.value
    const copy = structuredClone(first)
    parser.push('b"}, 3], "tail": {"y": 1}}')
    expect(first).toEqual(copy)
    expect(parser.value).toEqual({ list: [1, { x: 'ab' }, 3], tail: { y: 1 } })
  })

  test('after an error, further pushes are ignored', () => {
    const parser = createPartialJsonParser()
    parser.push('[1, }')
    const error = parser.error
    parser.push('2]')
    expect(parser.error).toBe(error)
    expect(parser.value).toEqual([1])
  })
})

test('a "__proto__" key is an own property, as with JSON.parse', () => {
  const text = '{"__proto__": {"polluted": true}, "a": 1}'
  const { value } = parsePartialJson(text)
  expect(value).toEqual(JSON.parse(text))
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
  expect((value as { polluted?: boolean }).polluted).toBeUndefined()
})

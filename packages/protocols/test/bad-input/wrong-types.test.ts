/**
 * Bad input: wrong types. A field of the wrong type is dropped and reported (the rest of the
 * message is read when it can be); nothing throws, and no decoder passes a wrong type on.
 */
import { type AgentUpdate, createInitialState, type Issue, reduce } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { runDecoderCase } from '../fuzz/decoder-fuzz'
import { protocols, vocabulary } from '../fuzz/vocabularies'
import { fixtures } from './protocol-fixtures'
import { runStream } from './run-stream'

const wrongValues: unknown[] = [42, null, true, [], {}, ['text'], { text: 'x' }]

/** Copies of `template` with one field (at any depth) set to `value`. */
function eachFieldSetTo(template: unknown, value: unknown): unknown[] {
  const variants: unknown[] = []
  const walk = (node: unknown, replace: (copy: unknown) => unknown) => {
    if (Array.isArray(node))
      node.forEach((child, i) => {
        variants.push(replace(node.map((c, j) => (j === i ? value : c))))
        walk(child, (v) => replace(node.map((c, j) => (j === i ? v : c))))
      })
    else if (typeof node === 'object' && node !== null)
      for (const key of Object.keys(node)) {
        variants.push(replace({ ...(node as object), [key]: value }))
        walk((node as Record<string, unknown>)[key], (v) => replace({ ...(node as object), [key]: v }))
      }
  }
  walk(template, (copy) => copy)
  return variants
}

describe.each(protocols)('%s decoder', (protocol) => {
  test('any field of any message of its vocabulary set to a value of another type: no throw, no bad update', () => {
    let cases = 0
    for (const template of vocabulary(protocol))
      for (const value of wrongValues)
        for (const variant of eachFieldSetTo(template, value)) {
          // Throws with the reason when a property of the fuzzer fails (see decoder-fuzz.ts).
          runDecoderCase(protocol, [template, variant, template], 'complete')
          cases++
        }
    expect(cases).toBeGreaterThan(100)
  })
})

describe.each(fixtures)('$protocol decoder', (f) => {
  test('a text delta whose text is a number is dropped and reported; the text around it is kept', () => {
    // Built in stream order: some fixtures number their messages as they are made.
    const wires = [...f.open('m1'), f.delta('m1', 'Hello '), f.delta('m1', '\u0001'), f.delta('m1', 'world')]
    const at = wires.length - 2
    wires[at] = JSON.parse(JSON.stringify(wires[at]).replace('"\\u0001"', '42'))
    const run = runStream(f.protocol, wires)
    expect(run.text()).toBe('Hello world')
    expect(run.issues.length).toBeGreaterThan(0)
  })
})

test('reducer: an update with a field of the wrong type is dropped and reported, naming the field', () => {
  const issues: Issue[] = []
  const updates = [
    { type: 'chunk', messageId: 'm1', text: 42 },
    { type: 'tool-call-update', toolCallId: 't1', status: 'done-ish' },
    { type: 'message-done', messageId: 'm1', status: 7 },
    { type: 'full', messageId: 'm1', parts: 'text' },
  ] as unknown as AgentUpdate[]
  const state = updates.reduce((s, u) => reduce(s, u, (issue) => issues.push(issue)), createInitialState())
  expect(state.messageIds).toEqual([])
  expect(issues.map((issue) => issue.code)).toEqual(Array(4).fill('malformed-update'))
  expect(issues.map((issue) => issue.message)).toEqual([
    expect.stringContaining('"text"'),
    expect.stringContaining('done-ish'),
    expect.stringContaining('"status"'),
    expect.stringContaining('"parts"'),
  ])
})

/**
 * Bad input: ids that name nothing. Every recorded trace of every decoder (and its fuzz vocabulary)
 * is replayed with each string field named `…id` (`id`, `messageId`, `call_id`, `toolCallId`, …)
 * made empty or a space — in every wire message at once, and in one message at a time. No decoder
 * emits an update with an empty id (the store would reject it and the text with it); the text shown
 * before is never lost and no decoder reports an internal error (`runDecoderCase`'s checks).
 */
import { expect, test } from 'vitest'
import { runDecoderCase } from '../fuzz/decoder-fuzz'
import { protocols, recordedTraces, vocabulary } from '../fuzz/vocabularies'

/** `value` with every string field whose name ends in `id` replaced by `replacement`. */
function withIdsMade(value: unknown, replacement: string, key?: string): unknown {
  if (typeof value === 'string') return key !== undefined && /id$/i.test(key) ? replacement : value
  if (Array.isArray(value)) return value.map((item) => withIdsMade(item, replacement))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, withIdsMade(field, replacement, name)]))
}

test.each(protocols)('%s: a trace whose ids are empty or blank', (protocol) => {
  const failures: string[] = []
  for (const [index, trace] of [...recordedTraces(protocol), vocabulary(protocol)].entries()) {
    for (const replacement of ['', ' ']) {
      const cases = [
        trace.map((wire) => withIdsMade(wire, replacement)),
        ...trace.map((_, at) => trace.map((wire, i) => (i === at ? withIdsMade(wire, replacement) : wire))),
      ]
      for (const [at, wires] of cases.entries()) {
        try {
          runDecoderCase(protocol, wires, 'complete')
        } catch (error) {
          failures.push(`trace ${index}, case ${at}, ids ${JSON.stringify(replacement)}: ${(error as Error).message}`)
        }
      }
    }
  }
  expect(failures).toEqual([])
})

/** Properties over many generated streams: splitting does not change the result, and nothing throws. */
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { run } from './harness'
import { argumentsDelta, delta, done, parent, start, summaryDelta, text, textDelta, toolRequest } from './wire'

/** Cuts `value` at the given positions (sorted, deduplicated, inside the string). */
const cut = (value: string, at: number[]) => {
  const points = [...new Set(at.map((n) => n % (value.length + 1)))].sort((a, b) => a - b)
  return [0, ...points].map((from, i) => value.slice(from, points[i] ?? value.length))
}

test('the final text, reasoning and tool input do not depend on how the deltas were split', () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 80 }),
      fc.array(fc.nat(), { maxLength: 8 }),
      fc.boolean(),
      (answer, cuts, synthesisedStart) => {
        const pieces = cut(answer, cuts)
        const m = { parent: parent('msg_1', text('')), index: 0 }
        const first = synthesisedStart ? (pieces[0] ?? '') : ''
        const r = run(start(m, text(first)), ...pieces.map((piece) => delta(m, textDelta(piece))), done(m))
        expect(
          r
            .message('msg_1')
            .parts.filter((p) => p.kind === 'text')
            .map((p) => (p as { text: string }).text),
        ).toEqual(answer === '' && first === '' ? [] : [answer])

        const t = { parent: parent('msg_2', toolRequest('call_1', 'f', {})) }
        const args = JSON.stringify({ answer })
        const calls = run(
          start(t, toolRequest('call_1', 'f', {})),
          ...cut(args, cuts).map((piece) => delta(t, argumentsDelta('call_1', 'f', piece))),
          done(t),
        )
        expect(calls.part('msg_2', 'tool-call').input).toEqual({ answer })

        const rs = { parent: parent('msg_3', text('')) }
        const thinking = run(...pieces.map((piece) => delta(rs, summaryDelta(0, piece))))
        expect(thinking.state.messages.msg_3?.parts.map((p) => (p as { text: string }).text) ?? []).toEqual(
          answer === '' ? [] : [answer],
        )
      },
    ),
    { numRuns: 200 },
  )
})

test('arbitrary JSON values and strings never throw out of the decoder', () => {
  const wire = fc.oneof(
    fc.jsonValue(),
    fc.string(),
    fc.record({
      type: fc.constantFrom('start', 'delta', 'full', 'done', 'connected', 'task_updated', 'error', 'x'),
      index: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 3 })),
      parent_task_message: fc.oneof(
        fc.constant(null),
        fc.record({ id: fc.constantFrom('a', 'b', ''), content: fc.jsonValue() }),
      ),
      content: fc.jsonValue(),
      delta: fc.jsonValue(),
      task: fc.jsonValue(),
    }),
  )
  fc.assert(
    fc.property(
      fc.array(wire, { maxLength: 12 }),
      fc.constantFrom('complete', 'interrupted', 'cancelled', 'error'),
      (wires, reason) => {
        const r = run()
        expect(() => {
          r.push(...wires)
          r.end(reason)
        }).not.toThrow()
        expect(r.issues.filter((issue) => issue.code === 'decoder-error' || issue.code === 'reducer-error')).toEqual([])
      },
    ),
    { numRuns: 300 },
  )
})

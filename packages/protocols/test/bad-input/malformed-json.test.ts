/** Bad input: malformed JSON. Dropped and reported (`malformed-json`); the stream goes on. */
import { type AgentUpdate, createInitialState, type Issue, reduce } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { fixtures } from './protocol-fixtures'
import { runStream } from './run-stream'

describe.each(fixtures)('$protocol decoder', (f) => {
  test.each(['{"type": "x', '{', 'not json at all', '{"a":1}}', '\u0000'])(
    'a message that is not JSON (%j) is dropped and reported; the text around it is kept',
    (garbage) => {
      const run = runStream(f.protocol, [...f.open('m1'), f.delta('m1', 'Hello '), garbage, f.delta('m1', 'world')])
      expect(run.text()).toBe('Hello world')
      expect(run.issues.map((issue) => issue.code)).toContain('malformed-json')
    },
  )
})

test('reducer: an update that is not an object is dropped and reported as malformed-update', () => {
  const issues: Issue[] = []
  let state = createInitialState()
  for (const bad of ['{"type":"chunk"', null, 42, ['chunk']])
    state = reduce(state, bad as unknown as AgentUpdate, (issue) => issues.push(issue))
  expect(state).toEqual(createInitialState())
  expect(issues.map((issue) => issue.code)).toEqual(Array(4).fill('malformed-update'))
})

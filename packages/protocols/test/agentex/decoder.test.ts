import type { TaskMessageContent } from 'agentex/resources'
import { describe, expect, test } from 'vitest'
import { run } from './harness'
import {
  argumentsDelta,
  connected,
  contentDelta,
  data,
  dataDelta,
  delta,
  done,
  full,
  parent,
  reasoning,
  responseDelta,
  rpcError,
  rpcLine,
  start,
  streamError,
  summaryDelta,
  taskUpdated,
  text,
  textDelta,
  toolRequest,
  toolResponse,
} from './wire'

const msg = (id: string, content: TaskMessageContent = text('')) => ({ parent: parent(id, content) })
const reducerIssues = (codes: { source?: string }[]) => codes.filter((i) => i.source === 'reducer')

describe('message identity', () => {
  test('keys by parent_task_message.id: merged SSE deltas that lost their index still land in their message', () => {
    const a = msg('msg_a')
    const b = msg('msg_b')
    const r = run(
      start({ ...a, index: 0 }, text('')),
      start({ ...b, index: 1 }, text('')),
      delta({ ...a, index: 0 }, textDelta('Paris ')),
      // Coalesced deltas drop `index`; only the parent says where they go.
      delta(b, textDelta('Lyon ')),
      delta(a, textDelta('is the capital.')),
      delta(b, textDelta('is second.')),
    )
    expect(r.part('msg_a', 'text').text).toBe('Paris is the capital.')
    expect(r.part('msg_b', 'text').text).toBe('Lyon is second.')
    expect(r.state.messageIds).toEqual(['msg_a', 'msg_b'])
  })

  test('falls back to index when there is no parent, one message per index', () => {
    const r = run(
      delta({ index: 0 }, textDelta('First')),
      delta({ index: 1 }, summaryDelta(0, 'Considering')),
      delta({ index: 0 }, textDelta(' answer')),
    )
    const [first, second] = r.state.messageIds as [string, string]
    expect(first).toMatch(/^agentex-[0-9a-z]{8}-index-0$/)
    expect(second).toMatch(/^agentex-[0-9a-z]{8}-index-1$/)
    expect(r.part(first, 'text').text).toBe('First answer')
    expect(r.part(second, 'reasoning').text).toBe('Considering')
  })

  test('an index-only update after one with both parent and index goes to the parent message', () => {
    const r = run(start({ ...msg('msg_1'), index: 0 }, text('')), delta({ index: 0 }, textDelta('Hi')))
    expect(r.part('msg_1', 'text').text).toBe('Hi')
    expect(r.state.messageIds).toEqual(['msg_1'])
  })

  test('indices restart with every sync response: index 0 of the next turn is a new message', () => {
    const r = run(delta({ index: 0 }, textDelta('One')))
    r.end()
    r.push(delta({ index: 0 }, textDelta('Two')))
    r.end()
    expect(r.markdown()).toBe('## Assistant\n\nOne\n\n## Assistant\n\nTwo\n')
  })

  test('an update with neither parent id nor index is dropped and reported', () => {
    const r = run(delta({}, textDelta('orphan')))
    expect(r.state.messageIds).toEqual([])
    expect(r.codes()).toEqual(['unkeyed-update'])
  })
})

describe('start and deltas', () => {
  test('the synthesised start that already holds the first delta is not duplicated (sync NDJSON)', () => {
    const m = parent('msg_1', text('Hel'), null)
    const r = run(
      rpcLine(start({ parent: m, index: 0 }, text('Hel'))),
      rpcLine(delta({ parent: m, index: 0 }, textDelta('Hel'))),
      rpcLine(delta({ parent: m, index: 0 }, textDelta('lo'))),
      rpcLine(done({ parent: parent('msg_1', text('Hello'), 'DONE'), index: 0 })),
    )
    r.end()
    expect(r.part('msg_1', 'text').text).toBe('Hello')
    expect(r.message('msg_1').status).toBe('complete')
    expect(r.issues).toEqual([])
  })

  test('a synthesised start is shown at once and its repeated first delta causes no visible reset', () => {
    const m = msg('msg_1', text('Hel'))
    const r = run(start(m, text('Hel')))
    expect(r.part('msg_1', 'text').text).toBe('Hel')
    expect(r.push(delta(m, textDelta('Hel')))).toEqual([])
    r.push(delta(m, textDelta('lo')))
    expect(r.part('msg_1', 'text')).toMatchObject({ text: 'Hello', epoch: 0 })
  })

  test('a start placeholder that the deltas do not continue is replaced by them, not kept in front', () => {
    const m = msg('msg_1', text('Working on it…'))
    const r = run(start(m, text('Working on it…')), delta(m, textDelta('The answer')), delta(m, textDelta(' is 42.')))
    expect(r.part('msg_1', 'text')).toMatchObject({ text: 'The answer is 42.', epoch: 1 })
    expect(reducerIssues(r.issues)).toEqual([])
  })

  test('start with content and no deltas keeps that content (harness auto_send: start → done)', () => {
    const m = msg('msg_1', text('Final answer'))
    const r = run(start(m, text('Final answer')), done(m))
    expect(r.part('msg_1', 'text').text).toBe('Final answer')
    expect(r.message('msg_1').status).toBe('complete')
  })

  test('start(tool_request) → done shows the start content, not a blank call', () => {
    const m = msg('msg_t', toolRequest('call_1', 'get_weather', { city: 'Oslo' }))
    const r = run(start(m, toolRequest('call_1', 'get_weather', { city: 'Oslo' })), done(m))
    expect(r.part('msg_t', 'tool-call')).toMatchObject({
      toolCallId: 'call_1',
      name: 'get_weather',
      input: { city: 'Oslo' },
      status: 'in_progress',
    })
  })

  test('a text delta of null is an empty fragment', () => {
    const m = msg('msg_1')
    const r = run(start(m, text('')), delta(m, textDelta(null)), delta(m, textDelta('ok')), delta(m, null))
    expect(r.part('msg_1', 'text').text).toBe('ok')
    expect(r.issues).toEqual([])
  })

  test('type lock: a delta of another kind than the first delta is dropped and reported', () => {
    const m = msg('msg_1')
    const r = run(start(m, text('')), delta(m, textDelta('Answer')), delta(m, dataDelta('{"a":1}')))
    expect(r.part('msg_1', 'text').text).toBe('Answer')
    expect(r.message('msg_1').parts.map((p) => p.kind)).toEqual(['text'])
    expect(r.codes()).toEqual(['delta-type-mismatch'])
  })

  test('the first delta decides the content when the start was of another kind', () => {
    const m = msg('msg_1')
    const r = run(start(m, text('')), delta(m, summaryDelta(0, 'Thinking')), done(m))
    expect(r.message('msg_1').parts).toMatchObject([{ kind: 'reasoning', text: 'Thinking' }])
  })
})

describe('full and done', () => {
  test('full replaces everything streamed and seals the message: a later delta does not append to it', () => {
    const m = msg('msg_1')
    const r = run(
      start(m, text('')),
      delta(m, textDelta('Draft')),
      full(m, text('Final answer')),
      delta(m, textDelta('TAIL')),
      done(m),
    )
    expect(r.part('msg_1', 'text').text).toBe('Final answer')
    expect(r.message('msg_1')).toMatchObject({ status: 'complete', sealed: true })
    expect(r.codes()).toEqual(['sealed-message', 'sealed-message'])
    expect(reducerIssues(r.issues)).toEqual([])
  })

  test('full override that adds citations (LiteLLM auto_send: start(markdown, "") → deltas → full, no done)', () => {
    const m = msg('msg_1', text('', { format: 'markdown' }))
    const answer = 'Oslo is the capital of Norway.'
    const r = run(
      start(m, text('', { format: 'markdown' })),
      delta(m, textDelta('Oslo is the ')),
      delta(m, textDelta('capital of Norway.')),
      full(m, text(`${answer}\n\n## Sources\n1. Statistics Norway`, { format: 'markdown' })),
    )
    expect(r.part('msg_1', 'text')).toMatchObject({ text: `${answer}\n\n## Sources\n1. Statistics Norway`, epoch: 1 })
    expect(r.message('msg_1').status).toBe('complete')
  })

  test('Codex start(reasoning) + full(reasoning) without done gives one reasoning message', () => {
    const m = msg('msg_r', reasoning(['Planning']))
    const r = run(start(m, reasoning(['Planning'])), full(m, reasoning(['Planning the answer'])))
    r.end()
    expect(r.state.messageIds).toEqual(['msg_r'])
    expect(r.message('msg_r').parts).toMatchObject([{ kind: 'reasoning', text: 'Planning the answer' }])
    expect(r.issues).toEqual([])
  })

  test('the stale parent content of an SSE done is never shown', () => {
    const m = msg('msg_1', text(''))
    const r = run(start(m, text('')), delta(m, textDelta('Hello')), done({ parent: parent('msg_1', text('')) }))
    expect(r.part('msg_1', 'text').text).toBe('Hello')
  })

  test('a duplicated done is a no-op', () => {
    const m = msg('msg_1')
    const r = run(start(m, text('')), delta(m, textDelta('Hi')), done(m), done(m))
    expect(r.part('msg_1', 'text').text).toBe('Hi')
    expect(r.codes()).toEqual(['duplicate-done'])
    expect(reducerIssues(r.issues)).toEqual([])
  })

  test('deltas drained after done on SSE (done → delta → done) still reach the message', () => {
    const m = msg('msg_1')
    const r = run(
      start(m, text('')),
      delta(m, textDelta('The buffer ')),
      done(m),
      delta(m, textDelta('drained late.')),
      done(m),
    )
    expect(r.part('msg_1', 'text').text).toBe('The buffer drained late.')
    expect(r.message('msg_1').status).toBe('complete')
    expect(r.codes()).toEqual(['duplicate-done'])
  })

  test('a delta after done on NDJSON is dropped, as the server drops it', () => {
    const m = { parent: parent('msg_1', text(''), null), index: 0 }
    const r = run(
      rpcLine(start(m, text(''))),
      rpcLine(delta(m, textDelta('Done.'))),
      rpcLine(done(m)),
      rpcLine(delta(m, textDelta(' Stray'))),
    )
    expect(r.part('msg_1', 'text').text).toBe('Done.')
    expect(r.codes()).toEqual(['finished-message'])
  })

  test('done may be missing: end() finishes every open message (auto-flush)', () => {
    const a = msg('msg_a')
    const r = run(start(a, text('')), delta(a, textDelta('Unfinished')), delta({ index: 3 }, dataDelta('{"n": 1}')))
    expect(r.message('msg_a').status).toBe('streaming')
    r.end()
    expect(r.message('msg_a').status).toBe('complete')
    const byIndex = r.state.messageIds[1] as string
    expect(r.message(byIndex).status).toBe('complete')
    expect(r.part(byIndex, 'data').data).toEqual({ n: 1 })
    expect(r.state.turns.at(-1)?.status).toBe('completed')
  })

  test('end("interrupted") keeps the text, marks it interrupted, and later deltas resume it', () => {
    const m = msg('msg_1')
    const r = run(start(m, text('')), delta(m, textDelta('Half')))
    r.end('interrupted')
    expect(r.message('msg_1').status).toBe('interrupted')
    expect(r.part('msg_1', 'text').text).toBe('Half')
    r.push(delta(m, textDelta(' and the rest')), done(m))
    expect(r.message('msg_1').status).toBe('complete')
    expect(r.part('msg_1', 'text').text).toBe('Half and the rest')
  })

  test('done for a message the stream never showed is reported so the app can refetch it', () => {
    const r = run(done({ parent: parent('msg_9', text('')) }))
    expect(r.state.messageIds).toEqual([])
    expect(r.codes()).toEqual(['unknown-message'])
  })

  test('done for an unseen message whose parent is DONE shows the final parent content', () => {
    const r = run(rpcLine(done({ parent: parent('msg_9', text('Stored answer'), 'DONE'), index: 0 })))
    expect(r.part('msg_9', 'text').text).toBe('Stored answer')
    expect(r.message('msg_9').status).toBe('complete')
  })

  test('a delta without start (late join) shows the partial text and reports that a refetch is needed', () => {
    const m = msg('msg_1')
    const r = run(delta(m, textDelta('…middle of the answer.')), done(m))
    expect(r.part('msg_1', 'text').text).toBe('…middle of the answer.')
    expect(r.codes()).toEqual(['incomplete-message'])
  })
})

describe('content kinds', () => {
  test('reasoning summary deltas at indices 0 and 2 compact the empty slot', () => {
    const m = msg('msg_r', reasoning([]))
    const r = run(start(m, reasoning([])), delta(m, summaryDelta(0, 'Think')), delta(m, summaryDelta(2, 'More')))
    expect(r.part('msg_r', 'reasoning').text).toBe('Think\n\nMore')
  })

  test('reasoning content is shown instead of the summary once it has text', () => {
    const m = msg('msg_r', reasoning([]))
    const r = run(start(m, reasoning([])), delta(m, summaryDelta(0, 'Short summary')))
    expect(r.part('msg_r', 'reasoning').text).toBe('Short summary')
    r.push(delta(m, contentDelta(0, 'Step one.')), delta(m, contentDelta(1, 'Step two.')))
    expect(r.part('msg_r', 'reasoning').text).toBe('Step one.\n\nStep two.')
    r.push(delta(m, summaryDelta(0, ', refined')), delta(m, contentDelta(0, ' Checked.')))
    expect(r.part('msg_r', 'reasoning').text).toBe('Step one. Checked.\n\nStep two.')
  })

  test('reasoning delta appends are emitted as thought chunks, not replacements', () => {
    const m = msg('msg_r', reasoning([]))
    const r = run(start(m, reasoning([])))
    expect(
      r.push(delta(m, summaryDelta(0, 'A')), delta(m, summaryDelta(0, 'B')), delta(m, summaryDelta(1, 'C'))),
    ).toEqual([
      { type: 'thought', messageId: 'msg_r', text: 'A' },
      { type: 'thought', messageId: 'msg_r', text: 'B' },
      { type: 'thought', messageId: 'msg_r', text: '\n\nC' },
    ])
  })

  test('the synthesised reasoning start (summary: [first]) is not duplicated', () => {
    const m = { parent: parent('msg_r', reasoning(['Con']), null), index: 0 }
    const r = run(
      rpcLine(start(m, reasoning(['Con']))),
      rpcLine(delta(m, summaryDelta(0, 'Con'))),
      rpcLine(delta(m, summaryDelta(0, 'sidering'))),
    )
    expect(r.part('msg_r', 'reasoning')).toMatchObject({ text: 'Considering', epoch: 0 })
  })

  test('tool request arguments stream into the call as they arrive, not only at done', () => {
    const m = msg('msg_t', toolRequest('call_1', 'get_weather', {}))
    const r = run(
      start(m, toolRequest('call_1', 'get_weather', {})),
      delta(m, argumentsDelta('call_1', 'get_weather', '{"city": "S')),
    )
    expect(r.part('msg_t', 'tool-call')).toMatchObject({ input: { city: 'S' }, status: 'in_progress' })
    r.push(delta(m, argumentsDelta('call_1', 'get_weather', 'an Francisco"}')), done(m))
    expect(r.part('msg_t', 'tool-call')).toMatchObject({
      name: 'get_weather',
      input: { city: 'San Francisco' },
      inputText: '{"city": "San Francisco"}',
    })
  })

  test('keeps the first non-empty name and tool_call_id of a tool request', () => {
    const m = msg('msg_t')
    const r = run(
      delta(m, argumentsDelta('call_1', '', '{"q":')),
      delta(m, argumentsDelta('call_1', 'search', ' "x"}')),
      delta(m, argumentsDelta('call_2', 'other', '')),
    )
    expect(r.part('msg_t', 'tool-call')).toMatchObject({ toolCallId: 'call_1', name: 'search', input: { q: 'x' } })
    expect(r.codes()).toContain('inconsistent-tool-call-id')
  })

  test('a tool response attaches to its request by tool_call_id instead of becoming a message', () => {
    const req = msg('msg_req', toolRequest('call_1', 'get_weather', { city: 'Oslo' }))
    const res = msg('msg_res', toolResponse('call_1', 'get_weather', ''))
    const r = run(
      full(req, toolRequest('call_1', 'get_weather', { city: 'Oslo' })),
      start(res, toolResponse('call_1', 'get_weather', '')),
      delta(res, responseDelta('call_1', 'get_weather', '{"temp"')),
      delta(res, responseDelta('call_1', 'get_weather', ': 4}')),
    )
    expect(r.part('msg_req', 'tool-call')).toMatchObject({ output: '{"temp": 4}', status: 'in_progress' })
    r.push(done(res))
    expect(r.state.messageIds).toEqual(['msg_req'])
    expect(r.part('msg_req', 'tool-call')).toMatchObject({ output: '{"temp": 4}', status: 'completed' })
    expect(r.issues).toEqual([])
  })

  test('the synthesised tool_response start holding the first content delta is not duplicated', () => {
    const req = { parent: parent('msg_req', toolRequest('call_1', 'grep', {}), null), index: 0 }
    const res = { parent: parent('msg_res', toolResponse('call_1', 'grep', 'src/a.ts'), null), index: 1 }
    const r = run(
      rpcLine(full(req, toolRequest('call_1', 'grep', { pattern: 'TODO' }))),
      rpcLine(start(res, toolResponse('call_1', 'grep', 'src/a.ts', null))),
      rpcLine(delta(res, responseDelta('call_1', 'grep', 'src/a.ts'))),
      rpcLine(delta(res, responseDelta('call_1', 'grep', ':12'))),
    )
    r.end()
    expect(r.part('msg_req', 'tool-call')).toMatchObject({ output: 'src/a.ts:12', status: 'completed' })
  })

  test('plain-text tool output stays text, never {} (it is not parsed)', () => {
    const req = msg('msg_req')
    const res = msg('msg_res')
    const r = run(
      full(req, toolRequest('call_1', 'shell', { cmd: 'ls' })),
      delta(res, responseDelta('call_1', 'shell', 'README.md\n')),
      delta(res, responseDelta('call_1', 'shell', 'src\n')),
      done(res),
    )
    expect(r.part('msg_req', 'tool-call')).toMatchObject({ output: 'README.md\nsrc\n', status: 'completed' })
  })

  test('is_error marks the tool call failed with its output as the error', () => {
    const req = msg('msg_req')
    const r = run(
      full(req, toolRequest('call_1', 'get_weather', { city: 'Atlantis' })),
      full(msg('msg_res'), toolResponse('call_1', 'get_weather', 'city not found', true)),
    )
    expect(r.part('msg_req', 'tool-call')).toMatchObject({ status: 'failed', error: 'city not found' })
    expect(r.markdown()).toBe('## Assistant\n\n- Tool `get_weather` (failed): city not found\n')
  })

  test('is_error from a streamed response start applies when the response finishes', () => {
    const req = msg('msg_req')
    const res = msg('msg_res')
    const r = run(
      full(req, toolRequest('call_1', 'fetch', { url: 'x' })),
      start(res, toolResponse('call_1', 'fetch', '', true)),
      delta(res, responseDelta('call_1', 'fetch', 'HTTP 404')),
      done(res),
    )
    expect(r.part('msg_req', 'tool-call')).toMatchObject({ status: 'failed', error: 'HTTP 404', output: 'HTTP 404' })
  })

  test('a tool response before its request (batched creates are unordered) shows one call with both', () => {
    const r = run(
      full(msg('msg_res'), toolResponse('call_1', 'get_weather', { temp: 20 })),
      full(msg('msg_req'), toolRequest('call_1', 'get_weather', { city: 'SF' })),
    )
    expect(r.state.messageIds).toHaveLength(1)
    const id = r.state.messageIds[0] as string
    expect(r.part(id, 'tool-call')).toMatchObject({
      name: 'get_weather',
      input: { city: 'SF' },
      output: { temp: 20 },
      status: 'completed',
    })
  })

  test('data deltas are a JSON object string, shown as it parses and complete at done', () => {
    const m = msg('msg_d', data({}))
    const r = run(start(m, data({})), delta(m, dataDelta('{"rows": [1, ')))
    expect(r.part('msg_d', 'data').data).toEqual({ rows: [1] })
    r.push(delta(m, dataDelta('2]}')), done(m))
    expect(r.part('msg_d', 'data').data).toEqual({ rows: [1, 2] })
    expect(r.issues).toEqual([])
  })

  test('a data full replaces streamed data and seals it', () => {
    const m = msg('msg_d', data({}))
    const r = run(start(m, data({})), delta(m, dataDelta('{"draft": tr')), full(m, data({ rows: 3 })), done(m))
    expect(r.message('msg_d').parts).toMatchObject([{ kind: 'data', data: { rows: 3 } }])
    expect(r.message('msg_d')).toMatchObject({ status: 'complete', sealed: true })
    expect(r.markdown()).toBe('## Assistant\n\n```json\n{\n  "rows": 3\n}\n```\n')
  })

  test('data that ends as incomplete JSON is reported and keeps what parsed', () => {
    const m = msg('msg_d', data({}))
    const r = run(start(m, data({})), delta(m, dataDelta('{"a": 1, "b": ')), done(m))
    expect(r.part('msg_d', 'data').data).toEqual({ a: 1 })
    expect(r.codes()).toEqual(['invalid-data-json'])
  })

  test('a user message (author user) from adk.messages.create is a full with index null', () => {
    const user = text('see file', {
      author: 'user',
      format: 'markdown',
      attachments: [{ file_id: 'f1', name: 'a.pdf', size: 10, type: 'application/pdf' }],
    })
    const r = run(full({ parent: parent('msg_u', user, 'DONE') }, user))
    expect(r.message('msg_u')).toMatchObject({ role: 'user', status: 'complete' })
    expect(r.message('msg_u').parts).toMatchObject([
      { kind: 'file', name: 'a.pdf', mimeType: 'application/pdf', size: 10 },
      { kind: 'text', text: 'see file' },
    ])
  })

  test('attachments on a streamed start stay before the text the deltas build', () => {
    const content = text('', { attachments: [{ file_id: 'f2', name: 'chart.png', size: 2048, type: 'image/png' }] })
    const m = msg('msg_1', content)
    const r = run(start(m, content), delta(m, textDelta('Here is ')), delta(m, textDelta('the chart.')))
    expect(r.message('msg_1').parts).toMatchObject([
      { kind: 'file', name: 'chart.png' },
      { kind: 'text', text: 'Here is the chart.' },
    ])
  })
})

describe('stream events', () => {
  test('connected, :ping keep-alives and an SSE error frame are handled without rendering messages', () => {
    const r = run(connected, ':ping', '', streamError('redis timeout'))
    expect(r.state.messageIds).toEqual([])
    expect(r.state.session.taskId).toBe('task_8f3a')
    expect(r.codes()).toEqual(['stream-error'])
  })

  test('an error frame is not fatal: the message keeps streaming, the session shows the error until data flows', () => {
    const m = msg('msg_1')
    const r = run(start(m, text('')), delta(m, textDelta('Part one')), streamError('backing off'))
    expect(r.state.session.streamError).toBe('backing off')
    expect(r.message('msg_1').status).toBe('streaming')
    r.push(delta(m, textDelta(', part two')), done(m))
    expect(r.state.session.streamError).toBeUndefined()
    expect(r.message('msg_1').parts).toMatchObject([{ kind: 'text', text: 'Part one, part two' }])
    expect(r.markdown()).toBe('## Assistant\n\nPart one, part two\n')
  })

  test('task_updated is understood, not reported as an unknown event', () => {
    const r = run(connected, taskUpdated('RUNNING'))
    expect(r.issues).toEqual([])
  })

  test('a terminal task_updated ends the turn and finishes what still streams', () => {
    const m = msg('msg_1')
    const r = run(start(m, text('')), delta(m, textDelta('Answer')), taskUpdated('COMPLETED', 'done'))
    expect(r.message('msg_1').status).toBe('complete')
    expect(r.state.turns.at(-1)).toMatchObject({ status: 'completed', stopReason: 'completed' })
  })

  test.each([
    ['CANCELED', 'cancelled', 'cancelled', 'cancelled'],
    ['TERMINATED', 'cancelled', 'cancelled', 'cancelled'],
    ['FAILED', 'error', 'failed', 'failed'],
    ['TIMED_OUT', 'error', 'failed', 'failed'],
  ] as const)('task_updated %s marks streaming messages %s and open tool calls %s', (status, message, tool, turn) => {
    const m = msg('msg_1')
    const r = run(
      full(msg('msg_t'), toolRequest('call_1', 'search', { q: 'x' })),
      start(m, text('')),
      delta(m, textDelta('Partial')),
      taskUpdated(status),
    )
    expect(r.message('msg_1').status).toBe(message)
    expect(r.part('msg_t', 'tool-call').status).toBe(tool)
    expect(r.state.turns.at(-1)?.status).toBe(turn)
    expect(r.part('msg_1', 'text').text).toBe('Partial')
  })

  test('a failed task shows its status_reason as an error', () => {
    const r = run(start(msg('msg_1'), text('')), taskUpdated('FAILED', 'Agent crashed: out of memory'))
    expect(r.markdown()).toBe('## Assistant\n\n**Error:** Agent crashed: out of memory\n')
  })

  test('RUNNING and INTERRUPTED are not terminal, and a repeated status is a no-op', () => {
    const m = msg('msg_1')
    const r = run(start(m, text('')), taskUpdated('RUNNING'), taskUpdated('INTERRUPTED'), delta(m, textDelta('Still')))
    expect(r.message('msg_1').status).toBe('streaming')
    r.push(taskUpdated('COMPLETED'), taskUpdated('COMPLETED'))
    expect(r.state.turns).toHaveLength(1)
    expect(r.issues).toEqual([])
  })

  test('connecting again while messages stream marks them interrupted and says deltas were lost', () => {
    const m = msg('msg_1')
    const r = run(connected, start(m, text('')), delta(m, textDelta('Before')), connected)
    expect(r.message('msg_1').status).toBe('interrupted')
    expect(r.codes()).toEqual(['stream-reconnected'])
    r.push(delta(m, textDelta(' after')))
    expect(r.message('msg_1').status).toBe('streaming')
  })

  test('a JSON-RPC error line fails the turn and shows the error', () => {
    const m = { parent: parent('msg_1', text(''), null), index: 0 }
    const r = run(rpcLine(start(m, text(''))), rpcLine(delta(m, textDelta('Work'))), rpcError('boom'))
    expect(r.message('msg_1').status).toBe('error')
    expect(r.state.turns.at(-1)?.status).toBe('failed')
    expect(r.markdown()).toBe('## Assistant\n\nWork\n\n**Error:** boom\n')
  })

  test('a JSON-RPC error before any output gets a message of its own', () => {
    const r = run(rpcError('Unknown agent'))
    expect(r.markdown()).toBe('## Assistant\n\n**Error:** Unknown agent\n')
  })
})

describe('stored messages', () => {
  test('persisted messages load first (newest-first list sorted oldest-first), then live events apply', () => {
    const user = { ...parent('msg_u', text('Hi', { author: 'user' }), 'DONE'), created_at: '2026-08-18T09:14:01Z' }
    const answer = { ...parent('msg_a', text('Hello!'), 'DONE'), created_at: '2026-08-18T09:14:01.5Z' }
    const live = { ...parent('msg_l', text(''), 'IN_PROGRESS'), created_at: '2026-08-18T09:14:05Z' }
    const r = run([live, answer, user])
    expect(r.state.messageIds).toEqual(['msg_u', 'msg_a', 'msg_l'])
    r.push(delta({ parent: live }, textDelta('Streaming on')), done({ parent: live }))
    expect(r.markdown()).toBe('## User\n\nHi\n\n## Assistant\n\nHello!\n\n## Assistant\n\nStreaming on\n')
  })

  test('a history without streaming messages is not left as a running turn', () => {
    const r = run([parent('msg_a', text('Old answer'), 'DONE')])
    expect(r.state.turns.at(-1)?.status).toBe('completed')
  })
})

describe('bad input', () => {
  test('raw JSON strings are accepted, and malformed ones are reported', () => {
    const m = msg('msg_1')
    const r = run(JSON.stringify(start(m, text(''))), JSON.stringify(delta(m, textDelta('ok'))), '{"type": "delta",')
    expect(r.part('msg_1', 'text').text).toBe('ok')
    expect(r.codes()).toEqual(['malformed-json'])
  })

  test('an update without a type discriminator is dropped, as the server rejects it', () => {
    const m = msg('msg_1')
    const { type: _type, ...untyped } = delta(m, textDelta('x'))
    const r = run(untyped, delta(m, { text_delta: 'y' }))
    expect(r.state.messageIds).toEqual([])
    expect(r.codes()).toEqual(['missing-type', 'malformed-delta'])
  })

  test('stale author values (assistant, tool) from old docstrings are the agent; user is the user', () => {
    const stale = { ...text('Hi'), author: 'assistant' }
    const r = run(full({ index: 0 }, stale as never), full({ index: 1 }, text('Hello', { author: 'user' })))
    const [first, second] = r.state.messageIds as [string, string]
    expect(r.message(first).role).toBe('assistant')
    expect(r.message(second).role).toBe('user')
  })

  test('unknown fields (agent_path) and unknown event types are tolerated', () => {
    const m = msg('msg_1')
    const r = run({ ...start(m, text('Hi')), agent_path: ['root', 'researcher'] }, { type: 'heartbeat' })
    expect(r.part('msg_1', 'text').text).toBe('Hi')
    expect(r.codes()).toEqual(['unknown-event'])
  })

  test('garbage never throws and is reported', () => {
    const garbage: unknown[] = [
      null,
      42,
      'not json',
      [1, 2],
      { type: 'start', parent_task_message: { id: 'm' }, content: null },
      { type: 'delta', index: 0, delta: { type: 'reasoning_summary', summary_index: -1 } },
      { type: 'task_updated', task: 'x' },
      { jsonrpc: '2.0', result: { type: 'task' } },
    ]
    const r = run()
    for (const wire of garbage) expect(() => r.push(wire)).not.toThrow()
    expect(r.issues.length).toBeGreaterThanOrEqual(garbage.length)
    expect(r.state.messageIds).toEqual([])
  })

  test('a throwing onIssue handler does not break decoding', async () => {
    const { createAgentexDecoder } = await import('@palimpsest/protocols/agentex')
    const decoder = createAgentexDecoder({
      onIssue: () => {
        throw new Error('handler bug')
      },
    })
    expect(() => decoder.decode('nope')).not.toThrow()
    expect(decoder.decode(delta(msg('m'), textDelta('ok')))).toContainEqual({
      type: 'chunk',
      messageId: 'm',
      text: 'ok',
    })
  })
})

test('wire typed with the agentex SDK is accepted by the decoder input type', async () => {
  const { createAgentexDecoder } = await import('@palimpsest/protocols/agentex')
  type Input = Parameters<ReturnType<typeof createAgentexDecoder>['decode']>[0]
  const m = msg('msg_1')
  const inputs: Input[] = [
    connected,
    start(m, text('')),
    delta(m, textDelta('x')),
    full(m, text('y')),
    done(m),
    streamError('e'),
    taskUpdated('COMPLETED'),
    rpcLine(done(m)),
    [parent('msg_1', text('y'), 'DONE')],
  ]
  const decoder = createAgentexDecoder()
  expect(inputs.flatMap((input) => decoder.decode(input)).length).toBeGreaterThan(0)
})

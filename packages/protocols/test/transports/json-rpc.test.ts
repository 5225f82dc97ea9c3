import type { Issue } from '@palimpsest/core'
import { jsonRpcMessages } from '@palimpsest/protocols/transports'
import { describe, expect, test } from 'vitest'
import { chunksOf, collect } from './collect'

describe('jsonRpcMessages (ACP stdio framing, Agentex NDJSON)', () => {
  test('yields notifications, requests and responses, parsed', async () => {
    const stream = [
      '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1"}}',
      '{"jsonrpc":"2.0","id":7,"method":"session/request_permission","params":{}}',
      '{"jsonrpc":"2.0","id":1,"result":{"stopReason":"end_turn"}}',
      '{"jsonrpc":"2.0","id":"a","error":{"code":-32603,"message":"boom"}}',
    ].join('\n')
    expect(await collect(jsonRpcMessages(chunksOf(stream.slice(0, 50), stream.slice(50))))).toEqual([
      { jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's1' } },
      { jsonrpc: '2.0', id: 7, method: 'session/request_permission', params: {} },
      { jsonrpc: '2.0', id: 1, result: { stopReason: 'end_turn' } },
      { jsonrpc: '2.0', id: 'a', error: { code: -32603, message: 'boom' } },
    ])
  })

  test('an Agentex NDJSON envelope with both result and a null error is a response', async () => {
    const line = '{"jsonrpc":"2.0","result":{"type":"delta"},"error":null,"id":"req-1"}\n'
    expect(await collect(jsonRpcMessages(line))).toEqual([
      { jsonrpc: '2.0', result: { type: 'delta' }, error: null, id: 'req-1' },
    ])
  })

  test('a batch yields its members in order', async () => {
    const line = '[{"jsonrpc":"2.0","method":"a"},{"jsonrpc":"2.0","method":"b"}]\n'
    expect((await collect(jsonRpcMessages(line))).map((m) => ('method' in m ? m.method : ''))).toEqual(['a', 'b'])
  })

  test('malformed lines are reported with the reason and skipped; the stream goes on', async () => {
    const issues: Issue[] = []
    const stream = [
      '{"jsonrpc":"2.0","method":"first"}',
      '{"jsonrpc":"2.0","method":',
      '"just a string"',
      '{"jsonrpc":"1.0","method":"old"}',
      '{"jsonrpc":"2.0","method":42}',
      '{"jsonrpc":"2.0","id":{},"result":1}',
      '{"jsonrpc":"2.0","id":3}',
      '{"jsonrpc":"2.0"}',
      '[{"jsonrpc":"2.0","method":"in batch"}, 5]',
      '{"jsonrpc":"2.0","method":"last"}',
    ].join('\n')
    const messages = await collect(jsonRpcMessages(stream, { onIssue: (issue) => issues.push(issue) }))
    expect(messages.map((m) => ('method' in m ? m.method : ''))).toEqual(['first', 'in batch', 'last'])
    expect(issues.map((issue) => [issue.code, issue.message])).toEqual([
      ['malformed-json', expect.stringMatching(/^json-rpc: a line is not JSON/)],
      ['malformed-json-rpc', 'json-rpc: a message must be a JSON object'],
      ['malformed-json-rpc', 'json-rpc: a message must have "jsonrpc": "2.0"'],
      ['malformed-json-rpc', 'json-rpc: a method must be a string'],
      ['malformed-json-rpc', 'json-rpc: an id must be a string, a number or null'],
      ['malformed-json-rpc', 'json-rpc: a response needs a result or an error'],
      ['malformed-json-rpc', 'json-rpc: a message needs a method (request, notification) or an id (response)'],
      ['malformed-json-rpc', 'json-rpc: a message must be a JSON object'],
    ])
  })

  test('a throwing onIssue does not break the stream', async () => {
    const stream = 'oops\n{"jsonrpc":"2.0","method":"ok"}\n'
    const messages = await collect(
      jsonRpcMessages(stream, {
        onIssue: () => {
          throw new Error('handler bug')
        },
      }),
    )
    expect(messages).toHaveLength(1)
  })
})

import type { Issue } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { createDecoderKit } from '../../src/decoding/decoder-kit'
import { readWireObject } from '../../src/decoding/wire-object'

/** A small decoder on the kit: `{ say }` becomes a chunk, `{ crash }` hits a bug after emitting. */
function createEchoDecoder(onIssue: (issue: Issue) => void, doneMarker?: 'ends-stream' | 'ignored') {
  const { emit, issue, notify, decoder } = createDecoderKit({ source: 'echo', onIssue })
  let open = false
  return decoder({
    read: readWireObject,
    ...(doneMarker && { doneMarker }),
    decode(message) {
      if (!open) emit({ type: 'message-start', messageId: 'm1', role: 'assistant' })
      open = true
      if (typeof message.say === 'string') emit({ type: 'chunk', messageId: 'm1', text: message.say })
      else if (message.crash) (undefined as unknown as { boom(): void }).boom()
      else if (message.callback)
        notify('onEcho', () => {
          throw new Error('from the app')
        })
      else issue('unknown-event', 'nothing to say', message)
    },
    end(reason) {
      if (!open) return
      if (reason === 'error') throw new Error('end bug')
      emit({ type: 'message-done', messageId: 'm1', status: reason === 'complete' ? 'complete' : reason })
      open = false
    },
  })
}

describe('the decoder kit', () => {
  test('a bug in decode is reported as decoder-error and the updates emitted before it are kept', () => {
    const issues: Issue[] = []
    const decoder = createEchoDecoder((issue) => issues.push(issue))
    expect(decoder.decode('{"crash":true}')).toEqual([{ type: 'message-start', messageId: 'm1', role: 'assistant' }])
    expect(issues).toMatchObject([{ code: 'decoder-error', source: 'echo', input: '{"crash":true}' }])
    expect(issues[0]?.message).toMatch(/^echo: failed to decode: TypeError/)
    // The decoder goes on with the next message.
    expect(decoder.decode({ say: 'hi' })).toEqual([{ type: 'chunk', messageId: 'm1', text: 'hi' }])
  })

  test('a bug in end is reported as decoder-error, not thrown', () => {
    const issues: Issue[] = []
    const decoder = createEchoDecoder((issue) => issues.push(issue))
    decoder.decode({ say: 'hi' })
    expect(decoder.end('error')).toEqual([])
    expect(issues.map((issue) => [issue.code, issue.message])).toEqual([
      ['decoder-error', 'echo: failed to end: Error: end bug'],
    ])
  })

  test('issues carry the source and a message prefixed with it; bad JSON is malformed-json', () => {
    const issues: Issue[] = []
    const decoder = createEchoDecoder((issue) => issues.push(issue))
    expect(decoder.decode('{not json')).toEqual([])
    decoder.decode({ other: 1 })
    expect(issues.map((issue) => [issue.code, issue.source, issue.message.split(' (')[0]])).toEqual([
      ['malformed-json', 'echo', 'echo: not JSON'],
      ['unknown-event', 'echo', 'echo: nothing to say'],
    ])
  })

  test('a throwing application callback is reported as handler-error and decoding goes on', () => {
    const issues: Issue[] = []
    const decoder = createEchoDecoder((issue) => issues.push(issue))
    decoder.decode({ callback: true })
    expect(issues.map((issue) => [issue.code, issue.message])).toEqual([
      ['handler-error', 'echo: onEcho threw: Error: from the app'],
    ])
    expect(decoder.decode({ say: 'still here' })).toEqual([{ type: 'chunk', messageId: 'm1', text: 'still here' }])
  })

  test('a throwing onIssue never reaches the caller', () => {
    const decoder = createEchoDecoder(() => {
      throw new Error('handler bug')
    })
    expect(decoder.decode('{not json')).toEqual([])
    expect(decoder.decode({ crash: true })).toHaveLength(1)
  })

  test('[DONE] ends the stream, is dropped, or is read as JSON, as the decoder says', () => {
    const ending = createEchoDecoder(() => {}, 'ends-stream')
    ending.decode({ say: 'a' })
    expect(ending.decode('[DONE]')).toEqual([{ type: 'message-done', messageId: 'm1', status: 'complete' }])
    const ignoring = createEchoDecoder(() => {}, 'ignored')
    ignoring.decode({ say: 'a' })
    expect(ignoring.decode(' [DONE]\n')).toEqual([])
    const issues: Issue[] = []
    const plain = createEchoDecoder((issue) => issues.push(issue))
    plain.decode('[DONE]')
    expect(issues.map((issue) => issue.code)).toEqual(['malformed-json'])
  })

  test('an issue code outside IssueCode does not compile', () => {
    const { issue } = createDecoderKit({ source: 'echo' })
    // @ts-expect-error 'made-up-code' is not an IssueCode
    issue('made-up-code', 'never reported')
    const reported: Issue = {
      // @ts-expect-error 'made-up-code' is not an IssueCode
      code: 'made-up-code',
      message: 'never reported',
    }
    expect(reported.code).toBe('made-up-code')
  })
})

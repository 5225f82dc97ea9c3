/** The decoder behind the real transports: SSE bytes (async agents) and NDJSON bytes (sync agents) into a store. */
import { createTranscriptStore, type Issue, toMarkdown } from '@palimpsest/core'
import { createAgentexDecoder } from '@palimpsest/protocols/agentex'
import { ndjsonLines, sseEvents, streamInto } from '@palimpsest/protocols/transports'
import { expect, test } from 'vitest'
import { connected, delta, done, parent, rpcError, rpcLine, start, taskUpdated, text, textDelta } from './wire'

/** Bytes in uneven chunks, cutting through frames and multi-byte characters. */
async function* bytes(body: string, size = 7): AsyncGenerator<Uint8Array> {
  const all = new TextEncoder().encode(body)
  for (let at = 0; at < all.length; at += size) yield all.slice(at, at + size)
}

test('an SSE task stream with keep-alives, as the server frames it, decodes into the transcript', async () => {
  const m = { parent: parent('msg_123', text('')) }
  const frames = [
    connected,
    start(m, text('')),
    delta(m, textDelta('Grüße ')),
    ':ping',
    delta(m, textDelta('aus Zürich.')),
    done(m),
    taskUpdated('COMPLETED', 'done'),
  ]
  const body = frames.map((frame) =>
    typeof frame === 'string' ? `${frame}\n\n` : `data: ${JSON.stringify(frame)}\n\n`,
  )
  const store = createTranscriptStore({ schedule: 'sync' })
  const issues: Issue[] = []
  const result = await streamInto(store, sseEvents(bytes(body.join(''))), createAgentexDecoder(), {
    onIssue: (issue) => issues.push(issue),
  })
  expect(result.reason).toBe('complete')
  expect(toMarkdown(store.getState())).toBe('## Assistant\n\nGrüße aus Zürich.\n')
  expect(store.getState().turns.at(-1)?.status).toBe('completed')
  expect(issues).toEqual([])
})

test('NDJSON lines of message/send, ending with an error line, fail the turn and keep the text', async () => {
  const m = { parent: parent('msg_1', text('Hel'), null), index: 0 }
  const lines = [
    rpcLine(start(m, text('Hel'))),
    rpcLine(delta(m, textDelta('Hel'))),
    rpcLine(delta(m, textDelta('lo'))),
    rpcError('boom'),
  ]
  const store = createTranscriptStore({ schedule: 'sync' })
  await streamInto(
    store,
    ndjsonLines(bytes(lines.map((line) => `${JSON.stringify(line)}\n`).join(''))),
    createAgentexDecoder(),
  )
  expect(toMarkdown(store.getState())).toBe('## Assistant\n\nHello\n\n**Error:** boom\n')
  expect(store.getState().messages.msg_1?.status).toBe('error')
})

test('an SSE stream that breaks mid-message leaves it interrupted with its text', async () => {
  const m = { parent: parent('msg_1', text('')) }
  async function* broken(): AsyncGenerator<Uint8Array> {
    yield* bytes(
      `data: ${JSON.stringify(start(m, text('')))}\n\ndata: ${JSON.stringify(delta(m, textDelta('Half')))}\n\n`,
    )
    throw new Error('connection reset')
  }
  const store = createTranscriptStore({ schedule: 'sync' })
  const result = await streamInto(store, sseEvents(broken()), createAgentexDecoder())
  expect(result.reason).toBe('interrupted')
  expect(store.getState().messages.msg_1).toMatchObject({ status: 'interrupted' })
  expect(toMarkdown(store.getState())).toBe('## Assistant\n\nHalf\n')
})

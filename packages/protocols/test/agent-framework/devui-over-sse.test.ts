/** The DevUI decoder behind the real SSE transport: the recorded run as the server writes it, split anywhere. */
import { createTranscriptStore, toMarkdown } from '@palimpsest/core'
import { createDevUiDecoder } from '@palimpsest/protocols/agent-framework'
import { sseEvents, streamInto } from '@palimpsest/protocols/transports'
import { expect, test } from 'vitest'
import { traceSet } from '../../src/traces/agent-framework'

const trace = traceSet.traces.find((t) => t.name === 'devui-travel-agent-run')!

/** DevUI's body: `data: <json>\n\n` frames only (no `event:` lines), ending with `data: [DONE]`. */
const body = trace.events
  .map((event) => `data: ${typeof event.wire === 'string' ? event.wire : JSON.stringify(event.wire)}\n\n`)
  .join('')

function byteStream(bytes: Uint8Array, chunkSize: number, cutAt = bytes.length): ReadableStream<Uint8Array> {
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= cutAt) {
        if (cutAt < bytes.length) controller.error(new Error('connection reset'))
        else controller.close()
        return
      }
      const end = Math.min(offset + chunkSize, cutAt)
      controller.enqueue(bytes.slice(offset, end))
      offset = end
    },
  })
}

test.each([1, 7, 64, 4096])(
  'the recorded DevUI run read over SSE in %i-byte chunks gives the expected transcript',
  async (size) => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const bytes = new TextEncoder().encode(body)
    const result = await streamInto(store, sseEvents(byteStream(bytes, size)), createDevUiDecoder())
    expect(result.reason).toBe('complete')
    expect(toMarkdown(store.getState(), { reasoning: true, tools: true })).toBe(trace.expected.markdown)
  },
)

test('a connection cut mid-answer leaves the message interrupted with the text received so far', async () => {
  const store = createTranscriptStore({ schedule: 'sync' })
  const bytes = new TextEncoder().encode(body)
  const cutAt = new TextEncoder().encode(body.slice(0, body.indexOf('Pack:'))).length
  const result = await streamInto(store, sseEvents(byteStream(bytes, 512, cutAt)), createDevUiDecoder())
  expect(result.reason).toBe('interrupted')
  const message = store.getState().messages.resp_agent_6f1e2a9b3c5d
  expect(message?.status).toBe('interrupted')
  expect(toMarkdown(store.getState())).toContain('with showers likely the day after.')
})

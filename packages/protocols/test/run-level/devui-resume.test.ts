/**
 * Resuming a cut DevUI stream (.NET host: `GET /v1/responses/{id}?stream=true&starting_after=N`):
 * the resumed connection may replay events already applied; the transcript must read as if the
 * stream had never broken — same message, no text twice, the run completed.
 */
import { createTranscriptStore, selectLatestTurn, toMarkdown } from '@palimpsest/core'
import { createDevUiDecoder } from '@palimpsest/protocols/agent-framework'
import { sseEvents, streamInto } from '@palimpsest/protocols/transports'
import { describe, expect, test } from 'vitest'
import { traceSet } from '../../src/traces/agent-framework'

const trace = traceSet.traces.find((t) => t.name === 'devui-travel-agent-run')!
const frames = trace.events.map(
  (event) => `data: ${typeof event.wire === 'string' ? event.wire : JSON.stringify(event.wire)}\n\n`,
)
const sequenceOf = (frame: string) => /"sequence_number":(\d+)/.exec(frame)?.[1]

/** A connection that delivers `body` and then breaks (or ends cleanly). */
function connection(body: string, breaks: boolean): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(body)
  let sent = false
  return new ReadableStream({
    pull(controller) {
      if (!sent) {
        sent = true
        controller.enqueue(bytes)
        return
      }
      if (breaks) controller.error(new Error('connection reset'))
      else controller.close()
    },
  })
}

describe('DevUI: a cut stream resumed with starting_after', () => {
  const cutFrame = frames.findIndex((frame) => frame.includes('Pack:'))

  test.each([
    ['replays nothing', 0],
    ['replays the last 3 events', 3],
    ['replays the whole stream', Number.POSITIVE_INFINITY],
  ])('a server that %s continues the same message without repeating text', async (_, replayed) => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const decoder = createDevUiDecoder()
    const first = await streamInto(store, sseEvents(connection(frames.slice(0, cutFrame).join(''), true)), decoder)
    expect(first.reason).toBe('interrupted')
    const cut = store.getState()
    const messageId = cut.messageIds.at(-1)!
    expect(cut.messages[messageId]?.status).toBe('interrupted')
    const shownBefore = toMarkdown(cut)

    // The turn offers its resume point: `starting_after` for GET /v1/responses/{responseId}.
    const cutTurn = selectLatestTurn(cut)
    expect(cutTurn).toMatchObject({ status: 'failed', stopReason: 'interrupted', responseId: messageId })
    expect(cutTurn?.continuationToken).toBe(sequenceOf(frames[cutFrame - 1]!))
    expect(cutTurn?.continuationToken).toBe(String(decoder.lastSequenceNumber))
    // This server goes back `replayed` events before the requested point.
    const resumeFrom = Math.max(0, cutFrame - replayed)
    const second = await streamInto(store, sseEvents(connection(frames.slice(resumeFrom).join(''), false)), decoder)
    expect(second.reason).toBe('complete')

    const state = store.getState()
    expect(state.messageIds.at(-1)).toBe(messageId)
    expect(state.messages[messageId]?.status).toBe('complete')
    const markdown = toMarkdown(state, { reasoning: true, tools: true })
    expect(markdown).toBe(trace.expected.markdown)
    expect(toMarkdown(state).startsWith(shownBefore.trimEnd())).toBe(true)
    expect(selectLatestTurn(state)?.status).toBe('completed')
  })
})

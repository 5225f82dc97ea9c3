/**
 * Agent Framework background responses (.NET `AllowBackgroundResponses`): a stream cut mid-answer
 * leaves the run in the background with its latest continuation token; resuming from that token
 * (`RunStreamingAsync` with `ContinuationToken`) streams the rest, which must continue the same
 * messages, in the same turn, without repeating what was shown.
 */
import { createTranscriptStore, selectLatestTurn, toMarkdown } from '@palimpsest/core'
import { createAgentFrameworkDecoder } from '@palimpsest/protocols/agent-framework'
import { describe, expect, test } from 'vitest'
import { traceSet } from '../../src/traces/agent-framework'

const trace = traceSet.traces.find((t) => t.name === 'agent-framework-dotnet-handoff')!
const wires = trace.events.map((event) => event.wire as Record<string, unknown>)

describe('Agent Framework: resuming a background run from its continuation token', () => {
  // Cut inside the Billing agent's answer (msg_b2), after its second text update.
  const cut = wires.findIndex((wire) => JSON.stringify(wire).includes('at 09:14 and again')) + 1

  test('the cut leaves the turn in the background with the token of the last update received', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const decoder = createAgentFrameworkDecoder()
    for (const wire of wires.slice(0, cut)) store.getState().apply(decoder.decode(wire))
    store.getState().apply(decoder.end('interrupted'))
    const turn = selectLatestTurn(store.getState())
    expect(turn).toMatchObject({ status: 'background', continuationToken: wires[cut - 1]?.continuationToken })
    expect(store.getState().messages.msg_b2?.status).toBe('interrupted')
  })

  test('the resumed stream continues msg_b2 in the same turn and the transcript reads as if never cut', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const decoder = createAgentFrameworkDecoder()
    for (const wire of wires.slice(0, cut)) store.getState().apply(decoder.decode(wire))
    store.getState().apply(decoder.end('interrupted'))
    const idsBefore = store.getState().messageIds

    store.getState().apply(decoder.decode(wires[cut]))
    expect(selectLatestTurn(store.getState())?.status).toBe('running')
    expect(store.getState().messages.msg_b2?.status).toBe('streaming')
    for (const wire of wires.slice(cut + 1)) store.getState().apply(decoder.decode(wire))
    store.getState().apply(decoder.end('complete'))

    const state = store.getState()
    expect(state.messageIds).toEqual(idsBefore)
    expect(state.turns).toHaveLength(1)
    expect(state.turns[0]).toMatchObject({ status: 'completed' })
    expect(state.turns[0]?.continuationToken).toBeUndefined()
    expect(state.messages.msg_b2?.status).toBe('complete')
    expect(toMarkdown(state, { reasoning: true, tools: true })).toBe(trace.expected.markdown)
  })

  test('a run that went to the background on a clean end is set running by the stream that resumes it', () => {
    const store = createTranscriptStore({ schedule: 'sync' })
    const decoder = createAgentFrameworkDecoder()
    const update = (text: string, continuationToken?: string) => ({
      authorName: 'Reporter',
      role: 'assistant',
      messageId: 'msg_r1',
      contents: [{ $type: 'text', text }],
      ...(continuationToken !== undefined && { continuationToken }),
    })
    store.getState().apply(decoder.decode(update('Queued. ', 'AQIDBAU=')))
    store.getState().apply(decoder.end())
    expect(selectLatestTurn(store.getState())).toMatchObject({ status: 'background', continuationToken: 'AQIDBAU=' })
    store.getState().apply(decoder.decode(update('Report ready.')))
    expect(selectLatestTurn(store.getState())?.status).toBe('running')
    store.getState().apply(decoder.end())
    const state = store.getState()
    expect(state.turns).toHaveLength(1)
    expect(state.turns[0]?.status).toBe('completed')
    // The first stream finished its message cleanly; the resumed one adds the rest, nothing twice.
    const texts = state.messageIds.map((id) =>
      state.messages[id]?.parts.map((p) => (p.kind === 'text' ? p.text : '')).join(''),
    )
    expect(texts).toEqual(['Queued. ', 'Report ready.'])
  })
})

/**
 * Every recorded ACP trace replays to its expected transcript, and no text that was cleared or
 * replaced survives in it.
 */
import { createTranscriptStore, type Issue, type Part, type TranscriptState, toMarkdown } from '@palimpsest/core'
import { createAcpDecoder } from '@palimpsest/protocols/acp'
import { describe, expect, test } from 'vitest'
import { traceSet } from '../../src/traces/acp'
import { replayTrace } from '../../src/traces/replay'

/** Phrases of the retracted drafts, per trace, as a reader would recognise them. */
const retracted: Record<string, string[]> = {
  'acp-clear-and-repush': ['<tool_call', '"city": "Lisbon"'],
  'acp-speculative-rollback': ['3.9**', 'PEP 617, the new PEG parser', 'I believe that landed in 3.9'],
  'acp-iterative-refinement': ['░', 'Scholars recover erased works with imaging.', 'scraped clean to be written'],
  'acp-table-reformat': ['|---|', '| Team | 30 | 10 | 1000GB |', '5GB'],
  'acp-message-identity': ['Go, probably.'],
}

const bufferText = (state: TranscriptState, messageId: string, kind: 'text' | 'reasoning') =>
  (state.messages[messageId]?.parts ?? [])
    .filter((p): p is Extract<Part, { kind: 'text' | 'reasoning' }> => p.kind === kind)
    .map((p) => p.text)
    .join('')

/**
 * Replays a trace update by update and records, at every clear or full replacement, the text about
 * to be discarded with the buffer it belonged to.
 */
function discardedDrafts(events: { wire: unknown }[]) {
  const store = createTranscriptStore({ schedule: 'sync' })
  const decoder = createAcpDecoder()
  const discarded: { messageId: string; kind: 'text' | 'reasoning'; text: string }[] = []
  for (const event of events)
    for (const update of decoder.decode(event.wire as Record<string, unknown>)) {
      if (update.type === 'clear' || (update.type === 'full' && update.target !== undefined)) {
        const kind = update.target === 'thought' ? 'reasoning' : 'text'
        const text = bufferText(store.getState(), update.messageId, kind)
        if (text.trim() !== '') discarded.push({ messageId: update.messageId, kind, text })
      }
      store.getState().apply(update)
    }
  store.getState().apply(decoder.end())
  return { state: store.getState(), discarded }
}

describe('recorded ACP traces', () => {
  test('the four RFD scenarios and the identity rules are recorded, each with realistic delays', () => {
    expect(traceSet.traces.map((t) => t.name)).toEqual(Object.keys(retracted))
    for (const trace of traceSet.traces) {
      expect(trace.protocol).toBe('acp')
      expect(trace.events.some((e) => (e.delayMs ?? 0) >= 200)).toBe(true)
    }
  })

  test.each(traceSet.traces.map((t) => [t.name, t] as const))(
    '%s replays to its expected transcript',
    (_name, trace) => {
      const issues: Issue[] = []
      const state = replayTrace(trace, traceSet.decoders.acp!, (issue) => issues.push(issue))
      expect(toMarkdown(state, { reasoning: true, tools: true })).toBe(trace.expected.markdown)
      expect(issues).toEqual([])
      // Nothing is left streaming once the trace is over.
      expect(state.messageIds.map((id) => state.messages[id]!.status).every((s) => s === 'complete')).toBe(true)
    },
  )

  test.each(traceSet.traces.map((t) => [t.name, t] as const))(
    '%s: no cleared or replaced draft text appears in the final transcript',
    (name, trace) => {
      const { state, discarded } = discardedDrafts(trace.events)
      const markdown = toMarkdown(state, { reasoning: true, tools: true })
      expect(markdown).toBe(trace.expected.markdown)
      expect(discarded.length).toBeGreaterThan(0)
      for (const draft of discarded) {
        // A draft the replacement legitimately repeats (a re-pushed sentence) is not a leftover.
        if (bufferText(state, draft.messageId, draft.kind).includes(draft.text)) continue
        expect(markdown).not.toContain(draft.text)
      }
      for (const phrase of retracted[name] ?? []) expect(markdown).not.toContain(phrase)
    },
  )
})

/**
 * Which message an ACP chunk or v2 upsert belongs to — the rules of issue 15, each test named after
 * one. A wrong answer here replaces or glues together answers the user already read.
 */
import { describe, expect, test } from 'vitest'
import { agentChunk, decodeAll, messagesOf, notification, text, thoughtChunk, userChunk } from './harness'

const upsert = (sessionUpdate: string, messageId: string, content?: unknown) =>
  notification({ sessionUpdate, messageId, ...(content !== undefined && { content }) })

/** Each message's role, answer text and reasoning, in display order. */
function transcript(wires: unknown[]) {
  const decoded = decodeAll(wires)
  const rows = messagesOf(decoded.state).map((m) => ({
    role: m.role,
    text: m.parts.flatMap((p) => (p.kind === 'text' ? [p.text] : [])).join(''),
    reasoning: m.parts.flatMap((p) => (p.kind === 'reasoning' ? [p.text] : [])).join(''),
  }))
  return { ...decoded, rows }
}

describe('ACP v2 upsert for an unseen messageId', () => {
  test('creates that message after the current one; the current answer keeps its text', () => {
    const { rows, storeIssues } = transcript([
      agentChunk('Paris is the capital of France.', 'm1'),
      upsert('agent_message', 'm2', [text('Lyon is the third city.')]),
    ])
    expect(rows).toEqual([
      { role: 'assistant', text: 'Paris is the capital of France.', reasoning: '' },
      { role: 'assistant', text: 'Lyon is the third city.', reasoning: '' },
    ])
    expect(storeIssues).toEqual([])
  })

  test('creates that message after a current message that has no id (v1 chunks) instead of replacing it', () => {
    const { rows } = transcript([
      agentChunk('An answer streamed without ids.'),
      upsert('agent_message', 'm2', [text('A second message.')]),
    ])
    expect(rows.map((r) => r.text)).toEqual(['An answer streamed without ids.', 'A second message.'])
  })

  test('agent_thought with an unseen id is a new message too', () => {
    const { rows } = transcript([agentChunk('Answer one.', 'm1'), upsert('agent_thought', 't2', [text('Rethinking.')])])
    expect(rows).toEqual([
      { role: 'assistant', text: 'Answer one.', reasoning: '' },
      { role: 'assistant', text: '', reasoning: 'Rethinking.' },
    ])
  })

  test('later chunks with the new id go to the new message; chunks with the old id still go to the old one', () => {
    const { rows, storeIssues } = transcript([
      agentChunk('One', 'm1'),
      upsert('agent_message', 'm2', [text('Two')]),
      agentChunk(' more two', 'm2'),
      agentChunk(' more one', 'm1'),
      agentChunk(' and two again', 'm2'),
    ])
    expect(rows.map((r) => r.text)).toEqual(['One more one', 'Two more two and two again'])
    expect(storeIssues).toEqual([])
  })

  test('content null and [] clear the accumulated content; later chunks append from empty', () => {
    for (const content of [null, []]) {
      const { rows } = transcript([
        agentChunk('A draft the agent retracts.', 'm1'),
        upsert('agent_message', 'm1', content),
        agentChunk('The answer.', 'm1'),
      ])
      expect(rows.map((r) => r.text)).toEqual(['The answer.'])
    }
  })

  test('an upsert that leaves a message empty renders nothing', () => {
    for (const content of [null, [], undefined, [text('')]]) {
      const { state, rows, storeIssues } = transcript([
        agentChunk('Kept answer.', 'm1'),
        upsert('agent_message', 'm2', content),
      ])
      expect(state.messageIds).toHaveLength(1)
      expect(rows).toEqual([{ role: 'assistant', text: 'Kept answer.', reasoning: '' }])
      expect(storeIssues).toEqual([])
    }
    // The empty message still exists for the agent: its first text shows it, after the first message.
    const { rows } = transcript([
      agentChunk('Kept answer.', 'm1'),
      upsert('agent_message', 'm2', []),
      agentChunk('Now with text.', 'm2'),
    ])
    expect(rows.map((r) => r.text)).toEqual(['Kept answer.', 'Now with text.'])
  })
})

describe("ACP message identity across id-less chunks (Zed's can_merge_message_chunks)", () => {
  test('a chunk without messageId (or null) continues the current message and keeps its id: a later different id starts a new message', () => {
    const { rows } = transcript([agentChunk('A', 'm1'), agentChunk('B'), agentChunk('C', null), agentChunk('D', 'm2')])
    expect(rows.map((r) => r.text)).toEqual(['ABC', 'D'])
  })

  test('an id arriving mid-message on a message that had none is adopted', () => {
    const { rows } = transcript([
      agentChunk('Start, '),
      agentChunk('middle, ', 'm7'),
      agentChunk('end.', 'm7'),
      agentChunk('Next.', 'm8'),
    ])
    expect(rows.map((r) => r.text)).toEqual(['Start, middle, end.', 'Next.'])
  })

  test('user chunks follow the same rule', () => {
    const { rows } = transcript([
      userChunk('First question', 'u1'),
      userChunk('?'),
      userChunk('Second question?', 'u2'),
    ])
    expect(rows).toEqual([
      { role: 'user', text: 'First question?', reasoning: '' },
      { role: 'user', text: 'Second question?', reasoning: '' },
    ])
  })

  test('thought chunks follow the same rule: without an id they continue, with a new id they start the new message', () => {
    const { rows } = transcript([
      thoughtChunk('Thinking', 't1'),
      thoughtChunk(' harder', null),
      thoughtChunk('A second thought', 't2'),
    ])
    expect(rows.map((r) => r.reasoning)).toEqual(['Thinking harder', 'A second thought'])
  })

  test('a thought chunk with a new id after an answer starts the new message', () => {
    const { rows } = transcript([
      agentChunk('The first answer.', 'm1'),
      thoughtChunk('Planning the next one.', 'm2'),
      agentChunk('The second answer.', 'm2'),
    ])
    expect(rows).toEqual([
      { role: 'assistant', text: 'The first answer.', reasoning: '' },
      { role: 'assistant', text: 'The second answer.', reasoning: 'Planning the next one.' },
    ])
  })

  test('a thought without an id keeps the answer’s id: the answer continues in the same message', () => {
    const { rows } = transcript([agentChunk('Answer', 'm1'), thoughtChunk('aside'), agentChunk(' continued', 'm1')])
    expect(rows).toEqual([{ role: 'assistant', text: 'Answer continued', reasoning: 'aside' }])
  })
})

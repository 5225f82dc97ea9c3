import { createTranscriptStore, type Issue, toMarkdown } from '@palimpsest/core'
import { createUIMessagesDecoder, type UIMessagesSnapshot } from '@palimpsest/protocols/ai-sdk'
import { traces } from '@palimpsest/protocols/traces'
import type { UIMessage, UIMessageChunk } from 'ai'
import type { UIMessage as UIMessage7 } from 'ai7'
import { describe, expect, it } from 'vitest'
import { chatHarness, textReply, transcriptOf, visibleTranscript } from './use-chat-state'

const weatherChunks = (traces.find((t) => t.name === 'ai-sdk-weather-steps')?.events ?? []).map(
  (event) => event.wire as UIMessageChunk,
)

const answerText = (state: ReturnType<ReturnType<typeof createTranscriptStore>['getState']>, id: string) =>
  state.messages[id]?.parts.flatMap((p) => (p.kind === 'text' ? [p.text] : [])).join('|')

describe('createUIMessagesDecoder over the AI SDK chat state', () => {
  it('renders two turns as the array says, streaming the answer as chunks', async () => {
    const h = chatHarness()
    h.reply(weatherChunks)
    await h.chat.sendMessage({ text: 'Weather in Lisbon this weekend?' })
    h.reply(textReply('a2', ['Porto ', 'is ', 'cloudier.']))
    await h.chat.sendMessage({ text: 'And Porto?' })

    const state = h.store.getState()
    expect(visibleTranscript(state)).toEqual(transcriptOf(h.chat.messages))
    expect(state.messageIds).toEqual(h.chat.messages.map((m) => m.id))
    expect(state.messageIds.map((id) => state.messages[id]?.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect([state.messageIds[1], state.messageIds[3]]).toEqual(['msg_weather_1', 'a2'])
    expect(answerText(state, 'a2')).toBe('Porto is cloudier.')
    const weather = state.messages.msg_weather_1
    expect(weather?.parts.map((p) => p.kind)).toEqual(['reasoning', 'text', 'tool-call', 'text', 'source'])
    expect(weather?.parts.find((p) => p.kind === 'tool-call')).toMatchObject({
      name: 'getForecast',
      status: 'completed',
    })
    expect(state.turns.map((t) => t.status)).toEqual(['completed', 'completed'])
    expect(Object.values(state.messages).every((m) => m.status === 'complete')).toBe(true)
    // The second answer arrived token by token: appended, never replaced.
    const second = h.batches.flat().filter((u) => 'messageId' in u && u.messageId === 'a2')
    expect(second.filter((u) => u.type === 'chunk').map((u) => (u as { text: string }).text)).toEqual([
      'Porto ',
      'is ',
      'cloudier.',
    ])
    expect(second.some((u) => u.type === 'full')).toBe(false)
    expect(h.issues).toEqual([])
  })

  it('regenerate replaces the last answer', async () => {
    const h = chatHarness()
    h.reply(textReply('a1', ['First draft.']))
    await h.chat.sendMessage({ text: 'Hi' })
    h.reply(textReply('a2', ['Second ', 'try.']))
    await h.chat.regenerate()

    const state = h.store.getState()
    expect(state.messageIds).toEqual([h.chat.messages[0]?.id, 'a2'])
    expect(answerText(state, 'a2')).toBe('Second try.')
    expect(toMarkdown(state)).not.toContain('First draft.')
    expect(visibleTranscript(state)).toEqual(transcriptOf(h.chat.messages))
  })

  it('an edited question rewrites it in place and drops what followed', async () => {
    const h = chatHarness()
    h.reply(textReply('a1', ['About cats.']))
    await h.chat.sendMessage({ text: 'Tell me about cats' })
    const question = h.chat.messages[0]?.id ?? ''
    h.reply(textReply('a2', ['About dogs.']))
    await h.chat.sendMessage({ text: 'Tell me about dogs', messageId: question })

    const state = h.store.getState()
    expect(state.messageIds).toEqual([question, 'a2'])
    expect(answerText(state, question)).toBe('Tell me about dogs')
    expect(toMarkdown(state)).not.toContain('cats')
    expect(visibleTranscript(state)).toEqual(transcriptOf(h.chat.messages))
  })

  it('setMessages([]) clears the transcript, and the next turn starts from empty', async () => {
    const h = chatHarness()
    h.reply(textReply('a1', ['One.']))
    await h.chat.sendMessage({ text: 'Q1' })
    h.chat.messages = []
    await Promise.resolve()
    expect(h.store.getState().messageIds).toEqual([])
    h.reply(textReply('a2', ['Two.']))
    await h.chat.sendMessage({ text: 'Q2' })
    expect(h.store.getState().messageIds).toEqual([h.chat.messages[0]?.id, 'a2'])
    expect(answerText(h.store.getState(), 'a2')).toBe('Two.')
  })

  it('a tool approval continues the finished answer (tool states, approval request and answer)', async () => {
    const h = chatHarness()
    h.reply([
      { type: 'start', messageId: 'a1' },
      { type: 'start-step' },
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'deleteFile' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"path":"/tmp/x"}' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/tmp/x' } },
      { type: 'tool-approval-request', toolCallId: 'c1', approvalId: 'ap1' },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'tool-calls' },
    ])
    await h.chat.sendMessage({ text: 'Delete /tmp/x' })
    let parts = h.store.getState().messages.a1?.parts
    expect(parts?.map((p) => [p.kind, 'status' in p ? p.status : undefined])).toEqual([
      ['tool-call', 'pending'],
      ['approval-request', 'pending'],
    ])
    h.reply([
      { type: 'start', messageId: 'a1' },
      { type: 'start-step' },
      { type: 'tool-output-available', toolCallId: 'c1', output: { deleted: true } },
      { type: 'finish-step' },
      { type: 'start-step' },
      { type: 'text-start', id: 't2' },
      { type: 'text-delta', id: 't2', delta: 'Deleted.' },
      { type: 'text-end', id: 't2' },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'stop' },
    ])
    await h.chat.addToolApprovalResponse({ id: 'ap1', approved: true })
    await h.chat.sendMessage()

    const state = h.store.getState()
    parts = state.messages.a1?.parts
    expect(parts?.map((p) => [p.kind, 'status' in p ? p.status : undefined])).toEqual([
      ['tool-call', 'completed'],
      ['approval-request', 'approved'],
      ['text', 'done'],
    ])
    expect(parts?.[0]).toMatchObject({ input: { path: '/tmp/x' }, output: { deleted: true } })
    expect(answerText(state, 'a1')).toBe('Deleted.')
    expect(visibleTranscript(state)).toEqual(transcriptOf(h.chat.messages))
    expect(h.issues).toEqual([])
  })
})

describe('createUIMessagesDecoder cost per token', () => {
  /** A settled message whose parts count how often they are read. */
  const countedMessage = (id: string, reads: { count: number }): UIMessage => {
    const parts = [{ type: 'text' as const, text: `message ${id}` }]
    return {
      id,
      role: 'assistant',
      get parts() {
        reads.count++
        return parts
      },
    }
  }

  it('does not read earlier messages again when only the last one changes', () => {
    const reads = { count: 0 }
    const earlier = Array.from({ length: 1000 }, (_, i) => countedMessage(`m${i}`, reads))
    const decoder = createUIMessagesDecoder()
    decoder.decode({ messages: [...earlier, { id: 'live', role: 'assistant', parts: [] }], status: 'streaming' })
    const afterFirst = reads.count
    let updates: ReturnType<typeof decoder.decode> = []
    let text = ''
    for (const token of ['a', 'b', 'c']) {
      text += token
      const live: UIMessage = { id: 'live', role: 'assistant', parts: [{ type: 'text', text }] }
      updates = decoder.decode({ messages: [...earlier, live], status: 'streaming' })
    }
    expect(reads.count).toBe(afterFirst)
    expect(updates).toEqual([{ type: 'chunk', messageId: 'live', text: 'c' }])
  })
})

describe('createUIMessagesDecoder parts', () => {
  const decodeInto = (snapshot: UIMessagesSnapshot | string, issues: Issue[] = []) => {
    const store = createTranscriptStore({ schedule: 'sync', onIssue: (i) => issues.push(i) })
    const decoder = createUIMessagesDecoder({ onIssue: (i) => issues.push(i) })
    store.getState().apply(decoder.decode(snapshot))
    return { store, decoder, issues }
  }

  it('maps every tool state, sources, files and data parts', () => {
    const message: UIMessage = {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'tool-search', toolCallId: 's', state: 'input-streaming', input: { q: 'li' } },
        { type: 'tool-search', toolCallId: 's2', state: 'input-available', input: { q: 'lisbon' } },
        { type: 'tool-search', toolCallId: 's3', state: 'output-available', input: {}, output: [1], preliminary: true },
        { type: 'tool-search', toolCallId: 's4', state: 'output-error', input: {}, errorText: 'timeout' },
        {
          type: 'dynamic-tool',
          toolName: 'rm',
          toolCallId: 'd',
          state: 'output-denied',
          input: {},
          approval: { id: 'ap', approved: false },
        },
        { type: 'source-url', sourceId: 'src', url: 'https://example.com', title: 'Example' },
        { type: 'file', mediaType: 'image/png', url: 'https://example.com/a.png', filename: 'a.png' },
        { type: 'data-weather', id: 'w', data: { temp: 21 } },
      ],
    }
    const { store, issues } = decodeInto([message])
    const parts = store.getState().messages.a?.parts ?? []
    expect(parts.map((p) => [p.kind, 'status' in p ? p.status : undefined])).toEqual([
      ['tool-call', 'in_progress'],
      ['tool-call', 'in_progress'],
      ['tool-call', 'in_progress'],
      ['tool-call', 'failed'],
      ['tool-call', 'cancelled'],
      ['approval-request', 'denied'],
      ['source', undefined],
      ['file', undefined],
      ['data', undefined],
    ])
    expect(parts[3]).toMatchObject({ error: 'timeout' })
    expect(parts[4]).toMatchObject({ name: 'rm' })
    expect(parts[6]).toMatchObject({ url: 'https://example.com', title: 'Example' })
    expect(parts[7]).toMatchObject({ url: 'https://example.com/a.png', mimeType: 'image/png', name: 'a.png' })
    expect(parts[8]).toMatchObject({ name: 'weather', data: { temp: 21 } })
    expect(issues).toEqual([])
  })

  it('reads ai 7 messages: steering messages, reasoning files, provider parts', () => {
    const messages: UIMessage7[] = [
      {
        id: 'a',
        role: 'assistant',
        parts: [
          { type: 'reasoning', text: 'Thinking.' },
          { type: 'reasoning-file', mediaType: 'image/png', url: 'data:image/png;base64,AA==' },
          { type: 'custom', kind: 'openai.compaction' },
          { type: 'steering-message', id: 'st', parts: [{ type: 'text', text: 'Shorter, please.' }] },
          { type: 'text', text: 'Short answer.', citations: [] },
        ],
      },
    ]
    const { store, issues } = decodeInto(messages)
    const parts = store.getState().messages.a?.parts ?? []
    expect(parts.map((p) => p.kind)).toEqual(['reasoning', 'file', 'status', 'text'])
    expect(parts[2]).toMatchObject({ text: 'Shorter, please.' })
    expect(issues).toEqual([])
  })

  it('joins consecutive text parts with a blank line, as the stream decoder does', () => {
    const { store } = decodeInto([
      {
        id: 'a',
        role: 'assistant',
        parts: [{ type: 'text', text: 'One.' }, { type: 'step-start' }, { type: 'text', text: 'Two.' }],
      },
    ])
    expect(answerText(store.getState(), 'a')).toBe('One.\n\nTwo.')
  })

  it('a snapshot that is not one is reported and changes nothing', () => {
    const { store, decoder, issues } = decodeInto([{ id: 'a', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }])
    store.getState().apply(decoder.decode('{"messages": 3}'))
    store.getState().apply(decoder.decode('not json'))
    store.getState().apply(decoder.decode(42 as unknown as UIMessagesSnapshot))
    expect(issues.map((i) => i.code)).toEqual(['malformed-snapshot', 'malformed-json', 'malformed-snapshot'])
    expect(answerText(store.getState(), 'a')).toBe('Hi')
  })

  it('skips bad messages and parts, reports each once, and keeps earlier text', () => {
    const issues: Issue[] = []
    const store = createTranscriptStore({ schedule: 'sync' })
    const decoder = createUIMessagesDecoder({ onIssue: (i) => issues.push(i) })
    const user = { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Question' }] } as const
    const noId = { role: 'user', parts: [] }
    let text = ''
    for (const token of ['An', 'swer']) {
      text += token
      const answer = {
        id: 'a',
        role: 'assistant',
        parts: [{ type: 'hologram' }, { type: 'text', text }, { type: 'text', text: 7 }],
      }
      store.getState().apply(decoder.decode({ messages: [user, noId, answer] as never, status: 'streaming' }))
    }
    expect(answerText(store.getState(), 'a')).toBe('Answer')
    expect(issues.map((i) => i.code).sort()).toEqual(['malformed-message', 'malformed-part', 'unknown-part'])
    issues.length = 0
    // The text part breaks: the answer keeps the text it showed, and goes on when the part reads again.
    const broken = { id: 'a', role: 'assistant', parts: [{ type: 'hologram' }, { type: 'text', text: null }] }
    store.getState().apply(decoder.decode({ messages: [user, broken] as never, status: 'streaming' }))
    expect(answerText(store.getState(), 'a')).toBe('Answer')
    const mended = { id: 'a', role: 'assistant', parts: [{ type: 'hologram' }, { type: 'text', text: 'Answer!' }] }
    store.getState().apply(decoder.decode({ messages: [user, mended] as never, status: 'streaming' }))
    expect(answerText(store.getState(), 'a')).toBe('Answer!')
    // The answer's entry breaks (no parts array): the message keeps what it had.
    store
      .getState()
      .apply(decoder.decode({ messages: [user, { id: 'a', role: 'assistant' }] as never, status: 'ready' }))
    expect(answerText(store.getState(), 'a')).toBe('Answer!')
    expect(store.getState().messageIds).toEqual(['u', 'a'])
  })

  it('follows the array order when messages are inserted or moved', () => {
    const m = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] })
    const a = m('a', 'A')
    const b = m('b', 'B')
    const c = m('c', 'C')
    const { store, decoder } = decodeInto([a, c])
    store.getState().apply(decoder.decode([a, b, c]))
    expect(store.getState().messageIds).toEqual(['a', 'b', 'c'])
    store.getState().apply(decoder.decode([c, a]))
    expect(store.getState().messageIds).toEqual(['c', 'a'])
    expect(visibleTranscript(store.getState())).toEqual(transcriptOf([c, a]))
  })

  it('a bare array is a settled conversation: messages complete, no running turn', () => {
    const { store } = decodeInto([
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Q' }] },
      { id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'A' }] },
    ])
    const state = store.getState()
    expect(state.messageIds.map((id) => state.messages[id]?.status)).toEqual(['complete', 'complete'])
    expect(state.turns.every((t) => t.status === 'completed')).toBe(true)
  })
})

import { describe, expect, test } from 'vitest'
import { reduceCollecting } from './reduce-collecting'

describe('annotations do not split the answer', () => {
  test.each([
    ['a status line', { type: 'status', messageId: 'm', statusId: 's', text: 'Searching…' }],
    ['a citation', { type: 'source', messageId: 'm', sourceId: 'src-1', url: 'https://example.com/a' }],
    ['an error', { type: 'error', messageId: 'm', message: 'rate limited, retrying' }],
  ] as const)('%s arriving mid-stream leaves the text in one part', (_name, annotation) => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'The answer ' },
      annotation,
      { type: 'chunk', messageId: 'm', text: 'continues here.' },
    ])
    const texts = state.messages.m?.parts.filter((p) => p.kind === 'text')
    expect(texts).toHaveLength(1)
    expect(texts?.[0]).toMatchObject({ text: 'The answer continues here.', status: 'streaming' })
  })

  test('a tool call still starts a new text part after it, keeping arrival order', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'Let me check. ' },
      { type: 'tool-call', messageId: 'm', toolCallId: 't1', name: 'search' },
      { type: 'chunk', messageId: 'm', text: 'Found it.' },
    ])
    expect(state.messages.m?.parts.map((p) => (p.kind === 'text' ? p.text : p.kind))).toEqual([
      'Let me check. ',
      'tool-call',
      'Found it.',
    ])
  })

  test('after the stream pauses (no active part), a chunk still skips a trailing annotation', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'Partial' },
      { type: 'message-done', messageId: 'm', status: 'interrupted' },
      { type: 'status', messageId: 'm', text: 'Reconnecting…' },
      { type: 'chunk', messageId: 'm', text: ' answer' },
    ])
    expect(state.messages.m?.parts.filter((p) => p.kind === 'text').map((p) => p.kind === 'text' && p.text)).toEqual([
      'Partial answer',
    ])
  })
})

describe('files keyed by fileId', () => {
  test('a later file update with the same fileId replaces the part and keeps the id', () => {
    const { state } = reduceCollecting([
      { type: 'file', messageId: 'm', fileId: 'f1', name: 'report.pdf', mimeType: 'application/pdf' },
      { type: 'file', messageId: 'm', fileId: 'f1', name: 'report.pdf', url: 'https://files.example/f1' },
      { type: 'file', messageId: 'm', fileId: 'f2', name: 'chart.png' },
    ])
    const files = state.messages.m?.parts.filter((p) => p.kind === 'file')
    expect(files).toHaveLength(2)
    expect(files?.[0]).toMatchObject({ fileId: 'f1', url: 'https://files.example/f1', name: 'report.pdf' })
    expect(files?.[1]).toMatchObject({ fileId: 'f2', name: 'chart.png' })
    expect(new Set(files?.map((p) => p.id)).size).toBe(2)
  })
})

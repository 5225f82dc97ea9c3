import { toMarkdown } from '@palimpsest/core'
import { describe, expect, test } from 'vitest'
import { reduceCollecting } from './reduce-collecting'

const conversation = reduceCollecting([
  { type: 'chunk', messageId: 'u', role: 'user', text: 'What is in src?' },
  { type: 'message-done', messageId: 'u' },
  { type: 'thought', messageId: 'a', author: 'coder', text: 'List the folder.\nThen answer.' },
  { type: 'tool-call', messageId: 'a', toolCallId: 't1', name: 'ls', title: 'List src', status: 'completed' },
  { type: 'tool-call', messageId: 'a', toolCallId: 't2', name: 'cat', status: 'failed' },
  { type: 'tool-call-update', toolCallId: 't2', error: 'no such file' },
  { type: 'chunk', messageId: 'a', text: 'A draft that will be retracted' },
  { type: 'clear', messageId: 'a', target: 'text' },
  { type: 'chunk', messageId: 'a', text: '  Two files: `a.ts` and `b.ts`.  ' },
  { type: 'turn-end' },
]).state

describe('toMarkdown', () => {
  test('by default: role headings and answer text only; a cleared draft never appears', () => {
    expect(toMarkdown(conversation)).toBe(
      '## User\n\nWhat is in src?\n\n## Assistant (coder)\n\nTwo files: `a.ts` and `b.ts`.\n',
    )
  })

  test('with reasoning as block quotes and one line per tool call', () => {
    expect(toMarkdown(conversation, { reasoning: true, tools: true })).toBe(
      `${[
        '## User',
        'What is in src?',
        '## Assistant (coder)',
        '> List the folder.\n> Then answer.',
        '- Tool `List src` (completed)',
        '- Tool `cat` (failed): no such file',
        'Two files: `a.ts` and `b.ts`.',
      ].join('\n\n')}\n`,
    )
  })

  test('without headings', () => {
    expect(toMarkdown(conversation, { headings: false })).toBe('What is in src?\n\nTwo files: `a.ts` and `b.ts`.\n')
  })

  test('data, files, sources and errors are part of the answer', () => {
    const { state } = reduceCollecting([
      { type: 'data', messageId: 'm', data: { total: 3 } },
      { type: 'file', messageId: 'm', url: 'https://x/report.pdf', name: 'report.pdf' },
      { type: 'source', messageId: 'm', sourceId: 's', url: 'https://docs', title: 'Docs' },
      { type: 'error', messageId: 'm', message: 'quota exceeded' },
    ])
    expect(toMarkdown(state, { headings: false })).toBe(
      '```json\n{\n  "total": 3\n}\n```\n\n[report.pdf](https://x/report.pdf)\n\n[Docs](https://docs)\n\n**Error:** quota exceeded\n',
    )
  })

  test('an empty transcript, or messages with nothing to show, give an empty string', () => {
    const { state } = reduceCollecting([
      { type: 'chunk', messageId: 'm', text: 'gone' },
      { type: 'clear', messageId: 'm', target: 'text' },
      { type: 'thought', messageId: 'n', text: 'hidden by default' },
    ])
    expect(toMarkdown(reduceCollecting([]).state)).toBe('')
    expect(toMarkdown(state)).toBe('')
  })
})

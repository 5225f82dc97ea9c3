/**
 * `createUIMessagesDecoder` followed through random `useChat` histories: whatever the app does to
 * its array between two renders (a token streamed, a text edited, parts added or dropped, messages
 * inserted, removed or moved, tool states advanced, the status changed), the store shows after each
 * snapshot exactly what a fresh decoder shows for that snapshot alone. Messages the app did not
 * change keep their objects, as `useChat` keeps them.
 */
import { createTranscriptStore, type Issue } from '@palimpsest/core'
import { createUIMessagesDecoder, type UIMessagesSnapshot } from '@palimpsest/protocols/ai-sdk'
import type { UIMessage } from 'ai'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { transcriptOf, visibleTranscript } from './use-chat-state'

type Part = UIMessage['parts'][number]
type Status = NonNullable<Exclude<UIMessagesSnapshot, readonly unknown[]>['status']>

const word = fc.constantFrom('alpha', 'beta', '**bold**', '`code`', '- item', '\n\n', '| a |', 'é', '## Title', ' ')
const words = fc.array(word, { minLength: 0, maxLength: 6 }).map((list) => list.join(' '))
const textState = fc.constantFrom<'streaming' | 'done' | undefined>('streaming', 'done', undefined)

/** A part; `n` makes its ids (tool calls, sources, data parts) unique in the conversation. */
function partOf(n: number): fc.Arbitrary<Part> {
  const input = { city: `City ${n}` }
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ text: words, state: textState }).map((p) => ({ type: 'text', ...p }) as Part) },
    fc.record({ text: words, state: textState }).map((p) => ({ type: 'reasoning', ...p }) as Part),
    fc.constant({ type: 'step-start' } as Part),
    fc
      .constantFrom(
        { state: 'input-streaming', input: { city: 'Li' } },
        { state: 'input-available', input },
        { state: 'output-available', input, output: { forecast: 'sun' } },
        { state: 'output-error', input, errorText: 'Service down' },
      )
      .map((tool) => ({ type: 'tool-getWeather', toolCallId: `call-${n}`, ...tool }) as Part),
    fc.constant({
      type: 'source-url',
      sourceId: `s-${n}`,
      url: `https://example.com/${n}`,
      title: `Source ${n}`,
    } as Part),
    fc
      .record({ data: fc.nat(9) })
      .map(({ data }) => ({ type: 'data-weather', id: `d-${n}`, data: { level: data } }) as Part),
    fc.constant({ type: 'file', mediaType: 'image/png', url: `https://example.com/f${n}.png` } as Part),
  )
}

const messageOf = (n: number): fc.Arbitrary<UIMessage> =>
  fc
    .tuple(fc.constantFrom<'user' | 'assistant'>('user', 'assistant', 'assistant'), fc.nat(4))
    .chain(([role, count]) =>
      fc
        .tuple(...Array.from({ length: count }, (_, i) => partOf(n * 100 + i)))
        .map((parts) => ({ id: `m${n}`, role, parts })),
    )

/** What the app does to its array between two renders. */
const operation = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('token' as const), at: fc.nat(), text: word }) },
  fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), part: fc.nat(), text: words }),
  fc.record({ kind: fc.constant('add-part' as const), at: fc.nat(), seed: fc.nat() }),
  fc.record({ kind: fc.constant('drop-part' as const), at: fc.nat(), part: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
  fc.record({
    kind: fc.constant('status' as const),
    status: fc.constantFrom<Status>('submitted', 'streaming', 'ready', 'error'),
  }),
  fc.record({ kind: fc.constant('same' as const) }),
)
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never

const changed = (message: UIMessage, parts: Part[]): UIMessage => ({ ...message, parts })

/**
 * The array after `op`; `fresh` makes a new message, `freshPart` a new part (both with ids of their
 * own). Changed messages are new objects, the others the same.
 */
function applied(
  messages: UIMessage[],
  op: Operation,
  fresh: () => UIMessage,
  freshPart: (seed: number) => Part,
): UIMessage[] {
  const next = [...messages]
  const index = 'at' in op && next.length > 0 ? op.at % next.length : -1
  const message = index >= 0 ? next[index] : undefined
  switch (op.kind) {
    case 'token': {
      if (!message) return next
      const parts = [...message.parts]
      const last = parts.findLastIndex((p) => p.type === 'text' || p.type === 'reasoning')
      const part = parts[last]
      if (part && (part.type === 'text' || part.type === 'reasoning'))
        parts[last] = { ...part, text: part.text + op.text }
      else parts.push({ type: 'text', text: op.text })
      next[index] = changed(message, parts)
      return next
    }
    case 'edit': {
      const texts = message?.parts.flatMap((p, i) => (p.type === 'text' || p.type === 'reasoning' ? [i] : [])) ?? []
      if (!message || texts.length === 0) return next
      const at = texts[op.part % texts.length] as number
      const parts = [...message.parts]
      const part = parts[at]
      if (part?.type === 'text' || part?.type === 'reasoning') parts[at] = { ...part, text: op.text }
      next[index] = changed(message, parts)
      return next
    }
    case 'add-part':
      if (message) next[index] = changed(message, [...message.parts, freshPart(op.seed)])
      return next
    case 'drop-part':
      if (message?.parts.length)
        next[index] = changed(
          message,
          message.parts.filter((_, i) => i !== op.part % message.parts.length),
        )
      return next
    case 'insert':
      next.splice(next.length === 0 ? 0 : op.at % (next.length + 1), 0, fresh())
      return next
    case 'remove':
      if (index >= 0) next.splice(index, 1)
      return next
    case 'move':
      if (message) {
        next.splice(index, 1)
        next.splice(op.to % (next.length + 1), 0, message)
      }
      return next
    case 'status':
    case 'same':
      return next
  }
}

describe('createUIMessagesDecoder over random useChat histories', () => {
  it('shows after every snapshot what a fresh decoder shows for it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 0, maxLength: 4 }),
        fc.array(operation, { minLength: 1, maxLength: 25 }),
        fc.nat(),
        (initial, operations, seed) => {
          let count = 0
          const fresh = () => fc.sample(messageOf(count++), { numRuns: 1, seed: seed + count })[0] as UIMessage
          const freshPart = (partSeed: number) =>
            fc.sample(partOf(count++ * 100), { numRuns: 1, seed: partSeed })[0] as Part
          let messages = initial.map(() => fresh())
          let status: Status = 'ready'
          const issues: Issue[] = []
          const store = createTranscriptStore({ schedule: 'sync' })
          const decoder = createUIMessagesDecoder({ onIssue: (issue) => issues.push(issue) })
          store.getState().apply(decoder.decode({ messages, status }))
          for (const op of operations) {
            const before = messages
            messages = applied(messages, op, fresh, freshPart)
            if (op.kind === 'status') status = op.status
            const updates = decoder.decode({ messages, status })
            store.getState().apply(updates)
            const step = `${op.kind} → ${JSON.stringify(messages)}`
            expect(visibleTranscript(store.getState()), step).toEqual(transcriptOf(messages))
            // A token at the end of the streaming answer is appended, not a rewrite of the message.
            const answer = before[before.length - 1]
            const ended = answer?.parts[answer.parts.length - 1]
            const running = status === 'submitted' || status === 'streaming'
            if (
              op.kind === 'token' &&
              running &&
              answer?.role === 'assistant' &&
              op.at % before.length === before.length - 1 &&
              (ended?.type === 'text' || ended?.type === 'reasoning')
            )
              expect(
                updates.filter((u) => u.type === 'full' && u.messageId === answer.id),
                step,
              ).toEqual([])
          }
          expect(issues).toEqual([])
        },
      ),
      { numRuns: 300, seed: 1717 },
    )
  })
})

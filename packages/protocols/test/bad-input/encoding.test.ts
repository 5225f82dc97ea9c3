/**
 * Bad input: invalid UTF-8 and lone surrogates, split across chunks. Valid text arrives the same
 * however the bytes were cut; invalid bytes become U+FFFD (never an error); a lone surrogate
 * escaped in JSON is kept as sent (the browser shows it as U+FFFD) and a pair escaped across two
 * deltas is joined.
 */
import { createTranscriptStore, type Issue } from '@palimpsest/core'
import { decoders } from '@palimpsest/protocols/traces'
import { sseEvents, streamInto } from '@palimpsest/protocols/transports'
import { describe, expect, test } from 'vitest'
import { fixtures } from './protocol-fixtures'
import { runStream } from './run-stream'

const answer = 'Ünïcödé: 日本語, emoji 😀👩‍💻, RTL עברית.'

async function streamBytes(protocol: string, bytes: Uint8Array, cuts: number[]) {
  const store = createTranscriptStore({ schedule: 'sync' })
  const issues: Issue[] = []
  const bounds = [0, ...cuts, bytes.length]
  async function* chunks() {
    for (let i = 1; i < bounds.length; i++) yield bytes.subarray(bounds[i - 1], bounds[i])
  }
  const decoder = decoders[protocol]!({ onIssue: (issue) => issues.push(issue) })
  await streamInto(store, sseEvents(chunks()), decoder, { onIssue: (issue) => issues.push(issue) })
  return { state: store.getState(), issues }
}

function textOf(state: ReturnType<typeof createTranscriptStore>['getState'] extends () => infer S ? S : never) {
  return state.messageIds
    .flatMap((id) => state.messages[id]?.parts ?? [])
    .filter((part) => part.kind === 'text')
    .map((part) => (part as { text: string }).text)
    .join('')
}

describe.each(fixtures)('$protocol', (f) => {
  const sse = [...f.open('m1'), f.delta('m1', answer.slice(0, 14)), f.delta('m1', answer.slice(14)), ...f.finish('m1')]
    .map((wire) => `data: ${JSON.stringify(wire)}\n\n`)
    .join('')
  const bytes = new TextEncoder().encode(sse)

  test('multi-byte characters split at every byte boundary arrive intact', async () => {
    // Every cut position inside the text's bytes, two cuts per run.
    const start = bytes.indexOf(0xc3)
    for (let cut = start; cut < start + 40; cut++) {
      const { state, issues } = await streamBytes(f.protocol, bytes, [cut, cut + 1])
      expect(textOf(state)).toBe(answer)
      expect(issues).toEqual([])
    }
  })

  test('invalid UTF-8 bytes become U+FFFD; the rest of the text is kept', async () => {
    const broken = new Uint8Array(bytes)
    const at = bytes.indexOf(0xc3) // the first byte of "Ü": make it a stray continuation byte
    broken[at] = 0xff
    const { state } = await streamBytes(f.protocol, broken, [at + 1])
    // 0xFF is never valid, and the orphaned second byte of "Ü" is one more replacement.
    expect(textOf(state)).toBe(`\uFFFD\uFFFD${answer.slice(1)}`)
  })

  test('a surrogate pair escaped across two deltas is joined; a lone surrogate is kept as sent', () => {
    const pair = runStream(f.protocol, [
      ...f.open('m1'),
      f.delta('m1', 'a\uD83D'),
      f.delta('m1', '\uDE00b'),
      ...f.finish('m1'),
    ])
    expect(pair.text()).toBe('a😀b')
    const lone = runStream(f.protocol, [...f.open('m2'), f.delta('m2', 'x\uD800y'), ...f.finish('m2')])
    expect(lone.text()).toBe('x\uD800y')
  })
})

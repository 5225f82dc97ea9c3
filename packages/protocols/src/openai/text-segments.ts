/**
 * Keeps separately streamed text blocks of one message apart.
 *
 * The reducer appends a chunk to the message's last part when that part has the same kind, so two
 * blocks in a row (two output items, two reasoning-summary parts, two AI SDK text parts) would run
 * together as one paragraph. The first delta of the second block starts with a blank line instead,
 * which renders as the separate paragraph the producer meant.
 */
export interface TextSegments {
  /** The text to put before a delta of block `key` (of `kind`) in the message: a blank line or nothing. */
  prefix(messageId: string, kind: 'text' | 'reasoning', key: string): string
  /** Something other than text (a tool call, a file, …) was added to the message. */
  interrupt(messageId: string): void
}

export function createTextSegments(): TextSegments {
  const last = new Map<string, { kind: string; key: string }>()
  return {
    prefix(messageId, kind, key) {
      const previous = last.get(messageId)
      last.set(messageId, { kind, key })
      return previous !== undefined && previous.kind === kind && previous.key !== key ? '\n\n' : ''
    },
    interrupt(messageId) {
      last.set(messageId, { kind: 'other', key: '' })
    },
  }
}

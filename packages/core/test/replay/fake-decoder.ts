/**
 * A tiny decoder for the replayer tests: `{ say }` appends text, `{ clear: true }` clears it,
 * anything else is reported and dropped. It counts its instances and decode calls.
 */
import type { AgentUpdate, Decoder, DecoderOptions } from '@palimpsest/core'

export interface CountingFactory {
  (options?: DecoderOptions): Decoder
  created: number
  decodeCalls: number
}

export function createCountingFactory(): CountingFactory {
  const factory = ((options?: DecoderOptions) => {
    factory.created += 1
    return {
      decode(wire: unknown): AgentUpdate[] {
        factory.decodeCalls += 1
        const value = typeof wire === 'string' ? JSON.parse(wire) : wire
        if (value && typeof value === 'object' && 'say' in value)
          return [{ type: 'chunk', messageId: 'm1', text: String(value.say) }]
        if (value && typeof value === 'object' && 'clear' in value)
          return [{ type: 'clear', messageId: 'm1', target: 'text' }]
        options?.onIssue?.({ code: 'malformed-message', message: 'not a fake message', input: value, source: 'fake' })
        return []
      },
      end(): AgentUpdate[] {
        return [{ type: 'turn-end', stopReason: 'end_turn' }]
      },
    }
  }) as CountingFactory
  factory.created = 0
  factory.decodeCalls = 0
  return factory
}

/** "Draft" is streamed, cleared, and replaced by "Final answer". */
export const clearTrace = {
  name: 'fake-clear',
  title: 'Fake clear',
  events: [
    { delayMs: 0, wire: { say: 'Draft ' } },
    { delayMs: 100, wire: { say: 'text' } },
    { delayMs: 100, wire: { clear: true } },
    { delayMs: 0, wire: { say: 'Final ' } },
    { delayMs: 200, wire: { say: 'answer' } },
  ],
}

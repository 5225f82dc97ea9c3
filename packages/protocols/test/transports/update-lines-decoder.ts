/**
 * A test-local decoder: each wire message is one `AgentUpdate` (as JSON text or an object), passed
 * through. It knows nothing about open messages, so `end()` returns nothing: what a broken stream
 * leaves behind is finished by `streamInto` alone. The real protocol decoders live elsewhere.
 */
import type { AgentUpdate, Decoder, EndReason, IssueHandler } from '@palimpsest/core'

export interface UpdateLinesDecoder extends Decoder {
  /** The reasons `end` was called with, in order. */
  endReasons: EndReason[]
}

export function createUpdateLinesDecoder(onIssue: IssueHandler = () => {}): UpdateLinesDecoder {
  const endReasons: EndReason[] = []
  return {
    endReasons,
    decode(wire) {
      let value: unknown = wire
      if (typeof wire === 'string') {
        try {
          value = JSON.parse(wire)
        } catch {
          onIssue({ code: 'malformed-json', message: 'test decoder: not JSON', input: wire, source: 'test' })
          return []
        }
      }
      if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') {
        onIssue({ code: 'malformed-message', message: 'test decoder: not an update', input: value, source: 'test' })
        return []
      }
      return [value as AgentUpdate]
    },
    end(reason = 'complete') {
      endReasons.push(reason)
      return []
    },
  }
}

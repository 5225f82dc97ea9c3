/**
 * The text oracle: which streamed text must still be on screen. Text from an accepted `chunk` or
 * `thought` survives until an accepted `clear` or `full` of that buffer; what survives must be the
 * end of the message's text (or reasoning), in arrival order.
 */
import type { AgentUpdate, TranscriptState } from '@palimpsest/core'

type Buffer = 'text' | 'reasoning'

export interface SurvivingText {
  /** Record an update the reducer accepted (it reported nothing that rejects it). */
  accepted(update: AgentUpdate): void
  /** Throws when surviving text is missing from `state`. */
  check(state: TranscriptState): void
}

export function createSurvivingText(): SurvivingText {
  const live = new Map<string, Record<Buffer, string[]>>()
  const buffers = (messageId: string) => {
    let entry = live.get(messageId)
    if (!entry) {
      entry = { text: [], reasoning: [] }
      live.set(messageId, entry)
    }
    return entry
  }
  return {
    accepted(update) {
      switch (update.type) {
        case 'chunk':
          buffers(update.messageId).text.push(update.text)
          return
        case 'thought':
          buffers(update.messageId).reasoning.push(update.text)
          return
        case 'clear':
          buffers(update.messageId)[update.target === 'thought' ? 'reasoning' : 'text'] = []
          return
        case 'message-remove':
          live.delete(update.messageId)
          return
        case 'full': {
          const entry = buffers(update.messageId)
          if (update.target === 'thought') entry.reasoning = []
          else if (update.target === 'text') entry.text = []
          else {
            entry.text = []
            entry.reasoning = []
          }
          return
        }
        default:
          return
      }
    },
    check(state) {
      for (const [messageId, entry] of live) {
        const message = state.messages[messageId]
        for (const kind of ['text', 'reasoning'] as const) {
          const expected = entry[kind].join('')
          if (expected === '') continue
          const shown = (message?.parts ?? [])
            .filter((p) => p.kind === kind)
            .map((p) => (p as { text: string }).text)
            .join('')
          if (!shown.endsWith(expected))
            throw new Error(
              `text lost: message ${messageId} ${kind} should end with ${JSON.stringify(expected.slice(-200))} but is ${JSON.stringify(shown.slice(-200))}`,
            )
        }
      }
    },
  }
}

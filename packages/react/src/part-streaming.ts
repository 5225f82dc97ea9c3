import type { Message, Part } from '@palimpsest/core'

/**
 * Whether one part is still receiving content. Computed per part, never per message: a finished
 * reasoning part of a message that is still streaming its answer is not streaming.
 */
export function isPartStreaming(message: Message, part: Part): boolean {
  if (message.status !== 'streaming') return false
  if (message.activePartId === part.id) return true
  switch (part.kind) {
    case 'text':
    case 'reasoning':
      return part.status === 'streaming'
    case 'tool-call':
      return part.status === 'pending' || part.status === 'in_progress'
    default:
      return false
  }
}

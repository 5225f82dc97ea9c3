import type { Message, Part } from './state'

/**
 * Whether one part is still receiving content. Computed per part, never per message: a finished
 * reasoning part of a message that is still streaming its answer is not streaming.
 */
export function isPartStreaming(message: Message, part: Part): boolean {
  if (message.status !== 'streaming') return false
  switch (part.kind) {
    case 'text':
    case 'reasoning':
      return message.activePartId === part.id || part.status === 'streaming'
    case 'tool-call':
      // A tool call's own status is authoritative: a completed call is done even while it is the last part.
      return part.status === 'pending' || part.status === 'in_progress'
    default:
      return message.activePartId === part.id
  }
}

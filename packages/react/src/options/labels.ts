/** Every user-visible word the components print, replaceable for translation. */
import type { MessageRole, MessageStatus, PlanEntryPriority, PlanEntryStatus, ToolCallStatus } from '@palimpsest/core'

export interface Labels {
  transcript: string
  responding: string
  done: string
  jumpToLatest: string
  thinking: string
  reasoning: string
  plan: string
  input: string
  output: string
  error: string
  approve: string
  deny: string
  approved: string
  denied: string
  replacing: string
  terminal: string
  remoteImageBlocked: string
  /** Announced once when an answer starts being rewritten (with `markRevisions`). */
  revised: string
  roles: Record<MessageRole, string>
  messageStatus: Record<MessageStatus, string>
  toolStatus: Record<ToolCallStatus, string>
  planStatus: Record<PlanEntryStatus, string>
  priority: Record<PlanEntryPriority, string>
}

export const defaultLabels: Labels = {
  transcript: 'Conversation',
  responding: 'Responding…',
  done: 'Response complete',
  jumpToLatest: 'Jump to latest',
  thinking: 'Thinking…',
  reasoning: 'Reasoning',
  plan: 'Plan',
  input: 'Input',
  output: 'Output',
  error: 'Error',
  approve: 'Approve',
  deny: 'Deny',
  approved: 'Approved',
  denied: 'Denied',
  replacing: 'Updating…',
  terminal: 'Terminal',
  remoteImageBlocked: 'Remote image not loaded',
  revised: 'Answer revised',
  roles: { user: 'You', assistant: 'Assistant', system: 'System' },
  messageStatus: {
    streaming: 'Responding',
    complete: 'Complete',
    cancelled: 'Cancelled',
    error: 'Failed',
    interrupted: 'Interrupted',
    refusal: 'Refused',
  },
  toolStatus: {
    pending: 'Pending',
    in_progress: 'Running',
    completed: 'Completed',
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
  planStatus: { pending: 'Pending', in_progress: 'In progress', completed: 'Completed' },
  priority: { high: 'High priority', medium: 'Medium priority', low: 'Low priority' },
}

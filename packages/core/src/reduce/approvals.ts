/** Approval requests (`approval-request`) and their answers (`approval-response`). */
import { type Draft, messageOf, writableIndex, writableMessage, writablePart } from '../draft'
import type { ApprovalRequestPart } from '../state'
import type { ApprovalRequestUpdate, ApprovalResponseUpdate } from '../updates'
import { issue } from './issue'
import { targetMessage } from './messages'
import { upsertPart } from './parts'

/** Goes to `messageId`, else to the message holding the tool call it asks about, else to the latest message. */
export function requestApproval(d: Draft, u: ApprovalRequestUpdate): void {
  const toolMessage = u.toolCallId === undefined ? undefined : d.state.toolCalls[u.toolCallId]
  const messageId = targetMessage(d, u.messageId ?? toolMessage)
  upsertPart(d, messageId, 'approval-request', u.requestId, (p) => ({
    ...p,
    kind: 'approval-request',
    requestId: u.requestId,
    options: u.options ?? [],
    status: 'pending',
    ...(u.toolCallId !== undefined && { toolCallId: u.toolCallId }),
    ...(u.title !== undefined && { title: u.title }),
    ...(u.description !== undefined && { description: u.description }),
    ...(u.input !== undefined && { input: u.input }),
  }))
  writableIndex(d, 'approvals')[u.requestId] = messageId
}

export function answerApproval(d: Draft, u: ApprovalResponseUpdate): void {
  const messageId = d.state.approvals[u.requestId]
  if (messageId === undefined || !messageOf(d, messageId))
    return issue(d, 'unknown-approval', `no approval request ${u.requestId}`, u)
  const message = writableMessage(d, messageId)
  const index = message.parts.findIndex((p) => p.kind === 'approval-request' && p.requestId === u.requestId)
  if (index < 0) return issue(d, 'unknown-approval', `no approval request ${u.requestId}`, u)
  const part = writablePart<ApprovalRequestPart>(d, message, index)
  part.status = u.approved ? 'approved' : 'denied'
  if (u.optionId !== undefined) part.selectedOptionId = u.optionId
}

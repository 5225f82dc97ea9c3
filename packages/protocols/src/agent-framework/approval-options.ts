/** The two answers a function approval request offers; the reply is `approved: true | false`. */
import type { ApprovalOption } from '@palimpsest/core'

export const approveOptionId = 'approve'
export const rejectOptionId = 'reject'

export function functionApprovalOptions(): ApprovalOption[] {
  return [
    { optionId: approveOptionId, name: 'Approve', kind: 'allow_once' },
    { optionId: rejectOptionId, name: 'Reject', kind: 'reject_once' },
  ]
}

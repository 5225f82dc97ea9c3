import type { ApprovalOption, ApprovalRequestPart } from '@palimpsest/core'
import { forwardRef, useMemo } from 'react'
import { prettyJson } from '../json/json-text'
import type { PartElementProps } from '../message/components-map'
import { useTranscriptOptions } from '../options/options-context'

function approves(option: ApprovalOption): boolean {
  return option.kind === undefined || option.kind.startsWith('allow')
}

export interface ApprovalRequestViewProps extends PartElementProps<ApprovalRequestPart, 'div'> {}

/**
 * A confirmation request with one button per option (or Approve / Deny when it has none).
 * Clicking calls `onApprove(request, optionId)` / `onDeny(request, optionId)`; applying the
 * `approval-response` update to the store is the application's job.
 */
export const ApprovalRequestView = forwardRef<HTMLDivElement, ApprovalRequestViewProps>(function ApprovalRequestView(
  { part, message: _message, streaming: _streaming, ...rest },
  ref,
) {
  const { labels, onApprove, onDeny } = useTranscriptOptions()
  const pending = part.status === 'pending'
  const input = useMemo(() => (part.input === undefined ? undefined : prettyJson(part.input).text), [part.input])
  const options: ApprovalOption[] =
    part.options.length > 0
      ? part.options
      : [
          { optionId: 'approve', name: labels.approve, kind: 'allow_once' },
          { optionId: 'deny', name: labels.deny, kind: 'reject_once' },
        ]
  const chosen = part.options.find((o) => o.optionId === part.selectedOptionId)
  return (
    <div ref={ref} {...rest} data-palimpsest-part="approval-request" data-status={part.status}>
      {!pending && part.title !== undefined && <p data-palimpsest-approval-title="">{part.title}</p>}
      {part.description !== undefined && <p data-palimpsest-approval-description="">{part.description}</p>}
      {input !== undefined && (
        <pre data-palimpsest-json="">
          <code>{input}</code>
        </pre>
      )}
      {pending ? (
        <fieldset data-palimpsest-approval-options="">
          <legend>{part.title ?? labels.approve}</legend>
          {options.map((option) => (
            <button
              key={option.optionId}
              type="button"
              data-option-kind={option.kind}
              data-intent={approves(option) ? 'approve' : 'deny'}
              onClick={() => {
                const optionId = part.options.length > 0 ? option.optionId : undefined
                if (approves(option)) onApprove?.(part, optionId)
                else onDeny?.(part, optionId)
              }}
            >
              {option.name}
            </button>
          ))}
        </fieldset>
      ) : (
        <p data-palimpsest-approval-result="" data-status={part.status}>
          {part.status === 'approved' ? labels.approved : labels.denied}
          {chosen !== undefined && `: ${chosen.name}`}
        </p>
      )}
    </div>
  )
})

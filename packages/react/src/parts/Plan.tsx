/** The agent's plan as a collapsible panel: entries with their status and priority, in words as well as `data-*`. */
import type { PlanPart } from '@palimpsest/core'
import { forwardRef } from 'react'
import { usePartContext } from '../message/part-context'
import { resolvePanelDefault, useTranscriptOptions } from '../options/options-context'
import { Collapsible, type CollapsibleContentProps, type CollapsibleTriggerProps } from '../primitives/Collapsible'
import { PartPanelRoot, type PartPanelRootProps } from './PartPanelRoot'

export type PlanRootProps = PartPanelRootProps<PlanPart>

const PlanRoot = forwardRef<HTMLDivElement, PlanRootProps>(function PlanRoot(props, ref) {
  const { panels } = useTranscriptOptions()
  return (
    <PartPanelRoot
      ref={ref}
      {...props}
      panelDefaultOpen={resolvePanelDefault(panels.plan, props.streaming || props.message.status === 'streaming')}
    />
  )
})

const PlanTrigger = forwardRef<HTMLButtonElement, CollapsibleTriggerProps>(function PlanTrigger(
  { children, ...rest },
  ref,
) {
  const { part } = usePartContext<PlanPart>('plan')
  const { labels } = useTranscriptOptions()
  const done = part.entries.filter((e) => e.status === 'completed').length
  return (
    <Collapsible.Trigger ref={ref} data-palimpsest-trigger="" {...rest}>
      {children ?? (
        <>
          {labels.plan}{' '}
          <span data-palimpsest-plan-progress="">
            {done}/{part.entries.length}
          </span>
        </>
      )}
    </Collapsible.Trigger>
  )
})

const PlanContent = forwardRef<HTMLDivElement, CollapsibleContentProps>(function PlanContent(
  { children, ...rest },
  ref,
) {
  const { part } = usePartContext<PlanPart>('plan')
  const { labels } = useTranscriptOptions()
  return (
    <Collapsible.Content ref={ref} data-palimpsest-panel-content="" {...rest}>
      {children ?? (
        <ol data-palimpsest-plan-entries="">
          {part.entries.map((entry, index) => (
            <li key={index} data-status={entry.status} data-priority={entry.priority}>
              <span data-palimpsest-badge="status" data-status={entry.status}>
                {labels.planStatus[entry.status] ?? entry.status}
              </span>{' '}
              <span data-palimpsest-plan-content="">{entry.content}</span>
              {entry.priority !== undefined && (
                <>
                  {' '}
                  <span data-palimpsest-badge="priority" data-priority={entry.priority}>
                    {labels.priority[entry.priority] ?? entry.priority}
                  </span>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </Collapsible.Content>
  )
})

/** The whole panel; its ref and HTML props go to the root, like `Plan.Root`'s. */
const PlanPanel = forwardRef<HTMLDivElement, Omit<PlanRootProps, 'children'>>(function PlanPanel(props, ref) {
  return (
    <PlanRoot ref={ref} {...props}>
      <PlanTrigger />
      <PlanContent />
    </PlanRoot>
  )
})

/** `<Plan part message streaming />`, or compose `Plan.Root` / `.Trigger` / `.Content`. */
export const Plan = Object.assign(PlanPanel, { Root: PlanRoot, Trigger: PlanTrigger, Content: PlanContent })

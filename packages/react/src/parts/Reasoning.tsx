/**
 * Reasoning as a collapsible panel. By default it is open while this part streams and closed once
 * it is done, unless the user toggled it: their choice is kept per store and part, so nothing
 * re-opens by itself on remount, reload or when a new message arrives.
 */
import type { ReasoningPart } from '@palimpsest/core'
import { forwardRef } from 'react'
import { usePartContext } from '../message/part-context'
import { resolvePanelDefault, useTranscriptOptions } from '../options/options-context'
import { Collapsible, type CollapsibleContentProps, type CollapsibleTriggerProps } from '../primitives/Collapsible'
import { ReplaceableMarkdown } from '../replacement/ReplaceableMarkdown'
import { PartPanelRoot, type PartPanelRootProps } from './PartPanelRoot'

export type ReasoningRootProps = PartPanelRootProps<ReasoningPart>

const ReasoningRoot = forwardRef<HTMLDivElement, ReasoningRootProps>(function ReasoningRoot(props, ref) {
  const { panels } = useTranscriptOptions()
  return (
    <PartPanelRoot ref={ref} {...props} panelDefaultOpen={resolvePanelDefault(panels.reasoning, props.streaming)} />
  )
})

const ReasoningTrigger = forwardRef<HTMLButtonElement, CollapsibleTriggerProps>(function ReasoningTrigger(
  { children, ...rest },
  ref,
) {
  const { streaming } = usePartContext<ReasoningPart>('reasoning')
  const { labels } = useTranscriptOptions()
  return (
    <Collapsible.Trigger ref={ref} data-palimpsest-trigger="" {...rest}>
      {children ?? (streaming ? labels.thinking : labels.reasoning)}
    </Collapsible.Trigger>
  )
})

const ReasoningContent = forwardRef<HTMLDivElement, CollapsibleContentProps>(function ReasoningContent(
  { children, ...rest },
  ref,
) {
  const { part, message, streaming } = usePartContext<ReasoningPart>('reasoning')
  return (
    <Collapsible.Content ref={ref} data-palimpsest-panel-content="" {...rest}>
      {children ?? (
        <ReplaceableMarkdown
          text={part.text}
          epoch={part.epoch}
          streaming={streaming}
          messageStreaming={message.status === 'streaming'}
        />
      )}
    </Collapsible.Content>
  )
})

/** The whole panel; its ref and HTML props go to the root, like `Reasoning.Root`'s. */
const ReasoningPanel = forwardRef<HTMLDivElement, Omit<ReasoningRootProps, 'children'>>(
  function ReasoningPanel(props, ref) {
    return (
      <ReasoningRoot ref={ref} {...props}>
        <ReasoningTrigger />
        <ReasoningContent />
      </ReasoningRoot>
    )
  },
)

/** `<Reasoning part message streaming />`, or compose `Reasoning.Root` / `.Trigger` / `.Content`. */
export const Reasoning = Object.assign(ReasoningPanel, {
  Root: ReasoningRoot,
  Trigger: ReasoningTrigger,
  Content: ReasoningContent,
})

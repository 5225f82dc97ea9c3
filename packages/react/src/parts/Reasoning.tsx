/**
 * Reasoning as a collapsible panel. By default it is open while this part streams and closed once
 * it is done, unless the user toggled it: their choice is kept per store and part, so nothing
 * re-opens by itself on remount, reload or when a new message arrives.
 */
import type { ReasoningPart } from '@palimpsest/core'
import { Collapsible, type CollapsibleContentProps, type CollapsibleTriggerProps } from '../Collapsible'
import type { PartProps } from '../components-map'
import { resolvePanelDefault, useTranscriptOptions } from '../options-context'
import { usePartContext } from '../part-context'
import { ReplaceableMarkdown } from '../ReplaceableMarkdown'
import { PartPanelRoot, type PartPanelRootProps } from './PartPanelRoot'

export type ReasoningRootProps = PartPanelRootProps<ReasoningPart>

function ReasoningRoot(props: ReasoningRootProps) {
  const { panels } = useTranscriptOptions()
  return <PartPanelRoot {...props} defaultOpen={resolvePanelDefault(panels.reasoning, props.streaming)} />
}

function ReasoningTrigger({ children, ...rest }: CollapsibleTriggerProps) {
  const { streaming } = usePartContext<ReasoningPart>('reasoning')
  const { labels } = useTranscriptOptions()
  return (
    <Collapsible.Trigger data-palimpsest-trigger="" {...rest}>
      {children ?? (streaming ? labels.thinking : labels.reasoning)}
    </Collapsible.Trigger>
  )
}

function ReasoningContent({ children, ...rest }: CollapsibleContentProps) {
  const { part, message, streaming } = usePartContext<ReasoningPart>('reasoning')
  return (
    <Collapsible.Content data-palimpsest-panel-content="" {...rest}>
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
}

function ReasoningPanel(props: PartProps<ReasoningPart>) {
  return (
    <ReasoningRoot {...props}>
      <ReasoningTrigger />
      <ReasoningContent />
    </ReasoningRoot>
  )
}

/** `<Reasoning part message streaming />`, or compose `Reasoning.Root` / `.Trigger` / `.Content`. */
export const Reasoning = Object.assign(ReasoningPanel, {
  Root: ReasoningRoot,
  Trigger: ReasoningTrigger,
  Content: ReasoningContent,
})

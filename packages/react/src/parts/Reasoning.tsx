/**
 * Reasoning as a collapsible panel. By default it is open while this part streams and closed once
 * it is done, unless the user toggled it: their choice is kept per store and part, so nothing
 * re-opens by itself on remount, reload or when a new message arrives.
 */
import type { ReasoningPart } from '@palimpsest/core'
import type { ReactNode } from 'react'
import { Collapsible, type CollapsibleContentProps, type CollapsibleTriggerProps } from '../Collapsible'
import type { PartProps } from '../components-map'
import { disclosureKey } from '../disclosure-registry'
import { resolvePanelDefault, useTranscriptOptions } from '../options-context'
import { PartContext, usePartContext } from '../part-context'
import { ReplaceableMarkdown } from '../ReplaceableMarkdown'

export interface ReasoningRootProps extends PartProps<ReasoningPart> {
  /** Controlled open state. */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  className?: string
  children?: ReactNode
}

function ReasoningRoot({ part, message, streaming, open, onOpenChange, className, children }: ReasoningRootProps) {
  const { panels } = useTranscriptOptions()
  return (
    <PartContext.Provider value={{ part, message, streaming }}>
      <Collapsible.Root
        data-palimpsest-part="reasoning"
        panelKey={disclosureKey(message.id, part.id)}
        defaultOpen={resolvePanelDefault(panels.reasoning, streaming)}
        streaming={streaming}
        className={className}
        {...(open !== undefined && { open })}
        {...(onOpenChange && { onOpenChange })}
      >
        {children}
      </Collapsible.Root>
    </PartContext.Provider>
  )
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

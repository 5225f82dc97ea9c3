/**
 * The root every part panel (reasoning, tool call, plan) shares: provides the part to its
 * compound children and wraps them in a collapsible whose open state the user controls, remembered
 * per store and part.
 */
import type { Part } from '@palimpsest/core'
import { forwardRef, useMemo } from 'react'
import type { PartProps } from '../message/components-map'
import { PartContext } from '../message/part-context'
import { Collapsible, type CollapsibleRootProps } from '../primitives/Collapsible'
import { useRenderedValue } from '../primitives/rendered-value'
import { disclosureKey } from '../store/disclosure-registry'

/** The part, and the collapsible's props (`open`, `defaultOpen`, `onOpenChange`) and HTML props for its root. */
export interface PartPanelRootProps<P extends Part>
  extends PartProps<P>,
    Omit<CollapsibleRootProps, 'panelKey' | keyof PartProps> {}

interface PanelSetup {
  /** Open until the user toggles it, unless the consumer passed `defaultOpen`. */
  panelDefaultOpen: boolean
  /** Extra `data-*` state on the root element. */
  data?: Record<`data-${string}`, string | undefined>
}

export const PartPanelRoot = forwardRef<HTMLDivElement, PartPanelRootProps<Part> & PanelSetup>(function PartPanelRoot(
  { part, message, streaming, defaultOpen, panelDefaultOpen, data, children, ...rest },
  ref,
) {
  const source = useRenderedValue(useMemo(() => ({ part, message, streaming }), [part, message, streaming]))
  return (
    <PartContext.Provider value={source}>
      <Collapsible.Root
        ref={ref}
        {...rest}
        data-palimpsest-part={part.kind}
        {...data}
        panelKey={disclosureKey(message.id, part.id)}
        defaultOpen={defaultOpen ?? panelDefaultOpen}
        streaming={streaming}
      >
        {children}
      </Collapsible.Root>
    </PartContext.Provider>
  )
})

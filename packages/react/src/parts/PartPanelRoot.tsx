/**
 * The root every part panel (reasoning, tool call, plan) shares: provides the part to its
 * compound children and wraps them in a collapsible whose open state the user controls, remembered
 * per store and part.
 */
import type { Part } from '@palimpsest/core'
import type { ReactNode } from 'react'
import { Collapsible } from '../Collapsible'
import type { PartProps } from '../components-map'
import { disclosureKey } from '../disclosure-registry'
import { PartContext } from '../part-context'

export interface PartPanelRootProps<P extends Part> extends PartProps<P> {
  /** Controlled open state. */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  className?: string
  children?: ReactNode
}

interface PanelSetup {
  /** Open until the user toggles it. */
  defaultOpen: boolean
  /** Extra `data-*` state on the root element. */
  data?: Record<`data-${string}`, string | undefined>
}

export function PartPanelRoot<P extends Part>({
  part,
  message,
  streaming,
  open,
  onOpenChange,
  className,
  children,
  defaultOpen,
  data,
}: PartPanelRootProps<P> & PanelSetup) {
  return (
    <PartContext.Provider value={{ part, message, streaming }}>
      <Collapsible.Root
        data-palimpsest-part={part.kind}
        {...data}
        panelKey={disclosureKey(message.id, part.id)}
        defaultOpen={defaultOpen}
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

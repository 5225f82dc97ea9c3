/**
 * A headless collapsible panel (Root / Trigger / Content), the base of every secondary panel.
 *
 * The open state is, in order: the `open` prop (controlled), else the user's last toggle (kept in
 * the store's disclosure registry when `panelKey` is given, so it survives remounts), else
 * `defaultOpen`, which may change over time (reasoning: open while it streams). The user always wins.
 *
 * Every part forwards its ref and passes other props through; `data-state`, `aria-expanded`,
 * `aria-controls`, the content's `id` and `hidden` always reflect the state, and a consumer's
 * `onClick` on the trigger runs before the toggle (`event.preventDefault()` in it keeps the panel
 * as it is).
 */
import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type ReactNode,
  useContext,
  useId,
  useMemo,
} from 'react'
import { disclosureRegistryFor } from '../store/disclosure-registry'
import { useOptionalTranscriptStore } from '../store/store-context'
import { useKeepInPlace } from '../transcript/scroll-anchor'
import { composeEventHandlers } from './compose-event-handlers'
import { type ControllableStateMemory, useControllableState } from './use-controllable-state'

interface CollapsibleContextValue {
  open: boolean
  setOpen: (open: boolean) => void
  triggerId: string
  contentId: string
  streaming: boolean
}

const CollapsibleContext = createContext<CollapsibleContextValue | null>(null)

export function useCollapsible(): CollapsibleContextValue {
  const value = useContext(CollapsibleContext)
  if (!value) throw new Error('Collapsible.Trigger and Collapsible.Content must be inside Collapsible.Root')
  return value
}

export interface CollapsibleRootProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onToggle'> {
  /** Where the user's choice is remembered (per store). Without it, in component state. */
  panelKey?: string
  /** Open state while the user has not toggled the panel. May change (e.g. follow streaming). */
  defaultOpen?: boolean
  /** Controlled open state. */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** Exposed as `data-streaming`. */
  streaming?: boolean
  children?: ReactNode
}

/** The user's choice for `panelKey` in the store's disclosure registry, when there is a store. */
function useRememberedChoice(panelKey: string | undefined): ControllableStateMemory<boolean> | undefined {
  const store = useOptionalTranscriptStore()
  const registry = panelKey !== undefined && store ? disclosureRegistryFor(store) : undefined
  return useMemo(
    () =>
      registry && panelKey !== undefined
        ? {
            get: () => registry.get(panelKey),
            set: (open: boolean) => registry.set(panelKey, open),
            subscribe: registry.subscribe,
          }
        : undefined,
    [registry, panelKey],
  )
}

const CollapsibleRoot = forwardRef<HTMLDivElement, CollapsibleRootProps>(function CollapsibleRoot(
  { panelKey, defaultOpen = false, open: openProp, onOpenChange, streaming = false, children, ...rest },
  ref,
) {
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
    memory: useRememberedChoice(panelKey),
  })
  const id = useId()
  // The same value while nothing in it changes: a new one would make each commit of a streaming
  // panel search everything rendered inside it for readers.
  const value = useMemo(
    () => ({ open, setOpen, triggerId: `${id}-trigger`, contentId: `${id}-content`, streaming }),
    [open, setOpen, id, streaming],
  )
  return (
    <CollapsibleContext.Provider value={value}>
      <div ref={ref} data-streaming={streaming ? '' : undefined} {...rest} data-state={open ? 'open' : 'closed'}>
        {children}
      </div>
    </CollapsibleContext.Provider>
  )
})

export type CollapsibleTriggerProps = ComponentPropsWithoutRef<'button'>

const CollapsibleTrigger = forwardRef<HTMLButtonElement, CollapsibleTriggerProps>(function CollapsibleTrigger(
  { onClick, children, ...rest },
  ref,
) {
  const { open, setOpen, triggerId, contentId, streaming } = useCollapsible()
  const keepInPlace = useKeepInPlace()
  return (
    <button
      ref={ref}
      type="button"
      id={triggerId}
      data-streaming={streaming ? '' : undefined}
      {...rest}
      aria-expanded={open}
      aria-controls={contentId}
      data-state={open ? 'open' : 'closed'}
      onClick={composeEventHandlers(onClick, (event) => {
        keepInPlace?.(event.currentTarget)
        setOpen(!open)
      })}
    >
      {children}
    </button>
  )
})

export interface CollapsibleContentProps extends ComponentPropsWithoutRef<'div'> {
  /** Render the children while closed too (hidden). By default closed panels render nothing inside. */
  forceMount?: boolean
}

const CollapsibleContent = forwardRef<HTMLDivElement, CollapsibleContentProps>(function CollapsibleContent(
  { forceMount = false, children, ...rest },
  ref,
) {
  const { open, contentId } = useCollapsible()
  return (
    <div ref={ref} {...rest} id={contentId} data-state={open ? 'open' : 'closed'} hidden={!open}>
      {open || forceMount ? children : null}
    </div>
  )
})

export const Collapsible = { Root: CollapsibleRoot, Trigger: CollapsibleTrigger, Content: CollapsibleContent }

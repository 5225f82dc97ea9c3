/**
 * A headless collapsible panel (Root / Trigger / Content), the base of every secondary panel.
 *
 * The open state is, in order: the `open` prop (controlled), else the user's last toggle (kept in
 * the store's disclosure registry when `panelKey` is given, so it survives remounts), else
 * `defaultOpen`, which may change over time (reasoning: open while it streams). The user always wins.
 */
import {
  type ComponentPropsWithoutRef,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useState,
  useSyncExternalStore,
} from 'react'
import { disclosureRegistryFor } from './disclosure-registry'
import { useKeepInPlace } from './scroll-anchor'
import { useOptionalTranscriptStore } from './store-context'

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

const noRegistry = { subscribe: () => () => {}, get: () => undefined }

function useUserChoice(panelKey: string | undefined): [boolean | undefined, (open: boolean) => void] {
  const store = useOptionalTranscriptStore()
  const registry = panelKey !== undefined && store ? disclosureRegistryFor(store) : undefined
  const [local, setLocal] = useState<boolean | undefined>(undefined)
  const remembered = useSyncExternalStore(
    (registry ?? noRegistry).subscribe,
    () => (registry && panelKey !== undefined ? registry.get(panelKey) : undefined),
    () => (registry && panelKey !== undefined ? registry.get(panelKey) : undefined),
  )
  const choose = useCallback(
    (open: boolean) => {
      if (registry && panelKey !== undefined) registry.set(panelKey, open)
      else setLocal(open)
    },
    [registry, panelKey],
  )
  return [registry ? remembered : local, choose]
}

function CollapsibleRoot({
  panelKey,
  defaultOpen = false,
  open: controlled,
  onOpenChange,
  streaming = false,
  children,
  ...rest
}: CollapsibleRootProps) {
  const [choice, choose] = useUserChoice(panelKey)
  const open = controlled ?? choice ?? defaultOpen
  const setOpen = useCallback(
    (next: boolean) => {
      if (controlled === undefined) choose(next)
      onOpenChange?.(next)
    },
    [controlled, choose, onOpenChange],
  )
  const id = useId()
  const state = open ? 'open' : 'closed'
  return (
    <CollapsibleContext.Provider
      value={{ open, setOpen, triggerId: `${id}-trigger`, contentId: `${id}-content`, streaming }}
    >
      <div data-state={state} data-streaming={streaming ? '' : undefined} {...rest}>
        {children}
      </div>
    </CollapsibleContext.Provider>
  )
}

export type CollapsibleTriggerProps = ComponentPropsWithoutRef<'button'>

function CollapsibleTrigger({ onClick, children, ...rest }: CollapsibleTriggerProps) {
  const { open, setOpen, triggerId, contentId, streaming } = useCollapsible()
  const keepInPlace = useKeepInPlace()
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event)
    if (event.defaultPrevented) return
    keepInPlace?.(event.currentTarget)
    setOpen(!open)
  }
  return (
    <button
      type="button"
      id={triggerId}
      aria-expanded={open}
      aria-controls={contentId}
      data-state={open ? 'open' : 'closed'}
      data-streaming={streaming ? '' : undefined}
      onClick={toggle}
      {...rest}
    >
      {children}
    </button>
  )
}

export interface CollapsibleContentProps extends ComponentPropsWithoutRef<'div'> {
  /** Render the children while closed too (hidden). By default closed panels render nothing inside. */
  forceMount?: boolean
}

function CollapsibleContent({ forceMount = false, children, ...rest }: CollapsibleContentProps) {
  const { open, contentId } = useCollapsible()
  return (
    <div id={contentId} data-state={open ? 'open' : 'closed'} hidden={!open} {...rest}>
      {open || forceMount ? children : null}
    </div>
  )
}

export const Collapsible = { Root: CollapsibleRoot, Trigger: CollapsibleTrigger, Content: CollapsibleContent }

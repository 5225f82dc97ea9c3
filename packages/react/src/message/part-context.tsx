/** The part a compound panel (Reasoning.Root, ToolCall.Root, Plan.Root) renders, for its Trigger and Content. */
import type { Part } from '@palimpsest/core'
import { createContext, useContext } from 'react'
import { type RenderedValue, useValueOf } from '../primitives/rendered-value'
import type { PartProps } from './components-map'

/**
 * A stable source rather than the part itself: the part is new on every chunk while it streams, and
 * a new context value would make each commit search the panel's rendered markdown for readers.
 */
export const PartContext = createContext<RenderedValue<PartProps> | null>(null)

export function usePartContext<P extends Part>(kind: P['kind']): PartProps<P> {
  const source = useContext(PartContext)
  if (!source) throw new Error(`this component must be inside a ${kind} panel Root`)
  const value = useValueOf(source)
  if (value.part.kind !== kind) throw new Error(`this component must be inside a ${kind} panel Root`)
  return value as unknown as PartProps<P>
}

/** The part a compound panel (Reasoning.Root, ToolCall.Root, Plan.Root) renders, for its Trigger and Content. */
import type { Part } from '@palimpsest/core'
import { createContext, useContext } from 'react'
import type { PartProps } from './components-map'

export const PartContext = createContext<PartProps | null>(null)

export function usePartContext<P extends Part>(kind: P['kind']): PartProps<P> {
  const value = useContext(PartContext)
  if (!value || value.part.kind !== kind) throw new Error(`this component must be inside a ${kind} panel Root`)
  return value as unknown as PartProps<P>
}

import { createContext, useContext } from 'react'

/**
 * Lets a control that changes layout (a panel trigger) ask the scroll container to keep that
 * control where it is on screen, and to stop following the bottom: the user is reading there.
 */
export type KeepInPlace = (element: HTMLElement) => void

export const ScrollAnchorContext = createContext<KeepInPlace | null>(null)

export function useKeepInPlace(): KeepInPlace | null {
  return useContext(ScrollAnchorContext)
}

/**
 * `useLayoutEffect` in the browser, `useEffect` on the server: a server render runs neither, and
 * React 18 warns about every `useLayoutEffect` it meets there.
 */
import { useEffect, useLayoutEffect } from 'react'

export const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/**
 * Keeps a scroll container pinned to its bottom while content grows, with an escape the user can
 * always rely on: scrolling up by wheel, touch, keyboard or scrollbar stops following at once,
 * even while content keeps growing, and reaching the bottom again (or `jumpToLatest`) resumes it.
 *
 * Intent comes from input events (wheel, touch, keys, pointer on the scrollbar) as well as from
 * the scroll position, so a resize in the same frame as the user's gesture cannot swallow it.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect'

/** Distance from the bottom (px) that still counts as "at the bottom" (fractional device pixels). */
const bottomTolerance = 2
const upKeys = new Set(['ArrowUp', 'PageUp', 'Home'])

function distanceFromBottom(el: HTMLElement): number {
  return el.scrollHeight - el.clientHeight - el.scrollTop
}

export interface StickToBottom {
  /** Auto-scrolling to new content. */
  following: boolean
  /** The view is at the bottom (nothing newer below). */
  atBottom: boolean
  jumpToLatest: () => void
  /** Keep `element` where it is on screen through the next layout change (a panel toggle). */
  keepInPlace: (element: HTMLElement) => void
}

export function useStickToBottom(
  scrollerRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
): StickToBottom {
  const [following, setFollowingState] = useState(true)
  const [atBottom, setAtBottomState] = useState(true)
  const live = useRef({ following: true, atBottom: true, lastTop: 0, dragging: false, anchored: false, touchY: 0 })

  const setFollowing = useCallback((value: boolean) => {
    if (live.current.following === value) return
    live.current.following = value
    setFollowingState(value)
  }, [])

  const measure = useCallback(() => {
    const el = scrollerRef.current
    if (!el) return
    const distance = distanceFromBottom(el)
    const bottom = distance <= bottomTolerance
    if (live.current.atBottom !== bottom) {
      live.current.atBottom = bottom
      setAtBottomState(bottom)
    }
    return distance
  }, [scrollerRef])

  const scrollToBottom = useCallback(() => {
    const el = scrollerRef.current
    if (!el) return
    const target = el.scrollHeight - el.clientHeight
    if (Math.abs(el.scrollTop - target) > 0.5) el.scrollTop = target
    live.current.lastTop = el.scrollTop
    measure()
  }, [scrollerRef, measure])

  const jumpToLatest = useCallback(() => {
    setFollowing(true)
    scrollToBottom()
  }, [setFollowing, scrollToBottom])

  const keepInPlace = useCallback(
    (element: HTMLElement) => {
      const el = scrollerRef.current
      if (!el) return
      const before = element.getBoundingClientRect().top
      live.current.anchored = true
      requestAnimationFrame(() => {
        const shift = element.getBoundingClientRect().top - before
        if (Math.abs(shift) > 0.5) el.scrollTop += shift
        live.current.lastTop = el.scrollTop
        const distance = measure()
        if (distance !== undefined && distance > bottomTolerance) setFollowing(false)
        requestAnimationFrame(() => {
          live.current.anchored = false
        })
      })
    },
    [scrollerRef, measure, setFollowing],
  )

  useIsomorphicLayoutEffect(() => {
    const el = scrollerRef.current
    const content = contentRef.current
    if (!el || !content) return
    scrollToBottom()
    if (typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(() => {
      const state = live.current
      // A scroll up whose event has not been dispatched yet must win over the growth that came with it.
      if (state.following && el.scrollTop < state.lastTop - 0.5 && distanceFromBottom(el) > bottomTolerance)
        setFollowing(false)
      if (state.following && !state.dragging && !state.anchored) scrollToBottom()
      else measure()
    })
    observer.observe(content)
    observer.observe(el)
    return () => observer.disconnect()
  }, [scrollerRef, contentRef, scrollToBottom, measure, setFollowing])

  useEffect(() => {
    const el = scrollerRef.current
    if (!el) return
    const state = live.current
    const scrollable = () => el.scrollHeight - el.clientHeight > bottomTolerance
    const onScroll = () => {
      const top = el.scrollTop
      const distance = measure() ?? 0
      if (distance <= bottomTolerance) setFollowing(true)
      else if (top < state.lastTop - 0.5) setFollowing(false)
      state.lastTop = top
    }
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0 && scrollable()) setFollowing(false)
    }
    const onTouchStart = (event: TouchEvent) => {
      state.touchY = event.touches[0]?.clientY ?? 0
    }
    const onTouchMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY ?? state.touchY
      // The finger moving down scrolls the content up: toward older messages.
      if (y > state.touchY + 2 && scrollable()) setFollowing(false)
      state.touchY = y
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if ((upKeys.has(event.key) || (event.key === ' ' && event.shiftKey)) && scrollable()) setFollowing(false)
    }
    const onPointerDown = (event: PointerEvent) => {
      // While a press lasts — dragging the scrollbar, selecting text — auto-scrolling would fight the user.
      if (event.button === 0) state.dragging = true
    }
    const onPointerUp = () => {
      state.dragging = false
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    el.addEventListener('wheel', onWheel, { passive: true })
    el.addEventListener('touchstart', onTouchStart, { passive: true })
    el.addEventListener('touchmove', onTouchMove, { passive: true })
    el.addEventListener('keydown', onKeyDown)
    el.addEventListener('pointerdown', onPointerDown)
    window.addEventListener('pointerup', onPointerUp)
    window.addEventListener('pointercancel', onPointerUp)
    // A release outside the window never reaches it; do not stay paused for good.
    window.addEventListener('blur', onPointerUp)
    return () => {
      el.removeEventListener('scroll', onScroll)
      el.removeEventListener('wheel', onWheel)
      el.removeEventListener('touchstart', onTouchStart)
      el.removeEventListener('touchmove', onTouchMove)
      el.removeEventListener('keydown', onKeyDown)
      el.removeEventListener('pointerdown', onPointerDown)
      window.removeEventListener('pointerup', onPointerUp)
      window.removeEventListener('pointercancel', onPointerUp)
      window.removeEventListener('blur', onPointerUp)
    }
  }, [scrollerRef, measure, setFollowing])

  return { following, atBottom, jumpToLatest, keepInPlace }
}

/**
 * Keeps a scroll container pinned to its bottom while content grows, with an escape the user can
 * always rely on: scrolling up by wheel, touch, keyboard or scrollbar stops following at once,
 * even while content keeps growing, and reaching the bottom again (or `jumpToLatest`) resumes it.
 *
 * Intent comes from input events (wheel, touch, keys, pointer on the scrollbar) as well as from
 * the scroll position, so a resize in the same frame as the user's gesture cannot swallow it.
 *
 * Content that gets shorter (a retracted message, a list re-measured) lets the browser pull the view
 * up to the new bottom at whatever layout comes first; with content growing again before the next
 * frame, that looks exactly like the user scrolling up. So while following, `floor` (an empty
 * element placed absolutely at the top of the scroll container, which must be positioned) is as tall
 * as the content's scroll height, and a shrink reaches the view only in the resize observer, which
 * pins it. Out of flow, its height changes nothing but the scroll height: the content is not laid
 * out again when it changes.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect'
import { observeResizeInSteps } from './resize-steps'

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
  floorRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
): StickToBottom {
  const [following, setFollowingState] = useState(true)
  const [atBottom, setAtBottomState] = useState(true)
  const live = useRef({
    following: true,
    atBottom: true,
    lastTop: 0,
    dragging: false,
    anchored: false,
    touchY: 0,
    /** The floor's height (px, 0 for none). */
    floor: 0,
  })

  /**
   * The floor the content needs (px): the scroll height the content makes, while following in a
   * container that scrolls (in one that does not, a shrink moves no view); none otherwise.
   */
  const neededFloor = useCallback((): number => {
    const el = scrollerRef.current
    const content = contentRef.current
    if (!el || !content || !live.current.following || el.scrollHeight - el.clientHeight <= bottomTolerance) return 0
    // The content's `scrollHeight`, not its box: a virtualised list's rows can reach past the height
    // it was given. Its top is in the container's coordinates (the container is its offset parent).
    return content.offsetTop + content.scrollHeight + Number.parseFloat(getComputedStyle(el).paddingBottom)
  }, [scrollerRef, contentRef])

  const setFloor = useCallback(
    (height: number) => {
      const floor = floorRef.current
      // Compared with the number set (the style reads large lengths back rounded: `1.59986e+06px`).
      if (!floor || live.current.floor === height) return
      live.current.floor = height
      floor.style.height = `${height}px`
    },
    [floorRef],
  )

  const holdFloor = useCallback(() => setFloor(neededFloor()), [setFloor, neededFloor])

  const setFollowing = useCallback(
    (value: boolean) => {
      if (live.current.following === value) return
      live.current.following = value
      holdFloor()
      setFollowingState(value)
    },
    [holdFloor],
  )

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
      // The panel's own change of height must reach the view at once, to be measured below.
      setFloor(0)
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
    [scrollerRef, measure, setFollowing, setFloor],
  )

  useIsomorphicLayoutEffect(() => {
    const el = scrollerRef.current
    const content = contentRef.current
    if (!el || !content) return
    scrollToBottom()
    if (typeof ResizeObserver !== 'function') return
    const state = live.current
    let needed: number | undefined
    return observeResizeInSteps(
      [content, el],
      [
        () => {
          // A scroll up whose event has not been dispatched yet must win over the growth that came with it.
          if (state.following && el.scrollTop < state.lastTop - 0.5 && distanceFromBottom(el) > bottomTolerance)
            setFollowing(false)
          needed = state.anchored ? undefined : neededFloor()
        },
        // A lower floor moves the bottom: laid down before pinning. A higher one (content that grew)
        // moves nothing: raised after, so that pinning reads the layout this frame already computed.
        () => {
          if (needed !== undefined && needed < state.floor) setFloor(needed)
        },
        () => {
          if (state.following && !state.dragging && !state.anchored) scrollToBottom()
          else measure()
        },
        () => {
          if (needed !== undefined) setFloor(needed)
        },
      ],
    )
  }, [scrollerRef, contentRef, scrollToBottom, measure, setFollowing, neededFloor, setFloor])

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

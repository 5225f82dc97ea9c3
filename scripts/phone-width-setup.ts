/**
 * Setup of the `storybook-phone` project: every story, rendered at a phone's width (360 px), must
 * fit: no sideways page scroll, no element poking out of its box (`layoutOverflow`).
 */
import { afterEach, expect } from 'vitest'
import { layoutOverflow } from './layout-overflow.ts'

export const phoneWidth = 360

afterEach(async () => {
  // The story's own play function has run; let the last commit lay out and paint. Frames of a page
  // that is not in front can be throttled while other projects run: wait at most 200 ms for them
  // (reading the layout below lays it out anyway).
  await Promise.race([
    new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    new Promise((resolve) => setTimeout(resolve, 200)),
  ])
  expect(window.innerWidth, 'the story did not run at the phone viewport').toBe(phoneWidth)
  const root = document.getElementById('storybook-root') ?? document.body
  expect(layoutOverflow(root)).toEqual([])
})

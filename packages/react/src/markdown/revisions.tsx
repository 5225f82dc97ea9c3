/**
 * Showing a rewrite as a revision (`markRevisions`): in a commit where the message text was
 * rewritten (not just extended), each block that re-renders wraps the words it gained in
 * `<span data-revised>` (the stylesheet fades them out, not under `prefers-reduced-motion`), and a
 * polite live region announces "Answer revised" once per burst of rewrites, never once per step.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect'
import { visuallyHidden } from '../primitives/visually-hidden'
import type { HtmlTreeTransform } from './markdown-pipeline'
import { markRevisedWords, renderedWords } from './revision-marks'

/** Written by `StreamingMarkdown` as it renders; read by the blocks rendering below it in the same pass. */
export interface RevisionTracker {
  enabled: boolean
  /** The text being rendered rewrites the previous text (it does not extend it). */
  rewriting: boolean
}

const disabled: RevisionTracker = { enabled: false, rewriting: false }

/** A mutable object of stable identity: changing it re-renders no block (only changed sources render). */
export const RevisionTrackerContext = createContext<RevisionTracker>(disabled)

/**
 * For a block's render: the transform that marks its revised words (in a rewrite) and remembers
 * its words for the next one. The words are stored once the render commits.
 */
export function useRevisionMarks(): HtmlTreeTransform | undefined {
  const tracker = useContext(RevisionTrackerContext)
  const committed = useRef<readonly string[] | undefined>(undefined)
  const rendered = useRef<readonly string[] | undefined>(undefined)
  // Runs after every render while marks are on; without them, never after the first. A layout
  // effect, since a passive one (even once, as a block mounts) makes React schedule a task after
  // the commit, and streaming mounts blocks on most commits.
  useIsomorphicLayoutEffect(
    () => {
      if (rendered.current) committed.current = rendered.current
    },
    // A new object per render while enabled; `false` (unchanged) otherwise.
    [tracker.enabled && {}],
  )
  if (!tracker.enabled) return undefined
  const seen = committed.current
  // A block first rendered by a rewrite is new in it: all its words are revised.
  if (!tracker.rewriting) {
    return (tree) => {
      rendered.current = renderedWords(tree)
    }
  }
  return (tree) => {
    rendered.current = markRevisedWords(tree, seen)
  }
}

/** How long after the last rewrite a burst of rewrites is over. */
export const revisionBurstMs = 2_000

/** A polite live region saying `label` once when a burst of rewrites (`rewrites` changing) starts. */
export function RevisionAnnouncer({ rewrites, label }: { rewrites: number; label: string }) {
  const [message, setMessage] = useState('')
  const last = useRef(rewrites)
  const quiet = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    if (rewrites === last.current) return
    last.current = rewrites
    if (quiet.current === undefined) setMessage(label)
    clearTimeout(quiet.current)
    quiet.current = setTimeout(() => {
      quiet.current = undefined
      setMessage('')
    }, revisionBurstMs)
  }, [rewrites, label])
  useEffect(() => () => clearTimeout(quiet.current), [])
  return (
    <span role="status" aria-live="polite" data-palimpsest-revision-status="" style={visuallyHidden}>
      {message}
    </span>
  )
}

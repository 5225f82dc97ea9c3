/**
 * A code block's lines while the worker tokenises its new ones: the lines highlighted already, then
 * the rest as plain text. The worker's answer is shown by the next chunk's render (its lines are
 * then highlighted already), so a streaming fence commits once per chunk, as when tokenising on the
 * main thread; when no chunk follows within `answerDelayMs`, the answer is shown on its own, at the
 * next frame. Answers that come due together are shown in one commit.
 */
import { type ReactNode, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'

/** How long an answer waits for the next chunk's render before it is shown on its own. */
const answerDelayMs = 100

export interface AwaitedLinesProps {
  /** Every line of the code. */
  lines: readonly string[]
  /** The first lines, highlighted (each line's element). */
  known: readonly ReactNode[]
  /** Every line highlighted, once the worker has answered. */
  answer: Promise<readonly ReactNode[]>
}

export function AwaitedLines({ lines, known, answer }: AwaitedLinesProps) {
  const [answered, setAnswered] = useState<{ answer: AwaitedLinesProps['answer']; lines: readonly ReactNode[] }>()
  useEffect(() => {
    let cancelled = false
    const show = () => setAnswered({ answer, lines: all })
    let all: readonly ReactNode[] = []
    answer.then(
      (lines) => {
        all = lines
        if (!cancelled) showSoon(show)
      },
      // Left plain: the highlighter has nothing better to show.
      () => {},
    )
    return () => {
      cancelled = true
      notDue(show)
    }
  }, [answer])
  const highlighted = answered?.answer === answer ? answered.lines : known
  const nodes: ReactNode[] = []
  for (let index = 0; index < lines.length; index++) {
    if (index > 0) nodes.push('\n')
    nodes.push(index < highlighted.length ? highlighted[index] : lines[index])
  }
  return nodes
}

const dueAnswers = new Set<() => void>()
let timer: ReturnType<typeof setTimeout> | undefined

function showSoon(show: () => void) {
  dueAnswers.add(show)
  // The first answer due starts the wait; the ones due before it ends are shown with it.
  if (timer === undefined) {
    timer = setTimeout(() => {
      timer = undefined
      const due = [...dueAnswers]
      dueAnswers.clear()
      // Committed at the start of a frame, with the frame's own layout: a change between frames is
      // laid out early by the first script that reads layout (a scroll handler), then again.
      requestAnimationFrame(() =>
        flushSync(() => {
          for (const each of due) each()
        }),
      )
    }, answerDelayMs)
  }
}

/** An answer a newer render made unnecessary: when no other is due, the wait starts again with the next one. */
function notDue(show: () => void) {
  dueAnswers.delete(show)
  if (dueAnswers.size === 0 && timer !== undefined) {
    clearTimeout(timer)
    timer = undefined
  }
}

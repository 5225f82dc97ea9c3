/**
 * A code block's lines while the worker tokenises its new ones: the lines highlighted already, then
 * the rest as plain text. The worker's answer is shown by the next chunk's render (its lines are
 * then highlighted already), so a streaming fence commits once per chunk, as when tokenising on the
 * main thread; when no chunk follows within `answerDelayMs`, the answer is shown on its own. Answers
 * that come due together are shown in one commit.
 */
import { type ReactNode, useEffect, useState } from 'react'

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
      dueAnswers.delete(show)
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

function showSoon(show: () => void) {
  // The first answer due starts the wait; the ones due before it ends are shown with it.
  if (dueAnswers.size === 0) {
    setTimeout(() => {
      const due = [...dueAnswers]
      dueAnswers.clear()
      for (const each of due) each()
    }, answerDelayMs)
  }
  dueAnswers.add(show)
}

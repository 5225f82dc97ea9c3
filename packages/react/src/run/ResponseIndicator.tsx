/**
 * "The agent is responding": shown from the start of a turn until its first visible content, and
 * again while a cleared answer waits for its new text once the replacement hold has run out (while
 * the hold lasts the previous text is still on screen). Never shown together with answer text: it
 * reads the same store snapshot as the messages, so both change in the same commit.
 *
 * Assistive technology hears it once per turn, through its `role="status"` region.
 */
import { type ResponseWait, responseWaitKey } from '@palimpsest/core'
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useEffect, useState } from 'react'
import { useTranscriptOptions } from '../options/options-context'
import { visuallyHidden } from '../primitives/visually-hidden'
import { useTranscriptStore } from '../store/store-context'
import { useTranscriptSelector } from '../store/use-transcript-selector'
import { type RunLabels, runLabels } from './run-labels'

export interface ResponseIndicatorProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Replaces the three dots shown while waiting. */
  children?: ReactNode
  /** How long a cleared answer keeps its old text before the indicator may show; default: the transcript's `holdMs`. */
  holdMs?: number
  /** Set false when something else already announces that the agent responds. Default true. */
  announce?: boolean
  labels?: Partial<Pick<RunLabels, 'responding'>>
}

function parseWait(key: string): ResponseWait | undefined {
  if (key === '') return undefined
  const [reason, turnId, messageId, partId, epoch] = JSON.parse(key) as [string, string, string, string, number]
  return reason === 'first-token' ? { reason, turnId } : { reason: 'cleared', turnId, messageId, partId, epoch }
}

export const ResponseIndicator = forwardRef<HTMLDivElement, ResponseIndicatorProps>(function ResponseIndicator(
  { children, holdMs, announce = true, labels, ...rest },
  ref,
) {
  const options = useTranscriptOptions()
  const hold = holdMs !== undefined && Number.isFinite(holdMs) && holdMs >= 0 ? holdMs : options.holdMs
  const key = useTranscriptSelector(useTranscriptStore(), responseWaitKey)
  const wait = parseWait(key)
  // The key of a cleared wait whose hold has run out.
  const [expired, setExpired] = useState('')
  const [announced, setAnnounced] = useState<{ turnId: string; text: string }>({ turnId: '', text: '' })

  useEffect(() => {
    if (!key.startsWith('["cleared"')) return
    let frame = 0
    // One frame after the hold, so the held text has been taken down before the indicator shows.
    const timer = setTimeout(() => {
      frame = requestAnimationFrame(() => setExpired(key))
    }, hold)
    return () => {
      clearTimeout(timer)
      cancelAnimationFrame(frame)
    }
  }, [key, hold])

  const visible = wait !== undefined && (wait.reason === 'first-token' || expired === key)
  const label = runLabels(labels).responding

  const visibleTurn = visible && wait ? wait.turnId : ''

  useEffect(() => {
    if (!announce) return
    setAnnounced((current) => {
      if (visibleTurn !== '' && current.turnId !== visibleTurn) return { turnId: visibleTurn, text: label }
      if (visibleTurn === '' && current.text !== '') return { ...current, text: '' }
      return current
    })
  }, [visibleTurn, label, announce])

  return (
    <div
      ref={ref}
      {...rest}
      data-palimpsest-response-indicator=""
      data-state={visible ? 'visible' : 'hidden'}
      data-reason={visible ? wait?.reason : undefined}
    >
      <span role="status" aria-live="polite" style={visuallyHidden}>
        {announce ? announced.text : ''}
      </span>
      {visible &&
        (children ?? (
          <span data-palimpsest-typing="" aria-hidden="true" title={label}>
            <span />
            <span />
            <span />
          </span>
        ))}
    </div>
  )
})

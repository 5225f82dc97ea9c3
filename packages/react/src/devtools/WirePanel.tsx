/**
 * The replayer's side panel: every wire message of the trace, in order, with the updates it
 * decoded to once it has been applied, and what the decoder reported about it. The current step
 * is marked `aria-current="step"` and kept in view.
 */
import type { AgentUpdate, DecodedStep, Issue, ReplayEvent, TraceReplay } from '@palimpsest/core'
import { type CSSProperties, memo, useLayoutEffect, useRef } from 'react'

export interface WirePanelProps {
  id: string
  replay: TraceReplay
  /** Changes whenever the replay moves, so the panel re-reads it. */
  position: number
}

const previewLength = 96

function preview(value: unknown): string {
  let text: string
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  } catch {
    text = String(value)
  }
  return text.length > previewLength ? `${text.slice(0, previewLength - 1)}…` : text
}

function pretty(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value))
  } catch {
    return String(value)
  }
}

function updateSummary(update: AgentUpdate): string {
  const { type: _type, ...fields } = update
  return preview(fields)
}

const panelStyle: CSSProperties = {
  position: 'relative',
  overflowY: 'auto',
  minHeight: 0,
  borderLeft: '1px solid var(--palimpsest-border, #d1d9e0)',
  fontFamily: 'var(--palimpsest-mono, monospace)',
  fontSize: '0.75rem',
}
const listStyle: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 }
const rowStyle: CSSProperties = {
  padding: '0.375rem 0.5rem',
  borderBottom: '1px solid var(--palimpsest-border, #d1d9e0)',
  borderLeftWidth: 3,
  borderLeftStyle: 'solid',
  borderLeftColor: 'transparent',
}
const currentRowStyle: CSSProperties = {
  ...rowStyle,
  borderLeftColor: 'var(--palimpsest-accent, #0969da)',
  background: 'var(--palimpsest-surface, #f6f8fa)',
}
const preStyle: CSSProperties = { margin: '0.25rem 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }
const mutedStyle: CSSProperties = { color: 'var(--palimpsest-muted, #59636e)' }
const issueStyle: CSSProperties = { color: 'var(--palimpsest-danger, #d1242f)', margin: '0.25rem 0' }

function UpdateList({ updates }: { updates: AgentUpdate[] }) {
  if (updates.length === 0) return <p style={{ ...mutedStyle, margin: '0.25rem 0' }}>no updates</p>
  return (
    <ul data-palimpsest-replay-updates="" style={{ ...listStyle, paddingLeft: '0.5rem' }}>
      {updates.map((update, index) => (
        <li key={index} data-update-type={update.type} style={{ overflowWrap: 'anywhere' }}>
          <strong>{update.type}</strong> {updateSummary(update)}
        </li>
      ))}
    </ul>
  )
}

function IssueList({ issues }: { issues: Issue[] }) {
  return issues.map((issue, index) => (
    <p key={index} data-palimpsest-replay-issue={issue.code} style={issueStyle}>
      {issue.code}: {issue.message}
    </p>
  ))
}

interface RowProps {
  index: number
  event: ReplayEvent | undefined
  step: DecodedStep | undefined
  applied: boolean
  current: boolean
}

const Row = memo(function Row({ index, event, step, applied, current }: RowProps) {
  const heading = event ? `#${index + 1}` : 'end of stream'
  return (
    <li
      data-palimpsest-replay-step={index}
      data-state={applied ? 'applied' : 'pending'}
      aria-current={current ? 'step' : undefined}
      style={current ? currentRowStyle : rowStyle}
    >
      <div>
        <strong>{heading}</strong>
        {event?.delayMs !== undefined && <span style={mutedStyle}> +{event.delayMs} ms</span>}
        {!applied && <span style={mutedStyle}> (not applied yet)</span>}
      </div>
      {event && (
        <details>
          <summary style={{ overflowWrap: 'anywhere', cursor: 'pointer' }}>{preview(event.wire)}</summary>
          <pre style={preStyle}>{pretty(event.wire)}</pre>
        </details>
      )}
      {applied && step && (
        <>
          <UpdateList updates={step.updates} />
          <IssueList issues={step.issues} />
        </>
      )}
    </li>
  )
})

export function WirePanel({ id, replay, position }: WirePanelProps) {
  const panelRef = useRef<HTMLElement | null>(null)
  const current = position - 1
  // Keeps the current step in view inside the panel, without scrolling the page.
  useLayoutEffect(() => {
    const panel = panelRef.current
    const row = panel?.querySelector<HTMLElement>('[aria-current="step"]')
    if (!panel || !row) return
    const top = row.offsetTop
    if (top < panel.scrollTop || top + row.offsetHeight > panel.scrollTop + panel.clientHeight)
      panel.scrollTop = Math.max(0, top - panel.clientHeight / 3)
  }, [position])
  const rows = []
  for (let index = 0; index < replay.length; index++)
    rows.push(
      <Row
        key={index}
        index={index}
        event={replay.events[index]}
        step={replay.step(index)}
        applied={index < position}
        current={index === current}
      />,
    )
  return (
    <section
      ref={panelRef}
      id={id}
      aria-label="Wire messages and decoded updates"
      data-palimpsest-replay-panel=""
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
      tabIndex={0}
      style={panelStyle}
    >
      <ol style={listStyle}>{rows}</ol>
    </section>
  )
}

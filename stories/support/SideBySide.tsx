/**
 * One recorded trace, decoded once per step and fed to two renderers at the same moment:
 * Palimpsest (store + Transcript) on the left, the naive append-only renderer on the right.
 */
import { decoders } from '@palimpsest/protocols/traces'
import { Transcript } from '@palimpsest/react'
import { TraceReplay } from '@palimpsest/react/devtools'
import { type CSSProperties, useEffect, useId, useMemo, useState } from 'react'
import { appendChunks, NaiveAppendTranscript, type NaiveMessage } from './NaiveAppendTranscript'
import { findTrace } from './TraceScenario'

const paneStyle: CSSProperties = {
  height: 380,
  display: 'flex',
  flexDirection: 'column',
  border: '1px solid var(--palimpsest-border)',
  borderRadius: 8,
  overflow: 'hidden',
}

export function SideBySide({ traceName }: { traceName: string }) {
  const ids = useId()
  const trace = findTrace(traceName)
  const decoder = trace && decoders[trace.protocol]
  const replay = useMemo(
    () => (trace && decoder ? new TraceReplay(trace.events, () => decoder) : undefined),
    [trace, decoder],
  )
  const [naive, setNaive] = useState<readonly NaiveMessage[]>([])
  const [run, setRun] = useState(0)
  const [speed, setSpeed] = useState(1)
  const [finished, setFinished] = useState(false)

  // `run` restarts the replay from the beginning.
  useEffect(() => {
    if (!replay || run < 0) return
    replay.seek(0)
    setNaive([])
    setFinished(false)
    let timer: ReturnType<typeof setTimeout> | undefined
    const next = () => {
      if (replay.finished) {
        setFinished(true)
        return
      }
      timer = setTimeout(() => {
        const step = replay.advance(false)
        if (step) setNaive((messages) => appendChunks(messages, step.updates))
        next()
      }, replay.nextDelayMs() / speed)
    }
    next()
    return () => clearTimeout(timer)
  }, [replay, run, speed])

  if (!trace || !replay) return <p role="alert">No recorded trace named "{traceName}" with a decoder.</p>
  return (
    <div data-side-by-side="" data-finished={finished ? '' : undefined}>
      <p style={{ marginTop: 0, maxWidth: '70ch', overflowWrap: 'anywhere' }}>{trace.description}</p>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
        <button type="button" onClick={() => setRun((n) => n + 1)}>
          Restart
        </button>
        <label htmlFor={`${ids}-speed`}>Speed</label>
        <select id={`${ids}-speed`} value={speed} onChange={(event) => setSpeed(Number(event.target.value))}>
          {[0.25, 0.5, 1, 2, 100].map((value) => (
            <option key={value} value={value}>
              {value}×
            </option>
          ))}
        </select>
      </div>
      {/* Side by side where both fit, one above the other on a phone. */}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))', gap: 12 }}>
        <section aria-labelledby={`${ids}-palimpsest`} data-pane="palimpsest">
          <h3 id={`${ids}-palimpsest`}>Palimpsest</h3>
          <div style={paneStyle}>
            <Transcript store={replay.store} labels={{ transcript: 'Palimpsest transcript' }} />
          </div>
        </section>
        <section aria-labelledby={`${ids}-naive`} data-pane="naive">
          <h3 id={`${ids}-naive`}>Append-only (react-markdown over the chunks)</h3>
          <div style={paneStyle}>
            <NaiveAppendTranscript messages={naive} />
          </div>
        </section>
      </div>
    </div>
  )
}

/**
 * A devtool that replays a recorded stream through any decoder into a real transcript store and
 * renders it: play and pause at recorded speed (or faster), step one wire message, scrub to any
 * point (re-decoded from the start into the emptied store), and a side panel listing the wire
 * messages and the updates they decoded to. A trace can be pasted, opened or dropped; a malformed
 * one is explained in an alert, never shown as a blank panel.
 */
import {
  type DecoderSource,
  type IssueHandler,
  type ReplayEvent,
  type ReplayTrace,
  readTrace,
  readTraceText,
  type TraceReadResult,
  TraceReplay,
} from '@palimpsest/core'
import {
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type DragEvent,
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { TranscriptComponents } from '../message/components-map'
import { useControllableState } from '../primitives/use-controllable-state'
import { Transcript, type TranscriptProps } from '../transcript/Transcript'
import { readFileText } from './read-file-text'
import { TraceLoader } from './TraceLoader'
import { WirePanel } from './WirePanel'

export interface TraceReplayerProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children' | 'onError'> {
  /** A recorded trace (`{ events: [{ delayMs?, wire }] }`); validated, so any value is safe to pass. */
  trace?: unknown
  /** The wire messages, instead of `trace`. */
  events?: readonly ReplayEvent[]
  /** A decoder factory (called again whenever the replay starts over) or a decoder instance. */
  decoder: DecoderSource
  /** Passed to the rendered `Transcript`. */
  components?: TranscriptComponents
  /** Any other `Transcript` props (labels, panels, holdMs, onApprove, …). */
  transcriptProps?: Omit<TranscriptProps, 'store' | 'components'>
  /** Playback speed multiplier to start with. Default 1 (recorded speed). */
  initialSpeed?: number
  /** Start playing when mounted (and when a new trace is loaded). Default false. */
  autoPlay?: boolean
  /** Show the wire panel at first (until the user toggles it). Default true. */
  defaultPanelOpen?: boolean
  /** Controlled: whether the wire panel shows. */
  panelOpen?: boolean
  onPanelOpenChange?: (open: boolean) => void
  /** Let the user paste, open or drop a trace. Default true. */
  allowLoad?: boolean
  /** Longer recorded pauses are shortened to this (ms, before the speed applies). Default 5000. */
  maxPauseMs?: number
  /** Height of the transcript and panel area. Default 28rem. */
  height?: CSSProperties['height']
  /** Everything the decoder or the store dropped or reported. */
  onIssue?: IssueHandler
}

export const replaySpeeds = [0.25, 0.5, 1, 2, 5, 20, 100] as const

const noTrace: TraceReadResult = {
  ok: false,
  error: 'No trace to replay: pass `trace` or `events`, or load one.',
}

function readInput(trace: unknown, events: readonly ReplayEvent[] | undefined): TraceReadResult {
  if (events !== undefined) return readTrace({ events })
  return trace === undefined ? noTrace : readTrace(trace)
}

const rootStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: '0.5rem' }
const toolbarStyle: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' }
const alertStyle: CSSProperties = {
  margin: 0,
  padding: '0.5rem 0.75rem',
  border: '1px solid var(--palimpsest-danger, #d1242f)',
  borderRadius: 'var(--palimpsest-radius, 8px)',
  color: 'var(--palimpsest-fg, #1f2328)',
}

function speedLabel(speed: number): string {
  return `${speed}×`
}

/** Its ref is the `<section>`. */
export const TraceReplayer = forwardRef<HTMLElement, TraceReplayerProps>(function TraceReplayer(
  {
    trace,
    events,
    decoder,
    components,
    transcriptProps,
    initialSpeed = 1,
    autoPlay = false,
    defaultPanelOpen = true,
    panelOpen: panelOpenProp,
    onPanelOpenChange,
    allowLoad = true,
    maxPauseMs = 5000,
    height = '28rem',
    onIssue,
    style,
    onDragOver,
    onDrop,
    ...rest
  },
  ref,
) {
  const ids = useId()
  const [loaded, setLoaded] = useState<{ trace: ReplayTrace; from: unknown } | undefined>(undefined)
  const [loadError, setLoadError] = useState<string | undefined>(undefined)
  const given = useMemo(() => readInput(trace, events), [trace, events])
  // A trace the user loaded replaces the given one until the given one changes.
  const current: TraceReadResult = loaded && loaded.from === given ? { ok: true, trace: loaded.trace } : given
  const replayEvents = current.ok ? current.trace.events : undefined

  const decoderRef = useRef(decoder)
  decoderRef.current = decoder
  const onIssueRef = useRef(onIssue)
  onIssueRef.current = onIssue
  // A factory may be a new function on every render; only a new decoder instance starts a new replay.
  const decoderIdentity = typeof decoder === 'function' ? 'factory' : decoder
  const replay = useMemo(
    () =>
      replayEvents && decoderIdentity
        ? new TraceReplay(
            replayEvents,
            () => decoderRef.current,
            (issue) => onIssueRef.current?.(issue),
          )
        : undefined,
    [replayEvents, decoderIdentity],
  )

  const [position, setPosition] = useState(0)
  const [playing, setPlaying] = useState(autoPlay)
  // Bumped by every Play and Restart: the loop's own stop (playing → false) and a click that starts it again
  // can land in one batch, leaving `playing` true with no loop running unless the start is also counted.
  const [playCount, setPlayCount] = useState(0)
  const play = () => {
    setPlaying(true)
    setPlayCount((count) => count + 1)
  }
  const [speed, setSpeed] = useState(initialSpeed > 0 && Number.isFinite(initialSpeed) ? initialSpeed : 1)
  const [panelOpen, setPanelOpen] = useControllableState({
    prop: panelOpenProp,
    defaultProp: defaultPanelOpen,
    onChange: onPanelOpenChange,
  })

  // A new replay starts from the empty transcript.
  const [shownReplay, setShownReplay] = useState(replay)
  if (shownReplay !== replay) {
    setShownReplay(replay)
    setPosition(0)
    setPlaying(autoPlay)
  }

  // The playback loop chains its own timers (not one per render), so its pace does not depend on React.
  useEffect(() => {
    if (!playing || !replay) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const scheduleNext = () => {
      if (replay.finished) {
        setPlaying(false)
        return
      }
      timer = setTimeout(() => {
        replay.advance(false)
        setPosition(replay.position)
        scheduleNext()
      }, Math.min(replay.nextDelayMs(), maxPauseMs) / speed)
    }
    scheduleNext()
    return () => clearTimeout(timer)
  }, [playing, playCount, replay, speed, maxPauseMs])

  const seek = useCallback(
    (target: number) => {
      if (!replay) return
      replay.seek(target)
      setPosition(replay.position)
    },
    [replay],
  )

  const loadText = useCallback(
    (text: string, origin: string) => {
      const result = readTraceText(text)
      if (!result.ok) {
        setLoadError(`Could not load ${origin}. ${result.error}`)
        return
      }
      setLoadError(undefined)
      setLoaded({ trace: result.trace, from: given })
    },
    [given],
  )

  const handleDrop = (event: DragEvent<HTMLElement>) => {
    onDrop?.(event)
    if (!allowLoad || event.defaultPrevented) return
    event.preventDefault()
    const file = event.dataTransfer.files[0]
    if (file) {
      readFileText(file).then(
        (text) => loadText(text, file.name),
        (error: unknown) => setLoadError(`Could not read ${file.name}: ${String(error)}`),
      )
      return
    }
    loadText(event.dataTransfer.getData('text/plain'), 'the dropped text')
  }

  const length = replay?.length ?? 0
  const finished = replay !== undefined && position >= length
  const messages = replayEvents?.length ?? 0
  const positionText = finished
    ? `${messages} of ${messages} wire messages, stream ended`
    : `${position} of ${messages} wire messages`
  const speeds: number[] = replaySpeeds.includes(speed as (typeof replaySpeeds)[number])
    ? [...replaySpeeds]
    : [...replaySpeeds, speed].sort((a, b) => a - b)
  const error = loadError ?? (current.ok ? undefined : current.error)
  const title = current.ok ? (current.trace.title ?? current.trace.name) : undefined

  return (
    <section
      ref={ref}
      aria-label={title ? `Trace replayer: ${title}` : 'Trace replayer'}
      {...rest}
      data-palimpsest-trace-replayer=""
      data-playing={playing ? '' : undefined}
      data-finished={finished ? '' : undefined}
      style={{ ...rootStyle, ...style }}
      onDragOver={(event) => {
        onDragOver?.(event)
        if (allowLoad) event.preventDefault()
      }}
      onDrop={handleDrop}
    >
      {error !== undefined && (
        <p role="alert" data-palimpsest-replay-error="" style={alertStyle}>
          {error}
        </p>
      )}
      {replay && (
        <>
          <div role="toolbar" aria-label="Replay controls" style={toolbarStyle}>
            <button
              type="button"
              onClick={() => {
                if (playing) {
                  setPlaying(false)
                  return
                }
                if (replay.finished) seek(0)
                play()
              }}
            >
              {playing ? 'Pause' : 'Play'}
            </button>
            <button
              type="button"
              aria-label="Step one wire message"
              disabled={finished}
              onClick={() => {
                setPlaying(false)
                replay.advance(true)
                setPosition(replay.position)
              }}
            >
              Step
            </button>
            <button
              type="button"
              onClick={() => {
                seek(0)
                play()
              }}
            >
              Restart
            </button>
            <label htmlFor={`${ids}-speed`}>Speed</label>
            <select id={`${ids}-speed`} value={speed} onChange={(event) => setSpeed(Number(event.target.value))}>
              {speeds.map((value) => (
                <option key={value} value={value}>
                  {speedLabel(value)}
                </option>
              ))}
            </select>
            <label htmlFor={`${ids}-position`}>Position</label>
            <input
              id={`${ids}-position`}
              type="range"
              min={0}
              max={length}
              step={1}
              value={position}
              aria-valuetext={positionText}
              onChange={(event) => {
                setPlaying(false)
                seek(Number(event.target.value))
              }}
            />
            <span data-palimpsest-replay-position="">{positionText}</span>
            <button
              type="button"
              aria-expanded={panelOpen}
              aria-controls={`${ids}-panel`}
              onClick={() => setPanelOpen(!panelOpen)}
            >
              Wire panel
            </button>
          </div>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: panelOpen ? 'minmax(0, 3fr) minmax(0, 2fr)' : 'minmax(0, 1fr)',
              height,
              minHeight: 0,
              border: '1px solid var(--palimpsest-border, #d1d9e0)',
              borderRadius: 'var(--palimpsest-radius, 8px)',
              overflow: 'hidden',
            }}
          >
            <Transcript store={replay.store} {...(components && { components })} {...transcriptProps} />
            {panelOpen && <WirePanel id={`${ids}-panel`} replay={replay} position={position} />}
          </div>
        </>
      )}
      {allowLoad && <TraceLoader onText={loadText} onError={setLoadError} />}
    </section>
  )
})

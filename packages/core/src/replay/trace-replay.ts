/**
 * The replay engine behind the React devtools' `TraceReplayer`, free of React: feeds a trace's wire messages one at a
 * time through a decoder into a transcript store, remembers what each message decoded to, and
 * seeks to any point by re-decoding from the start into the emptied store.
 *
 * Positions count steps: one step per wire message, plus a last step for the end of the stream
 * (`decoder.end()`, which finishes what is still open). Position 0 is the empty transcript.
 */
import type { Decoder, DecoderFactory } from '../decoder'
import { createTranscriptStore, type TranscriptStore } from '../store'
import type { AgentUpdate, Issue, IssueHandler } from '../updates'
import type { ReplayEvent } from './replay-trace'

/**
 * A factory is called for a fresh decoder whenever the replay starts over. An instance cannot be
 * reset: each wire message is decoded by it once, and seeking back re-applies what it returned.
 */
export type DecoderSource = Decoder | DecoderFactory

export interface DecodedStep {
  /** Index of the wire message, or the number of messages for the end of the stream. */
  index: number
  updates: AgentUpdate[]
  /** What the decoder dropped or reported while decoding this step (factories only). */
  issues: Issue[]
}

export class TraceReplay {
  readonly store: TranscriptStore
  /** Steps in the replay: every wire message, then the end of the stream. */
  readonly length: number
  private decoder: Decoder | undefined
  private decoded: DecodedStep[] = []
  private applied = 0
  private collecting: Issue[] | undefined

  constructor(
    readonly events: readonly ReplayEvent[],
    private readonly decoderSource: () => DecoderSource,
    private readonly onIssue?: IssueHandler,
  ) {
    this.length = events.length + 1
    this.store = createTranscriptStore({ onIssue: (issue) => this.onIssue?.(issue) })
  }

  /** Steps applied so far (0 … length). */
  get position(): number {
    return this.applied
  }

  get finished(): boolean {
    return this.applied >= this.length
  }

  /** The decoded step at `index`, if it has been decoded. */
  step(index: number): DecodedStep | undefined {
    return this.decoded[index]
  }

  /** Milliseconds recorded before the next step (0 for the end of the stream). */
  nextDelayMs(): number {
    const event = this.events[this.applied]
    return event?.delayMs ?? 0
  }

  /**
   * Applies the next step. `flush: false` leaves the store to batch it with the rest of the
   * frame, as a live stream would be; `true` shows it at once (single-stepping).
   */
  advance(flush: boolean): DecodedStep | undefined {
    if (this.finished) return undefined
    const step = this.decode(this.applied)
    this.applied += 1
    const { apply, flush: flushNow } = this.store.getState()
    apply(step.updates)
    if (flush) flushNow()
    return step
  }

  /** Empties the store and replays from the start up to `position` (clamped), in one batch. */
  seek(position: number): void {
    const target = Math.max(0, Math.min(this.length, Math.floor(Number.isFinite(position) ? position : 0)))
    const { reset, apply, flush } = this.store.getState()
    reset()
    if (typeof this.decoderSource() === 'function') {
      this.decoder = undefined
      this.decoded = []
    }
    const updates: AgentUpdate[] = []
    for (let index = 0; index < target; index++) updates.push(...this.decode(index).updates)
    this.applied = target
    apply(updates)
    flush()
  }

  private currentDecoder(): Decoder {
    if (this.decoder) return this.decoder
    const source = this.decoderSource()
    this.decoder =
      typeof source === 'function'
        ? source({
            onIssue: (issue) => {
              this.collecting?.push(issue)
              this.onIssue?.(issue)
            },
          })
        : source
    return this.decoder
  }

  private decode(index: number): DecodedStep {
    const cached = this.decoded[index]
    if (cached) return cached
    const issues: Issue[] = []
    this.collecting = issues
    let updates: AgentUpdate[] = []
    try {
      const decoder = this.currentDecoder()
      const event = this.events[index]
      updates = event ? decoder.decode(event.wire) : decoder.end()
    } catch (error) {
      // Decoders must not throw; if one does, the replay goes on and says so.
      const issue: Issue = {
        code: 'decoder-threw',
        message: `the decoder threw on step ${index + 1}: ${error instanceof Error ? error.message : String(error)}`,
        source: 'trace-replayer',
      }
      issues.push(issue)
      this.onIssue?.(issue)
    }
    this.collecting = undefined
    const step: DecodedStep = { index, updates: Array.isArray(updates) ? updates : [], issues }
    this.decoded[index] = step
    return step
  }
}

/**
 * The one shape of a protocol decoder. A decoder factory opens a kit, keeps its state in its
 * closure, speaks through the kit's `emit` and `issue`, and hands its logic to `kit.decoder`. The
 * kit reads each wire message, collects what is emitted, reports through one never-throwing
 * handler under the protocol's name, and turns a bug in the decoder into a `decoder-error` issue:
 * `decode` and `end` never throw.
 */
import type { AgentUpdate, Decoder, EndReason, IssueCode, IssueHandler } from '@palimpsest/core'
import { safeReporter } from '../safe-reporter'

export interface DecoderKit {
  /** The protocol name: the `source` of every issue. */
  readonly source: string
  /** Adds updates to what the current `decode` or `end` returns. */
  emit(...updates: AgentUpdate[]): void
  /** Reports a dropped or suspicious input; the message is prefixed with `<source>: `. */
  issue(code: IssueCode, message: string, input?: unknown): void
  /** Calls an application callback (`onData`, …); one that throws is reported as `handler-error`. */
  notify(callback: string, call: () => void, input?: unknown): void
  /** The decoder: `logic` wrapped so that it reads, collects and never throws. */
  decoder<Message>(logic: DecoderLogic<Message>): Decoder
}

export interface DecoderLogic<Message> {
  /**
   * Turns a raw wire message into what `decode` takes, or undefined (reported) to drop it: usually
   * `readWireObject` or a `typedWireObjectReader`.
   */
  read(wire: unknown, kit: DecoderKit): Message | undefined
  /**
   * The `[DONE]` line that closes OpenAI-style streams: `ends-stream` calls `end('complete')`,
   * `ignored` drops it. Unset, it is read like any other message.
   */
  doneMarker?: 'ends-stream' | 'ignored'
  /** One wire message, as `read` returned it. */
  decode(message: NoInfer<Message>): void
  /** The stream ended: emit what finishes what is still open. */
  end(reason: EndReason): void
}

export function createDecoderKit(options: { source: string; onIssue?: IssueHandler | undefined }): DecoderKit {
  const { source } = options
  const report = safeReporter(options.onIssue)
  let out: AgentUpdate[] = []

  /** Runs one step and returns what it emitted; a nested call (from a user callback) keeps its own list. */
  const collect = (step: () => void, failure: string, input?: unknown): AgentUpdate[] => {
    const outer = out
    out = []
    try {
      step()
    } catch (error) {
      // A decoder bug must not take the stream down; what was emitted before it stays.
      kit.issue('decoder-error', `${failure}: ${String(error)}`, input)
    }
    const emitted = out
    out = outer
    return emitted
  }

  const kit: DecoderKit = {
    source,
    emit(...updates) {
      out.push(...updates)
    },
    issue(code, message, input) {
      report({ code, message: `${source}: ${message}`, source, ...(input !== undefined && { input }) })
    },
    notify(callback, call, input) {
      try {
        call()
      } catch (error) {
        kit.issue('handler-error', `${callback} threw: ${String(error)}`, input)
      }
    },
    decoder(logic) {
      const end = (reason: EndReason = 'complete') => collect(() => logic.end(reason), 'failed to end')
      return {
        decode(wire) {
          if (logic.doneMarker !== undefined && typeof wire === 'string' && wire.trim() === '[DONE]')
            return logic.doneMarker === 'ends-stream' ? end() : []
          return collect(
            () => {
              const message = logic.read(wire, kit)
              if (message !== undefined) logic.decode(message)
            },
            'failed to decode',
            wire,
          )
        },
        end,
      }
    },
  }
  return kit
}

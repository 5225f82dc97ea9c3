/**
 * The reasoning of one Agentex message: `summary[]` and `content[]` kept by index, as the deltas
 * address them. What the user sees is `content` when it has text, otherwise `summary`, with empty
 * slots compacted away (`{0: "a", 2: "c"}` shows as two paragraphs, not three).
 *
 * `add` says how the visible text changed, so the decoder can emit an O(delta) append in the
 * common case (the delta extends the last visible paragraph or starts a new one after it) and a
 * whole replacement only when an earlier paragraph changes or `content` takes over from `summary`.
 */

export type ReasoningChannel = 'summary' | 'content'

export type ReasoningChange = { append: string } | { replace: string } | undefined

const separator = '\n\n'

export interface ReasoningBuffer {
  /** Replaces everything (a `start` placeholder or a `full`). */
  set(summary: readonly string[], content: readonly string[]): void
  add(channel: ReasoningChannel, index: number, text: string): ReasoningChange
  /** The visible text. */
  text(): string
}

export function createReasoningBuffer(): ReasoningBuffer {
  const slots: Record<ReasoningChannel, string[]> = { summary: [], content: [] }
  /** Highest index holding text, per channel; -1 when none. */
  const lastFilled: Record<ReasoningChannel, number> = { summary: -1, content: -1 }

  const visible = (): ReasoningChannel => (lastFilled.content >= 0 ? 'content' : 'summary')
  const render = (channel: ReasoningChannel) => slots[channel].filter((s) => s).join(separator)

  return {
    set(summary, content) {
      slots.summary = [...summary]
      slots.content = [...content]
      for (const channel of ['summary', 'content'] as const)
        lastFilled[channel] = slots[channel].findLastIndex((s) => s !== '')
    },
    add(channel, index, text) {
      if (text === '') return undefined
      const before = visible()
      const previousLast = lastFilled[channel]
      const slot = slots[channel]
      slot[index] = (slot[index] ?? '') + text
      if (index > lastFilled[channel]) lastFilled[channel] = index
      if (visible() !== channel) return undefined
      if (before !== channel) return { replace: render(channel) }
      if (index === previousLast) return { append: text }
      if (index > previousLast) return { append: previousLast >= 0 ? separator + text : text }
      return { replace: render(channel) }
    },
    text: () => render(visible()),
  }
}

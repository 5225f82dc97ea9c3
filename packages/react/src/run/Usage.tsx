/**
 * Token usage of a message, a turn (the latest by default) or the whole session, as a small
 * description list. Kept outside the message list: place it in a footer or a status bar.
 */
import { getMessage, sumUsage, type Usage as UsageRecord } from '@palimpsest/core'
import { type ComponentPropsWithoutRef, forwardRef, useMemo } from 'react'
import { useTranscriptStore } from '../store/store-context'
import { useTranscriptSelector } from '../store/use-transcript-selector'
import { type RunLabels, runLabels } from './run-labels'

export interface UsageProps extends Omit<ComponentPropsWithoutRef<'dl'>, 'children'> {
  /** The usage of this message. */
  messageId?: string
  /** The usage of this turn (default: the latest turn), or `'session'` for the sum over all turns. */
  turnId?: string | 'session'
  /** Number formatting locale (default: the user's). */
  locale?: string
  labels?: Partial<RunLabels>
}

const emptyTurns: never[] = []

/** The selected usage; `undefined` when nothing was reported. */
export function useUsage(target: { messageId?: string; turnId?: string | 'session' } = {}): UsageRecord | undefined {
  const { messageId, turnId } = target
  const store = useTranscriptStore()
  const single = useTranscriptSelector(store, (state) => {
    if (messageId !== undefined) return getMessage(state, messageId)?.usage
    if (turnId === 'session') return undefined
    const turn = turnId === undefined ? state.turns[state.turns.length - 1] : state.turns.find((t) => t.id === turnId)
    return turn?.usage
  })
  const turns = useTranscriptSelector(store, (state) =>
    messageId === undefined && turnId === 'session' ? state.turns : emptyTurns,
  )
  const session = useMemo(() => {
    let total: UsageRecord | undefined
    for (const turn of turns) if (turn.usage) total = sumUsage(total, turn.usage)
    return total
  }, [turns])
  return messageId === undefined && turnId === 'session' ? session : single
}

/** A currency code the runtime does not know is shown after the number instead of failing. */
function formatCost(cost: number, currency: string | undefined, locale: string | undefined): string {
  try {
    return new Intl.NumberFormat(locale, {
      ...(currency !== undefined && { style: 'currency' as const, currency }),
      maximumFractionDigits: 4,
    }).format(cost)
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(cost)} ${currency ?? ''}`.trim()
  }
}

export const Usage = forwardRef<HTMLDListElement, UsageProps>(function Usage(
  { messageId, turnId, locale, labels, ...rest },
  ref,
) {
  const usage = useUsage({ ...(messageId !== undefined && { messageId }), ...(turnId !== undefined && { turnId }) })
  const currency = useTranscriptSelector(useTranscriptStore(), (state) =>
    typeof state.session.costCurrency === 'string' ? state.session.costCurrency : undefined,
  )
  const words = runLabels(labels)
  const numbers = useMemo(() => new Intl.NumberFormat(locale), [locale])
  if (!usage) return null
  const rows: [key: string, label: string, value: string][] = []
  const count = (key: keyof UsageRecord, label: string) => {
    const value = usage[key]
    if (typeof value === 'number') rows.push([key, label, numbers.format(value)])
  }
  count('inputTokens', words.inputTokens)
  count('cachedInputTokens', words.cachedInputTokens)
  count('outputTokens', words.outputTokens)
  count('reasoningTokens', words.reasoningTokens)
  count('totalTokens', words.totalTokens)
  if (typeof usage.contextWindow === 'number') {
    const used = usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0)
    rows.push(['contextWindow', words.context, `${numbers.format(used)} / ${numbers.format(usage.contextWindow)}`])
  }
  if (typeof usage.cost === 'number') rows.push(['cost', words.cost, formatCost(usage.cost, currency, locale)])
  if (rows.length === 0) return null
  return (
    <dl ref={ref} data-palimpsest-usage="" aria-label={words.usage} {...rest}>
      {rows.map(([key, label, value]) => (
        <div key={key} data-usage={key}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
})

/** Token usage (`usage`): summed into, or replacing, the totals of a message and of the latest turn. */
import { type Draft, messageOf, writableMessage } from '../draft'
import type { Usage } from '../state'
import type { UsageUpdate } from '../updates'
import { issue } from './issue'
import { latestTurn } from './turns'

const usageKeys = [
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'reasoningTokens',
  'cachedInputTokens',
  'cost',
] as const satisfies readonly (keyof Usage)[]

/** Sums token counts; `contextWindow` is a size, not a count, so the latest value wins. */
export function sumUsage(total: Usage | undefined, add: Usage): Usage {
  const sum: Usage = { ...total }
  for (const key of usageKeys) {
    const value = add[key]
    if (typeof value === 'number' && Number.isFinite(value)) sum[key] = (sum[key] ?? 0) + value
  }
  if (typeof add.contextWindow === 'number') sum.contextWindow = add.contextWindow
  return sum
}

export function addUsage(d: Draft, u: UsageUpdate): void {
  const merge = (total: Usage | undefined) => (u.mode === 'replace' ? { ...u.usage } : sumUsage(total, u.usage))
  if (u.messageId !== undefined) {
    if (!messageOf(d, u.messageId)) return issue(d, 'unknown-message', `usage for unknown message ${u.messageId}`, u)
    const message = writableMessage(d, u.messageId)
    message.usage = merge(message.usage)
  }
  const turn = latestTurn(d)
  turn.usage = merge(turn.usage)
}

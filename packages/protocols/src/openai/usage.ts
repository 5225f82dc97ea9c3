/** OpenAI token usage (Responses and Chat Completions spellings) as a Palimpsest `Usage`. */
import type { Usage } from '@palimpsest/core'

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

function detail(record: Record<string, unknown>, group: string, key: string): number | undefined {
  const details = record[group]
  return typeof details === 'object' && details !== null ? count((details as Record<string, unknown>)[key]) : undefined
}

/** Reads `input_tokens`/`output_tokens` (Responses) or `prompt_tokens`/`completion_tokens` (Chat). */
export function readOpenAiUsage(usage: unknown): Usage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined
  const u = usage as Record<string, unknown>
  const fields: Usage = {
    inputTokens: count(u.input_tokens) ?? count(u.prompt_tokens),
    outputTokens: count(u.output_tokens) ?? count(u.completion_tokens),
    totalTokens: count(u.total_tokens),
    reasoningTokens:
      detail(u, 'output_tokens_details', 'reasoning_tokens') ??
      detail(u, 'completion_tokens_details', 'reasoning_tokens'),
    cachedInputTokens:
      detail(u, 'input_tokens_details', 'cached_tokens') ?? detail(u, 'prompt_tokens_details', 'cached_tokens'),
  }
  const result: Usage = {}
  for (const [key, value] of Object.entries(fields) as [keyof Usage, number | undefined][])
    if (value !== undefined) result[key] = value
  return Object.keys(result).length > 0 ? result : undefined
}

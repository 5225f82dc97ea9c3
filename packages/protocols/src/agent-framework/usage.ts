/** Token usage as the Agent Framework (Python and .NET) and the Responses API report it. */
import type { Usage } from '@palimpsest/core'
import { isWireObject, type WireObject } from '../decoding/wire-object'
import { numberField } from './wire-fields'

function definedOnly(usage: Usage): Usage | undefined {
  const entries = Object.entries(usage).filter(([, value]) => value !== undefined)
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as Usage)
}

/**
 * An Agent Framework `usage` content item: Python `usage_details` (`details` before PR #3252,
 * with `type: "usage_details"`), .NET `details` with camelCase counts.
 */
export function usageFromContent(content: WireObject): Usage | undefined {
  const details = [content.usage_details, content.details, content.usageDetails].find(isWireObject)
  if (!details) return undefined
  return definedOnly({
    inputTokens: numberField(details, 'input_token_count'),
    outputTokens: numberField(details, 'output_token_count'),
    totalTokens: numberField(details, 'total_token_count'),
    reasoningTokens:
      numberField(details, 'reasoning_output_token_count') ?? numberField(details, 'reasoning_token_count'),
    cachedInputTokens:
      numberField(details, 'cache_read_input_token_count') ?? numberField(details, 'cached_input_token_count'),
  })
}

/** A Responses API `usage` object (`response.completed`). */
export function usageFromResponse(usage: unknown): Usage | undefined {
  if (!isWireObject(usage)) return undefined
  const inputDetails = isWireObject(usage.input_tokens_details) ? usage.input_tokens_details : {}
  const outputDetails = isWireObject(usage.output_tokens_details) ? usage.output_tokens_details : {}
  return definedOnly({
    inputTokens: numberField(usage, 'input_tokens'),
    outputTokens: numberField(usage, 'output_tokens'),
    totalTokens: numberField(usage, 'total_tokens'),
    reasoningTokens: numberField(outputDetails, 'reasoning_tokens'),
    cachedInputTokens: numberField(inputDetails, 'cached_tokens'),
  })
}

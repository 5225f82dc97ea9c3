/** The words the run-level components print, replaceable for translation (`labels` prop of each). */
import type { TurnStatus } from '@palimpsest/core'

export interface RunLabels {
  /** Announced (once per turn) and shown by `ResponseIndicator`. */
  responding: string
  turnStatus: Record<TurnStatus, string>
  resume: string
  cancel: string
  usage: string
  inputTokens: string
  outputTokens: string
  totalTokens: string
  reasoningTokens: string
  cachedInputTokens: string
  context: string
  cost: string
  structuredOutput: string
  invalidOutput: string
}

export const defaultRunLabels: RunLabels = {
  responding: 'Assistant is responding',
  turnStatus: {
    running: 'Running',
    background: 'Running in the background',
    completed: 'Completed',
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
  resume: 'Resume',
  cancel: 'Cancel',
  usage: 'Token usage',
  inputTokens: 'Input',
  outputTokens: 'Output',
  totalTokens: 'Total',
  reasoningTokens: 'Reasoning',
  cachedInputTokens: 'Cached input',
  context: 'Context',
  cost: 'Cost',
  structuredOutput: 'Structured output',
  invalidOutput: 'The answer does not match the expected format',
}

export function runLabels(overrides: Partial<RunLabels> | undefined): RunLabels {
  return overrides ? { ...defaultRunLabels, ...overrides } : defaultRunLabels
}

/**
 * Primary vs secondary output, after the Agent Framework decision record: the answer (text, data,
 * files, sources, confirmation requests, errors) is primary; how the agent got there (reasoning,
 * tool activity, plans, handoffs, status) is secondary.
 */
import type { Part } from './state'

const primaryKinds = new Set<Part['kind']>(['text', 'data', 'file', 'source', 'approval-request', 'error'])

export function isPrimary(part: Part): boolean {
  return primaryKinds.has(part.kind)
}

export function isSecondary(part: Part): boolean {
  return !primaryKinds.has(part.kind)
}

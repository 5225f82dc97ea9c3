/** ACP plan entries: `{ content, priority, status }`, read leniently (enums are open). */
import { type PlanEntry, planEntryPriorities, planEntryStatuses } from '@palimpsest/core'
import { isWireObject as isObject } from '../decoding/wire-object'

const statuses = new Set<unknown>(planEntryStatuses)
const priorities = new Set<unknown>(planEntryPriorities)

/** The entries of a plan, in order; entries without text are skipped. */
export function readPlanEntries(value: unknown): PlanEntry[] {
  const entries: PlanEntry[] = []
  if (!Array.isArray(value)) return entries
  for (const item of value) {
    if (!isObject(item) || typeof item.content !== 'string') continue
    const entry: PlanEntry = {
      content: item.content,
      status: statuses.has(item.status) ? (item.status as PlanEntry['status']) : 'pending',
    }
    if (priorities.has(item.priority)) entry.priority = item.priority as PlanEntry['priority']
    entries.push(entry)
  }
  return entries
}

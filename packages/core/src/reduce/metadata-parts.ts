/** Parts an update adds or replaces whole: `plan`, `error`, `data`, `file`, `source`, `handoff`, `status`. */
import type { Draft } from '../draft'
import { type PlanEntry, planEntryPriorities, planEntryStatuses } from '../state'
import type {
  DataUpdate,
  ErrorUpdate,
  FileUpdate,
  HandoffUpdate,
  PlanUpdate,
  SourceUpdate,
  StatusUpdate,
} from '../updates'
import { targetMessage } from './messages'
import { upsertPart } from './parts'

const planStatuses = new Set<unknown>(planEntryStatuses)
const planPriorities = new Set<unknown>(planEntryPriorities)

/** Entries with text; a missing or unknown status reads as `pending`, an unknown priority is left out. */
export function planEntries(entries: readonly unknown[]): PlanEntry[] {
  const valid: PlanEntry[] = []
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null || typeof (entry as PlanEntry).content !== 'string') continue
    const { content, status, priority } = entry as PlanEntry
    if (planStatuses.has(status) && (priority === undefined || planPriorities.has(priority)))
      valid.push(entry as PlanEntry)
    else
      valid.push({
        content,
        status: planStatuses.has(status) ? status : 'pending',
        ...(planPriorities.has(priority) && { priority }),
      })
  }
  return valid
}

export function setPlan(d: Draft, u: PlanUpdate): void {
  upsertPart(d, targetMessage(d, u.messageId), 'plan', undefined, (p) => ({
    ...p,
    kind: 'plan',
    entries: planEntries(u.entries),
  }))
}

export function addError(d: Draft, u: ErrorUpdate): void {
  upsertPart(d, targetMessage(d, u.messageId), 'error', undefined, (p) => ({
    ...p,
    kind: 'error',
    message: u.message,
    ...(u.code !== undefined && { code: u.code }),
  }))
}

export function upsertData(d: Draft, u: DataUpdate): void {
  upsertPart(d, targetMessage(d, u.messageId), 'data', u.dataId, (p) => ({
    ...p,
    kind: 'data',
    data: u.data,
    ...(u.dataId !== undefined && { dataId: u.dataId }),
    ...(u.name !== undefined && { name: u.name }),
  }))
}

export function upsertFile(d: Draft, u: FileUpdate): void {
  const { type: _type, messageId, fileId, ...file } = u
  upsertPart(d, targetMessage(d, messageId), 'file', fileId, (p) => ({
    ...p,
    ...file,
    kind: 'file',
    ...(fileId !== undefined && { fileId }),
  }))
}

export function upsertSource(d: Draft, u: SourceUpdate): void {
  const { type: _type, messageId, ...source } = u
  upsertPart(d, targetMessage(d, messageId), 'source', u.sourceId, (p) => ({
    ...p,
    ...source,
    kind: 'source',
  }))
}

export function addHandoff(d: Draft, u: HandoffUpdate): void {
  upsertPart(d, targetMessage(d, u.messageId), 'handoff', undefined, (p) => ({
    ...p,
    kind: 'handoff',
    to: u.to,
    ...(u.from !== undefined && { from: u.from }),
    ...(u.reason !== undefined && { reason: u.reason }),
  }))
}

export function upsertStatus(d: Draft, u: StatusUpdate): void {
  upsertPart(d, targetMessage(d, u.messageId), 'status', u.statusId, (p) => ({
    ...p,
    kind: 'status',
    statusId: u.statusId ?? p.id,
    text: u.text,
    level: u.level ?? 'info',
    ...(u.data !== undefined && { data: u.data }),
  }))
}

/**
 * Workflow and trace events as one-line status text. An executor's events share one status line
 * (invoked → completed replaces, not piles up); warnings and errors each keep their own line.
 */
import type { StatusUpdate } from '@palimpsest/core'
import { describeValue, isWireObject, type WireObject } from '../decoding/wire-object'
import { nonEmptyField } from './wire-fields'

export type StatusFields = Pick<StatusUpdate, 'statusId' | 'text' | 'level'>

function detail(data: unknown): string | undefined {
  if (data === undefined || data === null) return undefined
  if (typeof data === 'string') return data === '' ? undefined : data
  if (isWireObject(data)) {
    const text = nonEmptyField(data, 'message') ?? nonEmptyField(data, 'state') ?? nonEmptyField(data, 'status')
    if (text !== undefined) return text
  }
  return describeValue(data)
}

const executorVerbs: Record<string, { verb: string; level: StatusFields['level'] }> = {
  executor_invoked: { verb: 'running', level: 'info' },
  in_progress: { verb: 'running', level: 'info' },
  executor_completed: { verb: 'done', level: 'info' },
  completed: { verb: 'done', level: 'info' },
  executor_failed: { verb: 'failed', level: 'error' },
  failed: { verb: 'failed', level: 'error' },
  executor_bypassed: { verb: 'skipped', level: 'info' },
  cancelled: { verb: 'cancelled', level: 'warning' },
}

/** An executor's state (`executor_*` events and `executor_action` items). */
export function executorStatus(executorId: string, state: string, error?: unknown): StatusFields {
  const known = executorVerbs[state] ?? { verb: state, level: 'info' as const }
  const reason = known.level === 'error' ? detail(error) : undefined
  return {
    statusId: `executor:${executorId}`,
    text: `${executorId}: ${known.verb}${reason === undefined ? '' : ` (${reason})`}`,
    level: known.level,
  }
}

/** A `response.workflow_event.completed` payload; `uniqueKey` tells apart lines that must not merge. */
export function workflowEventStatus(data: WireObject, uniqueKey: string): StatusFields {
  const eventType = nonEmptyField(data, 'event_type') ?? 'event'
  const executorId = nonEmptyField(data, 'executor_id')
  const payload = data.data
  if (executorId !== undefined && eventType.startsWith('executor_'))
    return executorStatus(executorId, eventType, payload)
  switch (eventType) {
    case 'warning':
      return { statusId: `workflow-warning:${uniqueKey}`, text: detail(payload) ?? 'Warning', level: 'warning' }
    case 'error':
    case 'failed': {
      const reason = detail(payload)
      return {
        statusId: `workflow-error:${uniqueKey}`,
        text: reason === undefined ? 'Workflow failed' : `Workflow failed: ${reason}`,
        level: 'error',
      }
    }
    case 'started':
      return { statusId: 'workflow', text: 'Workflow started', level: 'info' }
    case 'status': {
      const state = detail(payload)
      return {
        statusId: 'workflow',
        text: state === undefined ? 'Workflow running' : `Workflow ${state}`,
        level: 'info',
      }
    }
    case 'superstep_started':
    case 'superstep_completed': {
      const step = isWireObject(payload) ? (payload.iteration ?? payload.superstep) : undefined
      const done = eventType === 'superstep_completed' ? ' done' : ''
      return {
        statusId: 'workflow',
        text: typeof step === 'number' ? `Step ${step}${done}` : `Step${done || ' started'}`,
        level: 'info',
      }
    }
    default: {
      // Repeats of one kind from one executor (some producers send one per token) share a line.
      const who = executorId === undefined ? '' : `${executorId}: `
      return {
        statusId: `workflow-event:${executorId ?? ''}:${eventType}`,
        text: `${who}${eventType.replaceAll('_', ' ')}`,
        level: 'info',
      }
    }
  }
}

/** A `response.trace.completed` payload (spans, hosted files, workflow notices). */
export function traceStatus(data: WireObject, uniqueKey: string): StatusFields {
  const name =
    nonEmptyField(data, 'operation_name') ??
    nonEmptyField(data, 'span_name') ??
    nonEmptyField(data, 'name') ??
    nonEmptyField(data, 'event_type') ??
    nonEmptyField(data, 'type') ??
    'trace'
  const duration = typeof data.duration_ms === 'number' ? ` (${Math.round(data.duration_ms)} ms)` : ''
  const failed = nonEmptyField(data, 'status')?.toLowerCase() === 'error' || data.error !== undefined
  return { statusId: `trace:${uniqueKey}`, text: `${name}${duration}`, level: failed ? 'error' : 'info' }
}

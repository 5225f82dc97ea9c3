/**
 * Shape checks for incoming updates. The reducer drops (and reports) anything that fails here,
 * so no malformed update can throw further in.
 */
import type { AgentUpdateType } from './updates'

type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'any'
type Shape = Record<string, FieldType>

const messageId: Shape = { messageId: 'string' }

/** Required fields per update type (the optional ones are checked where they are read). */
const required: Record<AgentUpdateType, Shape> = {
  'message-start': messageId,
  chunk: { ...messageId, text: 'string' },
  thought: { ...messageId, text: 'string' },
  clear: { ...messageId, target: 'string' },
  full: messageId,
  'tool-call': { ...messageId, toolCallId: 'string' },
  'tool-call-delta': { toolCallId: 'string', inputText: 'string' },
  'tool-call-update': { toolCallId: 'string' },
  plan: { entries: 'array' },
  'message-done': messageId,
  'turn-start': {},
  'turn-end': {},
  run: {},
  usage: { usage: 'object' },
  error: { message: 'string' },
  data: { ...messageId, data: 'any' },
  file: messageId,
  source: { ...messageId, sourceId: 'string' },
  'approval-request': { requestId: 'string' },
  'approval-response': { requestId: 'string', approved: 'boolean' },
  handoff: { to: 'string' },
  status: { text: 'string' },
  'session-update': { session: 'object' },
}

/** Optional fields whose type, when present, must match. */
const optional: Shape = {
  role: 'string',
  author: 'string',
  messageId: 'string',
  text: 'string',
  thought: 'string',
  parts: 'array',
  name: 'string',
  title: 'string',
  toolKind: 'string',
  status: 'string',
  content: 'array',
  locations: 'array',
  error: 'string',
  stopReason: 'string',
  continuationToken: 'string',
  responseId: 'string',
  options: 'array',
  statusId: 'string',
  dataId: 'string',
  fileId: 'string',
  usage: 'object',
  approved: 'boolean',
}

const roles = new Set(['user', 'assistant', 'system'])
const targets = new Set(['text', 'thought'])
const doneStatuses = new Set(['complete', 'cancelled', 'error', 'interrupted', 'refusal'])
const toolCallStatuses = new Set(['pending', 'in_progress', 'completed', 'failed', 'cancelled'])

function typeOf(value: unknown): FieldType {
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'any'
  return typeof value as FieldType
}

function matches(value: unknown, expected: FieldType): boolean {
  if (expected === 'any') return value !== undefined
  return typeOf(value) === expected
}

const withArticle = (type: FieldType) => (type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`)

/** Returns why the update is malformed, or undefined when it can be applied. */
export function findUpdateProblem(update: unknown): string | undefined {
  if (typeof update !== 'object' || update === null || Array.isArray(update)) return 'an update must be an object'
  const record = update as Record<string, unknown>
  const shape = Object.hasOwn(required, String(record.type)) ? required[record.type as AgentUpdateType] : undefined
  if (!shape) return `unknown update type ${JSON.stringify(record.type)}`
  for (const [field, expected] of Object.entries(shape)) {
    if (!matches(record[field], expected))
      return `${record.type}: "${field}" must be ${expected === 'any' ? 'present' : withArticle(expected)}`
  }
  for (const [field, expected] of Object.entries(optional)) {
    const value = record[field]
    if (value === undefined || Object.hasOwn(shape, field)) continue
    if (field === 'continuationToken' && value === null) continue
    if (!matches(value, expected)) return `${record.type}: "${field}" must be ${withArticle(expected)} when present`
  }
  if (record.role !== undefined && !roles.has(record.role as string))
    return `${record.type}: unknown role ${JSON.stringify(record.role)}`
  if (record.target !== undefined && !targets.has(record.target as string))
    return `${record.type}: "target" must be "text" or "thought"`
  if (record.type === 'message-done' && record.status !== undefined && !doneStatuses.has(record.status as string))
    return `message-done: unknown status ${JSON.stringify(record.status)}`
  if (
    (record.type === 'tool-call' || record.type === 'tool-call-update') &&
    record.status !== undefined &&
    !toolCallStatuses.has(record.status as string)
  )
    return `${record.type}: unknown status ${JSON.stringify(record.status)}`
  if (typeof record.messageId === 'string' && record.messageId === '')
    return `${record.type}: "messageId" must not be empty`
  return undefined
}

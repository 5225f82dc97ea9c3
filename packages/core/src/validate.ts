/**
 * Shape checks for incoming updates. The reducer drops (and reports) anything that fails here,
 * so no malformed update can throw further in.
 *
 * Each update type lists the fields the reducer reads, so a check costs a few property reads; the
 * streaming updates (`chunk`, `thought`, `tool-call-delta`) take a hand-written path because they
 * arrive by the million.
 */
import { messageRoles, messageStatuses, statusLevels, toolCallStatuses, turnStatuses } from './state'
import type { AgentUpdateType } from './updates'

type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'any'
/** `[field, type, required]`; `any` means present with any value (`null` included). */
type Field = readonly [string, FieldType, boolean]

const req = (field: string, type: FieldType): Field => [field, type, true]
const opt = (field: string, type: FieldType): Field => [field, type, false]

const messageId = req('messageId', 'string')
const optionalMessageId = opt('messageId', 'string')
const who = [opt('role', 'string'), opt('author', 'string')]
const toolFields = [
  opt('name', 'string'),
  opt('title', 'string'),
  opt('toolKind', 'string'),
  opt('status', 'string'),
  opt('content', 'array'),
  opt('locations', 'array'),
]

/** The fields of each update type that the reducer reads. */
const fields: Record<AgentUpdateType, readonly Field[]> = {
  'message-start': [messageId, ...who, opt('resume', 'boolean')],
  chunk: [messageId, req('text', 'string'), ...who],
  thought: [messageId, req('text', 'string'), ...who],
  clear: [messageId, req('target', 'string')],
  full: [
    messageId,
    opt('target', 'string'),
    opt('parts', 'array'),
    opt('text', 'string'),
    opt('thought', 'string'),
    opt('final', 'boolean'),
    ...who,
  ],
  'tool-call': [messageId, req('toolCallId', 'string'), ...toolFields],
  'tool-call-delta': [req('toolCallId', 'string'), req('inputText', 'string'), optionalMessageId],
  'tool-call-update': [req('toolCallId', 'string'), optionalMessageId, ...toolFields, opt('error', 'string')],
  plan: [req('entries', 'array'), optionalMessageId],
  'message-done': [messageId, opt('status', 'string')],
  'message-remove': [messageId],
  'turn-start': [opt('turnId', 'string'), opt('responseId', 'string')],
  'turn-end': [
    opt('stopReason', 'string'),
    opt('usage', 'object'),
    opt('continuationToken', 'string'),
    opt('responseId', 'string'),
    opt('status', 'string'),
  ],
  run: [opt('responseId', 'string'), opt('continuationToken', 'string'), opt('status', 'string')],
  usage: [req('usage', 'object'), optionalMessageId, opt('mode', 'string')],
  error: [req('message', 'string'), optionalMessageId, opt('code', 'string')],
  data: [messageId, req('data', 'any'), opt('dataId', 'string'), opt('name', 'string')],
  file: [
    messageId,
    opt('fileId', 'string'),
    opt('url', 'string'),
    opt('data', 'string'),
    opt('mimeType', 'string'),
    opt('name', 'string'),
    opt('title', 'string'),
    opt('size', 'number'),
  ],
  source: [
    messageId,
    req('sourceId', 'string'),
    opt('url', 'string'),
    opt('title', 'string'),
    opt('mimeType', 'string'),
  ],
  'approval-request': [
    req('requestId', 'string'),
    optionalMessageId,
    opt('toolCallId', 'string'),
    opt('title', 'string'),
    opt('description', 'string'),
    opt('options', 'array'),
  ],
  'approval-response': [req('requestId', 'string'), req('approved', 'boolean'), opt('optionId', 'string')],
  handoff: [req('to', 'string'), optionalMessageId, opt('from', 'string'), opt('reason', 'string')],
  status: [
    req('text', 'string'),
    optionalMessageId,
    opt('statusId', 'string'),
    opt('level', 'string'),
    opt('data', 'any'),
  ],
  'session-update': [req('session', 'object')],
}

/** Allowed values of the string fields that name a fixed set. */
const allowed: Record<string, ReadonlySet<string>> = {
  role: new Set(messageRoles),
  target: new Set(['text', 'thought']),
  mode: new Set(['add', 'replace']),
  level: new Set(statusLevels),
}
const statusValues: Partial<Record<AgentUpdateType, ReadonlySet<string>>> = {
  'message-done': new Set(messageStatuses.filter((status) => status !== 'streaming')),
  'tool-call': new Set(toolCallStatuses),
  'tool-call-update': new Set(toolCallStatuses),
  'turn-end': new Set(turnStatuses),
  run: new Set(turnStatuses),
}
const valueNames: Record<string, string> = { role: 'role', target: 'target', mode: 'mode', level: 'level' }

function typeOf(value: unknown): FieldType {
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'any'
  return typeof value as FieldType
}

const withArticle = (type: FieldType) => (type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`)

function checkField(type: string, record: Record<string, unknown>, [field, expected, required]: Field) {
  const value = record[field]
  if (value === undefined) return required ? `${type}: "${field}" must be ${describe(expected)}` : undefined
  // `continuationToken: null` on `run` clears the token.
  if (value === null && field === 'continuationToken' && type === 'run') return undefined
  if (expected !== 'any' && typeOf(value) !== expected)
    return `${type}: "${field}" must be ${describe(expected)}${required ? '' : ' when present'}`
  if (field === 'messageId' && value === '') return `${type}: "messageId" must not be empty`
  const values = field === 'status' ? statusValues[type as AgentUpdateType] : allowed[field]
  if (values && !values.has(value as string)) {
    if (field === 'target') return `${type}: "target" must be "text" or "thought"`
    return `${type}: unknown ${valueNames[field] ?? field} ${JSON.stringify(value)}`
  }
  return undefined
}

const describe = (type: FieldType) => (type === 'any' ? 'present' : withArticle(type))

/** `chunk` / `thought` without extra fields: the update that streams text, checked without a loop. */
function streamingTextProblem(record: Record<string, unknown>): string | undefined | null {
  const { messageId, text, role, author } = record
  if (typeof messageId === 'string' && messageId !== '' && typeof text === 'string') {
    if (role === undefined && author === undefined) return undefined
  }
  return null
}

/** Returns why the update is malformed, or undefined when it can be applied. */
export function findUpdateProblem(update: unknown): string | undefined {
  if (typeof update !== 'object' || update === null || Array.isArray(update)) return 'an update must be an object'
  const record = update as Record<string, unknown>
  const type = record.type
  if (type === 'chunk' || type === 'thought') {
    const fast = streamingTextProblem(record)
    if (fast !== null) return fast
  } else if (type === 'tool-call-delta') {
    const { toolCallId, inputText, messageId } = record
    if (typeof toolCallId === 'string' && typeof inputText === 'string' && messageId === undefined) return undefined
  }
  const list = typeof type === 'string' && Object.hasOwn(fields, type) ? fields[type as AgentUpdateType] : undefined
  if (!list) return `unknown update type ${JSON.stringify(type)}`
  for (const field of list) {
    const problem = checkField(type as string, record, field)
    if (problem) return problem
  }
  return undefined
}

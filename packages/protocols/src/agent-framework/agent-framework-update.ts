/**
 * One `AgentResponseUpdate`, whichever runtime and version wrote it, reduced to what a client
 * needs: Python (`agent_response_update`, legacy `agent_run_response_update`, role objects),
 * .NET (camelCase, base64 continuation tokens), and bare content items.
 */

import { describeValue, isWireObject, type WireObject } from '../decoding/wire-object'
import { contentType, hostedToolKind } from './content-type'
import { nonEmptyField } from './wire-fields'

const updateTypes = new Set(['agent_response_update', 'agent_run_response_update', 'chat_response_update'])
const messageTypes = new Set(['message', 'chat_message'])

/** The fields of one update that matter to a client, whichever runtime wrote it. */
export interface NormalizedUpdate {
  contents: unknown[]
  role?: string
  author?: string
  messageId?: string
  responseId?: string
  /** `null` when the update says explicitly that there is no token. */
  continuationToken?: string | null
  finishReason?: string
}

function readRole(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value
  // Python before PR #3647: {"type": "role", "value": "assistant"}.
  if (isWireObject(value) && typeof value.value === 'string' && value.value !== '') return value.value
  return undefined
}

function readContinuationToken(record: WireObject): string | null | undefined {
  const value = record.continuation_token !== undefined ? record.continuation_token : record.continuationToken
  if (value === undefined) return undefined
  if (value === null) return null
  // .NET: base64 text. Python: an opaque object, kept as its JSON so it can be sent back.
  return typeof value === 'string' ? value : describeValue(value)
}

const knownContentTypes = new Set([
  'text',
  'text_reasoning',
  'data',
  'uri',
  'hosted_file',
  'hosted_vector_store',
  'error',
  'usage',
  'function_call',
  'function_result',
  'function_approval_request',
  'tool_approval_request',
  'user_input_request',
  'oauth_consent_request',
  'function_approval_response',
  'tool_approval_response',
  'user_input_response',
])

function isKnownContentType(type: string): boolean {
  return knownContentTypes.has(type) || hostedToolKind(type) !== undefined
}

export function normalizeUpdate(record: WireObject): NormalizedUpdate | undefined {
  const type = typeof record.type === 'string' ? record.type : undefined
  let contents: unknown[]
  if (Array.isArray(record.contents) && (type === undefined || updateTypes.has(type) || messageTypes.has(type))) {
    contents = record.contents
  } else {
    const bareType = contentType(record)
    // A content item on its own (as in the reference's examples): an update holding just it.
    if (bareType === undefined || !isKnownContentType(bareType)) return undefined
    contents = [record]
  }
  const update: NormalizedUpdate = { contents }
  if (contents !== record.contents) return update
  const role = readRole(record.role)
  if (role !== undefined) update.role = role
  const author = nonEmptyField(record, 'author_name')
  if (author !== undefined) update.author = author
  const messageId = nonEmptyField(record, 'message_id')
  if (messageId !== undefined) update.messageId = messageId
  const responseId = nonEmptyField(record, 'response_id')
  if (responseId !== undefined) update.responseId = responseId
  const continuationToken = readContinuationToken(record)
  if (continuationToken !== undefined) update.continuationToken = continuationToken
  const finishReason = nonEmptyField(record, 'finish_reason')
  if (finishReason !== undefined) update.finishReason = finishReason
  return update
}

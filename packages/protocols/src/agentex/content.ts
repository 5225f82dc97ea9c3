/**
 * Validating readers for Agentex message contents and deltas. Each returns a normalised value, or
 * a string saying why the input cannot be used (the decoder reports it and drops the update).
 */
import type { MessageRole } from '@palimpsest/core'
import { isWireObject as isObject } from '../decoding/wire-object'

/** The content kinds of an Agentex message; every delta kind maps onto one of them. */
export type ContentKind = 'text' | 'reasoning' | 'data' | 'tool_request' | 'tool_response'

export interface FileAttachment {
  fileId: string
  name: string
  size?: number
  mimeType?: string
}

export type Content = { role: MessageRole } & (
  | { kind: 'text'; text: string; attachments: FileAttachment[] }
  | { kind: 'reasoning'; summary: string[]; content: string[] }
  | { kind: 'data'; data: unknown }
  | { kind: 'tool_request'; toolCallId: string; name: string; arguments: unknown }
  | { kind: 'tool_response'; toolCallId: string; name: string; content: unknown; isError: boolean }
)

export type Delta =
  | { kind: 'text' | 'data'; text: string }
  | { kind: 'tool_request' | 'tool_response'; toolCallId: string; name: string; text: string }
  | { kind: 'reasoning'; channel: 'summary' | 'content'; index: number; text: string }

/** `author: "user"` is the user; every other author (including stale `assistant`/`tool`) is the agent. */
export function roleOf(author: unknown): MessageRole {
  return author === 'user' ? 'user' : 'assistant'
}

/** Null and missing fragments are empty, as the server treats them. */
const fragment = (value: unknown): string | undefined =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : undefined

const stringList = (value: unknown): string[] | undefined =>
  value === undefined || value === null
    ? []
    : Array.isArray(value) && value.every((s) => typeof s === 'string')
      ? value
      : undefined

function readAttachments(value: unknown): FileAttachment[] {
  if (!Array.isArray(value)) return []
  return value.filter(isObject).flatMap((a) => {
    if (typeof a.file_id !== 'string') return []
    const file: FileAttachment = { fileId: a.file_id, name: typeof a.name === 'string' ? a.name : a.file_id }
    if (typeof a.size === 'number') file.size = a.size
    if (typeof a.type === 'string') file.mimeType = a.type
    return [file]
  })
}

export function readContent(value: unknown): Content | string {
  if (!isObject(value)) return 'content must be an object'
  const role = roleOf(value.author)
  switch (value.type) {
    case 'text':
      if (typeof value.content !== 'string') return 'text content needs a string "content"'
      return { role, kind: 'text', text: value.content, attachments: readAttachments(value.attachments) }
    case 'reasoning': {
      const summary = stringList(value.summary)
      const content = stringList(value.content)
      if (!summary || !content) return 'reasoning content needs string lists "summary" and "content"'
      return { role, kind: 'reasoning', summary, content }
    }
    case 'data':
      if (value.data === undefined) return 'data content needs "data"'
      return { role, kind: 'data', data: value.data }
    case 'tool_request':
      if (typeof value.tool_call_id !== 'string' || value.tool_call_id === '')
        return 'tool_request content needs a "tool_call_id"'
      return {
        role,
        kind: 'tool_request',
        toolCallId: value.tool_call_id,
        name: typeof value.name === 'string' ? value.name : '',
        arguments: value.arguments ?? {},
      }
    case 'tool_response':
      if (typeof value.tool_call_id !== 'string' || value.tool_call_id === '')
        return 'tool_response content needs a "tool_call_id"'
      return {
        role,
        kind: 'tool_response',
        toolCallId: value.tool_call_id,
        name: typeof value.name === 'string' ? value.name : '',
        content: value.content,
        isError: value.is_error === true,
      }
    case undefined:
      // The SDK types mark `type` optional, but the server rejects contents without it.
      return 'content has no "type" discriminator'
    default:
      return `unknown content type ${JSON.stringify(value.type)}`
  }
}

export function readDelta(value: unknown): Delta | string {
  if (!isObject(value)) return 'delta must be an object'
  const problem = (field: string) => `${String(value.type)} delta: "${field}" must be a string or null`
  switch (value.type) {
    case 'text':
    case 'data': {
      const field = value.type === 'text' ? 'text_delta' : 'data_delta'
      const text = fragment(value[field])
      return text === undefined ? problem(field) : { kind: value.type, text }
    }
    case 'tool_request':
    case 'tool_response': {
      const field = value.type === 'tool_request' ? 'arguments_delta' : 'content_delta'
      const text = fragment(value[field])
      if (text === undefined) return problem(field)
      if (typeof value.tool_call_id !== 'string' || value.tool_call_id === '')
        return `${value.type} delta needs a "tool_call_id"`
      const name = typeof value.name === 'string' ? value.name : ''
      return { kind: value.type, toolCallId: value.tool_call_id, name, text }
    }
    case 'reasoning_summary':
    case 'reasoning_content': {
      const channel = value.type === 'reasoning_summary' ? 'summary' : 'content'
      const index = value[`${channel}_index`]
      const text = fragment(value[`${channel}_delta`])
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0)
        return `${value.type} delta needs a non-negative integer "${channel}_index"`
      if (text === undefined) return problem(`${channel}_delta`)
      return { kind: 'reasoning', channel, index, text }
    }
    case undefined:
      return 'delta has no "type" discriminator'
    default:
      return `unknown delta type ${JSON.stringify(value.type)}`
  }
}

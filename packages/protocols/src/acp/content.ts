/** ACP `ContentBlock`s and `ToolCallContent` items, read into what Palimpsest shows. */
import type { AgentUpdate, ToolCallContent } from '@palimpsest/core'
import { isWireObject as isObject } from '../decoding/wire-object'
import { readNumber, readString } from './fields'

/** A file, image or audio clip: inline (`data`, base64) or linked (`url`). */
export interface FileContent {
  url?: string
  data?: string
  mimeType?: string
  name?: string
  title?: string
  size?: number
}

/** What one ContentBlock holds, or why it cannot be shown. */
export type ContentReading =
  | { type: 'text'; text: string }
  | { type: 'image'; file: FileContent }
  | { type: 'file'; file: FileContent }
  /** An embedded text resource: its text, with the URI it came from. */
  | { type: 'resource-text'; uri: string; text: string; mimeType?: string }
  | { type: 'invalid'; problem: string }

/** A block that is not text: shown as a part of its own. */
export type AttachmentReading = Extract<ContentReading, { type: 'image' | 'file' | 'resource-text' }>

/** The update that adds an attachment to a message: a file part, or a data part for an embedded text resource. */
export function attachmentUpdate(reading: AttachmentReading, messageId: string): AgentUpdate {
  if (reading.type === 'resource-text') {
    const { type: _type, ...resource } = reading
    return { type: 'data', messageId, name: reading.uri, data: resource }
  }
  return { type: 'file', messageId, ...reading.file }
}

const contentBlockTypes = new Set(['text', 'image', 'audio', 'resource_link', 'resource'])

export function isContentBlockType(type: unknown): boolean {
  return typeof type === 'string' && contentBlockTypes.has(type)
}

function withDefined<T extends object>(fields: T): T {
  for (const key of Object.keys(fields) as (keyof T)[]) if (fields[key] === undefined) delete fields[key]
  return fields
}

export function readContentBlock(block: unknown): ContentReading {
  if (!isObject(block)) return { type: 'invalid', problem: 'a ContentBlock must be an object' }
  switch (block.type) {
    case 'text':
      // Empty text is legal (a keep-alive chunk); only a missing one is malformed.
      return typeof block.text === 'string'
        ? { type: 'text', text: block.text }
        : { type: 'invalid', problem: 'text block without "text"' }
    case 'image':
    case 'audio': {
      const data = readString(block, 'data')
      const url = readString(block, 'uri')
      if (data === undefined && url === undefined)
        return { type: 'invalid', problem: `${block.type} block without "data"` }
      const file = withDefined({ data, url, mimeType: readString(block, 'mimeType') })
      return block.type === 'image' ? { type: 'image', file } : { type: 'file', file }
    }
    case 'resource_link': {
      const url = readString(block, 'uri')
      if (url === undefined) return { type: 'invalid', problem: 'resource_link block without "uri"' }
      return {
        type: 'file',
        file: withDefined({
          url,
          name: readString(block, 'name'),
          title: readString(block, 'title'),
          mimeType: readString(block, 'mimeType'),
          size: readNumber(block, 'size'),
        }),
      }
    }
    case 'resource': {
      const resource = block.resource
      if (!isObject(resource) || readString(resource, 'uri') === undefined)
        return { type: 'invalid', problem: 'resource block without "resource.uri"' }
      const uri = resource.uri as string
      const mimeType = readString(resource, 'mimeType')
      if (typeof resource.text === 'string')
        return withDefined({ type: 'resource-text' as const, uri, text: resource.text, mimeType })
      const blob = readString(resource, 'blob')
      if (blob === undefined) return { type: 'invalid', problem: 'resource block with neither "text" nor "blob"' }
      return { type: 'file', file: withDefined({ url: uri, data: blob, mimeType }) }
    }
    default:
      return { type: 'invalid', problem: `unknown ContentBlock type ${JSON.stringify(block.type)}` }
  }
}

/**
 * One `ToolCallContent` item. Accepts the `{type:"content", content}` wrapper and, because the
 * session-modes docs show it that way, a bare ContentBlock. Diffs and terminals stay structured.
 */
export function readToolCallContent(item: unknown): ToolCallContent | { problem: string } {
  if (!isObject(item)) return { problem: 'a ToolCallContent item must be an object' }
  if (item.type === 'diff') {
    if (typeof item.path === 'string' && typeof item.newText === 'string')
      return {
        type: 'diff',
        path: item.path,
        oldText: typeof item.oldText === 'string' ? item.oldText : null,
        newText: item.newText,
      }
    // The v2 draft's diff lists changes and an optional git patch; keep it whole for the renderer.
    if (Array.isArray(item.changes)) return { type: 'json', value: item }
    return { problem: 'diff without "path" and "newText"' }
  }
  if (item.type === 'terminal') {
    const terminalId = readString(item, 'terminalId')
    return terminalId === undefined ? { problem: 'terminal without "terminalId"' } : { type: 'terminal', terminalId }
  }
  const block = item.type === 'content' ? item.content : isContentBlockType(item.type) ? item : undefined
  if (block === undefined) return { problem: `unknown ToolCallContent type ${JSON.stringify(item.type)}` }
  const reading = readContentBlock(block)
  switch (reading.type) {
    case 'text':
      return { type: 'text', text: reading.text }
    case 'resource-text':
      return { type: 'text', text: reading.text }
    case 'image':
      return { type: 'image', ...reading.file }
    case 'file':
      return { type: 'file', ...reading.file }
    case 'invalid':
      return { problem: reading.problem }
  }
}

/**
 * AG-UI message content (`string | ContentPart[]`) in Palimpsest terms: answer text, file parts,
 * and tool-result content.
 */
import type { PartInput, ToolCallContent } from '@palimpsest/core'
import type { WireObject } from '../decoding/wire-object'

interface SourceFields {
  url?: string
  data?: string
  mimeType?: string
}

/** Where a media part's bytes are. A provider file handle is opaque (never fetched), so it gives neither. */
function readSource(source: unknown): SourceFields {
  if (typeof source !== 'object' || source === null) return {}
  const { type, value, mimeType } = source as { type?: unknown; value?: unknown; mimeType?: unknown }
  const fields: SourceFields = {}
  if (typeof mimeType === 'string') fields.mimeType = mimeType
  if (type === 'url' && typeof value === 'string') fields.url = value
  if (type === 'data' && typeof value === 'string') fields.data = value
  return fields
}

function partsOf(content: unknown): WireObject[] {
  if (!Array.isArray(content)) return []
  return content.filter((part): part is WireObject => typeof part === 'object' && part !== null)
}

/** The text of a message's content: the string itself, or its text parts joined by blank lines. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  return partsOf(content)
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n\n')
}

/** A message's content as parts: one text part, then one file part per media part. */
export function contentToParts(content: unknown): PartInput[] {
  const parts: PartInput[] = []
  const text = contentText(content)
  if (text !== '') parts.push({ kind: 'text', text })
  for (const part of partsOf(content)) {
    if (part.type === 'text') continue
    const source = readSource(part.source)
    const metadata = part.metadata as { filename?: unknown; title?: unknown } | undefined
    const name = typeof metadata?.filename === 'string' ? metadata.filename : undefined
    parts.push({ kind: 'file', ...source, ...(name !== undefined && { name }) })
  }
  return parts
}

/** A tool result's content for display. */
export function contentToToolContent(content: unknown): ToolCallContent[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }]
  const result: ToolCallContent[] = []
  for (const part of partsOf(content)) {
    if (part.type === 'text' && typeof part.text === 'string') result.push({ type: 'text', text: part.text })
    else if (part.type === 'image') result.push({ type: 'image', ...readSource(part.source) })
    else result.push({ type: 'file', ...readSource(part.source) })
  }
  return result
}

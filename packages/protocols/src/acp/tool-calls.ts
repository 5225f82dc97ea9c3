/**
 * ACP tool calls: `tool_call`, `tool_call_update`, the v2 `tool_call_content_chunk` and the tool
 * call inside a permission request, merged by the spec's rule: a present value overwrites, an
 * omitted or `null` one leaves the field unchanged, `content` and `locations` replace whole arrays.
 */
import {
  type AgentUpdate,
  type ToolCallContent,
  type ToolCallLocation,
  type ToolCallStatus,
  type ToolKind,
  toolKinds,
} from '@palimpsest/core'
import type { DecoderKit } from '../decoding/decoder-kit'
import { isWireObject as isObject, type WireObject } from '../decoding/wire-object'
import { readToolCallContent } from './content'
import { readString } from './fields'

/** The fields of a `ToolCall` / `ToolCallUpdate` that Palimpsest keeps. */
export interface ToolCallPatch {
  title?: string
  name?: string
  toolKind?: ToolKind
  status?: ToolCallStatus
  input?: unknown
  output?: unknown
  content?: ToolCallContent[]
  locations?: ToolCallLocation[]
}

const knownToolKinds = new Set<string>(toolKinds)

const statuses: Record<string, ToolCallStatus> = {
  pending: 'pending',
  in_progress: 'in_progress',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  // v2 (SDK 2.4.0): the call waits on something outside the agent, like approval.
  paused: 'pending',
}

export function readLocations(value: unknown): ToolCallLocation[] {
  const locations: ToolCallLocation[] = []
  if (!Array.isArray(value)) return locations
  for (const item of value) {
    if (!isObject(item) || typeof item.path !== 'string') continue
    const line = item.line
    locations.push(
      typeof line === 'number' && Number.isInteger(line) && line >= 0 ? { path: item.path, line } : { path: item.path },
    )
  }
  return locations
}

export function readContentItems(value: unknown[], issue: DecoderKit['issue'], input: unknown): ToolCallContent[] {
  const items: ToolCallContent[] = []
  for (const item of value) {
    const read = readToolCallContent(item)
    if ('problem' in read) issue('malformed-content', `tool call content dropped: ${read.problem}`, input)
    else items.push(read)
  }
  return items
}

/**
 * Reads a patch. `nullClears` is the v2 draft's three-state rule, where `null` empties `content`
 * and `locations` (v1 cannot unset a field: there `null` means unchanged).
 */
export function readToolCallPatch(update: WireObject, issue: DecoderKit['issue'], nullClears: boolean): ToolCallPatch {
  const patch: ToolCallPatch = {}
  const title = readString(update, 'title')
  if (title !== undefined) patch.title = title
  const name = readString(update, 'name')
  if (name !== undefined) patch.name = name
  const kind = update.kind
  // Enums are open (v2 opens all of them; `_` marks extensions): an unknown kind is just "other".
  if (typeof kind === 'string') patch.toolKind = knownToolKinds.has(kind) ? (kind as ToolKind) : 'other'
  const status = update.status
  if (typeof status === 'string') {
    const known = Object.hasOwn(statuses, status) ? statuses[status] : undefined
    if (known) patch.status = known
    else issue('unknown-status', `unknown tool call status ${JSON.stringify(status)}; status left unchanged`, update)
  }
  if (update.rawInput !== undefined && update.rawInput !== null) patch.input = update.rawInput
  if (update.rawOutput !== undefined && update.rawOutput !== null) patch.output = update.rawOutput
  if (Array.isArray(update.content)) patch.content = readContentItems(update.content, issue, update)
  else if (update.content === null && nullClears) patch.content = []
  if (Array.isArray(update.locations)) patch.locations = readLocations(update.locations)
  else if (update.locations === null && nullClears) patch.locations = []
  return patch
}

/** Creates a tool call in message `messageId` (ACP defaults: kind `other`, status `pending`). */
export function createToolCall(
  messageId: string,
  toolCallId: string,
  patch: ToolCallPatch,
  placeholderTitle: string,
): AgentUpdate[] {
  const { output, ...fields } = patch
  const updates: AgentUpdate[] = [
    {
      type: 'tool-call',
      messageId,
      toolCallId,
      ...fields,
      title: patch.title ?? placeholderTitle,
      toolKind: patch.toolKind ?? 'other',
      status: patch.status ?? 'pending',
    },
  ]
  if (output !== undefined) updates.push({ type: 'tool-call-update', toolCallId, output })
  return updates
}

/** Merges a patch into a known tool call; nothing when the patch changes nothing. */
export function changeToolCall(toolCallId: string, patch: ToolCallPatch): AgentUpdate[] {
  return Object.keys(patch).length === 0 ? [] : [{ type: 'tool-call-update', toolCallId, ...patch }]
}

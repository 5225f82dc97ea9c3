/**
 * The parts of one AI SDK `UIMessage` (ai 6 and ai 7) read as Palimpsest content: a list of units,
 * each of which is one store part (or a tool call with its approval request), in the order the store
 * would hold them.
 *
 * The units mirror how the store places streamed content, so that a message built by appending
 * (`chunk`, `tool-call`, `source`, …) and the same message given whole (`full`) hold the same parts:
 * - consecutive text parts (and consecutive reasoning parts) are one unit, joined by a blank line,
 *   as the store appends a chunk to the last text part when only annotations (sources, status
 *   lines) follow it;
 * - empty text is no unit (the store would refill an empty part in place);
 * - `step-start` and ai 7's provider-specific `custom` parts hold nothing to show.
 */
import type { AgentUpdate, PartInput, ToolCallStatus } from '@palimpsest/core'
import { stringOf as str, type WireObject } from '../decoding/wire-object'

export interface TextUnit {
  kind: 'text' | 'reasoning'
  text: string
}

export interface ToolUnit {
  kind: 'tool'
  toolCallId: string
  name?: string
  title?: string
  status: ToolCallStatus
  input: unknown
  output: unknown
  error?: string
  approval?: { id: string; approved?: boolean }
}

/** A part identified by a key (a source, file, data part or status line), replaced whole when it changes. */
export interface KeyedUnit {
  kind: 'keyed'
  key: string
  /** Sources and status lines annotate the text: a chunk after them still continues the text before them. */
  annotation: boolean
  /** What a change is judged by, compared one by one with `Object.is`. */
  fields: readonly unknown[]
  part: PartInput
  update(messageId: string): AgentUpdate
}

export type PartUnit = TextUnit | ToolUnit | KeyedUnit

/** A part that could not be read: its index in `parts` and why. */
export interface PartProblem {
  index: number
  code: 'malformed-part' | 'unknown-part'
  message: string
}

/** As the stream decoder shows them: a call whose input is streaming is already in progress. */
const toolStatuses: Record<string, ToolCallStatus> = Object.assign(Object.create(null), {
  'input-streaming': 'in_progress',
  'input-available': 'in_progress',
  'approval-requested': 'pending',
  'approval-responded': 'in_progress',
  'output-available': 'completed',
  'output-error': 'failed',
  'output-denied': 'cancelled',
})

function toolUnit(part: WireObject, name: string | undefined): ToolUnit | string {
  const toolCallId = str(part.toolCallId)
  if (toolCallId === undefined) return '"toolCallId" must be a string'
  const state = str(part.state)
  let status = state === undefined ? undefined : toolStatuses[state]
  if (status === undefined) return `unknown tool state ${JSON.stringify(part.state)}`
  const rawApproval = part.approval as WireObject | undefined
  const approvalId = typeof rawApproval === 'object' && rawApproval !== null ? str(rawApproval.id) : undefined
  const approved = approvalId === undefined ? undefined : rawApproval?.approved
  if (state === 'approval-responded' && approved === false) status = 'cancelled'
  if (state === 'output-available' && part.preliminary === true) status = 'in_progress'
  const title = str(part.title)
  const error = str(part.errorText)
  // Free-text input (`inputEncoding: 'text'`) is only in `rawInput` while it streams.
  const input =
    part.input === undefined && part.inputEncoding === 'text' && typeof part.rawInput === 'string'
      ? part.rawInput
      : part.input
  return {
    kind: 'tool',
    toolCallId,
    status,
    input,
    output: part.output,
    ...(name !== undefined && { name }),
    ...(title !== undefined && { title }),
    ...(error !== undefined && { error }),
    ...(approvalId !== undefined && {
      approval: { id: approvalId, ...(typeof approved === 'boolean' && { approved }) },
    }),
  }
}

function sourceUnit(part: WireObject, document: boolean): KeyedUnit | string {
  const sourceId = str(part.sourceId)
  if (sourceId === undefined) return '"sourceId" must be a string'
  const url = document ? undefined : str(part.url)
  const title = str(part.title) ?? str(part.filename)
  const mimeType = document ? str(part.mediaType) : undefined
  const fields = {
    sourceId,
    ...(url !== undefined && { url }),
    ...(title !== undefined && { title }),
    ...(mimeType !== undefined && { mimeType }),
  }
  return {
    kind: 'keyed',
    key: `source:${sourceId}`,
    annotation: true,
    fields: [url, title, mimeType],
    part: { kind: 'source', ...fields },
    update: (messageId) => ({ type: 'source', messageId, ...fields }),
  }
}

function fileUnit(part: WireObject, fileId: string): KeyedUnit | string {
  const url = str(part.url)
  if (url === undefined) return '"url" must be a string'
  const mimeType = str(part.mediaType)
  const name = str(part.filename)
  const fields = {
    fileId,
    url,
    ...(mimeType !== undefined && { mimeType }),
    ...(name !== undefined && { name }),
  }
  return {
    kind: 'keyed',
    key: `file:${fileId}`,
    annotation: false,
    fields: [url, mimeType, name],
    part: { kind: 'file', ...fields },
    update: (messageId) => ({ type: 'file', messageId, ...fields }),
  }
}

function dataUnit(part: WireObject, name: string, ordinal: number): KeyedUnit | string {
  if (!('data' in part)) return '"data" is missing'
  const id = str(part.id)
  // Without an id, the n-th data part of a name is the same part from one snapshot to the next.
  const dataId = id === undefined ? `${name}#${ordinal}` : `${name}:${id}`
  const data = part.data
  return {
    kind: 'keyed',
    key: `data:${dataId}`,
    annotation: false,
    fields: [data],
    part: { kind: 'data', dataId, name, data },
    update: (messageId) => ({ type: 'data', messageId, dataId, name, data }),
  }
}

/** ai 7: a user message added while the answer streamed, placed in it; shown as a status line. */
function steeringUnit(part: WireObject): KeyedUnit | string {
  const statusId = str(part.id)
  if (statusId === undefined || !Array.isArray(part.parts)) return '"id" must be a string and "parts" an array'
  const text = part.parts
    .map((inner: unknown) =>
      typeof inner === 'object' && inner !== null ? str((inner as WireObject).text) : undefined,
    )
    .filter((line): line is string => line !== undefined && line !== '')
    .join('\n\n')
  return {
    kind: 'keyed',
    key: `status:${statusId}`,
    annotation: true,
    fields: [part.parts],
    part: { kind: 'status', statusId, text, level: 'info' },
    update: (messageId) => ({ type: 'status', messageId, statusId, text, level: 'info' }),
  }
}

function isAnnotation(unit: PartUnit): boolean {
  return unit.kind === 'keyed' && unit.annotation
}

/** Text joins the last unit of its kind when only annotations follow it, else starts a unit. */
function appendText(units: PartUnit[], kind: 'text' | 'reasoning', text: string): void {
  for (let i = units.length - 1; i >= 0; i--) {
    const unit = units[i] as PartUnit
    if (unit.kind === kind) {
      units[i] = { kind, text: `${unit.text}\n\n${text}` }
      return
    }
    if (!isAnnotation(unit)) break
  }
  units.push({ kind, text })
}

/** Reads a message's parts; a part that cannot be read is left out and described in `problems`. */
export function readPartUnits(parts: readonly unknown[], problems: PartProblem[]): PartUnit[] {
  const units: PartUnit[] = []
  const ordinals = new Map<string, number>()
  const next = (key: string) => {
    const n = ordinals.get(key) ?? 0
    ordinals.set(key, n + 1)
    return n
  }
  parts.forEach((value, index) => {
    const part = value as WireObject
    const type = typeof part === 'object' && part !== null ? str(part.type) : undefined
    if (type === undefined) {
      problems.push({ index, code: 'malformed-part', message: 'a part must be an object with a string "type"' })
      return
    }
    let unit: PartUnit | string | undefined
    if (type === 'text' || type === 'reasoning') {
      const text = part.text
      if (typeof text !== 'string') unit = '"text" must be a string'
      else if (text !== '') appendText(units, type, text)
    } else if (type === 'step-start' || type === 'custom') {
      return
    } else if (type === 'dynamic-tool') unit = toolUnit(part, str(part.toolName))
    else if (type.startsWith('tool-')) unit = toolUnit(part, type.slice('tool-'.length))
    else if (type === 'source-url' || type === 'source-document') unit = sourceUnit(part, type === 'source-document')
    else if (type === 'file' || type === 'reasoning-file') unit = fileUnit(part, `file-${next('file')}`)
    else if (type.startsWith('data-')) {
      const name = type.slice('data-'.length)
      unit = dataUnit(part, name, next(`data-${name}`))
    } else if (type === 'steering-message') unit = steeringUnit(part)
    else {
      problems.push({ index, code: 'unknown-part', message: `unknown part type ${JSON.stringify(type)}` })
      return
    }
    if (typeof unit === 'string') problems.push({ index, code: 'malformed-part', message: `${type}: ${unit}` })
    else if (unit !== undefined) units.push(unit)
  })
  return units
}

/** The store parts of the units, for a `full` update. */
export function unitParts(units: readonly PartUnit[]): PartInput[] {
  const parts: PartInput[] = []
  for (const unit of units) {
    if (unit.kind === 'keyed') parts.push(unit.part)
    else if (unit.kind === 'tool') {
      parts.push({
        kind: 'tool-call',
        toolCallId: unit.toolCallId,
        status: unit.status,
        ...(unit.name !== undefined && { name: unit.name }),
        ...(unit.title !== undefined && { title: unit.title }),
        ...(unit.input !== undefined && { input: unit.input }),
        ...(unit.output !== undefined && { output: unit.output }),
        ...(unit.error !== undefined && { error: unit.error }),
      })
      if (unit.approval)
        parts.push({
          kind: 'approval-request',
          requestId: unit.approval.id,
          toolCallId: unit.toolCallId,
          options: [],
          status: unit.approval.approved === undefined ? 'pending' : unit.approval.approved ? 'approved' : 'denied',
          ...(unit.name !== undefined && { title: unit.name }),
        })
    } else parts.push({ kind: unit.kind, text: unit.text })
  }
  return parts
}

/** Whether two units hold the same content (fields compared by identity, as `useChat` keeps them). */
export function sameUnit(a: PartUnit, b: PartUnit): boolean {
  if (a.kind === 'text' || a.kind === 'reasoning') return b.kind === a.kind && b.text === a.text
  if (a.kind === 'tool')
    return (
      b.kind === 'tool' &&
      b.toolCallId === a.toolCallId &&
      b.status === a.status &&
      b.name === a.name &&
      b.title === a.title &&
      Object.is(b.input, a.input) &&
      Object.is(b.output, a.output) &&
      b.error === a.error &&
      b.approval?.id === a.approval?.id &&
      b.approval?.approved === a.approval?.approved
    )
  if (a.kind !== 'keyed') return false
  return (
    b.kind === 'keyed' &&
    b.key === a.key &&
    b.fields.length === a.fields.length &&
    b.fields.every((f, i) => Object.is(f, a.fields[i]))
  )
}

/** Whether only annotations follow `units[index]`: a chunk then still continues that unit's text. */
export function onlyAnnotationsAfter(units: readonly PartUnit[], index: number): boolean {
  for (let i = index + 1; i < units.length; i++) if (!isAnnotation(units[i] as PartUnit)) return false
  return true
}

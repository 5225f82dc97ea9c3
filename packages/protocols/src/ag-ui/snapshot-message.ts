/**
 * One AG-UI message of a `MESSAGES_SNAPSHOT` (or of `RUN_STARTED.input`) as the parts of a `full`
 * update: assistant tool calls carry their result from the matching `tool` message.
 */
import type { MessageRole, PartInput, ToolCallStatus } from '@palimpsest/core'
import { stringOf as str, type WireObject } from '../decoding/wire-object'
import { contentToParts, contentToToolContent } from './content'

/** What a message holds; decides how a snapshot that omits it is judged. */
export type MessageOrigin = 'text' | 'reasoning' | 'activity' | 'synthetic'

/**
 * AG-UI text roles in Palimpsest; a developer message is an instruction, like a system message.
 * No prototype: a role named `constructor` or `toString` is unknown, not an inherited function.
 */
export const textRoles: Record<string, MessageRole> = Object.assign(Object.create(null), {
  user: 'user',
  assistant: 'assistant',
  system: 'system',
  developer: 'system',
})

export interface SnapshotMessage {
  role: MessageRole
  origin: Exclude<MessageOrigin, 'synthetic'>
  parts: PartInput[]
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function toolCallPart(
  call: WireObject,
  result: WireObject | undefined,
  knownStatus: ToolCallStatus | undefined,
): PartInput {
  const fn = (typeof call.function === 'object' && call.function !== null ? call.function : {}) as WireObject
  const inputText = str(fn.arguments) ?? ''
  const input = parseArguments(inputText)
  const name = str(fn.name)
  const part: PartInput = {
    kind: 'tool-call',
    toolCallId: call.id as string,
    inputText,
    ...(name !== undefined && { name }),
    ...(input !== undefined && { input }),
  }
  if (result) {
    const error = str(result.error)
    part.status = error ? 'failed' : 'completed'
    part.output = result.content
    part.content = contentToToolContent(result.content)
    if (error) part.error = error
  } else {
    // No result yet: the call is as far as the stream took it.
    part.status = knownStatus ?? 'in_progress'
  }
  return part
}

/**
 * The parts of a non-tool message, or undefined for a role AG-UI does not define.
 * `results` maps tool call ids to the snapshot's tool messages.
 */
export function readSnapshotMessage(
  m: WireObject,
  results: ReadonlyMap<string, WireObject>,
  knownStatus: (toolCallId: string) => ToolCallStatus | undefined,
): SnapshotMessage | undefined {
  const role = str(m.role)
  if (role === 'assistant') {
    const parts = contentToParts(m.content)
    const calls = Array.isArray(m.toolCalls) ? (m.toolCalls as unknown[]) : []
    for (const call of calls) {
      if (typeof call !== 'object' || call === null || typeof (call as WireObject).id !== 'string') continue
      const id = (call as WireObject).id as string
      parts.push(toolCallPart(call as WireObject, results.get(id), knownStatus(id)))
    }
    return { role: 'assistant', origin: 'text', parts }
  }
  if (role === 'reasoning')
    return { role: 'assistant', origin: 'reasoning', parts: [{ kind: 'reasoning', text: str(m.content) ?? '' }] }
  if (role === 'activity') {
    const name = str(m.activityType) ?? 'activity'
    return {
      role: 'assistant',
      origin: 'activity',
      parts: [{ kind: 'data', dataId: m.id as string, name, data: m.content }],
    }
  }
  const textRole = role === undefined ? undefined : textRoles[role]
  return textRole === undefined ? undefined : { role: textRole, origin: 'text', parts: contentToParts(m.content) }
}

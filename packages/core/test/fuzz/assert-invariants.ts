/**
 * The structural invariants of the design, checked on any reachable state. Throws a plain `Error`
 * naming the broken invariant (cheap enough to run after every update of a fuzzing case).
 */
import {
  approvalStatuses as approvalStatusList,
  messageRoles,
  messageStatuses as messageStatusList,
  type Part,
  partStatuses,
  planEntryStatuses,
  statusLevels as statusLevelList,
  type TranscriptState,
  toolCallStatuses as toolCallStatusList,
  toolKinds as toolKindList,
  turnStatuses as turnStatusList,
} from '@palimpsest/core'

const messageStatuses = new Set<string>(messageStatusList)
const roles = new Set<string>(messageRoles)
const bufferStatuses = new Set<string>(partStatuses)
const toolCallStatuses = new Set<string>(toolCallStatusList)
const toolKinds = new Set<string>(toolKindList)
const approvalStatuses = new Set<string>(approvalStatusList)
const statusLevels = new Set<string>(statusLevelList)
const planStatuses = new Set<string>(planEntryStatuses)
const turnStatuses = new Set<string>(turnStatusList)

function fail(what: string): never {
  throw new Error(`invariant broken: ${what}`)
}

function checkPart(messageId: string, part: Part): void {
  const where = `message ${messageId} part ${part.id}`
  switch (part.kind) {
    case 'text':
    case 'reasoning':
      if (typeof part.text !== 'string') fail(`${where}: text is ${typeof part.text}`)
      if (!Number.isInteger(part.epoch) || part.epoch < 0) fail(`${where}: epoch ${part.epoch}`)
      if (!bufferStatuses.has(part.status)) fail(`${where}: status ${JSON.stringify(part.status)}`)
      return
    case 'tool-call':
      if (typeof part.toolCallId !== 'string') fail(`${where}: toolCallId is ${typeof part.toolCallId}`)
      if (!toolCallStatuses.has(part.status)) fail(`${where}: tool call status ${JSON.stringify(part.status)}`)
      if (!toolKinds.has(part.toolKind)) fail(`${where}: tool kind ${JSON.stringify(part.toolKind)}`)
      if (typeof part.inputText !== 'string') fail(`${where}: inputText is ${typeof part.inputText}`)
      return
    case 'approval-request':
      if (!approvalStatuses.has(part.status)) fail(`${where}: approval status ${JSON.stringify(part.status)}`)
      if (!Array.isArray(part.options)) fail(`${where}: options is not an array`)
      return
    case 'status':
      if (!statusLevels.has(part.level)) fail(`${where}: level ${JSON.stringify(part.level)}`)
      return
    case 'plan':
      for (const entry of part.entries)
        if (typeof entry.content !== 'string' || !planStatuses.has(entry.status))
          fail(`${where}: plan entry ${JSON.stringify(entry)}`)
      return
    case 'data':
    case 'file':
    case 'source':
    case 'error':
    case 'handoff':
      return
    default:
      fail(`${where}: unknown part kind ${JSON.stringify((part as { kind: unknown }).kind)}`)
  }
}

/**
 * Ids unique, every id has its message (and nothing else is in `messages`), part ids unique per
 * message, the tool-call and approval indexes point at messages that hold them, and every status
 * is one of its enum's values.
 */
export function assertInvariants(state: TranscriptState): void {
  checkMessageIds(state)
  for (const id of state.messageIds) checkMessage(state, id)
  checkIndexes(state)
  checkTurns(state)
}

function checkMessageIds(state: TranscriptState): void {
  const ids = new Set(state.messageIds)
  if (ids.size !== state.messageIds.length) fail(`duplicate message ids ${JSON.stringify(state.messageIds)}`)
  const keys = Object.keys(state.messages)
  if (keys.length !== ids.size || keys.some((key) => !ids.has(key)))
    fail(`messages ${JSON.stringify(keys)} differ from messageIds ${JSON.stringify(state.messageIds)}`)
}

function checkMessage(state: TranscriptState, id: string): void {
  const message = state.messages[id]
  if (!message || message.id !== id) fail(`message ${id} is missing or carries id ${message?.id}`)
  if (!messageStatuses.has(message.status)) fail(`message ${id}: status ${JSON.stringify(message.status)}`)
  if (!roles.has(message.role)) fail(`message ${id}: role ${JSON.stringify(message.role)}`)
  const partIds = new Set<string>()
  for (const part of message.parts) {
    if (partIds.has(part.id)) fail(`message ${id}: duplicate part id ${part.id}`)
    partIds.add(part.id)
    checkPart(id, part)
  }
}

function checkIndexes(state: TranscriptState): void {
  for (const [toolCallId, holder] of Object.entries(state.toolCalls)) {
    const parts = state.messages[holder]?.parts ?? []
    if (!parts.some((p) => p.kind === 'tool-call' && p.toolCallId === toolCallId))
      fail(`toolCalls[${toolCallId}] → ${holder}, which does not hold it`)
  }
  for (const [requestId, holder] of Object.entries(state.approvals)) {
    const parts = state.messages[holder]?.parts ?? []
    if (!parts.some((p) => p.kind === 'approval-request' && p.requestId === requestId))
      fail(`approvals[${requestId}] → ${holder}, which does not hold it`)
  }
}

function checkTurns(state: TranscriptState): void {
  for (const turn of state.turns)
    if (!turnStatuses.has(turn.status)) fail(`turn ${turn.id}: status ${JSON.stringify(turn.status)}`)
}

/**
 * `assertInvariants` for a sequence of states, each the next state of the one before: a container
 * the reducer did not copy (a message, an index) kept its identity and so its checked properties,
 * and is not checked again. Equivalent to checking every state in full, at the cost of the change.
 */
export function createInvariantWatch(): (state: TranscriptState) => void {
  let last: TranscriptState | undefined
  return (state) => {
    if (state === last) return
    if (!last || state.messageIds !== last.messageIds || state.messages !== last.messages) checkMessageIds(state)
    for (const id of state.messageIds) if (state.messages[id] !== last?.messages[id]) checkMessage(state, id)
    const indexesChanged = !last || state.toolCalls !== last.toolCalls || state.approvals !== last.approvals
    if (indexesChanged || state.messages !== last?.messages) checkIndexes(state)
    if (!last || state.turns !== last.turns) checkTurns(state)
    last = state
  }
}

/**
 * Remembers every text/reasoning part's epoch and fails when one goes back (a component would read
 * "appended"). A removed message ends its parts' history: an id used again starts afresh.
 */
export function createEpochWatch(): (state: TranscriptState) => void {
  const seen = new Map<string, number>()
  let last: TranscriptState | undefined
  return (state) => {
    const previous = last
    last = state
    if (previous && previous.messageIds !== state.messageIds) {
      for (const id of previous.messageIds) {
        if (state.messages[id] !== undefined) continue
        for (const key of seen.keys()) if (key.startsWith(`${id}\u0000`)) seen.delete(key)
      }
    }
    for (const id of state.messageIds) {
      const message = state.messages[id]
      if (message === previous?.messages[id]) continue
      for (const part of message?.parts ?? []) {
        if (part.kind !== 'text' && part.kind !== 'reasoning') continue
        const key = `${id}\u0000${part.id}`
        const before = seen.get(key)
        if (before !== undefined && part.epoch < before)
          fail(`message ${id} part ${part.id}: epoch went back from ${before} to ${part.epoch}`)
        seen.set(key, part.epoch)
      }
    }
  }
}

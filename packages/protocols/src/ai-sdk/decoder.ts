/**
 * The Vercel AI SDK UI message stream (`toUIMessageStreamResponse()`, `createUIMessageStream`,
 * header `x-vercel-ai-ui-message-stream: v1`) → Palimpsest updates.
 *
 * One stream builds one assistant message (id from the `start` chunk) over one turn, as the AI
 * SDK's own `readUIMessageStream` does:
 * - text and reasoning parts stream by id; two blocks in a row are kept apart by a blank line;
 * - tool parts: `tool-input-*` stream the call's input, `tool-output-*` finish it (`denied` →
 *   `cancelled`), `tool-approval-request` asks the user; an output after an approval means it was
 *   granted, a denial that it was not;
 * - `data-<name>` parts are data parts; one with the id of an earlier part of the same name
 *   replaces it (`dataId` = `<name>:<id>`); `transient` ones are never stored and only reach
 *   `onData`, which receives every data part;
 * - `source-url` / `source-document` → source parts, `file` → file parts;
 * - `finish` ends the turn (`content-filter` → stop reason `refusal`), `abort` cancels it,
 *   `error` shows an error part.
 */
import type { Decoder, DecoderOptions, EndReason } from '@palimpsest/core'
import { createDecoderKit } from '../decoding/decoder-kit'
import { stringOf as str, typedWireObjectReader, type WireObject } from '../decoding/wire-object'
import { createIdPrefix } from '../id-prefix'
import { createTextSegments } from '../openai/text-segments'

/** A `data-*` chunk as the stream carries it. */
export interface AiSdkDataPart {
  type: `data-${string}`
  id?: string
  data: unknown
  transient?: boolean
}

export interface AiSdkDecoderOptions extends DecoderOptions {
  /**
   * The message id when the stream's `start` chunk carries none. Default `ai-sdk-<random>-<n>`:
   * unique across decoders, so one store can take one decoder per request.
   */
  messageId?: string
  /** Receives every `data-*` part; transient ones go only here. */
  onData?: (part: AiSdkDataPart) => void
  /** Receives message metadata (`start`, `finish`, `message-metadata` chunks); it is not rendered. */
  onMessageMetadata?: (messageId: string, metadata: unknown) => void
}

interface ToolState {
  approvalId?: string
  approvalPending: boolean
  /** `inputEncoding: 'text'`: the input is free text, not JSON. */
  textInput?: string
}

const source = 'ai-sdk'

/** The AI SDK's finish reasons, kept as stop reasons; a content filter is a refusal. */
function stopReasonOf(finishReason: unknown): string | undefined {
  if (finishReason === 'content-filter') return 'refusal'
  return str(finishReason)
}

export function createAiSdkDecoder(options: AiSdkDecoderOptions = {}): Decoder {
  const { emit, issue, notify, decoder } = createDecoderKit({ source, onIssue: options.onIssue })
  const segments = createTextSegments()
  const idPrefix = createIdPrefix(source)

  let messageCount = 0
  let messageId: string | undefined
  let messageStarted = false
  let turnOpen = false
  const activeText = new Set<string>()
  const activeReasoning = new Set<string>()
  const tools = new Map<string, ToolState>()
  /** Messages whose turn has ended: core does not reopen them. */
  const finished = new Set<string>()
  /** The next message-start continues a finished message. */
  let reopen = false

  const startTurn = () => {
    if (turnOpen) return
    turnOpen = true
    emit({ type: 'turn-start' })
  }

  /** The message being built, started (with the turn) on first use. */
  const message = (): string => {
    startTurn()
    if (messageId === undefined) {
      messageCount += 1
      messageId = options.messageId ?? `${idPrefix}-${messageCount}`
    }
    if (!messageStarted) {
      messageStarted = true
      emit({ type: 'message-start', messageId, role: 'assistant', ...(reopen && { resume: true }) })
      reopen = false
    }
    return messageId
  }

  const metadata = (value: unknown) => {
    if (value === undefined || value === null || messageId === undefined) return
    const id = messageId
    notify('onMessageMetadata', () => options.onMessageMetadata?.(id, value))
  }

  const endTurn = (stopReason: string | undefined) => {
    emit({ type: 'turn-end', ...(stopReason !== undefined && { stopReason }) })
    turnOpen = false
    if (messageId !== undefined) finished.add(messageId)
    messageStarted = false
    messageId = undefined
    activeText.clear()
    activeReasoning.clear()
  }

  const appendText = (e: WireObject, kind: 'text' | 'reasoning') => {
    const id = str(e.id)
    const delta = str(e.delta)
    if (id === undefined || delta === undefined) return malformed(e, '"id" and "delta" must be strings')
    const active = kind === 'text' ? activeText : activeReasoning
    if (!active.has(id)) {
      // The AI SDK fails the stream here; showing the text is kinder, and it is reported.
      issue('unopened-part', `${String(e.type)} for ${kind} part ${id}, which is not open`, e)
      active.add(id)
    }
    if (delta === '') return
    const target = message()
    const text = segments.prefix(target, kind, `${kind}:${id}`) + delta
    emit(kind === 'text' ? { type: 'chunk', messageId: target, text } : { type: 'thought', messageId: target, text })
  }

  const malformed = (e: WireObject, what: string) => issue('malformed-chunk', `${String(e.type)}: ${what}`, e)

  const toolState = (toolCallId: string): ToolState => {
    let state = tools.get(toolCallId)
    if (!state) {
      state = { approvalPending: false }
      tools.set(toolCallId, state)
    }
    return state
  }

  /** A tool that produced output (or an error) was allowed to run. */
  const settleApproval = (toolCallId: string, approved: boolean) => {
    const state = tools.get(toolCallId)
    if (!state?.approvalPending || state.approvalId === undefined) return
    state.approvalPending = false
    emit({ type: 'approval-response', requestId: state.approvalId, approved })
  }

  const decodeChunk = (e: WireObject): void => {
    const type = e.type as string
    switch (type) {
      case 'start': {
        // An empty id names nothing: the message keeps (or gets) a generated one.
        const id = str(e.messageId) || undefined
        if (id !== undefined && messageId !== undefined && id !== messageId && messageStarted) {
          // A new message in the same stream: the AI SDK starts over, so the previous one is done.
          emit({ type: 'message-done', messageId })
          messageStarted = false
          activeText.clear()
          activeReasoning.clear()
        }
        if (id !== undefined && finished.has(id) && !turnOpen) {
          // A continuation (e.g. after a tool approval) streams into the same message: reopen it.
          finished.delete(id)
          reopen = true
        }
        if (id !== undefined) messageId = id
        message()
        metadata(e.messageMetadata)
        return
      }
      case 'start-step':
        return
      case 'finish-step':
        // As in the AI SDK: parts still open at the end of a step cannot be continued.
        activeText.clear()
        activeReasoning.clear()
        return
      case 'text-start':
      case 'reasoning-start': {
        const id = str(e.id)
        if (id === undefined) return malformed(e, '"id" must be a string')
        ;(type === 'text-start' ? activeText : activeReasoning).add(id)
        message()
        return
      }
      case 'text-delta':
        return appendText(e, 'text')
      case 'reasoning-delta':
        return appendText(e, 'reasoning')
      case 'text-end':
      case 'reasoning-end': {
        const id = str(e.id)
        if (id !== undefined) (type === 'text-end' ? activeText : activeReasoning).delete(id)
        return
      }

      case 'tool-input-start': {
        const toolCallId = str(e.toolCallId)
        const name = str(e.toolName)
        if (toolCallId === undefined || name === undefined)
          return malformed(e, '"toolCallId" and "toolName" must be strings')
        const target = message()
        segments.interrupt(target)
        const state = toolState(toolCallId)
        if (e.inputEncoding === 'text') state.textInput = ''
        const title = str(e.title)
        emit({
          type: 'tool-call',
          messageId: target,
          toolCallId,
          name,
          status: 'pending',
          ...(title !== undefined && { title }),
        })
        return
      }
      case 'tool-input-delta': {
        const toolCallId = str(e.toolCallId)
        const delta = str(e.inputTextDelta)
        if (toolCallId === undefined || delta === undefined)
          return malformed(e, '"toolCallId" and "inputTextDelta" must be strings')
        if (!tools.has(toolCallId)) issue('unopened-part', `tool-input-delta for unknown tool call ${toolCallId}`, e)
        const state = toolState(toolCallId)
        if (state.textInput !== undefined) {
          state.textInput += delta
          emit({ type: 'tool-call-update', toolCallId, input: state.textInput, status: 'in_progress' })
        } else if (delta !== '') {
          emit({ type: 'tool-call-delta', toolCallId, inputText: delta, messageId: message() })
        }
        return
      }
      case 'tool-input-available': {
        const toolCallId = str(e.toolCallId)
        const name = str(e.toolName)
        if (toolCallId === undefined || name === undefined)
          return malformed(e, '"toolCallId" and "toolName" must be strings')
        const target = message()
        if (!tools.has(toolCallId)) segments.interrupt(target)
        toolState(toolCallId)
        const title = str(e.title)
        emit({
          type: 'tool-call',
          messageId: target,
          toolCallId,
          name,
          status: 'in_progress',
          input: e.input,
          ...(title !== undefined && { title }),
        })
        return
      }
      case 'tool-input-error': {
        const toolCallId = str(e.toolCallId)
        if (toolCallId === undefined) return malformed(e, '"toolCallId" must be a string')
        const name = str(e.toolName)
        if (!tools.has(toolCallId)) segments.interrupt(message())
        toolState(toolCallId)
        emit({
          type: 'tool-call-update',
          toolCallId,
          messageId: message(),
          status: 'failed',
          error: str(e.errorText) ?? 'Invalid tool input',
          ...(name !== undefined && { name }),
          ...(e.input !== undefined && { input: e.input }),
        })
        return
      }
      case 'tool-approval-request': {
        const toolCallId = str(e.toolCallId)
        const approvalId = str(e.approvalId)
        if (toolCallId === undefined || approvalId === undefined)
          return malformed(e, '"toolCallId" and "approvalId" must be strings')
        const state = toolState(toolCallId)
        state.approvalId = approvalId
        state.approvalPending = true
        emit({ type: 'tool-call-update', toolCallId, status: 'pending' })
        emit({ type: 'approval-request', requestId: approvalId, toolCallId, messageId: message() })
        return
      }
      case 'tool-approval-response': {
        const approvalId = str(e.approvalId)
        if (approvalId === undefined || typeof e.approved !== 'boolean')
          return malformed(e, '"approvalId" must be a string and "approved" a boolean')
        for (const state of tools.values()) if (state.approvalId === approvalId) state.approvalPending = false
        emit({ type: 'approval-response', requestId: approvalId, approved: e.approved })
        return
      }
      case 'tool-output-available': {
        const toolCallId = str(e.toolCallId)
        if (toolCallId === undefined) return malformed(e, '"toolCallId" must be a string')
        settleApproval(toolCallId, true)
        emit({
          type: 'tool-call-update',
          toolCallId,
          messageId: message(),
          status: e.preliminary === true ? 'in_progress' : 'completed',
          output: e.output,
        })
        return
      }
      case 'tool-output-error': {
        const toolCallId = str(e.toolCallId)
        if (toolCallId === undefined) return malformed(e, '"toolCallId" must be a string')
        settleApproval(toolCallId, true)
        emit({
          type: 'tool-call-update',
          toolCallId,
          messageId: message(),
          status: 'failed',
          error: str(e.errorText) ?? 'The tool failed',
        })
        return
      }
      case 'tool-output-denied': {
        const toolCallId = str(e.toolCallId)
        if (toolCallId === undefined) return malformed(e, '"toolCallId" must be a string')
        settleApproval(toolCallId, false)
        emit({ type: 'tool-call-update', toolCallId, messageId: message(), status: 'cancelled' })
        return
      }

      case 'source-url':
      case 'source-document': {
        const sourceId = str(e.sourceId)
        if (sourceId === undefined) return malformed(e, '"sourceId" must be a string')
        const target = message()
        segments.interrupt(target)
        const url = str(e.url)
        const title = str(e.title) ?? str(e.filename)
        const mimeType = str(e.mediaType)
        emit({
          type: 'source',
          messageId: target,
          sourceId,
          ...(url !== undefined && { url }),
          ...(title !== undefined && { title }),
          ...(mimeType !== undefined && { mimeType }),
        })
        return
      }
      case 'file':
      case 'reasoning-file': {
        // ai 7 adds `reasoning-file` (an image the model produced while reasoning): shown as a file.
        const url = str(e.url)
        if (url === undefined) return malformed(e, '"url" must be a string')
        const target = message()
        segments.interrupt(target)
        const mimeType = str(e.mediaType)
        emit({ type: 'file', messageId: target, url, ...(mimeType !== undefined && { mimeType }) })
        return
      }

      case 'message-metadata':
        return metadata(e.messageMetadata)
      case 'error': {
        const target = message()
        segments.interrupt(target)
        emit({ type: 'error', messageId: target, message: str(e.errorText) ?? 'The stream failed' })
        return
      }
      case 'abort':
        if (!turnOpen) return
        return endTurn('cancelled')
      case 'finish': {
        metadata(e.messageMetadata)
        if (!turnOpen) message()
        return endTurn(stopReasonOf(e.finishReason))
      }
      case 'custom':
        return
      case 'reset-step':
      case 'steering-message':
        // ai 7: a retried step's parts withdrawn, a user message steering the run. Not decoded yet.
        return issue('unsupported-chunk', `${type} (AI SDK 7) is not decoded; ignored`, e)
      default: {
        if (type.startsWith('data-')) return decodeData(e as unknown as AiSdkDataPart)
        issue('unknown-chunk', `unknown UI message stream chunk ${JSON.stringify(type)}`, e)
      }
    }
  }

  const decodeData = (part: AiSdkDataPart) => {
    if (!('data' in part)) return malformed(part as unknown as WireObject, '"data" is missing')
    notify('onData', () => options.onData?.(part), part)
    if (part.transient === true) return
    const name = part.type.slice('data-'.length)
    const target = message()
    segments.interrupt(target)
    const id = str(part.id)
    emit({
      type: 'data',
      messageId: target,
      name,
      data: part.data,
      ...(id !== undefined && { dataId: `${name}:${id}` }),
    })
  }

  const end = (reason: EndReason) => {
    if (!turnOpen) return
    if (reason === 'interrupted') {
      if (messageStarted && messageId !== undefined) emit({ type: 'message-done', messageId, status: 'interrupted' })
      return
    }
    endTurn(reason === 'complete' ? undefined : reason)
  }

  return decoder({
    read: typedWireObjectReader('a UI message stream chunk', 'malformed-chunk'),
    doneMarker: 'ends-stream',
    decode: decodeChunk,
    end,
  })
}

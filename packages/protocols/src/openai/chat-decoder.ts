/**
 * OpenAI Chat Completions chunks (`client.chat.completions.create({ stream: true })`, and the many
 * OpenAI-compatible servers) → Palimpsest updates.
 *
 * One completion is one turn; each choice is one assistant message (id = the completion id, or
 * `<id>:<index>` for choices after the first). Text, refusal text, reasoning (`reasoning_content`
 * or `reasoning`, which OpenAI-compatible servers such as DeepSeek, vLLM and OpenRouter send) and
 * function-call argument deltas (matched by `index`, since only the first delta of a call carries
 * its id) stream into that message. A refusal finishes the message with status `refusal`. Function
 * calls stay `in_progress` once their arguments are complete: your code runs them.
 */
import type { Decoder, DecoderOptions, EndReason } from '@palimpsest/core'
import { createDecoderKit } from '../decoding/decoder-kit'
import { readWireObject, stringOf as str, type WireObject } from '../decoding/wire-object'
import { createIdPrefix } from '../id-prefix'
import { createTextSegments } from './text-segments'
import { readOpenAiUsage } from './usage'

export type OpenAiChatDecoderOptions = DecoderOptions

interface ChoiceState {
  messageId: string
  refused: boolean
  finished: boolean
  /** Tool call index → id and name (some servers repeat both on every delta). */
  toolCalls: Map<number, { id: string; name?: string }>
}

const source = 'openai-chat'

export function createOpenAiChatDecoder(options: OpenAiChatDecoderOptions = {}): Decoder {
  const { emit, issue, decoder } = createDecoderKit({ source, onIssue: options.onIssue })
  const segments = createTextSegments()
  const idPrefix = createIdPrefix(source)

  let completionId: string | undefined
  /** The message id of a completion that came without an id (some OpenAI-compatible servers). */
  let unnamedId: string | undefined
  let unnamedCompletions = 0
  let turnOpen = false
  let stopReason: string | undefined
  let choices = new Map<number, ChoiceState>()

  const endTurn = (reason?: string) => {
    for (const choice of choices.values()) {
      if (!choice.finished && choice.refused)
        emit({ type: 'message-done', messageId: choice.messageId, status: 'refusal' })
    }
    const stop = reason ?? stopReason
    emit({
      type: 'turn-end',
      ...(stop !== undefined && { stopReason: stop }),
      ...(completionId !== undefined && { responseId: completionId }),
    })
    turnOpen = false
    completionId = undefined
    unnamedId = undefined
    stopReason = undefined
    choices = new Map()
  }

  const choiceState = (index: number): ChoiceState => {
    let choice = choices.get(index)
    if (choice) return choice
    if (completionId === undefined && unnamedId === undefined) unnamedId = `${idPrefix}-${++unnamedCompletions}`
    const base = completionId ?? (unnamedId as string)
    choice = {
      messageId: index === 0 ? base : `${base}:${index}`,
      refused: false,
      finished: false,
      toolCalls: new Map(),
    }
    choices.set(index, choice)
    emit({ type: 'message-start', messageId: choice.messageId, role: 'assistant' })
    return choice
  }

  const appendToolCall = (choice: ChoiceState, call: WireObject) => {
    const index = typeof call.index === 'number' ? call.index : 0
    const fn = (typeof call.function === 'object' && call.function !== null ? call.function : {}) as WireObject
    const name = str(fn.name) || undefined
    const known = choice.toolCalls.get(index)
    let toolCallId = known?.id
    if (toolCallId === undefined) {
      // Some OpenAI-compatible servers never send an id: name the call after its place.
      toolCallId = str(call.id) || `${choice.messageId}:tool-${index}`
      choice.toolCalls.set(index, { id: toolCallId, ...(name !== undefined && { name }) })
      segments.interrupt(choice.messageId)
      emit({
        type: 'tool-call',
        messageId: choice.messageId,
        toolCallId,
        status: 'pending',
        ...(name !== undefined && { name }),
      })
    } else if (name !== undefined && known !== undefined && name !== known.name) {
      known.name = name
      emit({ type: 'tool-call-update', toolCallId, name })
    }
    const args = str(fn.arguments)
    if (args) emit({ type: 'tool-call-delta', toolCallId, inputText: args, messageId: choice.messageId })
  }

  const decodeChoice = (raw: unknown) => {
    if (typeof raw !== 'object' || raw === null) return issue('malformed-chunk', 'a choice must be an object', raw)
    const c = raw as WireObject
    const index = typeof c.index === 'number' ? c.index : 0
    const choice = choiceState(index)
    const delta = (typeof c.delta === 'object' && c.delta !== null ? c.delta : {}) as WireObject
    const reasoning = str(delta.reasoning_content) ?? str(delta.reasoning)
    if (reasoning) {
      emit({
        type: 'thought',
        messageId: choice.messageId,
        text: segments.prefix(choice.messageId, 'reasoning', 'reasoning') + reasoning,
      })
    }
    const content = str(delta.content)
    if (content === undefined && delta.content !== undefined && delta.content !== null)
      issue('malformed-chunk', 'delta.content must be a string; dropped', c)
    if (content) {
      emit({
        type: 'chunk',
        messageId: choice.messageId,
        text: segments.prefix(choice.messageId, 'text', 'content') + content,
      })
    }
    const refusal = str(delta.refusal)
    if (refusal) {
      choice.refused = true
      emit({
        type: 'chunk',
        messageId: choice.messageId,
        text: segments.prefix(choice.messageId, 'text', 'refusal') + refusal,
      })
    }
    if (Array.isArray(delta.tool_calls)) {
      for (const call of delta.tool_calls) {
        if (typeof call === 'object' && call !== null) appendToolCall(choice, call as WireObject)
        else issue('malformed-chunk', 'a tool call delta must be an object', call)
      }
    }
    // The deprecated single `function_call` is a tool call without an id.
    if (typeof delta.function_call === 'object' && delta.function_call !== null)
      appendToolCall(choice, { index: -1, id: `${choice.messageId}:function`, function: delta.function_call })
    const finish = str(c.finish_reason)
    if (finish !== undefined && !choice.finished) {
      if (finish === 'content_filter') choice.refused = true
      choice.finished = true
      emit({ type: 'message-done', messageId: choice.messageId, status: choice.refused ? 'refusal' : 'complete' })
      if (index === 0) stopReason = choice.refused ? 'refusal' : finish
    }
  }

  const end = (reason: EndReason) => {
    if (!turnOpen) return
    if (reason === 'interrupted') {
      for (const choice of choices.values())
        if (!choice.finished) emit({ type: 'message-done', messageId: choice.messageId, status: 'interrupted' })
      return
    }
    endTurn(reason === 'complete' ? undefined : reason)
  }

  return decoder({
    read: readWireObject,
    doneMarker: 'ends-stream',
    decode(chunk) {
      if (chunk.error !== undefined && chunk.choices === undefined) {
        // OpenAI-compatible servers report a failure mid-stream as `{ error: { message } }`.
        const error = (typeof chunk.error === 'object' && chunk.error !== null ? chunk.error : {}) as WireObject
        const message = str(error.message) ?? str(chunk.error) ?? 'The completion failed'
        const code = str(error.code) ?? str(error.type)
        emit({
          type: 'error',
          ...(completionId !== undefined && { messageId: completionId }),
          message,
          ...(code && { code }),
        })
        if (turnOpen) endTurn('error')
        return
      }
      if (!Array.isArray(chunk.choices))
        return issue('malformed-chunk', 'a chat completion chunk needs a "choices" array', chunk)
      // An empty id names nothing (a message id must not be empty): read as a completion without one.
      const id = str(chunk.id) || undefined
      if (turnOpen && id !== undefined && completionId !== undefined && id !== completionId) endTurn()
      if (!turnOpen) {
        turnOpen = true
        completionId = id
        emit({ type: 'turn-start', ...(id !== undefined && { responseId: id }) })
      }
      for (const choice of chunk.choices) decodeChoice(choice)
      const usage = readOpenAiUsage(chunk.usage)
      if (usage) {
        const first = choiceState(0)
        emit({ type: 'usage', messageId: first.messageId, usage })
      }
    },
    end,
  })
}

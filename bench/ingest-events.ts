/**
 * One agent turn — reasoning, tool calls with streamed JSON arguments and results, then one long
 * answer — written once as a neutral plan and translated into the two wire formats the ingest
 * peers read: AG-UI events and AI SDK UI-message-stream chunks. Delta for delta, the same stream.
 */
import type { BaseEvent } from '@ag-ui/client'
import type { UIMessageChunk } from 'ai'
import { chunkText } from './chunking'

export interface TurnPlan {
  answerId: string
  reasoningId: string
  reasoningDeltas: string[]
  tools: { id: string; name: string; argumentDeltas: string[]; input: unknown; output: string }[]
  answerDeltas: string[]
}

export interface TurnShape {
  answer: string
  reasoning: string
  toolCalls: number
  seed: number
}

export function planTurn({ answer, reasoning, toolCalls, seed }: TurnShape): TurnPlan {
  const tools = Array.from({ length: toolCalls }, (_, i) => {
    const input = { path: `src/module-${i}.ts`, query: reasoning.slice(i * 97, i * 97 + 300), limit: 20 + i }
    return {
      id: `call-${i}`,
      name: i % 2 ? 'read_file' : 'search',
      argumentDeltas: chunkText(JSON.stringify(input), seed + 100 + i),
      input,
      output: answer.slice(i * 211, i * 211 + 600),
    }
  })
  return {
    answerId: 'answer',
    reasoningId: 'reasoning',
    reasoningDeltas: chunkText(reasoning, seed + 1),
    tools,
    answerDeltas: chunkText(answer, seed),
  }
}

/** AG-UI 1.0: a run with a reasoning message, tool calls on an assistant message, then the answer. */
export function agUiEvents(plan: TurnPlan): BaseEvent[] {
  const events: Record<string, unknown>[] = [{ type: 'RUN_STARTED', threadId: 'thread', runId: 'run' }]
  events.push({ type: 'REASONING_START', messageId: plan.reasoningId })
  events.push({ type: 'REASONING_MESSAGE_START', messageId: plan.reasoningId, role: 'reasoning' })
  for (const delta of plan.reasoningDeltas)
    events.push({ type: 'REASONING_MESSAGE_CONTENT', messageId: plan.reasoningId, delta })
  events.push({ type: 'REASONING_MESSAGE_END', messageId: plan.reasoningId })
  events.push({ type: 'REASONING_END', messageId: plan.reasoningId })
  events.push({ type: 'TEXT_MESSAGE_START', messageId: plan.answerId, role: 'assistant' })
  for (const tool of plan.tools) {
    events.push({
      type: 'TOOL_CALL_START',
      toolCallId: tool.id,
      toolCallName: tool.name,
      parentMessageId: plan.answerId,
    })
    for (const delta of tool.argumentDeltas) events.push({ type: 'TOOL_CALL_ARGS', toolCallId: tool.id, delta })
    events.push({ type: 'TOOL_CALL_END', toolCallId: tool.id })
    events.push({
      type: 'TOOL_CALL_RESULT',
      messageId: `${tool.id}-result`,
      toolCallId: tool.id,
      content: tool.output,
      role: 'tool',
    })
  }
  for (const delta of plan.answerDeltas) events.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: plan.answerId, delta })
  events.push({ type: 'TEXT_MESSAGE_END', messageId: plan.answerId })
  events.push({ type: 'RUN_FINISHED', threadId: 'thread', runId: 'run' })
  return events as unknown as BaseEvent[]
}

/** The AI SDK UI message stream of the same turn (one assistant message with its parts). */
export function aiSdkChunks(plan: TurnPlan): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [{ type: 'start', messageId: plan.answerId }, { type: 'start-step' }]
  chunks.push({ type: 'reasoning-start', id: plan.reasoningId })
  for (const delta of plan.reasoningDeltas) chunks.push({ type: 'reasoning-delta', id: plan.reasoningId, delta })
  chunks.push({ type: 'reasoning-end', id: plan.reasoningId })
  for (const tool of plan.tools) {
    chunks.push({ type: 'tool-input-start', toolCallId: tool.id, toolName: tool.name })
    for (const delta of tool.argumentDeltas)
      chunks.push({ type: 'tool-input-delta', toolCallId: tool.id, inputTextDelta: delta })
    chunks.push({ type: 'tool-input-available', toolCallId: tool.id, toolName: tool.name, input: tool.input })
    chunks.push({ type: 'tool-output-available', toolCallId: tool.id, output: tool.output })
  }
  chunks.push({ type: 'text-start', id: plan.answerId })
  for (const delta of plan.answerDeltas) chunks.push({ type: 'text-delta', id: plan.answerId, delta })
  chunks.push({ type: 'text-end', id: plan.answerId })
  chunks.push({ type: 'finish-step' }, { type: 'finish' })
  return chunks
}

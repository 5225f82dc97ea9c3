/**
 * Reads the same UI message stream bytes twice: through our SSE transport and decoder, and
 * through the AI SDK's own parser and `readUIMessageStream`; both results are reduced to the
 * fields a reader sees, so they can be compared.
 */
import { createTranscriptStore, type Issue, type Message, type TranscriptState } from '@palimpsest/core'
import { type AiSdkDecoderOptions, createAiSdkDecoder } from '@palimpsest/protocols/ai-sdk'
import { sseEvents } from '@palimpsest/protocols/transports'
import {
  parseJsonEventStream,
  readUIMessageStream,
  type UIMessage,
  type UIMessageChunk,
  uiMessageChunkSchema,
} from 'ai'

export interface ComparablePart {
  kind: string
  text?: string
  toolCallId?: string
  name?: string
  status?: string
  input?: unknown
  output?: unknown
  error?: string
  url?: string
  title?: string
  data?: unknown
}

export async function readWithPalimpsest(
  bytes: Uint8Array<ArrayBuffer>,
  options: AiSdkDecoderOptions = {},
): Promise<{ state: TranscriptState; issues: Issue[] }> {
  const issues: Issue[] = []
  const onIssue = (issue: Issue) => issues.push(issue)
  const store = createTranscriptStore({ schedule: 'sync', onIssue })
  const decoder = createAiSdkDecoder({ ...options, onIssue })
  for await (const event of sseEvents(new Response(bytes))) store.getState().apply(decoder.decode(event.data))
  store.getState().apply(decoder.end())
  return { state: store.getState(), issues }
}

/** The AI SDK's final message, and the errors it reported (an `error` chunk is one). */
export async function readWithAiSdk(bytes: Uint8Array<ArrayBuffer>): Promise<{ message: UIMessage; errors: string[] }> {
  const errors: string[] = []
  const body = new Response(bytes).body as ReadableStream<Uint8Array>
  const chunks = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(result, controller) {
        if (!result.success) throw result.error
        controller.enqueue(result.value as UIMessageChunk)
      },
    }),
  )
  let last: UIMessage | undefined
  for await (const message of readUIMessageStream({ stream: chunks, onError: (error) => errors.push(String(error)) }))
    last = message
  if (!last) throw new Error('the AI SDK built no message')
  return { message: last, errors }
}

const toolStatus: Record<string, string> = {
  'input-streaming': 'in_progress',
  'input-available': 'in_progress',
  'approval-requested': 'pending',
  'approval-responded': 'in_progress',
  'output-available': 'completed',
  'output-error': 'failed',
  'output-denied': 'cancelled',
}

/** The AI SDK message's parts as a reader sees them (step markers carry nothing visible). */
export function comparableAiSdkParts(message: UIMessage): ComparablePart[] {
  const parts: ComparablePart[] = []
  for (const part of message.parts) {
    if (part.type === 'text' || part.type === 'reasoning') parts.push({ kind: part.type, text: part.text })
    else if (part.type === 'source-url')
      parts.push({ kind: 'source', url: part.url, ...(part.title !== undefined && { title: part.title }) })
    else if (part.type === 'source-document') parts.push({ kind: 'source', title: part.title })
    else if (part.type === 'file') parts.push({ kind: 'file', url: part.url })
    else if (part.type.startsWith('data-'))
      parts.push({ kind: 'data', name: part.type.slice(5), data: (part as { data: unknown }).data })
    else if (part.type === 'dynamic-tool' || part.type.startsWith('tool-')) {
      const tool = part as {
        type: string
        toolName?: string
        toolCallId: string
        state: string
        input?: unknown
        output?: unknown
        errorText?: string
      }
      parts.push({
        kind: 'tool-call',
        toolCallId: tool.toolCallId,
        name: tool.type === 'dynamic-tool' ? tool.toolName : tool.type.slice('tool-'.length),
        status: toolStatus[tool.state] ?? tool.state,
        input: tool.input,
        ...(tool.output !== undefined && { output: tool.output }),
        ...(tool.errorText !== undefined && { error: tool.errorText }),
      })
    }
  }
  return parts
}

/** Our message's parts, with the same fields. */
export function comparablePalimpsestParts(message: Message | undefined): ComparablePart[] {
  const parts: ComparablePart[] = []
  for (const part of message?.parts ?? []) {
    if (part.kind === 'text' || part.kind === 'reasoning') parts.push({ kind: part.kind, text: part.text })
    else if (part.kind === 'source')
      parts.push({
        kind: 'source',
        ...(part.url !== undefined && { url: part.url }),
        ...(part.title !== undefined && { title: part.title }),
      })
    else if (part.kind === 'file') parts.push({ kind: 'file', ...(part.url !== undefined && { url: part.url }) })
    else if (part.kind === 'data')
      parts.push({ kind: 'data', ...(part.name !== undefined && { name: part.name }), data: part.data })
    else if (part.kind === 'tool-call')
      parts.push({
        kind: 'tool-call',
        toolCallId: part.toolCallId,
        ...(part.name !== undefined && { name: part.name }),
        status: part.status,
        input: part.input,
        ...(part.output !== undefined && { output: part.output }),
        ...(part.error !== undefined && { error: part.error }),
      })
  }
  return parts
}

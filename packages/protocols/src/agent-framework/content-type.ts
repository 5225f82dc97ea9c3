/**
 * One name per content kind, whichever runtime wrote it: Python tags contents with a snake_case
 * `type`, .NET with a camelCase `$type` whose names sometimes differ (`reasoning`, `inputRequest`).
 */
import type { WireObject } from '../decoding/wire-object'

const dotNetAliases: Record<string, string> = {
  reasoning: 'text_reasoning',
  inputRequest: 'user_input_request',
  inputResponse: 'user_input_response',
  webSearchToolCall: 'search_tool_call',
  webSearchToolResult: 'search_tool_result',
}

function snakeCase(camel: string): string {
  return camel.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

/** The Python name of a content item's kind, or undefined when it carries no tag. */
export function contentType(content: WireObject): string | undefined {
  if (typeof content.type === 'string' && content.type !== '') return content.type
  const tag = content.$type
  if (typeof tag !== 'string' || tag === '') return undefined
  return dotNetAliases[tag] ?? snakeCase(tag)
}

/** Hosted (service-side) tool activity: shown as tool calls, for information only. */
export interface HostedToolKind {
  name: string
  toolKind: 'execute' | 'search' | 'other'
  phase: 'call' | 'result'
}

const hostedTools: Record<string, HostedToolKind> = {
  code_interpreter_tool_call: { name: 'code_interpreter', toolKind: 'execute', phase: 'call' },
  code_interpreter_tool_result: { name: 'code_interpreter', toolKind: 'execute', phase: 'result' },
  image_generation_tool_call: { name: 'image_generation', toolKind: 'other', phase: 'call' },
  image_generation_tool_result: { name: 'image_generation', toolKind: 'other', phase: 'result' },
  mcp_server_tool_call: { name: 'mcp', toolKind: 'other', phase: 'call' },
  mcp_server_tool_result: { name: 'mcp', toolKind: 'other', phase: 'result' },
  search_tool_call: { name: 'search', toolKind: 'search', phase: 'call' },
  search_tool_result: { name: 'search', toolKind: 'search', phase: 'result' },
  shell_tool_call: { name: 'shell', toolKind: 'execute', phase: 'call' },
  shell_tool_result: { name: 'shell', toolKind: 'execute', phase: 'result' },
  tool_call: { name: 'tool', toolKind: 'other', phase: 'call' },
  tool_result: { name: 'tool', toolKind: 'other', phase: 'result' },
}

export function hostedToolKind(type: string): HostedToolKind | undefined {
  return Object.hasOwn(hostedTools, type) ? hostedTools[type] : undefined
}

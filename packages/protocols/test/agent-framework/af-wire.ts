/** Builders for Agent Framework wire messages in the shapes the reference documents. */
import type {
  DotNetAgentResponseUpdate,
  DotNetContent,
  PythonAgentResponseUpdate,
  PythonContent,
} from '@palimpsest/protocols/agent-framework'

/** A Python `AgentResponseUpdate.to_dict()` from an assistant agent. */
export function pyUpdate(
  contents: PythonContent[],
  extra: Partial<PythonAgentResponseUpdate> = {},
): PythonAgentResponseUpdate {
  return {
    type: 'agent_response_update',
    contents,
    role: 'assistant',
    author_name: 'WeatherAgent',
    additional_properties: {},
    ...extra,
  }
}

export const pyText = (text: string): PythonContent => ({ type: 'text', text, additional_properties: {} })

export const pyReasoning = (text: string, id = 'rs_abc'): PythonContent => ({
  type: 'text_reasoning',
  text,
  id,
  additional_properties: {},
})

export function pyCall(callId: string, name: string, args?: string | Record<string, unknown>): PythonContent {
  return {
    type: 'function_call',
    call_id: callId,
    name,
    ...(args !== undefined && { arguments: args }),
    additional_properties: {},
  }
}

/** A tool result as the function-invocation loop emits it: its own `role: "tool"` update. */
export function pyResult(
  callId: string,
  result: string,
  extra: Record<string, unknown> = {},
): PythonAgentResponseUpdate {
  return {
    type: 'agent_response_update',
    contents: [
      {
        type: 'function_result',
        call_id: callId,
        result,
        items: [{ type: 'text', text: result, additional_properties: {} }],
        additional_properties: {},
        ...extra,
      },
    ],
    role: 'tool',
    author_name: 'WeatherAgent',
  }
}

export function pyUsage(input: number, output: number, extra: Record<string, number> = {}): PythonContent {
  return {
    type: 'usage',
    usage_details: {
      input_token_count: input,
      output_token_count: output,
      total_token_count: input + output,
      ...extra,
    },
    additional_properties: {},
  }
}

/** A .NET `AgentResponseUpdate` (camelCase, `$type` contents). */
export function netUpdate(
  contents: DotNetContent[],
  extra: Partial<DotNetAgentResponseUpdate> = {},
): DotNetAgentResponseUpdate {
  return { authorName: 'WeatherAgent', role: 'assistant', contents, ...extra }
}

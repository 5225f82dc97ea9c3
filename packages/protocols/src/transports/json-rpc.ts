/**
 * Newline-delimited JSON-RPC 2.0: the ACP stdio framing (one message per `\n`-terminated line)
 * and Agentex's NDJSON `message/send` responses.
 */
import type { IssueHandler } from '@palimpsest/core'
import { safeReporter } from '../safe-reporter'
import type { ByteSource } from './byte-source'
import { type NdjsonOptions, ndjsonLines } from './ndjson'

export type JsonRpcId = string | number | null

export interface JsonRpcRequest {
  jsonrpc: '2.0'
  id: JsonRpcId
  method: string
  params?: unknown
}

export interface JsonRpcNotification {
  jsonrpc: '2.0'
  method: string
  params?: unknown
}

export interface JsonRpcResponse {
  jsonrpc: '2.0'
  id: JsonRpcId
  result?: unknown
  error?: { code: number; message: string; data?: unknown } | null
}

export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse

export interface JsonRpcOptions extends NdjsonOptions {
  /** Receives every line that is not a JSON-RPC 2.0 message; the line is skipped and the stream goes on. */
  onIssue?: IssueHandler
}

/** Yields each JSON-RPC message of the stream, parsed; a batch (a JSON array) yields its members in order. */
export async function* jsonRpcMessages(
  source: ByteSource,
  options: JsonRpcOptions = {},
): AsyncGenerator<JsonRpcMessage, void> {
  const report = safeReporter(options.onIssue)
  for await (const line of ndjsonLines(source, options)) {
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch (error) {
      report({
        code: 'malformed-json',
        message: `json-rpc: a line is not JSON (${String(error)})`,
        input: line.slice(0, 200),
        source: 'json-rpc',
      })
      continue
    }
    for (const member of Array.isArray(value) ? value : [value]) {
      const problem = findJsonRpcProblem(member)
      if (problem)
        report({ code: 'malformed-json-rpc', message: `json-rpc: ${problem}`, input: member, source: 'json-rpc' })
      else yield member as JsonRpcMessage
    }
  }
}

function findJsonRpcProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a message must be a JSON object'
  const message = value as Record<string, unknown>
  if (message.jsonrpc !== '2.0') return 'a message must have "jsonrpc": "2.0"'
  const id = message.id
  if ('id' in message && id !== null && typeof id !== 'string' && typeof id !== 'number')
    return 'an id must be a string, a number or null'
  if ('method' in message) return typeof message.method === 'string' ? undefined : 'a method must be a string'
  if (!('id' in message)) return 'a message needs a method (request, notification) or an id (response)'
  if (!('result' in message) && !('error' in message)) return 'a response needs a result or an error'
  return undefined
}

/**
 * `@palimpsest/protocols/agentex`: decodes Agentex task streams (SSE `data:` objects of async
 * agents, NDJSON JSON-RPC lines of sync agents' `message/send`) into Palimpsest updates.
 */
export { type AgentexDecoderOptions, createAgentexDecoder } from './decoder'
export type * from './wire-types'

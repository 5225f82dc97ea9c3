/**
 * Verified against the real thing: every ACP fixture and recorded-trace message of a published kind
 * validates against the JSON Schema the SDK publishes (`@agentclientprotocol/sdk/schema/…`,
 * turned into a validator by zod's `fromJSONSchema`); the clear proposal's messages validate
 * against the shape its RFD defines, and not against the published v1 schema.
 */
import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { traceSet } from '../../src/traces/acp'
import { clearProposalFixtures, v1Fixtures, v1UnstableFixtures, v2Fixtures } from './fixtures'
import { decodeAll } from './harness'

const require = createRequire(import.meta.url)

interface PublishedSchema {
  $defs: Record<string, { oneOf?: { properties?: { sessionUpdate?: { const?: string } } }[]; anyOf?: unknown[] }>
}

/**
 * zod cannot express JSON Schema's `not`, which the schemas use only in the open `other` branch of
 * their unions (catch-alls for future variants). Removing those branches only makes validation
 * stricter: a fixture must match a published variant.
 */
const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

function withoutCatchAlls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCatchAlls)
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) {
    const union = (key === 'anyOf' || key === 'oneOf') && Array.isArray(child)
    copy[key] = withoutCatchAlls(union ? child.filter((branch) => !(isObject(branch) && 'not' in branch)) : child)
  }
  return copy
}

function load(path: string): PublishedSchema {
  return withoutCatchAlls(require(`@agentclientprotocol/sdk/schema/${path}`)) as PublishedSchema
}

type JsonSchema = Parameters<typeof z.fromJSONSchema>[0]
const validators = new Map<string, z.ZodType>()

/** A validator for one definition of a published schema, or for its root (every message). */
function validator(version: Version, name?: string): z.ZodType {
  const key = `${version}:${name ?? ''}`
  let built = validators.get(key)
  if (!built) {
    const { $defs } = published[version]
    const root = published[version] as unknown as { anyOf: unknown; $schema: string }
    built = z.fromJSONSchema(
      (name === undefined
        ? { $schema: root.$schema, $defs, anyOf: root.anyOf }
        : { $schema: root.$schema, $defs, $ref: `#/$defs/${name}` }) as JsonSchema,
    )
    validators.set(key, built)
  }
  return built
}

/** The `sessionUpdate` kinds a schema publishes. */
function kindsOf(schema: PublishedSchema): Set<string> {
  const variants = (schema.$defs.SessionUpdate?.oneOf ?? schema.$defs.SessionUpdate?.anyOf ?? []) as {
    properties?: { sessionUpdate?: { const?: string } }
  }[]
  return new Set(variants.map((v) => v.properties?.sessionUpdate?.const).filter((k): k is string => k !== undefined))
}

const published = {
  v1: load('v1/schema.json'),
  v1Unstable: load('v1/schema.unstable.json'),
  v2: load('v2/schema.json'),
  v2Unstable: load('v2/schema.unstable.json'),
}

/** The RFD's wire shape: `{ sessionUpdate: "agent_message_clear" }` with an optional `messageId` (2026-03-15 revision). */
const clearProposal = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.literal('session/update'),
  params: z.object({
    sessionId: z.string(),
    update: z.strictObject({
      sessionUpdate: z.enum(['agent_message_clear', 'agent_thought_clear']),
      messageId: z.string().optional(),
      _meta: z.record(z.string(), z.unknown()).nullable().optional(),
    }),
  }),
})

type Version = keyof typeof published

/** Validates one JSON-RPC message against a published version; returns the problems. */
function problemsIn(message: unknown, version: Version): string[] {
  const problems: string[] = []
  const check = (validator: z.ZodType, value: unknown, what: string) => {
    const result = validator.safeParse(value)
    if (!result.success) problems.push(`${what}: ${result.error.message.slice(0, 400)}`)
  }
  const m = message as { method?: string; params?: unknown; result?: unknown }
  check(validator(version), message, 'message')
  // v2 renamed the definition of `session/update` params.
  const notification = version.startsWith('v2') ? 'UpdateSessionNotification' : 'SessionNotification'
  if (m.method === 'session/update') check(validator(version, notification), m.params, notification)
  else if (m.method === 'session/request_permission')
    check(validator(version, 'RequestPermissionRequest'), m.params, 'RequestPermissionRequest')
  else if (m.method === 'session/prompt') check(validator(version, 'PromptRequest'), m.params, 'PromptRequest')
  else if (m.method === 'session/load') check(validator(version, 'LoadSessionRequest'), m.params, 'LoadSessionRequest')
  else if (m.result !== undefined) check(validator(version, 'PromptResponse'), m.result, 'PromptResponse')
  return problems
}

const kindOf = (message: unknown) =>
  (message as { params?: { update?: { sessionUpdate?: string } } }).params?.update?.sessionUpdate

describe('fixtures validate against the SDK 2.4.0 published schema', () => {
  const groups: [string, Record<string, unknown>, Version][] = [
    ['v1', v1Fixtures, 'v1'],
    ['v1 unstable', v1UnstableFixtures, 'v1Unstable'],
    ['v2 draft', v2Fixtures, 'v2'],
    ['v2 draft, newest unstable', v2Fixtures, 'v2Unstable'],
  ]
  for (const [group, fixtures, version] of groups) {
    test.each(Object.entries(fixtures))(`${group}: %s`, (_name, message) => {
      expect(problemsIn(message, version)).toEqual([])
    })
  }

  test('the validator is not vacuous: it rejects what the schema forbids', () => {
    const bad = [
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: { sessionId: 's', update: { sessionUpdate: 'tool_call', toolCallId: 'x' } },
      },
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: { sessionId: 's', update: { sessionUpdate: 'current_mode_update', modeId: 'code' } },
      },
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: { sessionId: 's', update: { sessionUpdate: 'usage_update', used: '1', size: 2 } },
      },
      { jsonrpc: '2.0', id: 2, result: { stopReason: 'done' } },
    ]
    for (const message of bad) expect(problemsIn(message, 'v1')).not.toEqual([])
  })

  test.each(Object.entries(clearProposalFixtures))(
    'clear proposal: %s has the RFD shape and is not in the v1 schema',
    (_name, message) => {
      expect(clearProposal.safeParse(message).success).toBe(true)
      expect(problemsIn(message, 'v1')).not.toEqual([])
    },
  )

  test('every fixture decodes without a report', () => {
    expect(decodeAll(Object.values(v1Fixtures)).issues).toEqual([])
    expect(decodeAll(Object.values(v1UnstableFixtures)).issues).toEqual([])
    expect(decodeAll(Object.values(v2Fixtures), { protocolVersion: 2 }).issues).toEqual([])
    expect(decodeAll([v1Fixtures.agent_message_chunk, ...Object.values(clearProposalFixtures)]).issues).toEqual([])
  })
})

describe('recorded ACP traces use only published kinds (or the clear proposal)', () => {
  const v1Kinds = kindsOf(published.v1)
  const v2Kinds = kindsOf(published.v2)
  const proposalKinds = new Set(['agent_message_clear', 'agent_thought_clear'])
  const messages = traceSet.traces.flatMap((trace) =>
    trace.events.map((event, index) => [`${trace.name} #${index} ${kindOf(event.wire) ?? ''}`, event.wire] as const),
  )

  test('there are traces to check', () => {
    expect(traceSet.traces.length).toBeGreaterThanOrEqual(4)
  })

  test.each(messages)('%s', (_name, message) => {
    const kind = kindOf(message)
    if (kind !== undefined && proposalKinds.has(kind))
      return void expect(clearProposal.safeParse(message).success).toBe(true)
    // A kind v1 publishes is checked against v1; the v2 draft's own kinds against v2.
    const version: Version = kind === undefined || v1Kinds.has(kind) ? 'v1' : 'v2'
    if (version === 'v2') expect(v2Kinds.has(kind as string)).toBe(true)
    expect(problemsIn(message, version)).toEqual([])
  })
})

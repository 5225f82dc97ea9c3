/**
 * Verified against the real thing: an agent built with the official TypeScript SDK
 * (`@agentclientprotocol/sdk` 2.4.0) talks NDJSON to an SDK client over an in-memory stream pair.
 * Every JSON-RPC message crossing the client's side of the pipe also goes through our decoder.
 */
import * as acp from '@agentclientprotocol/sdk'
import { createTranscriptStore, type Issue, toMarkdown } from '@palimpsest/core'
import { createAcpDecoder } from '@palimpsest/protocols/acp'
import { expect, test, vi } from 'vitest'

type Update = acp.SessionUpdate

/** Client and agent ends of an in-memory NDJSON connection. */
function streamPair() {
  const agentToClient = new TransformStream<Uint8Array, Uint8Array>()
  const clientToAgent = new TransformStream<Uint8Array, Uint8Array>()
  return {
    agent: acp.ndJsonStream(agentToClient.writable, clientToAgent.readable),
    client: acp.ndJsonStream(clientToAgent.writable, agentToClient.readable),
  }
}

/** Passes every message through, handing each to `see` first. */
function tap<T>(see: (message: T) => void) {
  return new TransformStream<T, T>({
    transform(message, controller) {
      see(message)
      controller.enqueue(message)
    },
  })
}

test('an SDK agent streams a turn (thought, tool call, permission, clear and re-push) into the decoder', async () => {
  const agentUpdates: Update[] = [
    { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'test', description: 'Run the tests' }] },
    { sessionUpdate: 'agent_thought_chunk', messageId: 'm1', content: { type: 'text', text: 'The test imports a ' } },
    { sessionUpdate: 'agent_thought_chunk', messageId: 'm1', content: { type: 'text', text: 'renamed helper.' } },
    { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: { type: 'text', text: 'I think the fix is ' } },
    { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: { type: 'text', text: 'to revert the rename.' } },
  ]
  const afterClear: Update[] = [
    {
      sessionUpdate: 'agent_message_chunk',
      messageId: 'm1',
      content: { type: 'text', text: 'Let me update the import.' },
    },
    {
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'Edit src/app.test.ts',
      kind: 'edit',
      status: 'pending',
    },
  ]
  const final: Update[] = [
    {
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_1',
      status: 'completed',
      content: [
        {
          type: 'diff',
          path: '/project/src/app.test.ts',
          oldText: "import { load } from './io'",
          newText: "import { read } from './io'",
        },
      ],
    },
    {
      sessionUpdate: 'agent_message_chunk',
      messageId: 'm2',
      content: { type: 'text', text: 'Fixed: the test imports `read`.' },
    },
    { sessionUpdate: 'usage_update', used: 1200, size: 200000 },
  ]

  let permissionAnswer: acp.RequestPermissionResponse | undefined
  const agentApp = acp
    .agent({ name: 'palimpsest-test-agent' })
    .onRequest('initialize', () => ({ protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} }))
    .onRequest('session/new', () => ({ sessionId: 'sess_sdk' }))
    .onRequest('session/prompt', async ({ params, client }) => {
      const send = (update: Update) => client.notify('session/update', { sessionId: params.sessionId, update })
      for (const update of agentUpdates) await send(update)
      // The clear proposal is not in the SDK's types: sent as the raw notification an agent would write.
      await client.notify('session/update', {
        sessionId: params.sessionId,
        update: { sessionUpdate: 'agent_message_clear' },
      })
      for (const update of afterClear) await send(update)
      permissionAnswer = await client.request('session/request_permission', {
        sessionId: params.sessionId,
        toolCall: { toolCallId: 'call_1', title: 'Edit src/app.test.ts (1 line)' },
        options: [
          { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
          { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
        ],
      })
      for (const update of final) await send(update)
      return { stopReason: 'end_turn' }
    })

  const issues: Issue[] = []
  const decoder = createAcpDecoder({ sessionId: 'sess_sdk', onIssue: (issue) => issues.push(issue) })
  const store = createTranscriptStore({ schedule: 'sync' })
  const seen: unknown[] = []
  const decode = (message: unknown) => {
    seen.push(message)
    store.getState().apply(decoder.decode(message as Record<string, unknown>))
  }

  const pair = streamPair()
  const agentConnection = agentApp.connect(pair.agent)
  // The client's own outgoing prompt is fed too, so the transcript shows what the user asked.
  const outgoing = tap<acp.AnyMessage>((message) => {
    if ('method' in message && message.method === 'session/prompt') decode(message)
  })
  void outgoing.readable.pipeTo(pair.client.writable)
  const clientStream: acp.Stream = {
    readable: pair.client.readable.pipeThrough(tap<acp.AnyMessage>(decode)),
    writable: outgoing.writable,
  }

  // The SDK's own client rejects the unmerged clear variant as invalid params and logs it; that
  // is the graceful degradation the proposal counts on. Keep the log out of the test output.
  const sdkErrors = vi.spyOn(console, 'error').mockImplementation(() => {})
  let snapshotAtPermission = ''
  const stopReason = await acp
    .client({ name: 'palimpsest-test-client' })
    .onRequest('session/request_permission', () => {
      // The approval is on screen, beside its tool call, when the agent asks.
      snapshotAtPermission = toMarkdown(store.getState(), { tools: true })
      return { outcome: { outcome: 'selected', optionId: 'allow' } }
    })
    .connectWith(clientStream, async (ctx) => {
      await ctx.request('initialize', { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} })
      const session = await ctx.buildSession('/project').start()
      const response = await session.prompt('Why does the test fail?')
      return response.stopReason
    })
  agentConnection.close()
  const rejected = sdkErrors.mock.calls.filter((call) => JSON.stringify(call).includes('session/update'))
  sdkErrors.mockRestore()
  expect(rejected).toHaveLength(1)

  expect(stopReason).toBe('end_turn')
  expect(permissionAnswer).toEqual({ outcome: { outcome: 'selected', optionId: 'allow' } })
  expect(snapshotAtPermission).toContain('- Tool `Edit src/app.test.ts (1 line)` (pending)')

  const state = store.getState()
  const messages = state.messageIds.map((id) => state.messages[id]!)
  expect(messages.map((m) => [m.role, m.status])).toEqual([
    ['user', 'complete'],
    ['assistant', 'complete'],
    ['assistant', 'complete'],
  ])
  const approval = messages[1]!.parts.find((p) => p.kind === 'approval-request')
  expect(approval).toMatchObject({
    toolCallId: 'call_1',
    status: 'pending',
    options: [{ optionId: 'allow' }, { optionId: 'reject' }],
  })
  expect(messages[1]!.parts.find((p) => p.kind === 'tool-call')).toMatchObject({
    status: 'completed',
    toolKind: 'edit',
    content: [{ type: 'diff', path: '/project/src/app.test.ts' }],
  })
  expect(state.session.commands).toEqual([{ name: 'test', description: 'Run the tests' }])
  expect(state.turns.at(-1)).toMatchObject({
    stopReason: 'end_turn',
    usage: { totalTokens: 1200, contextWindow: 200000 },
  })
  expect(toMarkdown(state, { reasoning: true, tools: true })).toBe(
    `${[
      '## User',
      'Why does the test fail?',
      '## Assistant',
      '> The test imports a renamed helper.',
      'Let me update the import.',
      '- Tool `Edit src/app.test.ts (1 line)` (completed)',
      '## Assistant',
      'Fixed: the test imports `read`.',
    ].join('\n\n')}\n`,
  )
  // The retracted guess never reaches the transcript.
  expect(toMarkdown(state)).not.toContain('revert the rename')
  // Everything the client received was JSON-RPC the decoder understood; the responses to
  // initialize and session/new carry no stop reason and are skipped without a report.
  expect(issues).toEqual([])
  expect(seen.length).toBeGreaterThan(agentUpdates.length + afterClear.length + final.length)
})

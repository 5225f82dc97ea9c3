/**
 * ACP wire fixtures: one or more JSON-RPC messages per kind the decoder reads, grouped by where
 * the kind is published. The schema test validates each against that publication; the decoder
 * test checks each decodes without a report.
 */
import { notification, sessionId } from './harness'

const text = (value: string) => ({ type: 'text', text: value })

/** Stable v1 (the SDK 2.4.0 bundled `schema/v1/schema.json`). */
export const v1Fixtures: Record<string, unknown> = {
  user_message_chunk: notification({ sessionUpdate: 'user_message_chunk', content: text('Why does the build fail?') }),
  agent_message_chunk: notification({
    sessionUpdate: 'agent_message_chunk',
    messageId: 'msg_agent_c42b9',
    content: text("I'll analyze your code for potential issues..."),
  }),
  'agent_message_chunk (null id)': notification({
    sessionUpdate: 'agent_message_chunk',
    messageId: null,
    content: text('…'),
  }),
  'agent_message_chunk (image)': notification({
    sessionUpdate: 'agent_message_chunk',
    content: { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
  }),
  'agent_message_chunk (audio)': notification({
    sessionUpdate: 'agent_message_chunk',
    content: { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
  }),
  'agent_message_chunk (resource_link)': notification({
    sessionUpdate: 'agent_message_chunk',
    content: { type: 'resource_link', uri: 'file:///project/README.md', name: 'README.md', mimeType: 'text/markdown' },
  }),
  'agent_message_chunk (resource)': notification({
    sessionUpdate: 'agent_message_chunk',
    content: {
      type: 'resource',
      resource: { uri: 'file:///project/a.ts', mimeType: 'text/x-typescript', text: 'export {}' },
    },
  }),
  agent_thought_chunk: notification({
    sessionUpdate: 'agent_thought_chunk',
    content: text('Checking the config first.'),
  }),
  tool_call: notification({
    sessionUpdate: 'tool_call',
    toolCallId: 'call_001',
    title: 'Reading configuration file',
    kind: 'read',
    status: 'pending',
  }),
  tool_call_update: notification({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'call_001',
    status: 'completed',
    content: [{ type: 'content', content: text('Analysis complete. Found 3 issues.') }],
  }),
  'tool_call_update (diff)': notification({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'call_001',
    status: 'in_progress',
    content: [{ type: 'diff', path: '/project/config.json', oldText: '{"debug": false}', newText: '{"debug": true}' }],
    locations: [{ path: '/project/config.json', line: 1 }],
  }),
  'tool_call_update (terminal)': notification({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'call_001',
    content: [{ type: 'terminal', terminalId: 'term_xyz789' }],
  }),
  plan: notification({
    sessionUpdate: 'plan',
    entries: [
      { content: 'Analyze the codebase', priority: 'high', status: 'in_progress' },
      { content: 'Create unit tests', priority: 'medium', status: 'pending' },
    ],
  }),
  available_commands_update: notification({
    sessionUpdate: 'available_commands_update',
    availableCommands: [{ name: 'web', description: 'Search the web', input: { hint: 'query' } }],
  }),
  current_mode_update: notification({ sessionUpdate: 'current_mode_update', currentModeId: 'code' }),
  config_option_update: notification({
    sessionUpdate: 'config_option_update',
    configOptions: [
      {
        id: 'mode',
        name: 'Mode',
        category: 'mode',
        type: 'select',
        currentValue: 'ask',
        options: [
          { value: 'ask', name: 'Ask' },
          { value: 'code', name: 'Code' },
        ],
      },
    ],
  }),
  session_info_update: notification({ sessionUpdate: 'session_info_update', title: 'Fix the build', updatedAt: null }),
  usage_update: notification({
    sessionUpdate: 'usage_update',
    used: 53000,
    size: 200000,
    cost: { amount: 0.045, currency: 'USD' },
  }),
  notice: notification({
    sessionUpdate: 'notice',
    severity: 'warning',
    title: 'Rate limited',
    description: 'Retrying in 5s',
  }),
  compaction_update: notification({ sessionUpdate: 'compaction_update', compactionId: 'cmp_1', status: 'in_progress' }),
  compaction_summary_chunk: notification({
    sessionUpdate: 'compaction_summary_chunk',
    compactionId: 'cmp_1',
    content: text('We fixed the parser.'),
  }),
  'session/request_permission': {
    jsonrpc: '2.0',
    id: 5,
    method: 'session/request_permission',
    params: {
      sessionId,
      toolCall: { toolCallId: 'call_001', title: 'Run `npm test`', kind: 'execute', rawInput: { command: 'npm test' } },
      options: [
        { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
        { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
      ],
    },
  },
  'session/prompt': { jsonrpc: '2.0', id: 2, method: 'session/prompt', params: { sessionId, prompt: [text('Hi')] } },
  'session/prompt response': { jsonrpc: '2.0', id: 2, result: { stopReason: 'end_turn' } },
  'session/load': {
    jsonrpc: '2.0',
    id: 1,
    method: 'session/load',
    params: { sessionId, cwd: '/project', mcpServers: [] },
  },
}

/** Unstable v1 (`schema/v1/schema.unstable.json`): plan operations. */
export const v1UnstableFixtures: Record<string, unknown> = {
  plan_update: notification({
    sessionUpdate: 'plan_update',
    plan: { type: 'items', planId: 'plan_1', entries: [{ content: 'Read', priority: 'low', status: 'pending' }] },
  }),
  plan_removed: notification({ sessionUpdate: 'plan_removed', planId: 'plan_1' }),
}

/** The v2 draft (`schema/v2/schema.json`). */
export const v2Fixtures: Record<string, unknown> = {
  agent_message_chunk: notification({ sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: text('A') }),
  agent_message: notification({ sessionUpdate: 'agent_message', messageId: 'm1', content: [text('C')] }),
  'agent_message (clear)': notification({ sessionUpdate: 'agent_message', messageId: 'm1', content: null }),
  agent_thought: notification({ sessionUpdate: 'agent_thought', messageId: 't1', content: [text('Reconsidered.')] }),
  user_message: notification({ sessionUpdate: 'user_message', messageId: 'u1', content: [text('Hi')] }),
  state_update: notification({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' }),
  'state_update (running)': notification({ sessionUpdate: 'state_update', state: 'running' }),
  tool_call_update: notification({
    sessionUpdate: 'tool_call_update',
    toolCallId: 't1',
    title: 'Fetch docs',
    kind: 'fetch',
    status: 'in_progress',
  }),
  tool_call_content_chunk: notification({
    sessionUpdate: 'tool_call_content_chunk',
    toolCallId: 't1',
    content: { type: 'content', content: text('page 1') },
  }),
  plan_update: notification({
    sessionUpdate: 'plan_update',
    plan: { type: 'items', planId: 'p1', entries: [{ content: 'Read', priority: 'low', status: 'pending' }] },
  }),
  'session/request_permission': {
    jsonrpc: '2.0',
    id: 'perm-1',
    method: 'session/request_permission',
    params: {
      sessionId,
      title: 'Delete the build directory?',
      subject: { type: 'tool_call', toolCall: { toolCallId: 't1', status: 'paused' } },
      options: [{ optionId: 'yes', name: 'Delete', kind: 'allow_once' }],
    },
  },
  'session/prompt response': { jsonrpc: '2.0', id: 3, result: { messageId: 'u1' } },
}

/** The unmerged clear proposal (RFD `agent_message_clear.mdx`, PR #465) and its phase-3 sibling. */
export const clearProposalFixtures: Record<string, unknown> = {
  agent_message_clear: notification({ sessionUpdate: 'agent_message_clear' }),
  'agent_message_clear (messageId)': notification({
    sessionUpdate: 'agent_message_clear',
    messageId: 'msg_agent_c42b9',
  }),
  agent_thought_clear: notification({ sessionUpdate: 'agent_thought_clear' }),
}

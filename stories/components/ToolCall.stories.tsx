import type { AgentUpdate, ToolCallContent, ToolCallStatus } from '@palimpsest/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { ScriptStep } from '../support/fake-agent'
import { LiveMessageFixture, MessageFixture } from '../support/MessageFixture'
import { diffNew, diffOld, terminalOutput } from '../support/sample-content'

const meta = {
  title: 'Components/ToolCall',
  parameters: {
    docs: {
      description: {
        component:
          'A tool call as a collapsible panel: title, kind, status in words, the streamed input, and what the tool produced (text, diff, terminal, locations, files, JSON). Output is always text, never HTML.',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

function toolCall(fields: Partial<Extract<AgentUpdate, { type: 'tool-call' }>>, extra: AgentUpdate[] = []) {
  const updates: AgentUpdate[] = [
    { type: 'message-start', messageId: 'a1', role: 'assistant' },
    {
      type: 'tool-call',
      messageId: 'a1',
      toolCallId: 'call-1',
      name: 'run_tests',
      title: 'Run the unit tests',
      toolKind: 'execute',
      status: 'completed',
      input: { command: 'npx vitest run test/total.test.ts' },
      ...fields,
    },
    ...extra,
  ]
  return updates
}

function withStatus(status: ToolCallStatus, label: string, extra: AgentUpdate[] = []): Story {
  const updates = toolCall({ status }, extra)
  return {
    render: () => <MessageFixture updates={updates} panels={{ 'tool-call': true }} />,
    play: async ({ canvasElement }) => {
      const badge = canvasElement.querySelector('[data-palimpsest-badge="status"]')
      await expect(badge?.textContent).toBe(label)
    },
  }
}

export const Pending: Story = withStatus('pending', 'Pending')
export const Running: Story = withStatus('in_progress', 'Running')
export const Completed: Story = withStatus('completed', 'Completed', [
  { type: 'tool-call-update', toolCallId: 'call-1', output: { passed: 3, failed: 0 } },
])
export const Failed: Story = withStatus('failed', 'Failed', [
  { type: 'tool-call-update', toolCallId: 'call-1', error: 'vitest exited with code 1: 1 test failed' },
])
export const Cancelled: Story = withStatus('cancelled', 'Cancelled')

function withContent(content: ToolCallContent[], fields: Partial<Extract<AgentUpdate, { type: 'tool-call' }>> = {}) {
  const updates = toolCall({ ...fields, content })
  return { render: () => <MessageFixture updates={updates} panels={{ 'tool-call': true }} /> } satisfies Story
}

export const TextContent: Story = withContent(
  [{ type: 'text', text: 'Searched 214 files; 3 matches for "fetchUser".' }],
  { name: 'grep', title: 'Search for fetchUser', toolKind: 'search', input: { pattern: 'fetchUser' } },
)

/** An edit as a line diff, with the file it touched. */
export const DiffContent: Story = withContent(
  [{ type: 'diff', path: 'src/total.ts', oldText: diffOld, newText: diffNew }],
  {
    name: 'edit_file',
    title: 'Edit src/total.ts',
    toolKind: 'edit',
    input: { path: 'src/total.ts' },
    locations: [{ path: 'src/total.ts', line: 3 }],
  },
)

/** A new file: a diff without old text. */
export const NewFileDiff: Story = withContent(
  [
    {
      type: 'diff',
      path: 'test/total.test.ts',
      oldText: null,
      newText: "test('empty list', () => {\n  expect(total([])).toBe(0)\n})\n",
    },
  ],
  { name: 'write_file', title: 'Create test/total.test.ts', toolKind: 'edit', input: { path: 'test/total.test.ts' } },
)

export const TerminalContent: Story = withContent([{ type: 'terminal', terminalId: 'term-7', output: terminalOutput }])

export const Locations: Story = withContent([], {
  name: 'read_file',
  title: 'Read the callers',
  toolKind: 'read',
  input: { paths: ['src/user.ts', 'src/admin.ts'] },
  locations: [{ path: 'src/user.ts', line: 12 }, { path: 'src/admin.ts', line: 48 }, { path: 'README.md' }],
})

export const JsonContent: Story = withContent([{ type: 'json', value: { rows: 2, columns: ['id', 'email'] } }], {
  name: 'query',
  title: 'Query the users table',
  toolKind: 'other',
  input: { sql: 'select id, email from users limit 2' },
})

const streamedArguments =
  '{"path": "src/total.ts", "edits": [{"line": 3, "replace": "i < items.length"}], "reason": "off by one"}'

const streamedInputScript: ScriptStep[] = [
  {
    delayMs: 100,
    updates: [
      { type: 'message-start', messageId: 'a1', role: 'assistant' },
      {
        type: 'tool-call',
        messageId: 'a1',
        toolCallId: 'call-1',
        name: 'edit_file',
        toolKind: 'edit',
        status: 'pending',
      },
    ],
  },
  ...(streamedArguments.match(/.{1,6}/g) ?? []).map(
    (inputText): ScriptStep => ({
      delayMs: 60,
      updates: [{ type: 'tool-call-delta', toolCallId: 'call-1', inputText }],
    }),
  ),
  { delayMs: 300, updates: [{ type: 'tool-call-update', toolCallId: 'call-1', status: 'in_progress' }] },
  {
    delayMs: 600,
    updates: [
      {
        type: 'tool-call-update',
        toolCallId: 'call-1',
        status: 'completed',
        content: [{ type: 'diff', path: 'src/total.ts', oldText: diffOld, newText: diffNew }],
      },
      { type: 'message-done', messageId: 'a1', status: 'complete' },
    ],
  },
]

/** Arguments arrive as partial JSON and are pretty-printed as they stream. */
export const StreamedInput: Story = {
  render: () => (
    <LiveMessageFixture script={streamedInputScript} panels={{ 'tool-call': true }} restartAfterMs={2500} />
  ),
}

/** Collapsed by default (the library default); the trigger toggles it and says so with `aria-expanded`. */
const collapsedUpdates = toolCall({}, [{ type: 'tool-call-update', toolCallId: 'call-1', output: 'ok' }])

export const Collapsed: Story = {
  render: () => <MessageFixture updates={collapsedUpdates} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = canvas.getByRole('button', { name: /Run the unit tests/ })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(trigger)
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(canvas.getByText('Input')).toBeVisible())
    await userEvent.click(trigger)
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(canvas.queryByText('Input')).toBeNull()
  },
}

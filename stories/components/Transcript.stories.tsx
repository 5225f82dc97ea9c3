import type { AgentUpdate, ApprovalRequestPart, MessageStatus } from '@palimpsest/core'
import { Transcript, type TranscriptProps } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { exchange, userMessage } from '../support/conversation'
import { type ScriptStep, streamText, streamThought, useFakeAgent } from '../support/fake-agent'
import { storeWith } from '../support/fixture-store'
import { StoryFrame } from '../support/StoryFrame'
import { codeAnswer, shortAnswers, userQuestions } from '../support/sample-content'

interface FixedTranscriptProps extends Omit<TranscriptProps, 'store'> {
  updates: AgentUpdate[]
  height?: number
}

function FixedTranscript({ updates, height, ...props }: FixedTranscriptProps) {
  const store = useMemo(() => storeWith(updates), [updates])
  return (
    <StoryFrame {...(height !== undefined && { height })}>
      <Transcript store={store} {...props} />
    </StoryFrame>
  )
}

const meta = {
  title: 'Components/Transcript',
  parameters: {
    docs: {
      description: {
        component:
          'The message list: a `role="log"` region that follows new content, announces only "responding" and "done", and renders each message as header, secondary content (reasoning, tools, plan) and primary content (the answer).',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

function endedWith(status: MessageStatus, badge: string | undefined): Story {
  return {
    render: () => <FixedTranscript updates={exchange(status)} />,
    play: async ({ canvasElement }) => {
      const answer = canvasElement.querySelector('[data-message-id="a1"]')
      await expect(answer?.getAttribute('data-status')).toBe(status)
      const shown = answer?.querySelector('[data-palimpsest-badge="message-status"]')?.textContent
      await expect(shown).toBe(badge)
    },
  }
}

/** The answer is still arriving: `aria-busy` on the log, the reasoning panel open. */
export const Streaming: Story = endedWith('streaming', undefined)
export const Complete: Story = endedWith('complete', undefined)
/** The user stopped the run: the text so far stays, the running tool call shows Cancelled. */
export const Cancelled: Story = endedWith('cancelled', 'Cancelled')
/** The provider failed mid-answer: the partial text stays and the error is shown as a part. */
export const ErrorEnding: Story = { ...endedWith('error', 'Failed'), name: 'Error' }
/** The connection dropped: the message is marked Interrupted instead of pretending to be complete. */
export const Interrupted: Story = endedWith('interrupted', 'Interrupted')
export const Refusal: Story = endedWith('refusal', 'Refused')

const liveScript: ScriptStep[] = [
  { delayMs: 300, updates: userMessage('u1', 'The total is off by one. Can you fix it?') },
  { delayMs: 200, updates: [{ type: 'message-start', messageId: 'a1', role: 'assistant' }] },
  ...streamThought('a1', 'The loop bound uses <= so it reads past the end. Check the file, then fix it.', 40),
  {
    delayMs: 200,
    updates: [
      {
        type: 'tool-call',
        messageId: 'a1',
        toolCallId: 'read-1',
        name: 'read_file',
        title: 'Read src/total.ts',
        toolKind: 'read',
        status: 'in_progress',
        locations: [{ path: 'src/total.ts', line: 3 }],
      },
    ],
  },
  { delayMs: 500, updates: [{ type: 'tool-call-update', toolCallId: 'read-1', status: 'completed' }] },
  ...streamText('a1', codeAnswer, 35),
  { delayMs: 100, updates: [{ type: 'message-done', messageId: 'a1', status: 'complete' }] },
]

function LiveTranscript() {
  const store = useMemo(() => storeWith([]), [])
  useFakeAgent(store, liveScript, { restartAfterMs: 4000 })
  return (
    <StoryFrame>
      <Transcript store={store} />
    </StoryFrame>
  )
}

/** A fake agent streams reasoning, a tool call and a markdown answer, then starts over. */
export const LiveStream: Story = { render: () => <LiveTranscript /> }

const approvalUpdates: AgentUpdate[] = [
  ...userMessage('u1', 'Delete the build cache.'),
  { type: 'message-start', messageId: 'a1', role: 'assistant' },
  {
    type: 'tool-call',
    messageId: 'a1',
    toolCallId: 'rm-1',
    name: 'shell',
    title: 'rm -rf .cache/build',
    toolKind: 'execute',
    status: 'pending',
    input: { command: 'rm -rf .cache/build' },
  },
  {
    type: 'approval-request',
    messageId: 'a1',
    requestId: 'ask-1',
    toolCallId: 'rm-1',
    title: 'Run rm -rf .cache/build?',
    description: 'This deletes 1.2 GB of cached build output.',
    options: [
      { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
      { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
  },
]

function ApprovalTranscript() {
  const store = useMemo(() => storeWith(approvalUpdates), [])
  const answer = (request: ApprovalRequestPart, approved: boolean, optionId?: string) => {
    store.getState().apply({ type: 'approval-response', requestId: request.requestId, approved, optionId })
    if (request.toolCallId)
      store.getState().apply({
        type: 'tool-call-update',
        toolCallId: request.toolCallId,
        status: approved ? 'completed' : 'cancelled',
        ...(approved && { content: [{ type: 'terminal', terminalId: 'term-1', output: 'removed .cache/build' }] }),
      })
  }
  return (
    <StoryFrame>
      <Transcript
        store={store}
        onApprove={(request, optionId) => answer(request, true, optionId)}
        onDeny={(request, optionId) => answer(request, false, optionId)}
      />
    </StoryFrame>
  )
}

/** The agent asks before running a command; the app applies the answer to the store. */
export const Approval: Story = {
  render: () => <ApprovalTranscript />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Allow once' }))
    await waitFor(() => expect(canvas.getByText('Approved: Allow once')).toBeVisible())
    await expect(canvas.queryByRole('button', { name: 'Reject' })).toBeNull()
    const tool = canvasElement.querySelector('[data-palimpsest-part="tool-call"]')
    await expect(tool?.getAttribute('data-status')).toBe('completed')
  },
}

/** Rejecting: the request shows Denied and the tool call is cancelled. */
export const ApprovalDenied: Story = {
  render: () => <ApprovalTranscript />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(canvas.getByText('Denied: Reject')).toBeVisible())
    const tool = canvasElement.querySelector('[data-palimpsest-part="tool-call"]')
    await expect(tool?.getAttribute('data-status')).toBe('cancelled')
  },
}

const longTranscriptPairs = 1500

function longTranscript(): AgentUpdate[] {
  const updates: AgentUpdate[] = []
  for (let i = 0; i < longTranscriptPairs; i++) {
    updates.push(...userMessage(`u${i}`, userQuestions[i % userQuestions.length] ?? ''))
    updates.push(
      { type: 'chunk', messageId: `a${i}`, text: `${shortAnswers[i % shortAnswers.length]} (#${i + 1})` },
      { type: 'message-done', messageId: `a${i}`, status: 'complete' },
    )
  }
  return updates
}

const longUpdates = longTranscript()

/** 3,000 messages. Settled messages skip rendering work off screen (`content-visibility: auto`). */
export const LongTranscript: Story = {
  render: () => <FixedTranscript updates={longUpdates} />,
  // Axe over 3,000 messages takes minutes; the same components are checked in every other story,
  // and the static smoke test checks this one's first messages (`large-dom`).
  tags: ['large-dom'],
  parameters: { a11y: { test: 'off' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-palimpsest-message]').length).toBe(longTranscriptPairs * 2)
    await expect(within(canvasElement).getByText(`(#${longTranscriptPairs})`, { exact: false })).toBeInTheDocument()
  },
}

/** No messages yet. */
export const Empty: Story = {
  render: () => <FixedTranscript updates={[]} height={200} />,
}

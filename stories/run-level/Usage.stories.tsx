import type { AgentUpdate } from '@palimpsest/core'
import { Transcript, TranscriptProvider, Usage } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { expect } from 'storybook/test'
import { storeWith } from '../support/fixture-store'
import { StoryFrame } from '../support/StoryFrame'

const meta = {
  title: 'Run level/Usage',
  parameters: {
    docs: {
      description: {
        component:
          'Token usage of a message, a turn (default: the latest) or the session, outside the message list. Decoders sum or replace as their protocol requires (Agent Framework usage contents add up; ACP `usage_update` replaces).',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

function Fixture({ updates, turnId }: { updates: AgentUpdate[]; turnId?: string }) {
  const store = useMemo(() => storeWith(updates), [updates])
  return (
    <TranscriptProvider store={store}>
      <StoryFrame height={200}>
        <Transcript />
      </StoryFrame>
      <footer>
        <Usage locale="en-US" {...(turnId !== undefined && { turnId })} />
      </footer>
    </TranscriptProvider>
  )
}

const answer: AgentUpdate[] = [
  { type: 'chunk', messageId: 'u1', role: 'user', text: 'Summarise the invoice.' },
  { type: 'chunk', messageId: 'a1', text: 'Invoice INV-2291 was charged twice; a refund is on its way.' },
]

/** Agent Framework: two usage contents in one run (a tool loop), summed. */
export const SummedPerTurn: Story = {
  render: () => (
    <Fixture
      updates={[
        ...answer,
        { type: 'usage', usage: { inputTokens: 318, outputTokens: 64, totalTokens: 382, reasoningTokens: 41 } },
        { type: 'usage', usage: { inputTokens: 602, outputTokens: 118, totalTokens: 720, reasoningTokens: 27 } },
        { type: 'turn-end' },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const total = canvasElement.querySelector('[data-usage="totalTokens"] dd')?.textContent
    await expect(total).toBe('1,102')
  },
}

/** ACP: tokens in context of the window, and the session cost. */
export const ContextWindowAndCost: Story = {
  render: () => (
    <Fixture
      updates={[
        ...answer,
        { type: 'session-update', session: { costCurrency: 'USD' } },
        { type: 'usage', mode: 'replace', usage: { totalTokens: 53000, contextWindow: 200000, cost: 0.045 } },
      ]}
    />
  ),
}

/** The sum over every turn of the session. */
export const Session: Story = {
  render: () => (
    <Fixture
      turnId="session"
      updates={[
        ...answer,
        { type: 'turn-end', usage: { inputTokens: 900, outputTokens: 120 } },
        { type: 'chunk', messageId: 'u2', role: 'user', text: 'Thanks!' },
        { type: 'chunk', messageId: 'a2', text: 'You are welcome.' },
        { type: 'turn-end', usage: { inputTokens: 1040, outputTokens: 8 } },
      ]}
    />
  ),
}

import type { AgentUpdate, PlanEntry } from '@palimpsest/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import type { ScriptStep } from '../support/fake-agent'
import { LiveMessageFixture, MessageFixture } from '../support/MessageFixture'

const meta = {
  title: 'Components/Plan',
  parameters: {
    docs: {
      description: {
        component:
          "The agent's plan: every `plan` update replaces it whole. Status and priority are written out, not only coloured.",
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const entries: PlanEntry[] = [
  { content: 'Read src/total.ts', status: 'completed', priority: 'high' },
  { content: 'Fix the loop bound', status: 'in_progress', priority: 'high' },
  { content: 'Add a test for the empty list', status: 'pending', priority: 'medium' },
  { content: 'Update the changelog', status: 'pending', priority: 'low' },
]

const planUpdates: AgentUpdate[] = [
  { type: 'message-start', messageId: 'a1', role: 'assistant' },
  { type: 'plan', messageId: 'a1', entries },
  { type: 'message-done', messageId: 'a1', status: 'complete' },
]

export const Default: Story = {
  render: () => <MessageFixture updates={planUpdates} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = canvas.getByRole('button', { name: /Plan/ })
    await expect(trigger).toHaveTextContent('1/4')
    await expect(canvas.getByText('In progress')).toBeVisible()
    await userEvent.click(trigger)
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  },
}

function planAt(step: number): PlanEntry[] {
  return entries.map((entry, index) => ({
    ...entry,
    status: index < step ? 'completed' : index === step ? 'in_progress' : 'pending',
  }))
}

const progressScript: ScriptStep[] = [
  { delayMs: 100, updates: [{ type: 'message-start', messageId: 'a1', role: 'assistant' }] },
  ...[0, 1, 2, 3, 4].map(
    (step): ScriptStep => ({ delayMs: 700, updates: [{ type: 'plan', messageId: 'a1', entries: planAt(step) }] }),
  ),
  { delayMs: 100, updates: [{ type: 'message-done', messageId: 'a1', status: 'complete' }] },
]

/** The plan advances entry by entry as the agent works. */
export const Progressing: Story = {
  render: () => <LiveMessageFixture script={progressScript} restartAfterMs={1500} />,
}

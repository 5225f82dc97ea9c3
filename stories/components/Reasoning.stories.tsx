import type { AgentUpdate } from '@palimpsest/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { type ScriptStep, streamText, streamThought } from '../support/fake-agent'
import { LiveMessageFixture, MessageFixture } from '../support/MessageFixture'
import { reasoningText } from '../support/sample-content'

const meta = {
  title: 'Components/Reasoning',
  parameters: {
    docs: {
      description: {
        component:
          'Reasoning in a collapsible panel: open while it streams, closed when done (configurable with `panels.reasoning`), and never re-opened by itself once the user closed it.',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const finished: AgentUpdate[] = [
  { type: 'thought', messageId: 'a1', text: reasoningText },
  { type: 'chunk', messageId: 'a1', text: 'Bring an umbrella: showers are likely in the afternoon.' },
  { type: 'message-done', messageId: 'a1', status: 'complete' },
]

/** Done reasoning with `panels={{ reasoning: true }}`: open. */
export const Open: Story = {
  render: () => <MessageFixture updates={finished} panels={{ reasoning: true }} />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Reasoning' })
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  },
}

/** Done reasoning with the default setting: closed, one click away. */
export const Closed: Story = {
  render: () => <MessageFixture updates={finished} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = canvas.getByRole('button', { name: 'Reasoning' })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(trigger)
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(canvas.getByText(/The user asks for the forecast/)).toBeVisible())
  },
}

const streamingScript: ScriptStep[] = [
  { delayMs: 100, updates: [{ type: 'message-start', messageId: 'a1', role: 'assistant' }] },
  ...streamThought('a1', `${reasoningText} ${reasoningText}`, 45),
  ...streamText('a1', 'Bring an umbrella: showers are likely in the afternoon.', 60),
  { delayMs: 100, updates: [{ type: 'message-done', messageId: 'a1', status: 'complete' }] },
]

/** Streams open ("Thinking…"), closes itself when the answer starts. */
export const Streaming: Story = {
  render: () => <LiveMessageFixture script={streamingScript} restartAfterMs={2500} />,
}

/** The user closes the panel while it streams: more reasoning arrives and it stays closed. */
export const ClosedByUserWhileStreaming: Story = {
  render: () => <LiveMessageFixture script={streamingScript} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = await canvas.findByRole('button', { name: 'Thinking…' })
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'))
    await userEvent.click(trigger)
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    const textBefore = canvasElement.querySelector('[data-palimpsest-part="reasoning"]')?.textContent
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(canvasElement.querySelector('[data-palimpsest-part="reasoning"]')?.textContent).toBe(textBefore)
  },
}

import type { AgentUpdate } from '@palimpsest/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { MessageFixture } from '../support/MessageFixture'

const meta = {
  title: 'Components/Other parts',
  parameters: {
    docs: {
      description: {
        component:
          'The remaining part kinds, each with its default component: data, files and images, sources (citations), errors, handoffs and status lines.',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

function message(...updates: AgentUpdate[]): AgentUpdate[] {
  return [
    { type: 'message-start', messageId: 'a1', role: 'assistant', author: 'Research agent' },
    ...updates,
    { type: 'message-done', messageId: 'a1', status: 'complete' },
  ]
}

const dataUpdates = message(
  { type: 'chunk', messageId: 'a1', text: 'Here is the summary as structured data:' },
  {
    type: 'data',
    messageId: 'a1',
    dataId: 'summary',
    name: 'summary',
    data: { city: 'Lisbon', rainChance: 0.7, umbrella: true },
  },
)
export const Data: Story = { render: () => <MessageFixture updates={dataUpdates} /> }

// A 2×2 PNG (a blue square), inline, so the story needs no network.
const pixel =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPjPwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=='

const fileUpdates = message(
  { type: 'chunk', messageId: 'a1', text: 'The chart and the raw data:' },
  {
    type: 'file',
    messageId: 'a1',
    fileId: 'chart',
    data: pixel,
    mimeType: 'image/png',
    name: 'chart.png',
    title: 'Rain chance by hour',
  },
  {
    type: 'file',
    messageId: 'a1',
    fileId: 'csv',
    url: 'https://example.com/forecast.csv',
    mimeType: 'text/csv',
    name: 'forecast.csv',
    size: 2048,
  },
)
export const Files: Story = { render: () => <MessageFixture updates={fileUpdates} /> }

const sourceUpdates = message(
  { type: 'chunk', messageId: 'a1', text: 'Showers are likely tomorrow afternoon in Lisbon.' },
  {
    type: 'source',
    messageId: 'a1',
    sourceId: 's1',
    url: 'https://www.ipma.pt/en/otempo/prev.localidade.hora/',
    title: 'IPMA hourly forecast',
  },
  {
    type: 'source',
    messageId: 'a1',
    sourceId: 's2',
    url: 'https://example.com/lisbon-weather',
    title: 'Lisbon weather',
  },
)
export const Sources: Story = { render: () => <MessageFixture updates={sourceUpdates} /> }

const errorUpdates = message(
  { type: 'chunk', messageId: 'a1', text: 'Looking that up' },
  { type: 'error', messageId: 'a1', code: 'rate_limited', message: 'Too many requests; try again in 20 seconds.' },
)
export const ErrorPart: Story = {
  name: 'Error',
  render: () => <MessageFixture updates={errorUpdates} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Too many requests/)).toBeVisible()
  },
}

const handoffUpdates = message(
  {
    type: 'handoff',
    messageId: 'a1',
    from: 'Triage agent',
    to: 'Billing agent',
    reason: 'The question is about an invoice.',
  },
  { type: 'chunk', messageId: 'a1', text: 'I can help with your invoice.' },
)
export const Handoff: Story = { render: () => <MessageFixture updates={handoffUpdates} /> }

const statusUpdates = message(
  { type: 'status', messageId: 'a1', statusId: 'st1', text: 'Workflow step "collect sources" finished', level: 'info' },
  { type: 'status', messageId: 'a1', statusId: 'st2', text: 'One source timed out and was skipped', level: 'warning' },
  { type: 'chunk', messageId: 'a1', text: 'Summary based on 4 of 5 sources.' },
)
export const StatusLines: Story = { render: () => <MessageFixture updates={statusUpdates} /> }

import type { AgentUpdate, Turn } from '@palimpsest/core'
import { RunStatus, Transcript, TranscriptProvider } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo, useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { storeWith } from '../support/fixture-store'
import { StoryFrame } from '../support/StoryFrame'

const meta = {
  title: 'Run level/RunStatus',
  parameters: {
    docs: {
      description: {
        component:
          'The run record of the latest turn: Running, Running in the background, Completed, Failed, Cancelled. `onResume(token)` appears when the turn has a continuation token and is not running; `onCancel()` while it runs or continues in the background.',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const prompt: AgentUpdate = { type: 'chunk', messageId: 'u1', role: 'user', text: 'Compile the quarterly report.' }
const started: AgentUpdate[] = [
  { type: 'turn-start', responseId: 'resp_q3' },
  prompt,
  { type: 'chunk', messageId: 'a1', text: 'Compiling the quarterly report: collecting invoices' },
  { type: 'run', continuationToken: 'AQIDBAU=' },
]

function Fixture({ updates }: { updates: AgentUpdate[] }) {
  const store = useMemo(() => storeWith(updates), [updates])
  const [log, setLog] = useState<string[]>([])
  return (
    <TranscriptProvider store={store}>
      <StoryFrame height={300}>
        <Transcript />
      </StoryFrame>
      <RunStatus
        onResume={(token) => setLog((l) => [...l, `resume from ${token}`])}
        onCancel={(turn: Turn) => setLog((l) => [...l, `cancel ${turn.id}`])}
      />
      <output data-story-log="">{log.join('; ')}</output>
    </TranscriptProvider>
  )
}

/** The run streams: Cancel only. */
export const Running: Story = {
  render: () => <Fixture updates={started} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('button', { name: 'Resume' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    await expect(canvasElement.querySelector('[data-story-log]')?.textContent).toBe('cancel turn-1')
  },
}

/** The stream ended while the run goes on in the background: resume it from its token. */
export const Background: Story = {
  render: () => (
    <Fixture updates={[...started, { type: 'turn-end', stopReason: 'interrupted', continuationToken: 'AQIDBAY=' }]} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Running in the background')).toBeTruthy()
    await userEvent.click(canvas.getByRole('button', { name: 'Resume' }))
    await expect(canvasElement.querySelector('[data-story-log]')?.textContent).toBe('resume from AQIDBAY=')
  },
}

export const Completed: Story = {
  render: () => (
    <Fixture updates={[...started, { type: 'chunk', messageId: 'a1', text: '. Done.' }, { type: 'turn-end' }]} />
  ),
  play: async ({ canvasElement }) => {
    const status = canvasElement.querySelector('[data-palimpsest-run-status]')
    await expect(status?.getAttribute('data-status')).toBe('completed')
    await expect(status?.querySelectorAll('button').length).toBe(0)
  },
}

export const Failed: Story = {
  render: () => (
    <Fixture
      updates={[...started, { type: 'run', continuationToken: null }, { type: 'turn-end', stopReason: 'error' }]}
    />
  ),
}

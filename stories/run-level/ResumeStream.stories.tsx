import { createTranscriptStore } from '@palimpsest/core'
import { createDevUiDecoder } from '@palimpsest/protocols/agent-framework'
import { traces } from '@palimpsest/protocols/traces'
import { ResponseIndicator, RunStatus, Transcript, TranscriptProvider } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useMemo } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { StoryFrame } from '../support/StoryFrame'

const meta = {
  title: 'Run level/Resume a cut stream',
  parameters: {
    docs: {
      description: {
        component:
          'The recorded DevUI run, cut mid-answer: the message is Interrupted and `RunStatus` offers Resume with the last `sequence_number` as token. Resuming replays three events the client already applied (as a server may); the decoder skips them, so the answer continues in the same message with nothing repeated.',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const trace = traces.find((t) => t.name === 'devui-travel-agent-run')
const events = trace?.events ?? []
const cut = events.findIndex((event) => JSON.stringify(event.wire).includes('Pack:'))
const replayed = 3

function ResumeDemo() {
  const { store, decoder } = useMemo(() => ({ store: createTranscriptStore(), decoder: createDevUiDecoder() }), [])
  useEffect(() => {
    const { apply } = store.getState()
    apply({ type: 'chunk', messageId: 'u1', role: 'user', text: 'What should I pack for Lisbon?' })
    for (const event of events.slice(0, cut)) apply(decoder.decode(event.wire))
    apply(decoder.end('interrupted'))
  }, [store, decoder])

  const resume = () => {
    const rest = events.slice(Math.max(0, cut - replayed))
    let index = 0
    const step = () => {
      const event = rest[index++]
      if (!event) return store.getState().apply(decoder.end('complete'))
      store.getState().apply(decoder.decode(event.wire))
      setTimeout(step, 60)
    }
    step()
  }

  return (
    <TranscriptProvider store={store}>
      <StoryFrame height={380}>
        <Transcript />
      </StoryFrame>
      <ResponseIndicator />
      <RunStatus onResume={resume} />
    </TranscriptProvider>
  )
}

export const ResumeFromToken: Story = {
  render: () => <ResumeDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const answer = () => canvasElement.querySelector('[data-message-id="resp_agent_6f1e2a9b3c5d"]')
    await waitFor(() => expect(answer()?.getAttribute('data-status')).toBe('interrupted'))
    await userEvent.click(canvas.getByRole('button', { name: 'Resume' }))
    await waitFor(() => expect(answer()?.getAttribute('data-status')).toBe('complete'), { timeout: 5000 })
    const text = answer()?.querySelector('[data-palimpsest-part="text"]')?.textContent ?? ''
    await expect(text.split('with showers likely the day after.').length).toBe(2)
    await expect(text).toContain('comfortable shoes for the hills')
    await expect(canvasElement.querySelector('[data-palimpsest-run-status]')?.getAttribute('data-status')).toBe(
      'completed',
    )
  },
}

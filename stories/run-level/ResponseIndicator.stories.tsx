import type { AgentUpdate } from '@palimpsest/core'
import { ResponseIndicator, Transcript, TranscriptProvider } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { expect, waitFor } from 'storybook/test'
import { type ScriptStep, streamText, useFakeAgent } from '../support/fake-agent'
import { storeWith } from '../support/fixture-store'
import { StoryFrame } from '../support/StoryFrame'

const holdMs = 400

const meta = {
  title: 'Run level/ResponseIndicator',
  parameters: {
    docs: {
      description: {
        component:
          'Shown from the start of a turn until its first visible content, and again when a cleared answer has waited longer than the hold for its new text. Never together with answer text; announced once per turn (`role="status"`). Give it the same `holdMs` as the transcript.',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const prompt: AgentUpdate = { type: 'chunk', messageId: 'u1', role: 'user', text: 'Where should I eat in Porto?' }

/** The turn started; nothing of the answer yet. */
export const WaitingForFirstToken: Story = {
  render: function Waiting() {
    const store = useMemo(() => storeWith([{ type: 'turn-start' }, prompt]), [])
    return (
      <TranscriptProvider store={store}>
        <StoryFrame height={240}>
          <Transcript holdMs={holdMs} />
        </StoryFrame>
        <ResponseIndicator holdMs={holdMs} />
      </TranscriptProvider>
    )
  },
  play: async ({ canvasElement }) => {
    const indicator = canvasElement.querySelector('[data-palimpsest-response-indicator]')
    await expect(indicator?.getAttribute('data-state')).toBe('visible')
    // The announcement is set by an effect after the first paint (in a production build, after the play starts).
    await waitFor(() =>
      expect(indicator?.querySelector('[role="status"]')?.textContent).toBe('Assistant is responding'),
    )
  },
}

const script: ScriptStep[] = [
  { delayMs: 300, updates: [{ type: 'turn-start' }, prompt] },
  { delayMs: 1200, updates: [{ type: 'message-start', messageId: 'a1', role: 'assistant' }] },
  ...streamText('a1', 'Try the francesinha at Café Santiago, ', 60),
  { delayMs: 300, updates: [{ type: 'clear', messageId: 'a1', target: 'text' }] },
  // The rewrite comes long after the hold: the indicator takes the cleared answer's place.
  ...streamText('a1', 'For seafood, go to **Marisqueira de Matosinhos**; for a francesinha, Café Santiago.', 60).map(
    (step, index) => (index === 0 ? { ...step, delayMs: 1500 } : step),
  ),
  { delayMs: 200, updates: [{ type: 'turn-end', stopReason: 'end_turn' }] },
]

/** A live turn: waiting, streaming, a clear whose new text comes late, the rewrite. */
export const LiveTurnWithLateRewrite: Story = {
  render: function Live() {
    const store = useMemo(() => storeWith([]), [])
    useFakeAgent(store, script, { restartAfterMs: 3000 })
    return (
      <TranscriptProvider store={store}>
        <StoryFrame height={240}>
          <Transcript holdMs={holdMs} />
        </StoryFrame>
        <ResponseIndicator holdMs={holdMs} />
      </TranscriptProvider>
    )
  },
}

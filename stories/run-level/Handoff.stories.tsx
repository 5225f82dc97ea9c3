import { createTranscriptStore } from '@palimpsest/core'
import { decoders, replayTrace, traces } from '@palimpsest/protocols/traces'
import { Transcript } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { expect } from 'storybook/test'
import { StoryFrame } from '../support/StoryFrame'

const meta = {
  title: 'Run level/Handoff',
  parameters: {
    docs: {
      description: {
        component:
          'A multi-agent transcript: each message is labelled with its agent, and a hand-off part shows who handed the conversation to whom (Agent Framework author changes and `handoff_sent`, AG-UI agent steps and subagents).',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The recorded .NET hand-off workflow: Triage hands a billing question to Billing. */
export const DotNetTriageToBilling: Story = {
  render: function Replayed() {
    const store = useMemo(() => {
      const trace = traces.find((t) => t.name === 'agent-framework-dotnet-handoff')
      const decoder = trace ? decoders[trace.protocol] : undefined
      return createTranscriptStore({
        ...(trace && decoder && { initialState: replayTrace(trace, decoder) }),
      })
    }, [])
    return (
      <StoryFrame>
        <Transcript store={store} />
      </StoryFrame>
    )
  },
  play: async ({ canvasElement }) => {
    const handoff = canvasElement.querySelector('[data-palimpsest-part="handoff"]')
    await expect(handoff?.getAttribute('data-from')).toBe('Triage')
    await expect(handoff?.getAttribute('data-to')).toBe('Billing')
    const authors = [...canvasElement.querySelectorAll('[data-palimpsest-message][data-role="assistant"]')].map((m) =>
      m.getAttribute('data-author'),
    )
    await expect(new Set(authors)).toEqual(new Set(['Triage', 'Billing']))
  },
}

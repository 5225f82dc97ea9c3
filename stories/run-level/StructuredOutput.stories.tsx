import type { AgentUpdate } from '@palimpsest/core'
import { createStructuredOutputPart, Transcript } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { expect } from 'storybook/test'
import { z } from 'zod'
import { type ScriptStep, streamText, useFakeAgent } from '../support/fake-agent'
import { storeWith } from '../support/fixture-store'
import { StoryFrame } from '../support/StoryFrame'

const Itinerary = z.object({
  city: z.string(),
  nights: z.number().int().positive(),
  days: z.array(z.object({ day: z.number().int(), morning: z.string(), evening: z.string() })),
})

const components = { text: createStructuredOutputPart(Itinerary) }

const prompt: AgentUpdate = { type: 'chunk', messageId: 'u1', role: 'user', text: 'Plan two days in Lisbon as JSON.' }

const validAnswer = `\`\`\`json
{"city": "Lisbon", "nights": 2, "days": [
  {"day": 1, "morning": "Alfama and the castle", "evening": "Fado in Mouraria"},
  {"day": 2, "morning": "Belém tower and pastéis", "evening": "Sunset at Miradouro da Graça"}
]}
\`\`\``

const invalidAnswer =
  '{"city": "Lisbon", "nights": 0, "days": [{"day": "one", "morning": "Alfama", "evening": "Fado"}]}'

const meta = {
  title: 'Run level/StructuredOutput',
  parameters: {
    docs: {
      description: {
        component:
          'An answer that is JSON, shown as data while it streams: object → fields, array of objects → table rows. Once finished it is validated with any Standard Schema validator (zod here) and the issues are listed with their paths. `components={{ text: createStructuredOutputPart(schema) }}`.',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

function Finished({ answer }: { answer: string }) {
  const store = useMemo(
    () =>
      storeWith([
        prompt,
        { type: 'chunk', messageId: 'a1', text: answer },
        { type: 'turn-end', stopReason: 'end_turn' },
      ]),
    [answer],
  )
  return (
    <StoryFrame>
      <Transcript store={store} components={components} />
    </StoryFrame>
  )
}

/** A finished answer that matches the schema: fields and rows, no issues. */
export const Valid: Story = {
  render: () => <Finished answer={validAnswer} />,
  play: async ({ canvasElement }) => {
    const output = canvasElement.querySelector('[data-palimpsest-structured-output]')
    await expect(output?.getAttribute('data-state')).toBe('valid')
    await expect(output?.querySelectorAll('tbody tr').length).toBe(2)
  },
}

/** A finished answer that fails the schema: the value stays visible, the issues name their paths. */
export const Invalid: Story = {
  render: () => <Finished answer={invalidAnswer} />,
  play: async ({ canvasElement }) => {
    const output = canvasElement.querySelector('[data-palimpsest-structured-output]')
    await expect(output?.getAttribute('data-state')).toBe('invalid')
    const paths = [...(output?.querySelectorAll('[data-palimpsest-structured-issues] code') ?? [])].map(
      (code) => code.textContent,
    )
    await expect(paths).toEqual(['nights', 'days[0].day'])
  },
}

const streamingScript: ScriptStep[] = [
  { delayMs: 200, updates: [{ type: 'turn-start' }, prompt] },
  ...streamText('a1', validAnswer, 60),
  { delayMs: 200, updates: [{ type: 'turn-end', stopReason: 'end_turn' }] },
]

function Live() {
  const store = useMemo(() => storeWith([]), [])
  useFakeAgent(store, streamingScript, { restartAfterMs: 2500 })
  return (
    <StoryFrame>
      <Transcript store={store} components={components} />
    </StoryFrame>
  )
}

/** Streaming: fields and rows fill in as the JSON arrives (never the raw JSON), then validate. */
export const Streaming: Story = { render: () => <Live /> }

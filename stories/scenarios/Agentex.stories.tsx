import type { Meta } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { answerText } from '../support/scenario-checks'
import { scenarioStory } from '../support/scenario-story'

const meta = {
  title: 'Scenarios/Agentex',
  parameters: {
    docs: {
      description: {
        component: 'Agentex task streams (SSE and NDJSON) replayed through `createAgentexDecoder`.',
      },
    },
  },
} satisfies Meta

export default meta

/** A `full` replaces the streamed answer with the cited one and seals it; the trailing stale delta is ignored. */
export const CitationsOverride = scenarioStory('agentex-citations-override', async (canvasElement) => {
  const answer = answerText(canvasElement)
  await expect(answer).toContain('Sources')
  await expect(answer.split('Most likely the planner').length - 1).toBe(1)
  const link = canvasElement.querySelector('[data-palimpsest-slot="primary"] a[href*="postgresql.org"]')
  await expect(link).not.toBeNull()
})

export const ReasoningToolCall = scenarioStory('agentex-reasoning-tool-call')

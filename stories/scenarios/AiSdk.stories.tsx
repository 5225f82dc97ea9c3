import type { Meta } from '@storybook/react-vite'
import { scenarioStory } from '../support/scenario-story'

const meta = {
  title: 'Scenarios/AI SDK',
  parameters: {
    docs: { description: { component: 'AI SDK UI message streams replayed through `createAiSdkDecoder`.' } },
  },
} satisfies Meta

export default meta

export const WeatherSteps = scenarioStory('ai-sdk-weather-steps')

export const ApprovalContinuation = scenarioStory('ai-sdk-approval-continuation')

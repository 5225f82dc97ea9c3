import type { Meta } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { scenarioStory } from '../support/scenario-story'

const meta = {
  title: 'Scenarios/Agent Framework',
  parameters: {
    docs: {
      description: {
        component:
          'Microsoft Agent Framework `AgentResponseUpdate` streams (Python and .NET) through `createAgentFrameworkDecoder`, and a DevUI run through `createDevUiDecoder`.',
      },
    },
  },
} satisfies Meta

export default meta

/** Reasoning, a tool loop and a destructive call that waits for the user's approval. */
export const ToolLoopWithApproval = scenarioStory('agent-framework-tool-loop-approval', async (canvasElement) => {
  const request = canvasElement.querySelector('[data-palimpsest-part="approval-request"]')
  await expect(request).toHaveAttribute('data-status', 'pending')
  await expect(within(request as HTMLElement).getAllByRole('button').length).toBeGreaterThan(0)
})

export const DotNetHandoff = scenarioStory('agent-framework-dotnet-handoff')

export const DevUiRun = scenarioStory('devui-travel-agent-run')

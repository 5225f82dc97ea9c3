import type { Meta } from '@storybook/react-vite'
import { scenarioStory } from '../support/scenario-story'

const meta = {
  title: 'Scenarios/OpenAI',
  parameters: {
    docs: {
      description: {
        component:
          'OpenAI Responses events and Chat Completions chunks replayed through `createOpenAiResponsesDecoder` and `createOpenAiChatDecoder`.',
      },
    },
  },
} satisfies Meta

export default meta

export const ResponsesWebSearch = scenarioStory('openai-responses-web-search')
export const ResponsesFunctionCall = scenarioStory('openai-responses-function-call')
export const ChatReasoning = scenarioStory('openai-chat-reasoning')
export const ChatParallelTools = scenarioStory('openai-chat-parallel-tools')

import type { Meta } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { answerText } from '../support/scenario-checks'
import { scenarioStory } from '../support/scenario-story'

const meta = {
  title: 'Scenarios/AG-UI',
  parameters: {
    docs: { description: { component: 'AG-UI event streams replayed through `createAgUiDecoder`.' } },
  },
} satisfies Meta

export default meta

/** The fact-checked `MESSAGES_SNAPSHOT` replaces the wrong draft in place. */
export const SnapshotReplacesDraft = scenarioStory('ag-ui-snapshot-replaces-draft', async (canvasElement) => {
  const answer = answerText(canvasElement)
  await expect(answer).not.toContain('1887')
  await expect(answer).toContain('31 March 1889')
})

export const ChunkedResearch = scenarioStory('ag-ui-chunked-research')

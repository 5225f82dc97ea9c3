import type { Meta } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { answerText } from '../support/scenario-checks'
import { scenarioStory } from '../support/scenario-story'

const meta = {
  title: 'Scenarios/ACP',
  parameters: {
    docs: {
      description: {
        component:
          'Agent Client Protocol streams replayed from recorded traces through `createAcpDecoder`: `agent_message_clear`, `agent_thought_clear` and the v2 whole-message upserts.',
      },
    },
  },
} satisfies Meta

export default meta

/** The raw tool-call markup is cleared and the cleaned sentence re-pushed: it appears once, with no markup. */
export const ClearAndRepush = scenarioStory('acp-clear-and-repush', async (canvasElement) => {
  const answer = answerText(canvasElement)
  await expect(answer).not.toContain('<tool_call')
  await expect(answer).not.toContain('"city"')
  await expect(answer.split('Let me check the forecast for Lisbon.').length - 1).toBe(1)
  await expect(answer).toContain('Yes, bring an umbrella')
})

/** The rejected draft (Python 3.9, PEP 617) is cleared from answer and reasoning; only 3.10 remains. */
export const SpeculativeRollback = scenarioStory('acp-speculative-rollback', async (canvasElement) => {
  const answer = answerText(canvasElement)
  await expect(answer).not.toContain('PEG parser')
  await expect(answer).not.toContain('Python 3.9')
  await expect(answer).toContain('Python 3.10')
})

/** Every answer stays in its own message, in order: none replaces another; the empty upsert shows nothing. */
export const MessageIdentity = scenarioStory('acp-message-identity', async (canvasElement) => {
  const answers = [...canvasElement.querySelectorAll('[data-palimpsest-slot="primary"]')].map((el) => el.textContent)
  await expect(answers).toHaveLength(4)
  await expect(answers[1]).toContain('Both are good choices. Rust gives you a single static binary')
  await expect(answers[1]).toContain('Both cross-compile.')
  await expect(answers[2]).toContain('pick Go to iterate fast')
  await expect(answers[2]).not.toContain('Go, probably.')
  await expect(answers[3]).toContain('Go builds in seconds')
})

/** Each upsert replaces the whole paragraph: no placeholder blocks remain, no duplicated sentences. */
export const IterativeRefinement = scenarioStory('acp-iterative-refinement', async (canvasElement) => {
  const answer = answerText(canvasElement)
  await expect(answer).not.toContain('░')
  await expect(answer.split('A palimpsest is').length - 1).toBe(1)
  await expect(answer).toContain('multispectral imaging')
})

/** The raw table is cleared and re-pushed aligned, with units: one table, the reformatted one. */
export const TableReformat = scenarioStory('acp-table-reformat', async (canvasElement) => {
  const tables = canvasElement.querySelectorAll('[data-palimpsest-slot="primary"] table')
  await expect(tables.length).toBe(1)
  await expect(tables[0]?.textContent).toContain('Price (USD/month)')
  await expect(tables[0]?.textContent).not.toContain('1000GB')
})

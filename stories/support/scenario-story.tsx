/** Builds the story of one recorded trace: the replay, then checks run after a fast replay. */
import type { StoryObj } from '@storybook/react-vite'
import { waitFor } from 'storybook/test'
import { expectSameMessagesAsHeadlessReplay, replayToEnd } from './scenario-checks'
import { findTrace, TraceScenario } from './TraceScenario'

export function scenarioStory(
  name: string,
  checks?: (canvasElement: HTMLElement) => Promise<void>,
): StoryObj & { parameters: { traceName: string } } {
  const trace = findTrace(name)
  return {
    name: trace?.title ?? name,
    parameters: { traceName: name, docs: { description: { story: trace?.description ?? '' } } },
    render: () => <TraceScenario name={name} />,
    play: async ({ canvasElement }) => {
      if (!trace) throw new Error(`no recorded trace named ${name}`)
      await replayToEnd(canvasElement)
      await expectSameMessagesAsHeadlessReplay(canvasElement, trace)
      // The replayer is finished once it has handed the last wire message to the store; the store applies
      // it on the next frame (or its hidden-tab timer), so the checks retry until that paint.
      if (checks) await waitFor(() => checks(canvasElement), { timeout: 3000 })
    },
  }
}

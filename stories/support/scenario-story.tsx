/** Builds the story of one recorded trace: the replay, then checks run after a fast replay. */
import type { StoryObj } from '@storybook/react-vite'
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
      await checks?.(canvasElement)
    },
  }
}

import type { AgentUpdate, TranscriptStore } from '@palimpsest/core'
import { VirtualTranscript } from '@palimpsest/react/virtual'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useMemo } from 'react'
import { expect, waitFor } from 'storybook/test'
import { userMessage } from '../support/conversation'
import { playScript, type ScriptStep, streamText, streamThought } from '../support/fake-agent'
import { storeWith } from '../support/fixture-store'
import { StoryFrame } from '../support/StoryFrame'
import { codeAnswer, reasoningText, shortAnswers, userQuestions } from '../support/sample-content'

const historyPairs = 5000

/** 10,000 settled messages: questions and answers, every tenth answer after a tool call. */
function history(): AgentUpdate[] {
  const updates: AgentUpdate[] = []
  for (let i = 0; i < historyPairs; i++) {
    updates.push(...userMessage(`u${i}`, userQuestions[i % userQuestions.length] ?? ''))
    if (i % 10 === 0)
      updates.push({
        type: 'tool-call',
        messageId: `a${i}`,
        toolCallId: `search-${i}`,
        name: 'search',
        title: `Search the docs (#${i + 1})`,
        toolKind: 'search',
        status: 'completed',
        input: { query: `question ${i + 1}` },
      })
    updates.push(
      { type: 'chunk', messageId: `a${i}`, text: `${shortAnswers[i % shortAnswers.length]} (#${i + 1})` },
      { type: 'message-done', messageId: `a${i}`, status: 'complete' },
    )
  }
  return updates
}

const historyUpdates = history()

/** One more question, and an answer that streams its reasoning and a markdown answer; then the next one. */
function liveTurn(turn: number): ScriptStep[] {
  const id = `live-${turn}`
  return [
    { delayMs: 400, updates: userMessage(`ask-${turn}`, 'And how would you fix the total?') },
    { delayMs: 200, updates: [{ type: 'message-start', messageId: id, role: 'assistant' }] },
    ...streamThought(id, reasoningText, 30),
    ...streamText(id, codeAnswer, 60),
    { delayMs: 100, updates: [{ type: 'message-done', messageId: id, status: 'complete' }] },
  ]
}

const pauseBetweenTurnsMs = 3000

/** Plays one live turn after another into `store`, on top of its history, while mounted. */
function useLiveTurns(store: TranscriptStore) {
  useEffect(() => {
    let turn = 0
    let stopScript = () => {}
    let timer: ReturnType<typeof setTimeout> | undefined
    const next = () => {
      turn += 1
      const script = liveTurn(turn)
      stopScript = playScript(store, script)
      timer = setTimeout(next, script.reduce((sum, step) => sum + step.delayMs, 0) + pauseBetweenTurnsMs)
    }
    next()
    return () => {
      stopScript()
      clearTimeout(timer)
    }
  }, [store])
}

function LongLiveTranscript() {
  const store = useMemo(() => storeWith(historyUpdates), [])
  useLiveTurns(store)
  return (
    <StoryFrame>
      <VirtualTranscript store={store} />
    </StoryFrame>
  )
}

const meta = {
  title: 'Components/VirtualTranscript',
  parameters: {
    docs: {
      description: {
        component:
          '`@palimpsest/react/virtual`: the same transcript with only the messages near the viewport in the DOM, for very long histories. It follows the latest message while it streams, stops when the user scrolls up, keeps panel choices and the focused message across scrolling, and measures every message as it grows. Find-in-page sees only the rendered messages.',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** 10,000 messages, and a live answer streaming below them: the DOM holds a few dozen. */
export const TenThousandMessages: Story = {
  render: () => <LongLiveTranscript />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-message-id="live-1"]')).not.toBeNull(), {
      timeout: 15_000,
    })
    const rendered = canvasElement.querySelectorAll('[data-palimpsest-message]').length
    await expect(rendered).toBeGreaterThan(0)
    await expect(rendered).toBeLessThanOrEqual(40)
    // Checked once the answer has finished growing: while it streams, each chunk lands a frame before
    // the view follows it, and on a loaded machine (CI runs two story pages on two cores, beside other
    // browsers) a poll can always fall inside that frame, and a frame can last a second.
    const finished =
      '[data-message-id="live-1"][data-status="complete"], [data-message-id="live-1"] [data-status="complete"]'
    await waitFor(() => expect(canvasElement.querySelector(finished)).not.toBeNull(), { timeout: 20_000 })
    const scroller = canvasElement.querySelector('[data-palimpsest-scroller]') as HTMLElement
    await waitFor(
      () => expect(scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop).toBeLessThanOrEqual(2),
      { timeout: 5000 },
    )
  },
}

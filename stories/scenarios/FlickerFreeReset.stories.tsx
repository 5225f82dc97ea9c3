import type { AgentUpdate } from '@palimpsest/core'
import { Transcript } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { expect, waitFor } from 'storybook/test'
import { type ScriptStep, streamText, useFakeAgent } from '../support/fake-agent'
import { storeWith } from '../support/fixture-store'
import { StoryFrame } from '../support/StoryFrame'

interface ResetArgs {
  /** Time between the clear and the first chunk of the new text (ms). */
  gapMs: number
  /** How long the old text is held on screen while the new one has not arrived (ms). */
  holdMs: number
}

const meta: Meta<ResetArgs> = {
  title: 'Scenarios/Flicker-free reset',
  parameters: {
    docs: {
      description: {
        component:
          'An agent streams a draft, clears it, and streams the replacement after a gap. The old text stays on screen (tinted, `data-state="replacing"`) until the new text arrives or `holdMs` passes, and the box keeps its height: no empty flash, no jump.',
      },
    },
  },
  args: { gapMs: 150, holdMs: 400 },
  argTypes: {
    gapMs: { control: { type: 'range', min: 0, max: 1500, step: 50 } },
    holdMs: { control: { type: 'range', min: 0, max: 1500, step: 50 } },
  },
}

export default meta
type Story = StoryObj<ResetArgs>

const draft =
  'Draft: the **match** statement arrived in Python 3.9 together with the new PEG parser, which made the grammar flexible enough for it.'
const replacement =
  'Structural pattern matching (`match`/`case`) arrived in **Python 3.10** (PEPs 634–636); 3.9 only brought the PEG parser that made it possible.'

function resetScript(gapMs: number): ScriptStep[] {
  const clear: AgentUpdate = { type: 'clear', messageId: 'a1', target: 'text' }
  const [first, ...rest] = streamText('a1', replacement, 30)
  return [
    {
      delayMs: 100,
      updates: [
        { type: 'chunk', messageId: 'u1', role: 'user', text: 'Which Python version added match?' },
        { type: 'message-done', messageId: 'u1', status: 'complete' },
      ],
    },
    ...streamText('a1', draft, 30),
    { delayMs: 500, updates: [clear] },
    ...(first ? [{ ...first, delayMs: gapMs }] : []),
    ...rest,
    { delayMs: 100, updates: [{ type: 'message-done', messageId: 'a1', status: 'complete' }] },
  ]
}

function ResetDemo({ gapMs, holdMs }: ResetArgs) {
  const store = useMemo(() => storeWith([]), [])
  const script = useMemo(() => resetScript(gapMs), [gapMs])
  useFakeAgent(store, script, { restartAfterMs: 1500 })
  return (
    <StoryFrame height={280}>
      <Transcript store={store} holdMs={holdMs} />
    </StoryFrame>
  )
}

/** Loops: draft, clear, a gap, the replacement. */
export const ClearThenRestream: Story = {
  render: (args) => <ResetDemo {...args} />,
  play: async ({ canvasElement }) => {
    const answer = () => canvasElement.querySelector<HTMLElement>('[data-message-id="a1"]')
    // Start at a cycle's beginning: a slow page may mount the story long before play runs, mid-cycle or after it.
    await waitFor(() => expect(answer()).toBeNull(), { timeout: 10_000 })
    // Sample every DOM change and every frame through one draft → clear → replacement cycle: once the answer has
    // text, it is never empty.
    let sawText = false
    let sawEmpty = false
    let sawReplacing = false
    let running = true
    const sample = () => {
      const part = answer()?.querySelector<HTMLElement>('[data-palimpsest-part="text"]')
      const text = part?.textContent ?? ''
      if (text.length > 0) sawText = true
      else if (sawText) sawEmpty = true
      if (part?.dataset.state === 'replacing') sawReplacing = true
    }
    const observer = new MutationObserver(sample)
    observer.observe(canvasElement, { subtree: true, childList: true, characterData: true, attributes: true })
    const everyFrame = () => {
      sample()
      if (running) requestAnimationFrame(everyFrame)
    }
    requestAnimationFrame(everyFrame)
    await waitFor(() => expect(answer()?.getAttribute('data-status')).toBe('complete'), { timeout: 10_000 })
    running = false
    observer.disconnect()
    await expect(sawText).toBe(true)
    await expect(sawReplacing).toBe(true)
    await expect(sawEmpty).toBe(false)
    await expect(answer()?.textContent).toContain('Python 3.10')
    await expect(answer()?.textContent).not.toContain('Draft:')
  },
}

/** `holdMs={0}`: the cleared text disappears at once, so the gap shows an empty, collapsed answer. */
export const WithoutHold: Story = {
  args: { gapMs: 600, holdMs: 0 },
  render: (args) => <ResetDemo {...args} />,
}

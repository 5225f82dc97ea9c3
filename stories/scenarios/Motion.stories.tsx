import type { AgentUpdate } from '@palimpsest/core'
import { Transcript } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { expect, waitFor } from 'storybook/test'
import { type ScriptStep, streamText, useFakeAgent } from '../support/fake-agent'
import { storeWith } from '../support/fixture-store'
import { StoryFrame } from '../support/StoryFrame'

const meta: Meta = {
  title: 'Scenarios/Motion and direction',
  parameters: {
    docs: {
      description: {
        component:
          'Opt-in streaming motion: with `fadeIn` each new word fades in (only the words that just arrived; the unsettled block alone carries the spans, and the finished answer is plain markdown), and with `caret` a caret follows the last word while the answer streams. Both are off under `prefers-reduced-motion`. `autoDirection` gives every top-level block `dir="auto"`, so a right-to-left paragraph reads right to left. Switch the theme in the toolbar.',
      },
    },
  },
}

export default meta
type Story = StoryObj

const answer = `## Why the build is slow

The **TypeScript** project compiles every package on each change because \`incremental\` is off.

- Turn on \`incremental\` and \`composite\` in each package.
- Build with \`tsc --build\`, which skips packages whose inputs did not change.

\`\`\`json
{
  "incremental": true,
  "composite": true
}
\`\`\`

With these changes a one-file edit rebuilds **one package** instead of all of them.`

function script(text: string, everyMs: number): ScriptStep[] {
  const question: AgentUpdate[] = [
    { type: 'chunk', messageId: 'u1', role: 'user', text: 'Why is my TypeScript build slow?' },
    { type: 'message-done', messageId: 'u1', status: 'complete' },
  ]
  return [
    { delayMs: 100, updates: question },
    ...streamText('a1', text, everyMs),
    { delayMs: 100, updates: [{ type: 'message-done', messageId: 'a1', status: 'complete' }] },
  ]
}

function MotionDemo() {
  const steps = useMemo(() => script(answer, 90), [])
  const moving = useMemo(() => storeWith([]), [])
  const still = useMemo(() => storeWith([]), [])
  useFakeAgent(moving, steps, { restartAfterMs: 2500 })
  useFakeAgent(still, steps, { restartAfterMs: 2500 })
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {[
        { store: moving, label: 'fadeIn and caret', on: true },
        { store: still, label: 'without', on: false },
      ].map(({ store, label, on }) => (
        <section key={label} aria-label={label} data-motion-pane={label} style={{ flex: '1 1 280px', minWidth: 0 }}>
          <h3 style={{ margin: '0 0 4px', fontSize: 14 }}>{label}</h3>
          <StoryFrame height={420}>
            <Transcript store={store} fadeIn={on} caret={on} />
          </StoryFrame>
        </section>
      ))}
    </div>
  )
}

/** Loops: the same answer streamed with `fadeIn` and `caret` (left) and without (right). */
export const FadeInAndCaret: Story = {
  render: () => <MotionDemo />,
  play: async ({ canvasElement }) => {
    const pane = (label: string) => canvasElement.querySelector(`[data-motion-pane="${label}"]`)!
    const answerIn = (label: string) => pane(label).querySelector('[data-role="assistant"] [data-palimpsest-markdown]')
    // While streaming: new words in fade spans and one caret, on the left only.
    await waitFor(
      () => {
        expect(pane('fadeIn and caret').querySelector('[data-palimpsest-fade]')).not.toBeNull()
        expect(pane('fadeIn and caret').querySelectorAll('[data-palimpsest-caret]')).toHaveLength(1)
      },
      { timeout: 8000 },
    )
    expect(pane('without').querySelector('[data-palimpsest-fade], [data-palimpsest-caret]')).toBeNull()
    // Finished: the same plain markdown on both sides.
    await waitFor(
      () => {
        expect(answerIn('fadeIn and caret')?.textContent).toContain('instead of all of them')
        expect(pane('fadeIn and caret').querySelector('[data-palimpsest-fade], [data-palimpsest-caret]')).toBeNull()
        expect(answerIn('fadeIn and caret')?.innerHTML).toBe(answerIn('without')?.innerHTML)
      },
      { timeout: 15000 },
    )
  },
}

const rtlAnswer = `## لماذا البناء بطيء؟

يقوم المشروع بترجمة **كل حزمة** عند كل تغيير، لأن خيار \`incremental\` معطّل.

- فعّل \`incremental\` و\`composite\` في كل حزمة.
- استخدم \`tsc --build\` لتخطي الحزم التي لم تتغير.

\`\`\`json
{
  "incremental": true
}
\`\`\`

> הערה: הגדרה זו חלה גם על חבילות הבדיקות.

The summary in English stays left to right: one edit rebuilds **one package**.`

function RightToLeftDemo() {
  const steps = useMemo(() => script(rtlAnswer, 60), [])
  const store = useMemo(() => storeWith([]), [])
  useFakeAgent(store, steps, { restartAfterMs: 4000 })
  return (
    <StoryFrame height={480}>
      <Transcript store={store} autoDirection fadeIn caret />
    </StoryFrame>
  )
}

/** An Arabic answer with a Hebrew note and an English summary: each block takes its own direction. */
export const RightToLeftAnswer: Story = {
  render: () => <RightToLeftDemo />,
  play: async ({ canvasElement }) => {
    const answerBlocks = () =>
      canvasElement.querySelectorAll<HTMLElement>('[data-role="assistant"] [data-palimpsest-markdown] [dir="auto"]')
    await waitFor(
      () => {
        const blocks = [...answerBlocks()]
        expect(blocks.map((block) => block.tagName)).toEqual(['H2', 'P', 'UL', 'BLOCKQUOTE', 'P'])
        expect(blocks.map((block) => getComputedStyle(block).direction)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'ltr'])
      },
      { timeout: 15000 },
    )
    // The code block keeps the direction it inherits.
    const pre = canvasElement.querySelector('[data-role="assistant"] pre')!
    expect(pre.hasAttribute('dir')).toBe(false)
    expect(getComputedStyle(pre).direction).toBe('ltr')
  },
}

import type { AgentUpdate } from '@palimpsest/core'
import { Transcript } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { expect, waitFor } from 'storybook/test'
import { type ScriptStep, useFakeAgent } from '../support/fake-agent'
import { storeWith } from '../support/fixture-store'
import { StoryFrame } from '../support/StoryFrame'

const meta: Meta = {
  title: 'Scenarios/Revisions',
  parameters: {
    docs: {
      description: {
        component:
          'A diffusion-style model repaints its whole answer 20 times, each step a `full` replacement that settles more of the words. With `markRevisions` (left) the words each step changed are highlighted for a moment and "Answer revised" is announced once for the whole burst; without it (right) the same steps swap silently. Both panes re-render only the blocks a step changed.',
      },
    },
  },
}

export default meta
type Story = StoryObj

const finalAnswer = `## Why the build is slow

The **TypeScript** project compiles every package on each change because \`incremental\` is off.

- Turn on \`incremental\` and \`composite\` in each package.
- Build with \`tsc --build\`, which skips packages whose inputs did not change.
- Keep tests out of the build graph.

With these three changes a one-file edit rebuilds **one package** instead of all of them.`

const draftWords = ['the', 'a', 'build', 'it', 'slow', 'files', 'some', 'each', 'fast', 'code', 'then']

/** Step `step` of `steps`: each word is final once its turn has come, a draft word before. */
function diffusionStep(step: number, steps: number): string {
  let index = 0
  return finalAnswer.replace(/[A-Za-z]+/g, (word) => {
    index++
    // A fixed pseudo-random order in which words settle.
    const turn = (index * 7919) % steps
    return turn < step ? word : (draftWords[(index + step) % draftWords.length] ?? word)
  })
}

const steps = 20

function revisionScript(): ScriptStep[] {
  const question: AgentUpdate[] = [
    { type: 'chunk', messageId: 'u1', role: 'user', text: 'Why is my TypeScript build slow?' },
    { type: 'message-done', messageId: 'u1', status: 'complete' },
  ]
  const repaint = (step: number): ScriptStep => ({
    delayMs: step === 0 ? 300 : 250,
    updates: [{ type: 'full', messageId: 'a1', text: diffusionStep(step, steps) }],
  })
  return [
    { delayMs: 100, updates: question },
    ...Array.from({ length: steps + 1 }, (_, step) => repaint(step)),
    { delayMs: 200, updates: [{ type: 'message-done', messageId: 'a1', status: 'complete' }] },
  ]
}

function RevisionsDemo() {
  const script = useMemo(revisionScript, [])
  const marked = useMemo(() => storeWith([]), [])
  const silent = useMemo(() => storeWith([]), [])
  useFakeAgent(marked, script, { restartAfterMs: 3000 })
  useFakeAgent(silent, script, { restartAfterMs: 3000 })
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {[
        { store: marked, label: 'markRevisions', on: true },
        { store: silent, label: 'without', on: false },
      ].map(({ store, label, on }) => (
        <section key={label} aria-label={label} data-revisions-pane={label} style={{ flex: '1 1 280px', minWidth: 0 }}>
          <h3 style={{ margin: '0 0 4px', fontSize: 14 }}>{label}</h3>
          <StoryFrame height={420}>
            <Transcript store={store} markRevisions={on} />
          </StoryFrame>
        </section>
      ))}
    </div>
  )
}

/** Loops: a question, then the answer repainted 20 times until every word has settled. */
export const DiffusionRefinement: Story = {
  render: () => <RevisionsDemo />,
  play: async ({ canvasElement }) => {
    const pane = (label: string) => canvasElement.querySelector(`[data-revisions-pane="${label}"]`)!
    // The marked pane highlights changed words while the answer is repainted; the other never does.
    await waitFor(() => expect(pane('markRevisions').querySelector('[data-revised]')).not.toBeNull(), {
      timeout: 8000,
    })
    expect(pane('without').querySelector('[data-revised]')).toBeNull()
    const announced = () =>
      [...pane('markRevisions').querySelectorAll('[data-palimpsest-revision-status]')].map(
        (region) => region.textContent,
      )
    await waitFor(() => expect(announced()).toContain('Answer revised'))
    // Both end on the same final answer.
    await waitFor(
      () => {
        const texts = ['markRevisions', 'without'].map(
          (label) => pane(label).querySelector('[data-role="assistant"] [data-palimpsest-markdown]')?.textContent,
        )
        expect(texts[0]).toContain('rebuilds one package instead of all of them')
        expect(texts[1]).toBe(texts[0])
      },
      { timeout: 10000 },
    )
  },
}

const draftAnswer = `Palimpsest renders streams that are not append-only.

A producer may clear what it streamed, replace a message with a polished version, or retract a
speculative branch.

Each rewrite renders the blocks it changed, and the others keep their DOM.`

/** The draft after a post-processing pass: footnote citations in each paragraph, and their sources. */
const citedAnswer = `Palimpsest renders streams that are not append-only.[^streams]

A producer may clear what it streamed,[^clear] replace a message with a polished version,[^full] or retract a
speculative branch.[^clear]

Each rewrite renders the blocks it changed, and the others keep their DOM.[^streams]

[^streams]: The ACP clear RFD and the AI SDK's \`useChat\` snapshots both rewrite what was shown.

[^clear]: A \`clear\` followed by the new text, in one batch: the old text stays until the new one paints.

[^full]: A \`full\` update carries the whole new text of the message.`

function citationScript(): ScriptStep[] {
  const words = draftAnswer.split(/(?<= )/)
  return [
    {
      delayMs: 100,
      updates: [
        { type: 'chunk', messageId: 'u1', role: 'user', text: 'What does Palimpsest do differently?' },
        { type: 'message-done', messageId: 'u1', status: 'complete' },
      ],
    },
    ...words.map((word) => ({
      delayMs: 40,
      updates: [{ type: 'chunk', messageId: 'a1', text: word }] as AgentUpdate[],
    })),
    { delayMs: 900, updates: [{ type: 'full', messageId: 'a1', text: citedAnswer }] },
    { delayMs: 200, updates: [{ type: 'message-done', messageId: 'a1', status: 'complete' }] },
  ]
}

function FootnotesDemo() {
  const script = useMemo(citationScript, [])
  const store = useMemo(() => storeWith([]), [])
  useFakeAgent(store, script, { restartAfterMs: 4000 })
  return (
    <StoryFrame height={460}>
      <Transcript store={store} markRevisions />
    </StoryFrame>
  )
}

/**
 * Loops: an answer streams, then a post-processing pass replaces it with footnote citations and
 * their sources. The references are numbered by first use and the sources listed once, as a render
 * of the whole answer would; the paragraphs that gained a reference are marked as revised.
 */
export const FootnoteCitations: Story = {
  render: () => <FootnotesDemo />,
  play: async ({ canvasElement }) => {
    const answer = () => canvasElement.querySelector('[data-role="assistant"] [data-palimpsest-markdown]')
    await waitFor(() => expect(answer()?.querySelector('section[data-footnotes]')).toBeTruthy(), {
      timeout: 10000,
    })
    const numbers = [...answer()!.querySelectorAll('p sup a[data-footnote-ref]')].map((link) => link.textContent)
    expect(numbers).toEqual(['1', '2', '3', '2', '1'])
    const sources = [...answer()!.querySelectorAll('section[data-footnotes] li')].map((item) => item.id)
    expect(sources).toEqual(['streams', 'clear', 'full'].map((label) => `user-content-fn-${label}`))
    // The list's heading is for screen readers: present, and clipped to nothing on screen.
    const label = answer()!.querySelector('#footnote-label')!
    expect(label.textContent).toBe('Footnotes')
    expect(label.getBoundingClientRect().height).toBeLessThanOrEqual(1)
  },
}

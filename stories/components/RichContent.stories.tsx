import { StreamingMarkdown } from '@palimpsest/react'
import { createCodeBlock, createShikiHighlighter } from '@palimpsest/react/code'
import { createGuardedLink, type LinkClick, openLink } from '@palimpsest/react/links'
import { createMermaidBlock } from '@palimpsest/react/mermaid'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useRef, useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import {
  brokenFlowchart,
  codeHeavyAnswer,
  correctedFlowchart,
  draftFlowchart,
  linkAnswer,
} from '../support/rich-content'

const meta = {
  title: 'Components/Code, diagrams and links',
  component: StreamingMarkdown,
  parameters: {
    docs: {
      description: {
        component:
          'The opt-in subpaths: `@palimpsest/react/code` (Shiki highlighting that tokenises only the lines that changed, a header with the language and Copy), `@palimpsest/react/mermaid` (a diagram once its fence has closed) and `@palimpsest/react/links` (ask before following a link).',
      },
    },
  },
} satisfies Meta<typeof StreamingMarkdown>

export default meta
type Story = StoryObj<typeof meta>

const highlight = createShikiHighlighter()
const codeComponents = { pre: createCodeBlock({ download: true }) }
const diagramComponents = { pre: createMermaidBlock({ fallback: createCodeBlock() }) }

/** Plays `texts` one after another into a `StreamingMarkdown`, `chunk` characters every `everyMs`. */
function useStreamedText(texts: readonly string[], chunk = 24, everyMs = 30) {
  const [state, setState] = useState({ index: 0, length: 0 })
  useEffect(() => {
    const timer = setInterval(() => {
      setState(({ index, length }) => {
        const text = texts[index] ?? ''
        if (length < text.length) return { index, length: length + chunk }
        if (index + 1 < texts.length) return { index: index + 1, length: 0 }
        clearInterval(timer)
        return { index, length }
      })
    }, everyMs)
    return () => clearInterval(timer)
  }, [texts, chunk, everyMs])
  const text = texts[state.index] ?? ''
  return { text: text.slice(0, state.length), streaming: state.index < texts.length - 1 || state.length < text.length }
}

function StreamingCode() {
  const { text, streaming } = useStreamedText([codeHeavyAnswer])
  return <StreamingMarkdown text={text} streaming={streaming} highlight={highlight} components={codeComponents} />
}

/** A code-heavy answer (TypeScript, Python, a diff) streaming in: highlighted as it grows, with Copy and Download. */
export const StreamingCodeAnswer: Story = {
  args: { text: '' },
  render: () => <StreamingCode />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('code[data-highlighted]')).toHaveLength(3), {
      timeout: 20_000,
    })
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Copy python' })).toBeVisible()
    await expect(canvas.getAllByRole('button', { name: 'Download' })).toHaveLength(3)
  },
}

const diagramTexts = [draftFlowchart, correctedFlowchart]

function CorrectedDiagram() {
  const { text, streaming } = useStreamedText(diagramTexts, 12, 40)
  return <StreamingMarkdown text={text} streaming={streaming} components={diagramComponents} />
}

/**
 * A flowchart streams in (shown as code until its fence closes, then drawn), then the agent replaces
 * the message with a corrected one, which is drawn once its own fence closes.
 */
export const MermaidCorrected: Story = {
  args: { text: '' },
  render: () => <CorrectedDiagram />,
  play: async ({ canvasElement }) => {
    await waitFor(
      () => {
        const diagram = canvasElement.querySelector('[data-palimpsest-mermaid][data-state="rendered"]')
        expect(diagram?.textContent).toContain('Cached?')
      },
      { timeout: 20_000 },
    )
  },
}

/** Mermaid cannot parse the diagram: its source stays readable, with the error under it. */
export const MermaidError: Story = {
  args: { text: brokenFlowchart, components: diagramComponents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('alert')).toBeVisible(), { timeout: 20_000 })
    await expect(canvasElement.querySelector('[data-palimpsest-mermaid] code')?.textContent).toContain('Client -->')
  },
}

function LinkConfirmationDemo() {
  const dialog = useRef<HTMLDialogElement>(null)
  const [pending, setPending] = useState<LinkClick | undefined>(undefined)
  const [components] = useState(() => ({
    a: createGuardedLink({
      onLinkClick: (event, link) => {
        event.preventDefault()
        setPending(link)
        dialog.current?.showModal()
      },
    }),
  }))
  return (
    <>
      <StreamingMarkdown text={linkAnswer} components={components} linkTarget="_blank" />
      <dialog ref={dialog} aria-labelledby="leave-title" data-palimpsest-link-dialog="">
        <h2 id="leave-title">Open an external link?</h2>
        <p style={{ overflowWrap: 'anywhere' }}>{pending?.href}</p>
        <form method="dialog" style={{ display: 'flex', gap: 8 }}>
          <button type="submit">Cancel</button>
          <button
            type="button"
            onClick={() => {
              if (pending) openLink(pending)
              dialog.current?.close()
            }}
          >
            Open link
          </button>
        </form>
      </dialog>
    </>
  )
}

/**
 * External links ask first: `onLinkClick` prevents the navigation and opens a dialog; its Open
 * button calls `openLink` (a user gesture, so no popup blocker; `noopener,noreferrer`).
 */
export const LinkConfirmation: Story = {
  args: { text: linkAnswer },
  render: () => <LinkConfirmationDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const link = canvas.getByRole('link', { name: 'release notes' })
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    await userEvent.click(link)
    const dialog = canvasElement.ownerDocument.querySelector('dialog[data-palimpsest-link-dialog]') as HTMLElement
    await waitFor(() => expect(dialog).toHaveAttribute('open'))
    await expect(within(dialog).getByText('https://example.com/releases/4.0')).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'))
  },
}

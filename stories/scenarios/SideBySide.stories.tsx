import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { SideBySide } from '../support/SideBySide'

const meta = {
  title: 'Scenarios/Side by side',
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The same clear-heavy trace through Palimpsest (left) and through the append-only rendering most chat UIs do (right): react-markdown over the concatenated chunks, clears ignored.',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

async function replayFast(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await userEvent.selectOptions(canvas.getByLabelText('Speed'), '100')
  await userEvent.click(canvas.getByRole('button', { name: 'Restart' }))
  await waitFor(() => expect(canvasElement.querySelector('[data-side-by-side]')).toHaveAttribute('data-finished'), {
    timeout: 8000,
  })
}

function paneText(canvasElement: HTMLElement, pane: 'palimpsest' | 'naive'): string {
  return canvasElement.querySelector(`[data-pane="${pane}"]`)?.textContent ?? ''
}

function occurrences(text: string, phrase: string): number {
  return text.split(phrase).length - 1
}

/** The naive side shows the sentence twice with the hidden tool-call markup between; Palimpsest shows it once. */
export const ClearAndRepush: Story = {
  render: () => <SideBySide traceName="acp-clear-and-repush" />,
  play: async ({ canvasElement }) => {
    await replayFast(canvasElement)
    const sentence = 'Let me check the forecast for Lisbon.'
    await waitFor(() => expect(occurrences(paneText(canvasElement, 'palimpsest'), sentence)).toBe(1))
    await expect(occurrences(paneText(canvasElement, 'naive'), sentence)).toBe(2)
    await expect(paneText(canvasElement, 'naive')).toContain('"day": "tomorrow"')
  },
}

/** The naive side keeps the rejected draft ("Python 3.9") glued to the corrected answer. */
export const SpeculativeRollback: Story = {
  render: () => <SideBySide traceName="acp-speculative-rollback" />,
  play: async ({ canvasElement }) => {
    await replayFast(canvasElement)
    await waitFor(() => expect(paneText(canvasElement, 'palimpsest')).toContain('Python 3.10'))
    await expect(paneText(canvasElement, 'palimpsest')).not.toContain('Python 3.9')
    await expect(paneText(canvasElement, 'naive')).toContain('Python 3.9')
    await expect(paneText(canvasElement, 'naive')).toContain('Python 3.10')
  },
}

/** The naive side shows the raw table and the reformatted one; Palimpsest only the reformatted one. */
export const TableReformat: Story = {
  render: () => <SideBySide traceName="acp-table-reformat" />,
  play: async ({ canvasElement }) => {
    await replayFast(canvasElement)
    // The raw table is also a single table: wait for the store's last frame (the clear and the
    // reformatted table), then there must be exactly that one table.
    await waitFor(() => {
      expect(paneText(canvasElement, 'palimpsest')).not.toContain('1000GB')
      expect(
        canvasElement.querySelectorAll('[data-pane="palimpsest"] [data-palimpsest-slot="primary"] table'),
      ).toHaveLength(1)
    })
    await expect(paneText(canvasElement, 'naive')).toContain('1000GB')
  },
}

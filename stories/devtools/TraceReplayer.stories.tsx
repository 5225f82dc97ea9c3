import { createAcpDecoder } from '@palimpsest/protocols/acp'
import { traces } from '@palimpsest/protocols/traces'
import { TraceReplayer } from '@palimpsest/react/devtools'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'

const clearTrace = traces.find((trace) => trace.name === 'acp-clear-and-repush')

const meta = {
  title: 'Devtools/TraceReplayer',
  component: TraceReplayer,
  parameters: {
    docs: {
      description: {
        component:
          'Replays a recorded stream through any decoder into a real store: play, pause, step one wire message, change the speed, scrub to any point (re-decoded from the start), and read each wire message next to the updates it decoded to. Paste, open or drop a trace of your own (a JSON trace, a JSON array of wire messages, NDJSON or SSE text).',
      },
    },
  },
  args: { trace: clearTrace, decoder: createAcpDecoder },
  argTypes: { trace: { control: false }, decoder: { control: false } },
} satisfies Meta<typeof TraceReplayer>

export default meta
type Story = StoryObj<typeof meta>

function position(canvasElement: HTMLElement): HTMLInputElement {
  return within(canvasElement).getByLabelText('Position') as HTMLInputElement
}

/** Moves the slider as dragging it does: the value changes and an input event fires. */
function scrubTo(slider: HTMLInputElement, value: number) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setValue?.call(slider, String(value))
  slider.dispatchEvent(new Event('input', { bubbles: true }))
}

/** The ACP clear-and-repush trace, paused at the start with the wire panel open. */
export const Default: Story = {}

/** Step, scrub back and forth, then play to the end at 100×. */
export const Controls: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const replayer = canvasElement.querySelector('[data-palimpsest-trace-replayer]')
    await step('Step applies one wire message', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Step one wire message' }))
      await expect(position(canvasElement)).toHaveValue('1')
      await expect(canvas.getByRole('log')).toHaveTextContent("What's the weather in Lisbon tomorrow")
    })
    await step('Scrubbing to just before the clear shows the raw markup', async () => {
      scrubTo(position(canvasElement), 6)
      await expect(position(canvasElement)).toHaveValue('6')
      await waitFor(() => expect(canvas.getByRole('log')).toHaveTextContent('"day": "tomorrow"'))
      const current = canvasElement.querySelector('[aria-current="step"]')
      await expect(current).toHaveAttribute('data-palimpsest-replay-step', '5')
      await expect(current).toHaveTextContent('chunk')
    })
    await step('One more step applies the clear; the markup is gone', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Step one wire message' }))
      await expect(canvasElement.querySelector('[aria-current="step"]')).toHaveTextContent('clear')
      await userEvent.click(canvas.getByRole('button', { name: 'Step one wire message' }))
      await waitFor(() => expect(canvas.getByRole('log')).not.toHaveTextContent('tool_call'))
    })
    await step('Play at 100× runs to the end of the stream', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Speed'), '100')
      await userEvent.click(canvas.getByRole('button', { name: 'Play' }))
      await waitFor(() => expect(replayer).toHaveAttribute('data-finished'), { timeout: 5000 })
      await expect(position(canvasElement)).toHaveAttribute('aria-valuetext', '15 of 15 wire messages, stream ended')
      await expect(canvas.getByRole('button', { name: 'Play' })).toBeVisible()
      await waitFor(() => expect(canvas.getByRole('log')).toHaveTextContent('bring an umbrella'))
    })
    await step('Restart plays again from an empty transcript', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Restart' }))
      await waitFor(() => expect(replayer).toHaveAttribute('data-finished'), { timeout: 5000 })
    })
  },
}

/** Pause stops the replay where it is. */
export const PlayAndPause: Story = {
  args: { initialSpeed: 0.5 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Play' }))
    await waitFor(() => expect(Number(position(canvasElement).value)).toBeGreaterThan(1), { timeout: 5000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }))
    const paused = position(canvasElement).value
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await expect(position(canvasElement)).toHaveValue(paused)
  },
}

/** The wire panel folds away and comes back. */
export const PanelToggle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const toggle = canvas.getByRole('button', { name: 'Wire panel' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(canvas.queryByRole('region', { name: 'Wire messages and decoded updates' })).toBeNull()
    await userEvent.click(toggle)
    await expect(canvas.getByRole('region', { name: 'Wire messages and decoded updates' })).toBeVisible()
  },
}

/** A malformed trace is explained, and a good one can be pasted in its place. */
export const MalformedTrace: Story = {
  args: { trace: { name: 'broken', events: [{ delayMs: 10 }] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('alert')).toHaveTextContent('The trace is malformed: event 1 has no "wire" field.')
    await userEvent.click(canvas.getByText('Load a trace'))
    await userEvent.click(canvas.getByLabelText(/Paste a trace/))
    await userEvent.paste(
      [
        '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"Pasted draft"}}}}',
        '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_clear"}}}',
        '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"Pasted answer"}}}}',
      ].join('\n'),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Load pasted trace' }))
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(position(canvasElement)).toHaveAttribute('aria-valuetext', '0 of 3 wire messages')
    await userEvent.selectOptions(canvas.getByLabelText('Speed'), '100')
    await userEvent.click(canvas.getByRole('button', { name: 'Play' }))
    // The replay's timers run late on a loaded machine (the default second failed a CI dry run).
    await waitFor(() => expect(canvas.getByRole('log')).toHaveTextContent('Pasted answer'), { timeout: 5_000 })
    await expect(canvas.getByRole('log')).not.toHaveTextContent('Pasted draft')
  },
}

/** Pasted text that is not JSON gets an alert naming the line. */
export const PastedGarbage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByText('Load a trace'))
    await userEvent.click(canvas.getByLabelText(/Paste a trace/))
    await userEvent.paste('{"jsonrpc":"2.0"}\n{"jsonrpc":')
    await userEvent.click(canvas.getByRole('button', { name: 'Load pasted trace' }))
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      /Could not load the pasted text\. Line 2 is not valid JSON/,
    )
    await expect(position(canvasElement)).toHaveAttribute('aria-valuetext', '0 of 15 wire messages')
  },
}

/** No trace given: an alert and the loader, never a blank panel. */
export const Empty: Story = { args: { trace: undefined } }

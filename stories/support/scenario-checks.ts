/** Play-function steps shared by the scenario stories: replay fast, then compare with a headless replay. */
import { decoders, replayTrace, type Trace } from '@palimpsest/protocols/traces'
import { expect, userEvent, waitFor, within } from 'storybook/test'

/** Sets the fastest speed, restarts, and waits until the stream has ended and no replacement is held. */
export async function replayToEnd(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement)
  await userEvent.selectOptions(canvas.getByLabelText('Speed'), '100')
  await userEvent.click(canvas.getByRole('button', { name: 'Restart' }))
  const replayer = canvasElement.querySelector('[data-palimpsest-trace-replayer]')
  await waitFor(() => expect(replayer).toHaveAttribute('data-finished'), { timeout: 8000 })
  await waitFor(() => expect(canvasElement.querySelector('[data-state="replacing"]')).toBeNull(), { timeout: 3000 })
}

/** The rendered messages are those of the same trace replayed headless: same roles, authors, order and endings. */
export async function expectSameMessagesAsHeadlessReplay(canvasElement: HTMLElement, trace: Trace): Promise<void> {
  const decoder = decoders[trace.protocol]
  if (!decoder) throw new Error(`no decoder for ${trace.protocol}`)
  const state = replayTrace(trace, decoder)
  const expected = state.messageIds.map((id) => {
    const message = state.messages[id]
    return `${message?.role} ${message?.author ?? ''} ${message?.status}`
  })
  // Ids are compared by shape, not value: some decoders number the messages of each decoder instance.
  // The last step reaches the screen with the next frame.
  await waitFor(() => {
    const articles = [...canvasElement.querySelectorAll<HTMLElement>('[data-palimpsest-message]')]
    const shown = articles.map(({ dataset }) => `${dataset.role} ${dataset.author ?? ''} ${dataset.status}`)
    expect(shown).toEqual(expected)
  })
}

/** The answer text (primary content) of the whole transcript. */
export function answerText(canvasElement: HTMLElement): string {
  return [...canvasElement.querySelectorAll('[data-palimpsest-slot="primary"]')].map((el) => el.textContent).join('\n')
}

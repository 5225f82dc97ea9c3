/**
 * `VirtualTranscript` takes the same options as `Transcript` (one list of them), and neither puts
 * an option on its element. Layout, scrolling and measuring are in the Chromium tests
 * (`browser/virtual-transcript.browser.test.tsx`): jsdom has no layout.
 */
import { render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { type MessageComponentProps, Transcript, type TranscriptProps } from '../src'
import { VirtualTranscript } from '../src/virtual'
import { applyNow, syncStore } from './render-helpers'

function CustomMessage({ message }: MessageComponentProps) {
  return <p data-custom-message={message.id}>custom {message.id}</p>
}

afterEach(() => vi.restoreAllMocks())

const transcripts = [
  ['Transcript', Transcript],
  ['VirtualTranscript', VirtualTranscript],
] as const

test.each(transcripts)('%s applies the transcript options and keeps them off its element', (_, Component) => {
  const store = syncStore()
  applyNow(store, [{ type: 'chunk', messageId: 'a', text: 'Hello' }])
  // jsdom lays nothing out: give every element a height, so the virtual list has a viewport to fill.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
  const onIssue = vi.fn()
  const ref = createRef<HTMLDivElement>()
  const props: TranscriptProps = {
    store,
    components: { Message: CustomMessage },
    labels: { transcript: 'Chat history' },
    panels: { reasoning: true },
    holdMs: 100,
    markRevisions: true,
    blockRemoteImages: true,
    onIssue,
    onApprove: vi.fn(),
    onDeny: vi.fn(),
    className: 'chat',
  }
  const { container } = render(<Component ref={ref} {...props} />)
  expect(screen.getByRole('log', { name: 'Chat history' })).toBeTruthy()
  expect(container.querySelector('[data-custom-message="a"]')?.textContent).toBe('custom a')
  const root = container.querySelector('[data-palimpsest-transcript]') as HTMLElement
  expect(ref.current).toBe(root)
  expect(root.className).toBe('chat')
  const attributes = root.getAttributeNames()
  for (const option of ['components', 'labels', 'panels', 'holdms', 'markrevisions', 'blockremoteimages'])
    expect(attributes).not.toContain(option)
  expect(onIssue).not.toHaveBeenCalled()
})

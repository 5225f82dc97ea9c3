// @vitest-environment node
/**
 * `VirtualTranscript` on the server: it has no viewport to measure, so it sends the frame (the
 * labelled log, sized for every message) without errors, and renders the messages once hydrated.
 */
import { createTranscriptStore } from '@palimpsest/core'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test, vi } from 'vitest'
import { VirtualTranscript } from '../../src/virtual'

afterEach(() => vi.restoreAllMocks())

test('renders the transcript frame on the server without errors or warnings', () => {
  const calls: unknown[][] = []
  for (const level of ['error', 'warn'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void calls.push(args))
  const store = createTranscriptStore({ schedule: 'sync' })
  store.getState().apply([
    { type: 'chunk', messageId: 'a', text: 'Hello' },
    { type: 'message-done', messageId: 'a' },
  ])
  const html = renderToString(<VirtualTranscript store={store} />)
  expect(html).toMatch(/role="log"/)
  expect(html).toContain('data-palimpsest-virtual-messages')
  expect(calls).toEqual([])
})

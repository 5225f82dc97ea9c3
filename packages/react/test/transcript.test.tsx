import type { ApprovalRequestPart, Issue, TextPart } from '@palimpsest/core'
import { createInitialState, createTranscriptStore } from '@palimpsest/core'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { type PartProps, Transcript } from '../src'
import { everyPartKind } from './every-part-kind'
import { applyNow, syncStore } from './render-helpers'

test('the log is aria-busy while streaming and the status region announces only "responding" and "done"', () => {
  const store = syncStore()
  render(<Transcript store={store} />)
  const log = screen.getByRole('log')
  const status = screen.getByRole('status')
  expect(log.getAttribute('aria-busy')).toBe('false')
  expect(status.textContent).toBe('')

  applyNow(store, { type: 'chunk', messageId: 'm', text: 'Hel' })
  expect(log.getAttribute('aria-busy')).toBe('true')
  expect(status.textContent).toBe('Responding…')
  applyNow(store, { type: 'chunk', messageId: 'm', text: 'lo there' })
  expect(status.textContent).toBe('Responding…')
  expect(status.textContent).not.toContain('there')

  applyNow(store, { type: 'turn-end', stopReason: 'end_turn' })
  expect(log.getAttribute('aria-busy')).toBe('false')
  expect(status.textContent).toBe('Response complete')
})

test('every part kind renders, secondary parts before the answer, each element exposing data-* state', () => {
  const store = syncStore()
  applyNow(store, everyPartKind)
  const { container } = render(<Transcript store={store} />)
  const message = container.querySelector('[data-message-id="a1"]') as HTMLElement
  expect(message.dataset.role).toBe('assistant')
  expect(message.dataset.status).toBe('complete')
  expect(within(message).getByText('Coder')).toBeTruthy()
  const kinds = [...message.querySelectorAll('[data-palimpsest-part]')].map((el) =>
    el.getAttribute('data-palimpsest-part'),
  )
  expect(kinds).toEqual([
    'reasoning',
    'plan',
    'tool-call',
    'tool-call',
    'tool-call',
    'tool-call',
    'tool-call',
    'handoff',
    'status',
    'text',
    'data',
    'file',
    'file',
    'source',
    'approval-request',
    'error',
  ])
  // Every tool status has a badge in words.
  const badges = [...message.querySelectorAll('[data-palimpsest-part="tool-call"] [data-palimpsest-badge="status"]')]
  expect(badges.map((b) => b.textContent)).toEqual(['Completed', 'Completed', 'Failed', 'Cancelled', 'Pending'])
  expect(message.querySelector('[data-palimpsest-part="text"] strong')?.textContent).toBe('adds')
  expect(within(message).getByText('Coder → Reviewer')).toBeTruthy()
  expect(within(message).getByText('Step 2 of 3').dataset.level).toBe('info')
  expect(within(message).getByRole('link', { name: 'Docs' }).getAttribute('rel')).toBe('noopener noreferrer')
  expect(within(message).getByText('rate limited')).toBeTruthy()
  // A plan is open by default and says status and priority in words.
  expect(within(message).getByText('Fix sum').closest('li')?.dataset.status).toBe('in_progress')
  expect(within(message).getByText('High priority')).toBeTruthy()
})

test('data and tool output render as text, never as HTML', () => {
  const store = syncStore()
  applyNow(store, everyPartKind)
  const { container } = render(<Transcript store={store} />)
  const data = container.querySelector('[data-palimpsest-part="data"]') as HTMLElement
  expect(data.querySelector('img')).toBeNull()
  expect(data.textContent).toContain('"html": "<img src=x onerror=alert(1)>"')
  expect(data.textContent).toContain('"passed": 12')
})

test('remote images load unless blockRemoteImages, which shows a link instead', () => {
  const store = syncStore()
  applyNow(store, everyPartKind)
  const { unmount } = render(<Transcript store={store} />)
  expect(screen.getByRole('img', { name: 'Chart' }).getAttribute('src')).toBe('https://example.com/chart.png')
  unmount()
  render(<Transcript store={store} blockRemoteImages />)
  expect(screen.queryByRole('img', { name: 'Chart' })).toBeNull()
  expect(screen.getByRole('link', { name: /Remote image not loaded: Chart/ })).toBeTruthy()
})

test('javascript: file and source URLs are not rendered as links and are reported', () => {
  const store = syncStore()
  const issues: Issue[] = []
  applyNow(store, [
    { type: 'file', messageId: 'm', fileId: 'x', name: 'evil', url: 'javascript:alert(1)' },
    { type: 'source', messageId: 'm', sourceId: 's', title: 'bad source', url: ' JavaScript:alert(1)' },
  ])
  render(<Transcript store={store} onIssue={(issue) => issues.push(issue)} />)
  expect(screen.queryByRole('link')).toBeNull()
  expect(screen.getByText('evil')).toBeTruthy()
  expect(screen.getByText('bad source')).toBeTruthy()
  expect(issues.map((i) => i.code)).toEqual(['unsafe-url', 'unsafe-url'])
})

test('approval buttons call onApprove / onDeny with the request and option; the app applies the response', async () => {
  const store = syncStore()
  applyNow(store, everyPartKind)
  const onApprove = vi.fn((request: ApprovalRequestPart, optionId?: string) =>
    store.getState().apply({
      type: 'approval-response',
      requestId: request.requestId,
      approved: true,
      ...(optionId && { optionId }),
    }),
  )
  const onDeny = vi.fn()
  render(<Transcript store={store} onApprove={onApprove} onDeny={onDeny} />)
  await userEvent.click(screen.getByRole('button', { name: 'Reject' }))
  expect(onDeny).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'r1' }), 'no')
  expect(onApprove).not.toHaveBeenCalled()
  await userEvent.click(screen.getByRole('button', { name: 'Allow once' }))
  expect(onApprove).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'r1' }), 'yes')
  expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull()
  expect(screen.getByText('Approved: Allow once')).toBeTruthy()
})

test('an approval request without options offers Approve and Deny', async () => {
  const store = syncStore()
  applyNow(store, { type: 'approval-request', messageId: 'm', requestId: 'r', title: 'Delete the branch?' })
  const onApprove = vi.fn()
  const onDeny = vi.fn()
  render(<Transcript store={store} onApprove={onApprove} onDeny={onDeny} />)
  await userEvent.click(screen.getByRole('button', { name: 'Deny' }))
  await userEvent.click(screen.getByRole('button', { name: 'Approve' }))
  expect(onDeny).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'r' }), undefined)
  expect(onApprove).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'r' }), undefined)
})

test('every part kind can be replaced through the components prop', () => {
  const store = syncStore()
  applyNow(store, everyPartKind)
  function Text({ part, streaming }: PartProps<TextPart>) {
    return (
      <q data-testid="custom-text" data-streaming={String(streaming)}>
        {part.text.length}
      </q>
    )
  }
  function Tool() {
    return <i data-testid="custom-tool" />
  }
  render(<Transcript store={store} components={{ text: Text, 'tool-call': Tool }} />)
  expect(screen.getAllByTestId('custom-text').map((e) => e.dataset.streaming)).toEqual(['false', 'false'])
  expect(screen.getAllByTestId('custom-tool')).toHaveLength(5)
})

test('a part of a kind nobody renders is skipped and reported, not thrown', () => {
  const state = createInitialState()
  state.messageIds = ['m']
  state.messages.m = {
    id: 'm',
    role: 'assistant',
    status: 'complete',
    revision: 1,
    sealed: false,
    parts: [
      { id: 'text#0', kind: 'text', text: 'still shown', epoch: 0, status: 'done' },
      { id: 'odd#0', kind: 'hologram' } as unknown as TextPart,
    ],
  }
  const store = createTranscriptStore({ schedule: 'sync', initialState: state })
  const issues: Issue[] = []
  render(<Transcript store={store} onIssue={(issue) => issues.push(issue)} />)
  expect(screen.getByText('still shown')).toBeTruthy()
  expect(issues.map((i) => i.code)).toEqual(['unknown-part-kind'])
})

test('a message that ended badly says so in words', () => {
  const store = syncStore()
  applyNow(store, [
    { type: 'chunk', messageId: 'a', text: 'partial' },
    { type: 'turn-end', stopReason: 'refusal' },
    { type: 'chunk', messageId: 'b', text: 'x' },
    { type: 'message-done', messageId: 'b', status: 'interrupted' },
    { type: 'chunk', messageId: 'c', text: 'y' },
    { type: 'turn-end', stopReason: 'cancelled' },
  ])
  const { container } = render(<Transcript store={store} />)
  const statuses = [...container.querySelectorAll('[data-palimpsest-badge="message-status"]')].map((b) => b.textContent)
  expect(statuses).toEqual(['Refused', 'Interrupted', 'Cancelled'])
})

import type { Turn } from '@palimpsest/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'
import { RunStatus, TranscriptProvider } from '../../src'
import { applyNow, syncStore } from '../render-helpers'

function setup(props: Parameters<typeof RunStatus>[0] = {}) {
  const store = syncStore()
  const view = render(
    <TranscriptProvider store={store}>
      <RunStatus {...props} />
    </TranscriptProvider>,
  )
  const root = () => view.container.querySelector('[data-palimpsest-run-status]') as HTMLElement | null
  return { store, root }
}

describe('RunStatus', () => {
  test('renders nothing before the first turn, then follows the latest turn', () => {
    const { store, root } = setup()
    expect(root()).toBeNull()
    applyNow(store, [
      { type: 'turn-start', turnId: 't1', responseId: 'resp_1' },
      { type: 'chunk', messageId: 'm', text: 'Hi' },
    ])
    expect(root()?.dataset).toMatchObject({ status: 'running', turnId: 't1', responseId: 'resp_1' })
    expect(root()?.textContent).toBe('Running')
    applyNow(store, { type: 'turn-end', stopReason: 'error' })
    expect(root()?.textContent).toBe('Failed (error)')
  })

  test('a background run offers Resume with its token and Cancel; a running one only Cancel', async () => {
    const onResume = vi.fn<(token: string, turn: Turn) => void>()
    const onCancel = vi.fn<(turn: Turn) => void>()
    const { store } = setup({ onResume, onCancel })
    applyNow(store, [
      { type: 'chunk', messageId: 'm', text: 'Compiling' },
      { type: 'run', continuationToken: 'AQIDBAU=' },
    ])
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()

    applyNow(store, { type: 'turn-end', continuationToken: 'AQIDBAY=' })
    expect(screen.getByText('Running in the background')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }))
    expect(onResume).toHaveBeenCalledWith('AQIDBAY=', expect.objectContaining({ status: 'background' }))
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledWith(expect.objectContaining({ continuationToken: 'AQIDBAY=' }))
  })

  test('a run that completes after reporting a token offers no Resume', () => {
    const { store } = setup({ onResume: () => {} })
    applyNow(store, [
      { type: 'chunk', messageId: 'm', text: 'Working' },
      { type: 'run', continuationToken: 'AQIDBAU=' },
      { type: 'turn-end', stopReason: 'stop' },
    ])
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull()
  })

  test('a completed run offers neither action; without callbacks no buttons are shown', () => {
    const { store } = setup({ onCancel: () => {}, onResume: () => {} })
    applyNow(store, [{ type: 'chunk', messageId: 'm', text: 'Done' }, { type: 'turn-end' }])
    expect(screen.queryAllByRole('button')).toEqual([])
    const bare = setup()
    applyNow(bare.store, [
      { type: 'chunk', messageId: 'm', text: 'Work' },
      { type: 'turn-end', continuationToken: 'x' },
    ])
    expect(bare.root()?.querySelectorAll('button')).toHaveLength(0)
  })

  test('labels can be replaced', () => {
    const { store, root } = setup({
      labels: { turnStatus: { running: 'En cours', background: '', completed: '', failed: '', cancelled: '' } },
    })
    applyNow(store, { type: 'chunk', messageId: 'm', text: 'x' })
    expect(root()?.textContent).toBe('En cours')
  })
})

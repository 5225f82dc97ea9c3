import type { UIMessage } from 'ai'
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Chat, conversation } from './conversation'

describe('hydrating a server-rendered transcript', () => {
  let root: Root | undefined
  beforeAll(() => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  })
  afterEach(() => {
    act(() => root?.unmount())
    document.body.innerHTML = ''
    vi.restoreAllMocks()
  })

  it('hydrates without a mismatch, then follows the next snapshot', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    container.innerHTML = renderToString(<Chat snapshot={conversation} />)
    const serverHtml = container.innerHTML
    expect(container.textContent).toContain('The pro plan costs more.')

    const errors: unknown[] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args))
    await act(async () => {
      root = hydrateRoot(container, <Chat snapshot={{ messages: conversation, status: 'ready' }} />, {
        onRecoverableError: (error) => errors.push(error),
      })
    })
    expect(errors).toEqual([])
    // Hydration kept the server's nodes: the markup before any update is the server's.
    expect(container.querySelector('table')).not.toBeNull()
    expect(container.textContent).toContain('Compare the two plans')
    expect(serverHtml).toContain('Compare the two plans')

    const next: UIMessage[] = [
      ...conversation,
      { id: 'q2', role: 'user', parts: [{ type: 'text', text: 'And yearly?' }] },
      { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: 'Yearly is cheaper.' }] },
    ]
    await act(async () => root?.render(<Chat snapshot={{ messages: next, status: 'streaming' }} />))
    await vi.waitFor(() => expect(container.textContent).toContain('Yearly is cheaper.'))
    expect(container.textContent).toContain('And yearly?')
    expect(errors).toEqual([])
  })
})

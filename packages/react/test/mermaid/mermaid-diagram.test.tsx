/**
 * A diagram whose render outlasts the time limit: the limit frees the queue for the next diagram
 * and says so under the source, and a render that was only slow (the first of its diagram type
 * loads Mermaid's code for it; a busy page) still shows its diagram when it ends.
 */
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const renders: { id: string; source: string; resolve: (svg: string) => void; reject: (error: Error) => void }[] = []

vi.mock('mermaid', () => ({
  default: {
    initialize: () => undefined,
    render: (id: string, source: string) =>
      new Promise<{ svg: string }>((resolve, reject) => {
        renders.push({ id, source, resolve: (svg) => resolve({ svg }), reject })
      }),
  },
}))

const { MermaidDiagram } = await import('../../src/mermaid')

beforeEach(() => {
  vi.useFakeTimers()
  renders.length = 0
})
afterEach(() => vi.useRealTimers())

/** Lets the dynamic import and the queue's promises run. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0))

describe('a Mermaid render slower than the time limit', () => {
  it('shows the time limit under the source, then the diagram when the render ends', async () => {
    const onError = vi.fn()
    const { container } = render(<MermaidDiagram source={'flowchart LR\n  slow --> drawn'} onError={onError} />)
    await settle()
    expect(renders).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(4000))
    expect(screen.getByRole('alert').textContent).toBe('the diagram did not render within 4000 ms')
    expect(container.querySelector('code')?.textContent).toContain('slow --> drawn')
    expect(onError).toHaveBeenCalledTimes(1)

    await act(async () => renders[0]?.resolve('<svg><text>slow, drawn</text></svg>'))
    const diagram = container.querySelector('[data-palimpsest-mermaid]')
    expect(diagram?.getAttribute('data-state')).toBe('rendered')
    expect(diagram?.textContent).toBe('slow, drawn')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('lets the next diagram render meanwhile, and shows the late error of a render that fails', async () => {
    const { container } = render(
      <>
        <MermaidDiagram source={'flowchart LR\n  first'} />
        <MermaidDiagram source={'flowchart LR\n  second'} />
      </>,
    )
    await settle()
    expect(renders.map((r) => r.source)).toEqual(['flowchart LR\n  first'])
    await act(() => vi.advanceTimersByTimeAsync(4000))
    expect(renders.map((r) => r.source)).toEqual(['flowchart LR\n  first', 'flowchart LR\n  second'])
    await act(async () => renders[1]?.resolve('<svg><text>second drawn</text></svg>'))
    const [first, second] = container.querySelectorAll('[data-palimpsest-mermaid]')
    expect(second?.getAttribute('data-state')).toBe('rendered')
    expect(first?.getAttribute('data-state')).toBe('error')

    await act(async () => renders[0]?.reject(new Error('Parse error on line 2')))
    expect(container.querySelector('[data-palimpsest-mermaid]')?.getAttribute('data-state')).toBe('error')
    expect(screen.getByRole('alert').textContent).toBe('Parse error on line 2')
  })

  it('drops the late result of a source that has since changed', async () => {
    const { container, rerender } = render(<MermaidDiagram source={'flowchart LR\n  old'} />)
    await settle()
    await act(() => vi.advanceTimersByTimeAsync(4000))
    rerender(<MermaidDiagram source={'flowchart LR\n  new'} />)
    await settle()
    await act(async () => renders[0]?.resolve('<svg><text>old drawn</text></svg>'))
    expect(container.textContent).not.toContain('old drawn')
    await act(async () => renders[1]?.resolve('<svg><text>new drawn</text></svg>'))
    expect(container.querySelector('[data-state="rendered"]')?.textContent).toBe('new drawn')
  })
})

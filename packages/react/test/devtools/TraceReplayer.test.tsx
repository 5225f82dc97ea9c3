import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { clearTrace, createCountingFactory } from '../../../core/test/replay/fake-decoder'
import { TraceReplayer } from '../../src/devtools/TraceReplayer'

function transcriptText(): string {
  return screen.getByRole('log').textContent ?? ''
}

function position(): HTMLInputElement {
  return screen.getByLabelText('Position') as HTMLInputElement
}

async function flushFrames(ms = 300) {
  await act(async () => {
    vi.advanceTimersByTime(ms)
  })
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('TraceReplayer controls', () => {
  test('Step applies one wire message and shows it at once', async () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} />)
    expect(screen.queryByRole('article')).toBeNull()
    const step = screen.getByRole('button', { name: 'Step one wire message' })
    fireEvent.click(step)
    fireEvent.click(step)
    expect(transcriptText()).toContain('Draft text')
    expect(position().value).toBe('2')
    expect(position().getAttribute('aria-valuetext')).toBe('2 of 5 wire messages')
  })

  test('plays at recorded speed, pauses, and ends with the stream closed', async () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    await flushFrames(50)
    // Event 1 (0 ms) applied; event 2 is due 100 ms after it.
    expect(position().value).toBe('1')
    await flushFrames(100)
    expect(position().value).toBe('2')
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    await flushFrames(2000)
    expect(position().value).toBe('2')
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    await flushFrames(2000)
    expect(position().value).toBe('6')
    expect(position().getAttribute('aria-valuetext')).toBe('5 of 5 wire messages, stream ended')
    expect(transcriptText()).toContain('Final answer')
    expect(transcriptText()).not.toContain('Draft')
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Step one wire message' }) as HTMLButtonElement).disabled).toBe(true)
  })

  test('a faster speed shortens the recorded delays', async () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} initialSpeed={20} autoPlay />)
    // 400 ms of recorded delays at 20× take 20 ms.
    await flushFrames(40)
    expect(position().value).toBe('6')
  })

  test('the speed control changes the pace while playing', async () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} autoPlay />)
    await flushFrames(10)
    expect(position().value).toBe('1')
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '100' } })
    await flushFrames(10)
    expect(position().value).toBe('6')
  })

  test('scrubbing re-decodes from the start up to that point', async () => {
    const factory = createCountingFactory()
    render(<TraceReplayer trace={clearTrace} decoder={factory} />)
    fireEvent.change(position(), { target: { value: '5' } })
    expect(transcriptText()).toContain('Final answer')
    fireEvent.change(position(), { target: { value: '2' } })
    expect(transcriptText()).toContain('Draft text')
    expect(transcriptText()).not.toContain('Final')
    expect(factory.created).toBe(2)
  })

  test('Restart empties the transcript and plays again', async () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} initialSpeed={100} />)
    fireEvent.change(position(), { target: { value: '6' } })
    fireEvent.click(screen.getByRole('button', { name: 'Restart' }))
    expect(position().value).toBe('0')
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy()
    await flushFrames(50)
    expect(position().value).toBe('6')
  })

  test('Restart pressed as the replay ends (before it re-renders) still plays again', async () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} initialSpeed={100} autoPlay />)
    // The last timer stops the playback and the click restarts it within one batch of updates.
    act(() => {
      vi.advanceTimersByTime(50)
      fireEvent.click(screen.getByRole('button', { name: 'Restart' }))
    })
    expect(position().value).toBe('0')
    await flushFrames(50)
    expect(position().value).toBe('6')
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy()
  })
})

describe('TraceReplayer wire panel', () => {
  test('lists every wire message and, once applied, the updates it decoded to', () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} />)
    const panel = screen.getByRole('region', { name: 'Wire messages and decoded updates' })
    const rows = within(panel)
      .getAllByRole('listitem')
      .filter((li) => li.hasAttribute('data-palimpsest-replay-step'))
    expect(rows).toHaveLength(6)
    expect(rows[0]?.textContent).toContain('not applied yet')
    fireEvent.change(position(), { target: { value: '3' } })
    const current = panel.querySelector('[aria-current="step"]')
    expect(current?.getAttribute('data-palimpsest-replay-step')).toBe('2')
    expect(current?.textContent).toContain('clear')
    expect(current?.textContent).toContain('"target":"text"')
    expect(panel.querySelector('[data-palimpsest-replay-step="3"]')?.textContent).toContain('not applied yet')
  })

  test('shows what the decoder reported next to the message that caused it', () => {
    render(<TraceReplayer events={[{ wire: { nonsense: true } }]} decoder={createCountingFactory()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Step one wire message' }))
    const panel = screen.getByRole('region', { name: 'Wire messages and decoded updates' })
    expect(within(panel).getByText(/malformed-message: not a fake message/)).toBeTruthy()
    expect(within(panel).getByText('no updates')).toBeTruthy()
  })

  test('the panel toggle hides and shows the panel', () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} />)
    const toggle = screen.getByRole('button', { name: 'Wire panel' })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('region', { name: 'Wire messages and decoded updates' })).toBeNull()
    fireEvent.click(toggle)
    expect(screen.getByRole('region', { name: 'Wire messages and decoded updates' })).toBeTruthy()
  })

  test('a controlled panel shows panelOpen; the toggle only asks onPanelOpenChange', () => {
    const onPanelOpenChange = vi.fn()
    const replayer = (panelOpen: boolean) => (
      <TraceReplayer
        trace={clearTrace}
        decoder={createCountingFactory()}
        panelOpen={panelOpen}
        onPanelOpenChange={onPanelOpenChange}
      />
    )
    const view = render(replayer(false))
    const toggle = screen.getByRole('button', { name: 'Wire panel' })
    fireEvent.click(toggle)
    expect(onPanelOpenChange).toHaveBeenCalledWith(true)
    expect(screen.queryByRole('region', { name: 'Wire messages and decoded updates' })).toBeNull()
    view.rerender(replayer(true))
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('region', { name: 'Wire messages and decoded updates' })).toBeTruthy()
  })

  test('its ref is the section; className and data-* reach it', () => {
    const ref = createRef<HTMLElement>()
    render(
      <TraceReplayer
        ref={ref}
        className="mine"
        data-consumer="yes"
        trace={clearTrace}
        decoder={createCountingFactory()}
      />,
    )
    expect(ref.current).toBe(screen.getByRole('region', { name: 'Trace replayer: Fake clear' }))
    expect(ref.current?.className).toBe('mine')
    expect(ref.current?.dataset.consumer).toBe('yes')
  })
})

describe('TraceReplayer loading', () => {
  test('a malformed trace prop is explained in an alert', () => {
    render(<TraceReplayer trace={{ name: 'broken', events: [{ delayMs: 3 }] }} decoder={createCountingFactory()} />)
    expect(screen.getByRole('alert').textContent).toBe('The trace is malformed: event 1 has no "wire" field.')
    expect(screen.queryByRole('toolbar')).toBeNull()
  })

  test('a pasted NDJSON trace replaces the shown one', () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} />)
    fireEvent.change(screen.getByLabelText(/Paste a trace/), { target: { value: '{"say":"Pasted"}\n{"say":" text"}' } })
    fireEvent.click(screen.getByRole('button', { name: 'Load pasted trace' }))
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.change(position(), { target: { value: '3' } })
    expect(transcriptText()).toContain('Pasted text')
    expect(position().getAttribute('aria-valuetext')).toBe('2 of 2 wire messages, stream ended')
  })

  test('a malformed pasted trace shows an alert and keeps the current replay', () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} />)
    fireEvent.change(screen.getByLabelText(/Paste a trace/), { target: { value: '{"say":"a"}\n{"say":' } })
    fireEvent.click(screen.getByRole('button', { name: 'Load pasted trace' }))
    expect(screen.getByRole('alert').textContent).toMatch(/^Could not load the pasted text\. Line 2 is not valid JSON/)
    expect(position().getAttribute('aria-valuetext')).toBe('0 of 5 wire messages')
  })

  test('a dropped file is loaded', async () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} />)
    const file = new File([JSON.stringify([{ say: 'Dropped' }])], 'dropped.json', { type: 'application/json' })
    const replayer = screen.getByRole('region', { name: 'Trace replayer: Fake clear' })
    await act(async () => {
      fireEvent.drop(replayer, { dataTransfer: { files: [file], getData: () => '' } })
      await vi.runAllTimersAsync()
    })
    expect(screen.getByRole('region', { name: 'Trace replayer' })).toBeTruthy()
    expect(position().getAttribute('aria-valuetext')).toBe('0 of 1 wire messages')
  })

  test('dropped text that is not a trace is explained', () => {
    render(<TraceReplayer trace={clearTrace} decoder={createCountingFactory()} />)
    const replayer = screen.getByRole('region', { name: 'Trace replayer: Fake clear' })
    fireEvent.drop(replayer, { dataTransfer: { files: [], getData: () => 'not json' } })
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Could not load the dropped text\. The trace is not valid JSON/,
    )
  })

  test('no trace at all is explained, and a trace can be loaded', () => {
    render(<TraceReplayer decoder={createCountingFactory()} />)
    expect(screen.getByRole('alert').textContent).toBe('No trace to replay: pass `trace` or `events`, or load one.')
    fireEvent.change(screen.getByLabelText(/Paste a trace/), { target: { value: '[{"say":"x"}]' } })
    fireEvent.click(screen.getByRole('button', { name: 'Load pasted trace' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('toolbar', { name: 'Replay controls' })).toBeTruthy()
  })
})

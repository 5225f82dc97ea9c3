import type { AgentUpdate, Decoder, TranscriptStore } from '@palimpsest/core'
import { useSnapshotStore } from '@palimpsest/react'
import { act, render } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'

/** A snapshot decoder for the test: the whole text of message m1, rewritten when it changes. */
function createTextDecoder(log: string[]) {
  return (): Decoder<{ text: string; tag?: string }> => ({
    decode(wire) {
      const { text } = typeof wire === 'string' ? JSON.parse(wire) : wire
      log.push(text)
      return [{ type: 'full', messageId: 'm1', text }] satisfies AgentUpdate[]
    },
    end: () => [],
  })
}

describe('useSnapshotStore', () => {
  it('holds the first snapshot from the first render and follows each change once', async () => {
    const log: string[] = []
    const factory = createTextDecoder(log)
    let store: TranscriptStore | undefined
    const Probe = ({ text, tag }: { text: string; tag: string }) => {
      // A new object on every render, as `{ messages, status }` is in an app.
      store = useSnapshotStore(factory, { text, tag }, { schedule: 'sync' })
      return null
    }
    const { rerender } = render(<Probe text="one" tag="a" />)
    const first = store
    const textOf = () => {
      const part = store?.getState().messages.m1?.parts[0]
      return part?.kind === 'text' ? part.text : undefined
    }
    expect(textOf()).toBe('one')
    rerender(<Probe text="one" tag="a" />)
    expect(log).toEqual(['one'])
    await act(async () => rerender(<Probe text="two" tag="a" />))
    await act(async () => rerender(<Probe text="two" tag="b" />))
    expect(log).toEqual(['one', 'two', 'two'])
    expect(textOf()).toBe('two')
    expect(store).toBe(first)
  })

  it('decodes each change once under StrictMode', async () => {
    const log: string[] = []
    const factory = createTextDecoder(log)
    const Probe = ({ text }: { text: string }) => {
      useSnapshotStore(factory, { text })
      return null
    }
    const { rerender } = render(
      <StrictMode>
        <Probe text="one" />
      </StrictMode>,
    )
    await act(async () =>
      rerender(
        <StrictMode>
          <Probe text="two" />
        </StrictMode>,
      ),
    )
    // StrictMode runs the initializer twice (two stores, one kept); the change is decoded once.
    expect(log.filter((t) => t === 'two')).toEqual(['two'])
  })
})

import { createTranscriptStore } from '@palimpsest/core'
import { decoders, replayTrace, traces } from '@palimpsest/protocols/traces'
import { render } from '@testing-library/react'
import { expect, test } from 'vitest'
import { Transcript } from '../../src'

test('a multi-agent transcript names each message’s agent and shows the hand-off between them', () => {
  const trace = traces.find((t) => t.name === 'agent-framework-dotnet-handoff')
  if (!trace) throw new Error('trace missing')
  const decoder = decoders[trace.protocol]
  if (!decoder) throw new Error('decoder missing')
  const store = createTranscriptStore({ initialState: replayTrace(trace, decoder) })
  const view = render(<Transcript store={store} />)
  const assistants = [...view.container.querySelectorAll('[data-palimpsest-message][data-role="assistant"]')]
  const shownAuthors = assistants.map((m) => m.querySelector('[data-palimpsest-author]')?.textContent)
  expect(shownAuthors[0]).toBe('Triage')
  expect(shownAuthors.at(-1)).toBe('Billing')
  expect(new Set(shownAuthors)).toEqual(new Set(['Triage', 'Billing']))
  const handoff = view.container.querySelector('[data-palimpsest-part="handoff"]')
  expect(handoff?.textContent).toBe('Triage → Billing')
  // The hand-off sits in the message of the agent that took over.
  expect(handoff?.closest('[data-palimpsest-message]')?.getAttribute('data-author')).toBe('Billing')
})

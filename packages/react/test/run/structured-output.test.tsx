import type { AgentUpdate } from '@palimpsest/core'
import { render, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createStructuredOutputPart, StructuredOutput, Transcript, TranscriptProvider } from '../../src'
import { applyNow, syncStore } from '../render-helpers'

const Itinerary = z.object({
  city: z.string(),
  days: z.array(z.object({ day: z.number().int(), plan: z.string() })),
})

const chunk = (text: string, messageId = 'm'): AgentUpdate => ({ type: 'chunk', messageId, text })

function fields(root: Element | null | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const row of root?.querySelectorAll(':scope > [data-field]') ?? [])
    out[(row as HTMLElement).dataset.field as string] = row.querySelector('dd')?.textContent ?? ''
  return out
}

describe('StructuredOutput as the text part renderer', () => {
  function setup() {
    const store = syncStore()
    const view = render(<Transcript store={store} components={{ text: createStructuredOutputPart(Itinerary) }} />)
    const output = () => view.container.querySelector('[data-palimpsest-structured-output]') as HTMLElement | null
    return { store, view, output }
  }

  test('fields, then rows, appear as the JSON streams; the raw JSON text is never shown', () => {
    const { store, output } = setup()
    applyNow(store, chunk('```json\n{"city": "Lis'))
    expect(output()?.dataset.state).toBe('streaming')
    expect(output()?.getAttribute('aria-busy')).toBe('true')
    expect(fields(output()?.querySelector('dl'))).toEqual({ city: 'Lis' })
    applyNow(store, chunk('bon", "days": [{"day": 1, "plan": "Alfama"}, {"day": 2, "pl'))
    const table = output()?.querySelector('table[data-palimpsest-structured="rows"]')
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual(['day', 'plan'])
    expect([...(table?.querySelectorAll('tbody tr') ?? [])].map((tr) => tr.textContent)).toEqual(['1Alfama', '2'])
    expect(output()?.textContent).not.toContain('{')
  })

  test('a finished answer that matches the schema is valid and shows no issues', () => {
    const { store, output } = setup()
    applyNow(store, [
      chunk('{"city": "Porto", "days": [{"day": 1, "plan": "Ribeira"}]}'),
      { type: 'message-done', messageId: 'm' },
    ])
    expect(output()?.dataset.state).toBe('valid')
    expect(output()?.querySelector('[data-palimpsest-structured-issues]')).toBeNull()
  })

  test('a finished answer that fails the schema lists the issues with their paths', () => {
    const { store, output } = setup()
    applyNow(store, [
      chunk('{"city": "Porto", "days": [{"day": "one", "plan": "Ribeira"}]}'),
      { type: 'message-done', messageId: 'm' },
    ])
    expect(output()?.dataset.state).toBe('invalid')
    const issues = output()?.querySelector('[data-palimpsest-structured-issues]') as HTMLElement
    expect(within(issues).getByText('The answer does not match the expected format')).toBeTruthy()
    const items = [...issues.querySelectorAll('li')]
    expect(items).toHaveLength(1)
    expect(items[0]?.dataset.code).toBe('schema')
    expect(items[0]?.querySelector('code')?.textContent).toBe('days[0].day')
    // The value is still shown, so the user sees what was wrong.
    expect(fields(output()?.querySelector('dl'))).toMatchObject({ city: 'Porto' })
  })

  test('broken JSON is reported, not thrown', () => {
    const { store, output } = setup()
    applyNow(store, [chunk('{"city": Porto}'), { type: 'message-done', messageId: 'm' }])
    expect(output()?.dataset.state).toBe('invalid')
    expect(output()?.querySelector('li')?.dataset.code).toBe('syntax')
  })

  test('the user prompt and text before a tool call stay markdown; only the answer part is structured', () => {
    const { store, view } = setup()
    applyNow(store, [
      { type: 'chunk', messageId: 'u', role: 'user', text: 'Weather in *Faro*?' },
      chunk('Let me check the **weather**.'),
      { type: 'tool-call', messageId: 'm', toolCallId: 't', name: 'weather', status: 'completed' },
      chunk('{"city": "Faro", "days": []}'),
    ])
    expect(view.container.querySelector('strong')?.textContent).toBe('weather')
    expect(view.container.querySelector('[data-message-id="u"] em')?.textContent).toBe('Faro')
    expect(view.container.querySelectorAll('[data-palimpsest-structured-output]')).toHaveLength(1)
  })
})

describe('StructuredOutput on its own', () => {
  test('reads a message from the store by id, with a custom render', () => {
    const store = syncStore()
    const view = render(
      <TranscriptProvider store={store}>
        <StructuredOutput
          messageId="m"
          render={(result) => <output>{result.ok ? 'ok' : `partial ${JSON.stringify(result.partial)}`}</output>}
        />
      </TranscriptProvider>,
    )
    expect(view.container.querySelector('output')).toBeNull()
    applyNow(store, chunk('[1, 2'))
    expect(view.container.querySelector('output')?.textContent).toBe('partial [1]')
    applyNow(store, [chunk(', 3]'), { type: 'message-done', messageId: 'm' }])
    expect(view.container.querySelector('output')?.textContent).toBe('ok')
  })
})

/**
 * Open and closed panels, controlled (`open` + `onOpenChange`) and uncontrolled (`defaultOpen`),
 * and a consumer's handlers on a trigger composed with its toggle.
 */
import type { ReasoningPart, ToolCallPart } from '@palimpsest/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type MouseEvent, useState } from 'react'
import { describe, expect, test, vi } from 'vitest'
import { Collapsible, type PartProps, Reasoning, ToolCall, Transcript } from '../../src'
import { everyPartKind } from '../every-part-kind'
import { applyNow, syncStore } from '../render-helpers'

const trigger = () => screen.getByRole('button', { name: 'Details' })
const content = () => document.getElementById(trigger().getAttribute('aria-controls') ?? '') as HTMLElement

describe('uncontrolled', () => {
  test('starts at defaultOpen and toggles on click, telling onOpenChange', async () => {
    const onOpenChange = vi.fn()
    render(
      <Collapsible.Root defaultOpen onOpenChange={onOpenChange}>
        <Collapsible.Trigger>Details</Collapsible.Trigger>
        <Collapsible.Content>Inside</Collapsible.Content>
      </Collapsible.Root>,
    )
    expect(trigger().getAttribute('aria-expanded')).toBe('true')
    expect(content().textContent).toBe('Inside')
    await userEvent.click(trigger())
    expect(trigger().getAttribute('aria-expanded')).toBe('false')
    expect(content().hidden).toBe(true)
    expect(content().textContent).toBe('')
    await userEvent.click(trigger())
    expect(trigger().dataset.state).toBe('open')
    expect(onOpenChange.mock.calls).toEqual([[false], [true]])
  })

  test('follows a changing defaultOpen until the user toggles, then keeps the user’s choice', async () => {
    const panel = (defaultOpen: boolean) => (
      <Collapsible.Root defaultOpen={defaultOpen}>
        <Collapsible.Trigger>Details</Collapsible.Trigger>
      </Collapsible.Root>
    )
    const view = render(panel(true))
    view.rerender(panel(false))
    expect(trigger().getAttribute('aria-expanded')).toBe('false')
    await userEvent.click(trigger())
    view.rerender(panel(false))
    expect(trigger().getAttribute('aria-expanded')).toBe('true')
  })

  test('a part panel’s defaultOpen overrides the transcript’s panels option', () => {
    const store = syncStore()
    applyNow(store, everyPartKind)
    const OpenToolCall = (props: PartProps<ToolCallPart>) => <ToolCall {...props} defaultOpen />
    render(<Transcript store={store} components={{ 'tool-call': OpenToolCall }} />)
    const read = screen.getByRole('button', { name: /Read src\/sum.ts/ })
    expect(read.getAttribute('aria-expanded')).toBe('true')
  })
})

describe('controlled', () => {
  test('shows the open prop; a click only asks onOpenChange', async () => {
    const onOpenChange = vi.fn()
    const panel = (open: boolean) => (
      <Collapsible.Root open={open} onOpenChange={onOpenChange}>
        <Collapsible.Trigger>Details</Collapsible.Trigger>
        <Collapsible.Content>Inside</Collapsible.Content>
      </Collapsible.Root>
    )
    const view = render(panel(false))
    await userEvent.click(trigger())
    expect(onOpenChange).toHaveBeenCalledWith(true)
    expect(trigger().getAttribute('aria-expanded')).toBe('false')
    view.rerender(panel(true))
    expect(trigger().getAttribute('aria-expanded')).toBe('true')
    expect(content().textContent).toBe('Inside')
  })

  test('a reasoning panel driven by the app’s state opens and closes with it', async () => {
    const store = syncStore()
    applyNow(store, everyPartKind)
    const seen: boolean[] = []
    function AppReasoning(props: PartProps<ReasoningPart>) {
      const [open, setOpen] = useState(true)
      return (
        <Reasoning
          {...props}
          open={open}
          onOpenChange={(next) => {
            seen.push(next)
            setOpen(next)
          }}
        />
      )
    }
    render(<Transcript store={store} components={{ reasoning: AppReasoning }} />)
    const reasoning = screen.getByRole('button', { name: 'Reasoning' })
    expect(reasoning.getAttribute('aria-expanded')).toBe('true')
    await userEvent.click(reasoning)
    expect(reasoning.getAttribute('aria-expanded')).toBe('false')
    expect(seen).toEqual([false])
  })
})

describe('a consumer’s handlers on the trigger', () => {
  test('onClick runs before the toggle, and both happen', async () => {
    const order: string[] = []
    render(
      <Collapsible.Root onOpenChange={(open) => order.push(`toggle ${open}`)}>
        <Collapsible.Trigger onClick={() => order.push('consumer')}>Details</Collapsible.Trigger>
      </Collapsible.Root>,
    )
    await userEvent.click(trigger())
    expect(order).toEqual(['consumer', 'toggle true'])
    expect(trigger().getAttribute('aria-expanded')).toBe('true')
  })

  test('event.preventDefault() in onClick keeps the panel as it is', async () => {
    const onOpenChange = vi.fn()
    render(
      <Collapsible.Root onOpenChange={onOpenChange}>
        <Collapsible.Trigger onClick={(event: MouseEvent) => event.preventDefault()}>Details</Collapsible.Trigger>
      </Collapsible.Root>,
    )
    await userEvent.click(trigger())
    expect(trigger().getAttribute('aria-expanded')).toBe('false')
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  test('onKeyDown runs and Enter still toggles', async () => {
    const keys: string[] = []
    render(
      <Collapsible.Root>
        <Collapsible.Trigger onKeyDown={(event) => keys.push(event.key)}>Details</Collapsible.Trigger>
      </Collapsible.Root>,
    )
    trigger().focus()
    await userEvent.keyboard('{Enter}')
    expect(keys).toEqual(['Enter'])
    expect(trigger().getAttribute('aria-expanded')).toBe('true')
  })

  test('the part’s state attributes win over the consumer’s', () => {
    render(
      <Collapsible.Root defaultOpen data-state="closed">
        <Collapsible.Trigger data-state="closed" aria-expanded={false} aria-controls="elsewhere">
          Details
        </Collapsible.Trigger>
        <Collapsible.Content id="mine" hidden>
          Inside
        </Collapsible.Content>
      </Collapsible.Root>,
    )
    expect(trigger().closest('[data-state]:not(button)')?.getAttribute('data-state')).toBe('open')
    expect(trigger().dataset.state).toBe('open')
    expect(trigger().getAttribute('aria-expanded')).toBe('true')
    expect(content().textContent).toBe('Inside')
    expect(content().hidden).toBe(false)
  })
})

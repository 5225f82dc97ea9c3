/**
 * Accessibility in a real browser: zero axe-core violations on a transcript holding every part
 * kind (panels closed and open, light and dark theme), and every panel operable from the keyboard.
 */
import '../../src/styles.css'
import { createTranscriptStore } from '@palimpsest/core'
import type { AxeResults, RunOptions } from 'axe-core'
// Loaded as text and run as a script: importing axe-core as a module would make Vite optimise it
// mid-run and reload the page (the shared config's optimizeDeps does not list it).
import axeSource from 'axe-core/axe.min.js?raw'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { Transcript } from '../../src'
import { everyPartKind } from '../every-part-kind'
import { nextFrame } from './frame-sampler'

let root: Root | undefined
let host: HTMLElement | undefined

afterEach(() => {
  root?.unmount()
  host?.remove()
  document.documentElement.removeAttribute('data-theme')
})

async function mountEveryPartKind() {
  host = document.createElement('main')
  host.style.cssText = 'height: 600px; width: 800px;'
  document.body.append(host)
  const store = createTranscriptStore({ schedule: 'sync' })
  store.getState().apply(everyPartKind)
  // A second assistant message still streaming, so streaming states are checked too.
  store.getState().apply([
    { type: 'thought', messageId: 'a2', text: 'Checking the **edge cases**' },
    { type: 'tool-call', messageId: 'a2', toolCallId: 'grep', name: 'grep', toolKind: 'search', status: 'in_progress' },
    { type: 'tool-call-delta', toolCallId: 'grep', inputText: '{"pattern": "sum(' },
  ])
  root = createRoot(host)
  root.render(<Transcript store={store} onApprove={() => {}} onDeny={() => {}} />)
  for (let i = 0; i < 100 && !host.querySelector('[data-palimpsest-message]'); i++) await nextFrame()
  await nextFrame()
  return host
}

interface AxeGlobal {
  axe?: { run(context: Element, options: RunOptions): Promise<AxeResults> }
}

function loadAxe() {
  const scope = window as unknown as AxeGlobal
  if (!scope.axe) {
    const script = document.createElement('script')
    script.textContent = axeSource
    document.head.append(script)
  }
  if (!scope.axe) throw new Error('axe-core did not load')
  return scope.axe
}

async function violations(context: HTMLElement) {
  const result = await loadAxe().run(context, { resultTypes: ['violations'] })
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const panelTriggers = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLButtonElement>('button[aria-expanded]'),
]

test('a transcript with every part kind has no axe violations, with panels closed and open, light and dark', async () => {
  const container = await mountEveryPartKind()
  expect(await violations(container)).toEqual([])
  for (const trigger of panelTriggers(container)) if (trigger.getAttribute('aria-expanded') === 'false') trigger.click()
  await nextFrame()
  expect(panelTriggers(container).every((t) => t.getAttribute('aria-expanded') === 'true')).toBe(true)
  expect(await violations(container)).toEqual([])
  document.documentElement.setAttribute('data-theme', 'dark')
  await nextFrame()
  expect(await violations(container)).toEqual([])
})

test('every panel opens and closes from the keyboard: Tab reaches each trigger, Enter and Space toggle it', async () => {
  const container = await mountEveryPartKind()
  const triggers = panelTriggers(container)
  expect(triggers.length).toBe(9) // two reasoning panels, one plan, six tool calls
  const log = container.querySelector('[role="log"]') as HTMLElement
  log.focus()
  for (const trigger of triggers) {
    // Tab forward until this trigger has focus (other controls, such as approval buttons, lie between).
    for (let i = 0; i < 10 && document.activeElement !== trigger; i++) await userEvent.keyboard('{Tab}')
    expect(document.activeElement).toBe(trigger)
    const before = trigger.getAttribute('aria-expanded')
    const content = document.getElementById(trigger.getAttribute('aria-controls') as string) as HTMLElement
    await userEvent.keyboard('{Enter}')
    expect(trigger.getAttribute('aria-expanded')).not.toBe(before)
    expect(content.hidden).toBe(before === 'true')
    await userEvent.keyboard(' ')
    expect(trigger.getAttribute('aria-expanded')).toBe(before)
    expect(content.hidden).toBe(before === 'false')
  }
})

/**
 * The example app in Chromium: two turns through `useChat` and the local `streamText` server, a
 * regenerate, an edit of the question, and each recorded trace replayed over SSE. Checks what the
 * page shows, and that the page logs no error.
 */
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../../scripts/chromium'
import { type ExampleServer, startExampleServer } from '../server'
import { replayedTraces } from '../src/replayed-traces'

let server: ExampleServer
let browser: Browser
let page: Page
const errors: string[] = []

beforeAll(async () => {
  server = await startExampleServer({ port: 0, chunkDelayInMs: 2, maxReplayDelayMs: 10 })
  browser = await chromium.launch(chromiumLaunchOptions())
  page = await browser.newPage()
  page.on('pageerror', (error) => errors.push(String(error)))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(server.url)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const transcript = () => page.locator('[data-palimpsest-transcript]')
const transcriptText = async () => (await transcript().textContent()) ?? ''
const ready = () => page.locator('.status[data-status="ready"]').waitFor({ timeout: 60_000 })

async function ask(question: string) {
  await page.getByLabel('Ask about the weather').fill(question)
  await page.getByRole('button', { name: 'Send' }).click()
  await ready()
}

describe('the chat example', () => {
  it('answers two turns with reasoning, a tool call, a table and code', async () => {
    await ask('Lisbon')
    await ask('Porto')
    const text = await transcriptText()
    expect(text).toContain('Answer 1 to "Lisbon": the weekend looks mostly sunny.')
    expect(text).toContain('Answer 2 to "Porto": the weekend looks mostly sunny.')
    expect(await transcript().locator('[role="log"] table').count()).toBe(2)
    expect(await transcript().locator('strong', { hasText: 'mostly sunny' }).count()).toBe(2)
    expect(await transcript().locator('code', { hasText: "const warmest = 'Saturday'" }).count()).toBe(2)
    expect(text.match(/getForecast/g)?.length).toBeGreaterThanOrEqual(2)
    // Reasoning is a collapsed panel: opened, it shows what the model thought.
    await transcript()
      .getByRole('button', { name: /Reasoning/ })
      .first()
      .click()
    expect(await transcriptText()).toContain('I should look up the forecast first.')
    expect(errors).toEqual([])
  }, 120_000)

  it('regenerate replaces the last answer', async () => {
    await page.getByRole('button', { name: 'Regenerate' }).click()
    await ready()
    const text = await transcriptText()
    expect(text).toContain('Answer 3 to "Porto"')
    expect(text).not.toContain('Answer 2 to "Porto"')
    expect(text).toContain('Answer 1 to "Lisbon"')
    expect(errors).toEqual([])
  }, 120_000)

  it('an edited question is asked again in place of the old one', async () => {
    await page.getByRole('button', { name: 'Edit last question' }).click()
    await page.getByLabel('Edit the question').fill('Madrid')
    await page.getByRole('button', { name: 'Save and ask again' }).click()
    await ready()
    const text = await transcriptText()
    expect(text).toContain('Answer 4 to "Madrid"')
    expect(text).not.toContain('Porto')
    expect(text).toContain('Answer 1 to "Lisbon"')
    expect(await transcript().locator('table').count()).toBe(2)
    expect(errors).toEqual([])
  }, 120_000)

  it('replays each recorded trace over SSE', async () => {
    await page.getByRole('tab', { name: 'Replay traces' }).click()
    // What each trace ends with (its recorded final text, as its expected transcript says).
    const endings: Record<string, string> = {
      'acp-clear-and-repush': "Yes, bring an umbrella if you'll be out after 2 pm.",
      'agentex-citations-override': 'PostgreSQL 17: ANALYZE',
      'agent-framework-tool-loop-approval': "I'll delete the two drafts once you approve.",
    }
    for (const trace of replayedTraces) {
      await page.getByLabel('Trace').selectOption(trace.name)
      await page.locator(`.status[data-trace="${trace.name}"][data-status="complete"]`).waitFor({ timeout: 60_000 })
      expect(await transcriptText(), trace.name).toContain(endings[trace.name])
    }
    expect(errors).toEqual([])
  }, 120_000)
})

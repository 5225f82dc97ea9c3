/**
 * Smoke test of the static Storybook build: builds it (unless a fresh build exists), serves it on
 * 127.0.0.1, opens every story and docs page in Debian's Chromium, and fails on any console
 * error, page error, failed request or accessibility violation (axe, in the light and dark theme).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { chromiumLaunchOptions } from './chromium.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const outDir = join(root, 'storybook-static')
const axeSource = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8')

const mimeTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

function serve(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    )
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path)
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': mimeTypes[extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

interface IndexEntry {
  id: string
  type: 'story' | 'docs'
  title: string
  name: string
  tags?: string[]
}

/**
 * Messages past the 40th of a transcript. Axe over thousands of them takes minutes (even excluded,
 * it walks them) and finds nothing new, so they are removed from the page before it runs.
 */
const largeDomExclude = '[data-palimpsest-messages] > :nth-child(n+41)'

interface AxeResult {
  violations: { id: string; nodes: unknown[] }[]
}

/**
 * Runs in the page: switches the theme the way the toolbar does (the `data-theme` attributes the
 * preview decorator writes), then runs axe on the story root.
 */
async function runAxe({ theme, exclude }: { theme: 'light' | 'dark'; exclude: string | undefined }) {
  const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<AxeResult> } }).axe
  document.documentElement.dataset.theme = theme
  for (const element of document.querySelectorAll('[data-theme]')) element.setAttribute('data-theme', theme)
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  if (exclude) for (const element of document.querySelectorAll(exclude)) element.remove()
  // Checked at rest: a word fading in (`fadeIn`) is checked as it ends, not half transparent; an
  // endless animation (the caret's blink) is stopped.
  for (const animation of document.getAnimations()) {
    try {
      animation.finish()
    } catch {
      animation.cancel()
    }
  }
  // The a11y addon runs axe on every story too; one run at a time, so wait for its run to end.
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await axe.run({ include: ['#storybook-root'] })
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`)
    } catch (error) {
      if (attempt >= 100 || !String(error).includes('already running')) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

let server: Server
let browser: Browser
let base: string
let entries: IndexEntry[] = []

beforeAll(async () => {
  if (!process.env.STORYBOOK_STATIC_PREBUILT) {
    execFileSync('npx', ['storybook', 'build', '--quiet', '-o', outDir], { cwd: root, stdio: 'inherit' })
  }
  entries = Object.values(
    JSON.parse(readFileSync(join(outDir, 'index.json'), 'utf8')).entries as Record<string, IndexEntry>,
  )
  server = await serve(outDir)
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await chromium.launch(chromiumLaunchOptions())
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
})

async function checkEntry(context: BrowserContext, entry: IndexEntry): Promise<string[]> {
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('requestfailed', (request) => problems.push(`failed request: ${request.url()}`))
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`)
  })
  await page.goto(`${base}/iframe.html?id=${entry.id}&viewMode=${entry.type}`, { waitUntil: 'load' })
  // A `large-dom` story (3,000 messages) mounts in about 3 s alone, and took over 15 s in a CI dry run
  // while the two other story projects shared the 2 cores: it gets 60 s.
  const renderSeconds = entry.tags?.includes('large-dom') ? 60 : 15
  await page
    .waitForSelector(entry.type === 'docs' ? '#storybook-docs *' : '#storybook-root *', {
      timeout: renderSeconds * 1000,
    })
    .catch(() => {
      problems.push(`nothing rendered within ${renderSeconds} s`)
    })
  await page.waitForTimeout(300)
  if (entry.type === 'story') {
    await page.addScriptTag({ content: axeSource })
    // Stories tagged `large-dom` (thousands of identical messages) are checked on their first 40 messages.
    const exclude = entry.tags?.includes('large-dom') ? largeDomExclude : undefined
    for (const theme of ['light', 'dark'] as const) {
      const violations = await page.evaluate(runAxe, { theme, exclude })
      for (const violation of violations) problems.push(`a11y (${theme}): ${violation}`)
    }
  }
  await page.close()
  return problems
}

describe('static Storybook', () => {
  test('has stories and docs pages', () => {
    expect(entries.filter((e) => e.type === 'story').length).toBeGreaterThan(0)
    expect(entries.filter((e) => e.type === 'docs').length).toBeGreaterThan(0)
  })

  test('every story and docs page renders with no console error, page error, failed request or a11y violation', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
    const results: { entry: IndexEntry; problems: string[]; ms: number }[] = []
    // Two pages at a time: most of a page's time is spent waiting (load, settle, axe's idle callbacks).
    let next = 0
    const worker = async () => {
      for (let entry = entries[next++]; entry; entry = entries[next++]) {
        const started = Date.now()
        const problems = await checkEntry(context, entry)
        results.push({ entry, problems, ms: Date.now() - started })
      }
    }
    await Promise.all([worker(), worker()])
    await context.close()
    const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5)
    console.info(`slowest pages: ${slowest.map(({ entry, ms }) => `${entry.id} ${ms} ms`).join(', ')}`)
    const failures = results
      .filter(({ problems }) => problems.length > 0)
      .sort((a, b) => entries.indexOf(a.entry) - entries.indexOf(b.entry))
      .map(({ entry, problems }) => `${entry.title} / ${entry.name} [${entry.id}]:\n  ${problems.join('\n  ')}`)
    expect(failures, failures.join('\n')).toEqual([])
  }, 900_000)
})

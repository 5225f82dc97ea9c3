/**
 * The soak (issue 7): a compressed long run in Chromium — 2 million chunks across many messages,
 * with clears and fulls — through the real `Transcript`. Checks that the heap after GC stays flat
 * once the transcript stops growing, and that unmounting leaves no listener or timer behind.
 *
 *   npx tsx bench/soak/soak.ts            # the full run (2,000,000 chunks), writes bench/RESULTS.md ## Soak
 *   npx tsx bench/soak/soak.ts --chunks 200000 --no-write   # a quick run
 *
 * Phases: grow (200 questions and answers, each answer streamed with clears and a final full), then churn
 * (the rest of the chunks into one live message, cleared every 1,500 chunks and replaced by a
 * `full` every 10,000), measuring the heap after `HeapProfiler.collectGarbage` at intervals.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { chromiumLaunchOptions } from '../../scripts/chromium'
import { workspaceAliases } from '../../scripts/workspace-aliases'
import { serveDirectory } from '../static-server'

interface Snapshot {
  counts: ReturnType<Window['resourceCounts']>
  cdpWindowListeners: number
  cdpDocumentListeners: number
  documentTypes: string[]
}

interface Sample {
  phase: 'grow' | 'churn'
  chunks: number
  messages: number
  heapMb: number
  domNodes: number
}

const argument = (name: string) => {
  const i = process.argv.indexOf(name)
  return i < 0 ? undefined : process.argv[i + 1]
}
const totalChunks = Number(argument('--chunks') ?? 2_000_000)
const write = !process.argv.includes('--no-write')
const growMessages = 200
const chunksPerMessage = 1_000
const perFrame = 500
const samplesInChurn = 16
/** Heap growth over the churn phase (last sample vs first) that still counts as flat. */
const flatToleranceMb = 2

const pageDir = fileURLToPath(new URL('./page/', import.meta.url))
const outDir = fileURLToPath(new URL('../.cache/soak/', import.meta.url))
const resultsFile = fileURLToPath(new URL('../RESULTS.md', import.meta.url))

async function buildPage(): Promise<void> {
  await build({
    configFile: false,
    root: pageDir,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: workspaceAliases },
    build: { outDir, emptyOutDir: true, reportCompressedSize: false, rollupOptions: { input: `${pageDir}soak.html` } },
  })
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length
  const mx = points.reduce((s, p) => s + p.x, 0) / n
  const my = points.reduce((s, p) => s + p.y, 0) / n
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0)
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0)
  return den === 0 ? 0 : num / den
}

async function main() {
  const started = Date.now()
  await buildPage()
  const server = await serveDirectory(outDir)
  const browser = await chromium.launch(chromiumLaunchOptions())
  try {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(String(error)))
    await page.goto(`${server.origin}/soak.html`)
    await page.waitForFunction(() => typeof window.soak === 'object')
    const cdp = await page.context().newCDPSession(page)
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
      return usedSize
    }
    const listenersOf = async (expression: string) => {
      const { result } = (await cdp.send('Runtime.evaluate', { expression })) as { result: { objectId: string } }
      const { listeners } = (await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId })) as {
        listeners: { type: string }[]
      }
      return listeners.map((listener) => listener.type).sort()
    }
    const snapshot = async () => {
      const windowTypes = await listenersOf('window')
      const documentTypes = await listenersOf('document')
      return {
        counts: await page.evaluate(() => window.soak.resourceCounts()),
        cdpWindowListeners: windowTypes.length,
        cdpDocumentListeners: documentTypes.length,
        documentTypes,
      }
    }
    const sample = async (phase: Sample['phase']): Promise<Sample> => ({
      phase,
      chunks: await page.evaluate(() => window.soak.chunksSent()),
      messages: await page.evaluate(() => window.soak.messageCount()),
      heapMb: mb(await heap()),
      domNodes: await page.evaluate(() => window.soak.domNodes()),
    })

    // React registers a few listeners once per document, on its first root, and keeps them for
    // the page's life; a warm-up mount and unmount makes the baseline include them.
    await page.evaluate(() => window.soak.mount())
    await page.evaluate(() => window.soak.nextFrame())
    await page.evaluate(() => window.soak.unmount())
    const heapBeforeMount = mb(await heap())
    const beforeMount = await snapshot()
    await page.evaluate(() => window.soak.mount())
    await page.evaluate(() => window.soak.nextFrame())
    const mounted = await snapshot()

    // Grow: settled messages (the transcript grows).
    const growChunks = Math.min(growMessages * chunksPerMessage, Math.floor(totalChunks / 5))
    const messagesToGrow = Math.max(1, Math.floor(growChunks / chunksPerMessage))
    const grow: Sample[] = []
    for (let done = 0; done < messagesToGrow; done += 50) {
      const batch = Math.min(50, messagesToGrow - done)
      await page.evaluate(
        ([m, c, f]) => window.soak.grow(m as number, c as number, f as number),
        [batch, chunksPerMessage, perFrame],
      )
      grow.push(await sample('grow'))
      process.stdout.write(`grow: ${grow.at(-1)?.chunks} chunks, ${grow.at(-1)?.heapMb} MB\n`)
    }

    // Churn: the transcript no longer grows; the heap must not either.
    const churnChunks = totalChunks - (await page.evaluate(() => window.soak.chunksSent()))
    const slice = Math.ceil(churnChunks / samplesInChurn)
    const churn: Sample[] = [await sample('churn')]
    for (let i = 0; i < samplesInChurn; i++) {
      const left = totalChunks - (await page.evaluate(() => window.soak.chunksSent()))
      if (left <= 0) break
      await page.evaluate(([n, f]) => window.soak.churn(n as number, f as number), [Math.min(slice, left), perFrame])
      churn.push(await sample('churn'))
      process.stdout.write(`churn: ${churn.at(-1)?.chunks} chunks, ${churn.at(-1)?.heapMb} MB\n`)
    }

    const chunks = await page.evaluate(() => window.soak.chunksSent())
    await page.evaluate(() => window.soak.unmount())
    // Past the replacement hold and the store's hidden-tab flush timer: anything still pending is a leak.
    await page.waitForTimeout(1_500)
    await page.evaluate(() => window.soak.nextFrame())
    const unmounted = await snapshot()
    const heapAfterUnmount = mb(await heap())
    // Heap kept after unmount is compiled code and caches, or a leak; a leak grows with another cycle.
    await page.evaluate(() => window.soak.mount())
    await page.evaluate(([m, c, f]) => window.soak.grow(m as number, c as number, f as number), [20, 1_000, perFrame])
    await page.evaluate(() => window.soak.unmount())
    await page.waitForTimeout(1_500)
    const heapAfterSecondCycle = mb(await heap())

    const steady = churn.slice(1)
    const growthMb = Math.round(((steady.at(-1)?.heapMb ?? 0) - (steady[0]?.heapMb ?? 0)) * 10) / 10
    const slopeMbPerMillion = Math.round(slope(steady.map((s) => ({ x: s.chunks / 1e6, y: s.heapMb }))) * 100) / 100
    const leaks = {
      windowListeners: unmounted.counts.windowListeners - beforeMount.counts.windowListeners,
      documentListeners: unmounted.counts.documentListeners - beforeMount.counts.documentListeners,
      timeouts: unmounted.counts.timeouts - beforeMount.counts.timeouts,
      intervals: unmounted.counts.intervals - beforeMount.counts.intervals,
      animationFrames: unmounted.counts.animationFrames - beforeMount.counts.animationFrames,
      cdpWindowListeners: unmounted.cdpWindowListeners - beforeMount.cdpWindowListeners,
      cdpDocumentListeners: unmounted.cdpDocumentListeners - beforeMount.cdpDocumentListeners,
    }
    const flat = Math.abs(growthMb) <= flatToleranceMb
    const noLeaks = Object.values(leaks).every((n) => n <= 0)
    const result = {
      date: new Date().toISOString(),
      minutes: Math.round((Date.now() - started) / 6000) / 10,
      chunks,
      heapBeforeMount,
      heapAfterUnmount,
      heapAfterSecondCycle,
      grow,
      churn,
      growthMb,
      slopeMbPerMillion,
      mounted,
      beforeMount,
      unmounted,
      leaks,
      flat,
      noLeaks,
      errors,
    }
    console.log(JSON.stringify({ ...result, grow: grow.length, churn: churn.length }, null, 2))
    if (write) writeResults(result)
    if (!flat || !noLeaks || errors.length > 0) process.exitCode = 1
  } finally {
    await browser.close()
    await server.close()
  }
}

function writeResults(r: {
  date: string
  minutes: number
  chunks: number
  heapBeforeMount: number
  heapAfterUnmount: number
  heapAfterSecondCycle: number
  grow: Sample[]
  churn: Sample[]
  growthMb: number
  slopeMbPerMillion: number
  mounted: Snapshot
  beforeMount: Snapshot
  unmounted: Snapshot
  leaks: Record<string, number>
  flat: boolean
  noLeaks: boolean
  errors: string[]
}) {
  const row = (s: Sample) =>
    `| ${s.phase} | ${s.chunks.toLocaleString('en')} | ${s.messages} | ${s.heapMb} | ${s.domNodes.toLocaleString('en')} |`
  const counts = (label: string, s: typeof r.mounted) =>
    `| ${label} | ${s.cdpWindowListeners} | ${s.cdpDocumentListeners} | ${s.counts.windowListeners} | ${s.counts.documentListeners} | ${s.counts.timeouts} | ${s.counts.intervals} | ${s.counts.animationFrames} |`
  const section = [
    '<!-- soak:start (written by `npx tsx bench/soak/soak.ts`; edit outside these markers) -->',
    '',
    '## Soak',
    '',
    `Command: \`npx tsx bench/soak/soak.ts\` — ${r.date}, ${r.minutes} min, ${r.chunks.toLocaleString('en')} chunks; Chromium headless (playwright-core), ${cpus().length} CPUs (1-minute load average ${loadavg()[0]!.toFixed(1)} at the end). The real \`Transcript\` over a frame-batched store, ${perFrame} chunks per animation frame. Grow: questions and answers (two messages each), the answer streamed in ${chunksPerMessage.toLocaleString('en')} chunks, cleared twice and sealed by a final \`full\`. Churn: the remaining chunks into one live message, cleared every 1,500 chunks and replaced by a \`full\` every 10,000 — the transcript stops growing. Heap: \`Runtime.getHeapUsage\` after \`HeapProfiler.collectGarbage\`.`,
    '',
    `**Heap ${r.flat ? 'flat' : 'NOT flat'} while the transcript stops growing:** ${r.growthMb >= 0 ? '+' : ''}${r.growthMb} MB from the first to the last churn sample (slope ${r.slopeMbPerMillion} MB per million chunks; tolerance ±${flatToleranceMb} MB). **${r.noLeaks ? 'No' : 'Some'} listener or timer left after unmount.** Heap ${r.heapBeforeMount} MB before mount, ${r.heapAfterUnmount} MB after unmount, ${r.heapAfterSecondCycle} MB after a second mount, stream (20,000 chunks) and unmount${r.heapAfterSecondCycle - r.heapAfterUnmount <= 1 ? ': what stays after unmount does not grow with another cycle (compiled code and caches, not the transcript)' : ': it grew with another cycle — a leak to investigate'}. Page errors: ${r.errors.length}.`,
    '',
    '| phase | chunks sent | messages | heap after GC (MB) | DOM nodes |',
    '| --- | --- | --- | --- | --- |',
    ...r.grow.map(row),
    ...r.churn.map(row),
    '',
    'Listeners and timers (CDP `DOMDebugger.getEventListeners` on window/document; wrapped `addEventListener`, timers and animation frames):',
    '',
    `Baseline after a warm-up mount and unmount (React keeps its per-document listeners: ${r.beforeMount.documentTypes.join(', ') || 'none'}).`,
    '',
    '| when | window (CDP) | document (CDP) | window (wrapped) | document (wrapped) | timeouts | intervals | animation frames |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    counts('before mount', r.beforeMount),
    counts('mounted', r.mounted),
    counts('after unmount (+1.5 s)', r.unmounted),
    '',
    '<!-- soak:end -->',
  ].join('\n')
  let text = readFileSync(resultsFile, 'utf8')
  const start = text.indexOf('<!-- soak:start')
  const end = text.indexOf('<!-- soak:end -->')
  if (start >= 0 && end > start) text = text.slice(0, start) + section + text.slice(end + '<!-- soak:end -->'.length)
  else text = `${text.trimEnd()}\n\n${section}\n`
  writeFileSync(resultsFile, text)
  console.log(`wrote ${resultsFile} (## Soak)`)
}

await main()

/**
 * `<Transcript>` against `<VirtualTranscript>` with a long finished history, in Chromium with a
 * production build: time to the first painted frame, JS heap after GC, and DOM size.
 *   npx tsx bench/virtual-probe.ts [messages] [repetitions]
 * Messages are cut from the benchmark corpus (1 KB of markdown each); each repetition mounts each
 * variant in a fresh page, alternating, and the median is printed.
 */
import { loadavg } from 'node:os'
import { launchBrowser } from './browser-session'
import { buildPages } from './build-pages'
import { KB, loadCorpus } from './corpus'
import type { MountResult, TranscriptVariant } from './pages/transcript-mount'
import { transcriptTexts } from './scenarios/memory'
import { serveDirectory } from './static-server'
import { median } from './stats'

const messages = Number(process.argv[2] ?? 10_000)
const repetitions = Number(process.argv[3] ?? 3)
const charsPerMessage = 1 * KB
const variants: TranscriptVariant[] = ['transcript', 'virtual']

const texts = transcriptTexts(loadCorpus(messages * charsPerMessage).text, messages, charsPerMessage)
const server = await serveDirectory(await buildPages({ directory: 'virtual-probe', pages: ['transcript-mount'] }))
const browser = await launchBrowser({ unthrottledFrames: false })

interface Run extends MountResult {
  heapBytes: number
}

async function mountOnce(variant: TranscriptVariant): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  try {
    const page = await context.newPage()
    await page.goto(`${server.origin}/transcript-mount.html`)
    await page.waitForFunction(() => window.__mountTranscript !== undefined)
    const cdp = await context.newCDPSession(page)
    const heap = async () => {
      await cdp.send('HeapProfiler.enable')
      await cdp.send('HeapProfiler.collectGarbage')
      await cdp.send('HeapProfiler.collectGarbage')
      return (await cdp.send('Runtime.getHeapUsage')).usedSize
    }
    const before = await heap()
    const result = await page.evaluate(
      (input) => (window.__mountTranscript as NonNullable<typeof window.__mountTranscript>)(input),
      { texts, variant },
    )
    return { ...result, heapBytes: (await heap()) - before }
  } finally {
    await context.close()
  }
}

try {
  const runs = new Map<TranscriptVariant, Run[]>(variants.map((variant) => [variant, []]))
  for (let i = 0; i < repetitions; i++)
    for (const variant of variants) {
      const run = await mountOnce(variant)
      runs.get(variant)?.push(run)
      console.log(
        `${variant.padEnd(10)} #${i + 1}: painted ${run.paintedMs.toFixed(0)} ms (commit ${run.commitMs.toFixed(0)} ms), heap ${(run.heapBytes / 1e6).toFixed(1)} MB, ${run.elements} elements, ${run.messagesInDom} messages in the DOM, at the latest: ${run.atLatest}  (load ${loadavg()[0]?.toFixed(1)})`,
      )
    }
  console.log(`\n${messages} messages of ${charsPerMessage / KB} KB, median of ${repetitions}:`)
  console.log('| | first painted frame | React commit | heap after GC | elements | messages in the DOM |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (const [variant, list] of runs) {
    const m = (read: (run: Run) => number) => median(list.map(read))
    console.log(
      `| ${variant === 'virtual' ? '`VirtualTranscript`' : '`Transcript`'} | ${m((r) => r.paintedMs).toFixed(0)} ms | ${m((r) => r.commitMs).toFixed(0)} ms | ${(m((r) => r.heapBytes) / 1e6).toFixed(1)} MB | ${m((r) => r.elements)} | ${m((r) => r.messagesInDom)} |`,
    )
  }
} finally {
  await browser.close()
  await server.close()
}

/** Scenario 5: a long finished transcript rendered at once; JS heap after GC and DOM size. */
import type { Browser } from 'playwright-core'
import { openBenchPage } from '../browser-session'
import type { RendererName } from '../build-pages'

export interface MemoryRun {
  renderer: RendererName
  messages: number
  chars: number
  /** Heap after GC with the transcript rendered, minus the same page's heap before rendering, bytes. */
  heapBytes: number
  heapBytesTotal: number
  domNodes: number
  elements: number
}

/** `count` messages of `charsPerMessage` characters, cut from the corpus one after another. */
export function transcriptTexts(corpus: string, count: number, charsPerMessage: number): string[] {
  const texts: string[] = []
  for (let i = 0; i < count; i++) {
    const start = (i * charsPerMessage) % Math.max(1, corpus.length - charsPerMessage)
    texts.push(corpus.slice(start, start + charsPerMessage))
  }
  return texts
}

export async function memoryOnce(
  browser: Browser,
  origin: string,
  renderer: RendererName,
  texts: string[],
): Promise<MemoryRun> {
  const bench = await openBenchPage(browser, origin, renderer)
  try {
    const baseline = await bench.heapAfterGc()
    const { elements } = await bench.call('renderMany', { texts })
    const heapBytesTotal = await bench.heapAfterGc()
    return {
      renderer,
      messages: texts.length,
      chars: texts.reduce((total, text) => total + text.length, 0),
      heapBytes: heapBytesTotal - baseline,
      heapBytesTotal,
      domNodes: await bench.domNodes(),
      elements,
    }
  } finally {
    await bench.close()
  }
}

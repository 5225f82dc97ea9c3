/**
 * The dashboard's documents streamed through one live `StreamingMarkdown` each (jsdom, Node), in the
 * dashboard's chunks of about 44 characters: the time of each commit and the markdown it parsed
 * (characters parsed by the splitter and handed to the render, counted by `instrumentation.ts`). The
 * character counts do not depend on the machine's load, so they compare builds on a busy machine.
 *
 *   npx tsx bench/dashboard-commits.ts [chunk characters] [rounds]
 *
 * The first round warms up and is not counted.
 */
import { fullConfig } from './config'
import { loadCorpus } from './corpus'
import { dashboardTexts } from './scenarios/dashboard'
import { percentile } from './stats'

// jsdom (the jsdom test project's) ships no types: imported by a name the compiler does not resolve.
const jsdomModule: string = 'jsdom'
const { JSDOM } = (await import(jsdomModule)) as {
  JSDOM: new (html: string, options: object) => { window: Window & typeof globalThis }
}
const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true })
Object.assign(globalThis, {
  window: dom.window,
  document: dom.window.document,
  navigator: dom.window.navigator,
  HTMLElement: dom.window.HTMLElement,
  Node: dom.window.Node,
  IS_REACT_ACT_ENVIRONMENT: true,
})
const { act, createElement } = await import('react')
const { createRoot } = await import('react-dom/client')
const { StreamingMarkdown } = await import('../packages/react/src/markdown')
const { setMarkdownWorkListener } = await import('../packages/react/src/markdown/instrumentation')

const chunk = Number(process.argv[2] ?? 44)
const rounds = Number(process.argv[3] ?? 3)
const texts = dashboardTexts(loadCorpus(512 * 1024).documents, fullConfig.dashboard)
let chars = 0
setMarkdownWorkListener((work) => {
  if (work.kind !== 'html-tree' && work.kind !== 'word-scan') chars += work.chars
})
const times: number[] = []
const work: number[] = []
for (let round = 0; round < rounds; round++) {
  for (const text of texts) {
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    for (let end = chunk; end < text.length + chunk; end += chunk) {
      const props = { text: text.slice(0, Math.min(end, text.length)), streaming: true }
      chars = 0
      const start = performance.now()
      act(() => root.render(createElement(StreamingMarkdown, props)))
      if (round === 0) continue
      times.push(performance.now() - start)
      work.push(chars)
    }
    act(() => root.unmount())
    container.remove()
  }
}
const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0)
const ms = (value: number) => value.toFixed(2)
console.log(
  `${times.length} commits: ${total(times).toFixed(0)} ms, p50 ${ms(percentile(times, 50))} p95 ${ms(percentile(times, 95))} ` +
    `p99 ${ms(percentile(times, 99))} max ${ms(Math.max(...times))} ms; characters parsed per commit mean ` +
    `${(total(work) / work.length).toFixed(0)} p95 ${percentile(work, 95).toFixed(0)} max ${Math.max(...work)}`,
)

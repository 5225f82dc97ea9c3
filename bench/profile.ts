/**
 * Where a renderer spends its main-thread time: a CPU profile (CDP Profiler) of one timed stream on
 * an unminified production build, printed as the top functions by self and by inclusive time.
 *
 *   npx tsx bench/profile.ts palimpsest 51200 [clearEveryChars]   (PROFILE_QUOTE=1: the document as one block quote;
 *     PROFILE_NESTED=1: its prose as a nested outline, as `stream-probe.ts … nested`)
 *   npx tsx bench/profile.ts palimpsest dashboard [streams]   (the dashboard scenario, real frames)
 *   npx tsx bench/profile.ts palimpsest rewrite <scenario> [size]   (one rewrite scenario's timed steps;
 *     DIFFUSION_STEPS=300 profiles a longer diffusion plan, whose 30 steps give few samples;
 *     PROFILE_PLAN=<file> profiles, in place of the scenario named, a plan `edit-shapes-probe.ts` wrote with PLAN_OUT)
 *   npx tsx bench/profile.ts palimpsest highlight [size] [no-header|off]   (the code answer of `highlight-stream-probe.ts`, highlighting on; `no-header`: without `createCodeBlock`, `off`: plain code blocks)
 */

import { readFileSync } from 'node:fs'
import { launchBrowser, openBenchPage } from './browser-session'
import { buildPages, type RendererName, rendererNames } from './build-pages'
import { codeAnswer, highlightQuery } from './code-answer'
import { fullConfig } from './config'
import { documentPrefix, loadCorpusFrom, nestedOutline, quotedDocument } from './corpus'
import { dashboardTexts } from './scenarios/dashboard'
import {
  type RewritePlan,
  type RewriteScenarioName,
  rewritePlan,
  rewriteScenarioNames,
} from './scenarios/rewrite-plans'
import { serveDirectory } from './static-server'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}

const renderer = (process.argv[2] ?? 'palimpsest') as RendererName
if (!rendererNames.includes(renderer)) throw new Error(`renderer must be one of ${rendererNames.join(', ')}`)
const dashboard = process.argv[3] === 'dashboard'
const rewrite = process.argv[3] === 'rewrite' ? (process.argv[4] as RewriteScenarioName) : undefined
if (process.argv[3] === 'rewrite' && !rewriteScenarioNames.includes(rewrite as RewriteScenarioName))
  throw new Error(`rewrite scenarios are ${rewriteScenarioNames.join(', ')}`)
const highlight = process.argv[3] === 'highlight'
const size = dashboard
  ? 64 * 1024
  : Number((rewrite ? process.argv[5] : highlight ? process.argv[4] : process.argv[3]) ?? (highlight ? 50_000 : 51_200))
const clearEveryChars = !dashboard && !rewrite && !highlight && process.argv[4] ? Number(process.argv[4]) : undefined
const streams = dashboard ? Number(process.argv[4] ?? 20) : 0

function rewriteSettings(): typeof fullConfig.rewrite {
  const steps = Number(process.env.DIFFUSION_STEPS)
  const { rewrite } = fullConfig
  return steps > 0 ? { ...rewrite, diffusion: { ...rewrite.diffusion, steps } } : rewrite
}

// CORPUS_SKIP=<chars>: as in rewrite-probe.ts, the message from further into the corpus than the spec.
const corpus = loadCorpusFrom(Number(process.env.CORPUS_SKIP ?? 0), size + fullConfig.warmupChars * 2)
const draft = highlight ? codeAnswer('total', size) : documentPrefix(corpus, size)
// PROFILE_QUOTE=1: the document streamed as one block quote (as `stream-probe.ts … quote`); PROFILE_NESTED=1: as an outline.
const text = process.env.PROFILE_QUOTE
  ? quotedDocument(draft)
  : process.env.PROFILE_NESTED
    ? nestedOutline(corpus.text, size)
    : draft
const server = await serveDirectory(await buildPages({ directory: 'pages-readable', readable: true }))
const browser = await launchBrowser({ unthrottledFrames: !dashboard })
try {
  const bench = await openBenchPage(
    browser,
    server.origin,
    renderer,
    dashboard ? { width: 1600, height: 1400 } : undefined,
    highlight ? highlightQuery(process.argv[5]) : '',
  )
  const settings = { seed: fullConfig.seed, chunksPerFrame: fullConfig.chunksPerFrame, budgetMs: 300_000 }
  const warmupText = highlight ? codeAnswer('warm', 1) : corpus.text.slice(-fullConfig.warmupChars)
  if (!dashboard) await bench.call('warmup', { ...settings, text: warmupText })
  await bench.cdp.send('Profiler.enable')
  await bench.cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  // A rewrite profiles only its steps: the page brackets them with console.profile.
  const stepsProfile = new Promise<{ profile: unknown }>((resolve) =>
    bench.cdp.once('Profiler.consoleProfileFinished', resolve),
  )
  if (!rewrite) await bench.cdp.send('Profiler.start')
  const plan = process.env.PROFILE_PLAN
    ? (JSON.parse(readFileSync(process.env.PROFILE_PLAN, 'utf8')) as RewritePlan)
    : rewrite
      ? rewritePlan(rewrite, size, corpus, rewriteSettings(), fullConfig.seed, fullConfig.chunksPerFrame)
      : undefined
  const result = plan
    ? await bench.call('rewrite', { initial: plan.initial, steps: plan.steps, final: plan.final, budgetMs: 300_000 })
    : dashboard
      ? await bench.call('dashboard', {
          texts: dashboardTexts(corpus.documents, fullConfig.dashboard),
          ...fullConfig.dashboard,
          streams,
          seed: fullConfig.seed,
        })
      : await bench.call('stream', { ...settings, text, ...(clearEveryChars && { clearEveryChars }) })
  const { profile } = (rewrite ? await stepsProfile : await bench.cdp.send('Profiler.stop')) as {
    profile: { nodes: unknown[]; samples?: number[]; timeDeltas?: number[] }
  }
  const nodes = profile.nodes as ProfileNode[]
  const parent = new Map<number, number>()
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const name = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame
    return `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`
  }
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  let total = 0
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) {
    const delta = (deltas[i + 1] ?? 0) / 1000
    let node = byId.get(samples[i] as number)
    if (!node || node.callFrame.functionName === '(idle)') continue
    total += delta
    self.set(name(node), (self.get(name(node)) ?? 0) + delta)
    const seen = new Set<string>()
    while (node) {
      const key = name(node)
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + delta)
      seen.add(key)
      const up = parent.get(node.id)
      node = up === undefined ? undefined : byId.get(up)
    }
  }
  const top = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.PROFILE_TOP ?? 30))
      .map(([key, ms]) => `${ms.toFixed(1).padStart(9)} ms  ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${key}`)
      .join('\n')
  console.log(
    `${renderer} ${dashboard ? `dashboard of ${streams} streams` : `${rewrite ?? 'stream'} at ${size} chars`}: ${'frames' in result ? `${result.frames} frames` : `${result.stepMs.length} steps`}, ${total.toFixed(0)} ms sampled (not idle)`,
  )
  console.log(`\nself time\n${top(self)}\n\ninclusive time\n${top(inclusive)}`)
  if (process.env.PROFILE_TREE) console.log(`\n${callTree(process.env.PROFILE_TREE)}`)
  if (process.env.PROFILE_CALLERS) console.log(`\n${callers(process.env.PROFILE_CALLERS)}`)
  if (process.env.PROFILE_UNDER) console.log(`\n${under(process.env.PROFILE_UNDER)}`)

  /** The names of a sample's frames, its own first, then its callers' (at most `limit`). */
  function stackOf(sample: number, limit = Number.POSITIVE_INFINITY): string[] {
    const path: string[] = []
    for (let node = byId.get(sample); node && path.length < limit; ) {
      path.push(name(node))
      const up = parent.get(node.id)
      node = up === undefined ? undefined : byId.get(up)
    }
    return path
  }

  /**
   * The samples below a frame of `root` (PROFILE_UNDER), by their own frame and by the innermost
   * frame of the renderer's own bundle (which component or function of ours the time is spent for).
   */
  function under(root: string): string {
    const own = new Map<string, number>()
    const ours = new Map<string, number>()
    for (let i = 0; i < samples.length; i++) {
      const path = stackOf(samples[i] as number)
      if (!path.some((frame) => frame.startsWith(`${root} `))) continue
      const delta = (deltas[i + 1] ?? 0) / 1000
      own.set(path[0] as string, (own.get(path[0] as string) ?? 0) + delta)
      const ourFrame = path.find((frame) => frame.includes(` ${renderer}-`)) ?? '(none of ours)'
      ours.set(ourFrame, (ours.get(ourFrame) ?? 0) + delta)
    }
    return `below ${root}, by own frame\n${top(own)}\n\nbelow ${root}, by innermost ${renderer} frame\n${top(ours)}`
  }

  /** The call paths (PROFILE_DEPTH frames up) of the samples whose own frame is `leaf`, by time (PROFILE_CALLERS). */
  function callers(leaf: string): string {
    const depth = Number(process.env.PROFILE_DEPTH ?? 6)
    const paths = new Map<string, number>()
    for (let i = 0; i < samples.length; i++) {
      const path = stackOf(samples[i] as number, depth + 1)
      if (!path[0]?.startsWith(`${leaf} `)) continue
      const key = path.slice(1).join(' < ')
      paths.set(key, (paths.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
    }
    return [...paths]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([path, ms]) => `${ms.toFixed(1).padStart(9)} ms  ${path}`)
      .join('\n')
  }

  /** Time below every frame of the function `root` names, as a call tree merged by name (PROFILE_TREE, PROFILE_DEPTH). */
  function callTree(root: string): string {
    const depth = Number(process.env.PROFILE_DEPTH ?? 6)
    interface Branch {
      ms: number
      children: Map<string, Branch>
    }
    const tree: Branch = { ms: 0, children: new Map() }
    for (let i = 0; i < samples.length; i++) {
      const path = stackOf(samples[i] as number)
      const start = path.findLastIndex((frame) => frame.startsWith(`${root} `))
      if (start < 0) continue
      const delta = (deltas[i + 1] ?? 0) / 1000
      let branch = tree
      branch.ms += delta
      for (let at = start - 1; at >= Math.max(0, start - depth); at--) {
        const frame = path[at] as string
        const next = branch.children.get(frame) ?? { ms: 0, children: new Map() }
        branch.children.set(frame, next)
        next.ms += delta
        branch = next
      }
    }
    const lines: string[] = [`${tree.ms.toFixed(1).padStart(9)} ms  ${root}`]
    const print = (branch: Branch, indent: string) => {
      for (const [frame, child] of [...branch.children].sort((a, b) => b[1].ms - a[1].ms)) {
        if (child.ms < tree.ms * 0.01) continue
        lines.push(`${child.ms.toFixed(1).padStart(9)} ms  ${indent}${frame}`)
        print(child, `${indent}  `)
      }
    }
    print(tree, '  ')
    return lines.join('\n')
  }
} finally {
  await browser.close()
  await server.close()
}

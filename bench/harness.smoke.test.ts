/**
 * CI smoke run of the benchmark harness: small documents, one repetition. It proves every scenario
 * still produces numbers and every correctness check passes; it asserts nothing about speed.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { chunkText, frameBatches } from './chunking'
import { smokeConfig } from './config'
import { type BenchResults, runBench } from './harness'
import { renderResults } from './report'
import { rewritePeers } from './rewrite-suite'
import { rewriteScenarioNames } from './scenarios/rewrite-plans'

describe('chunking', () => {
  it('cuts the same text the same way for a seed, 4 to 40 characters, losing nothing', () => {
    const text = 'The quick brown fox 🦊 jumps over the lazy dog.\n'.repeat(200)
    const chunks = chunkText(text, 7)
    expect(chunkText(text, 7)).toEqual(chunks)
    expect(chunks.join('')).toBe(text)
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThanOrEqual(4)
      expect(chunk.length).toBeLessThanOrEqual(41) // 40, plus the low half of a split surrogate pair
      expect(/[\uD800-\uDBFF]$/.test(chunk)).toBe(false)
    }
    expect(chunkText(text, 8)).not.toEqual(chunks)
  })

  it('groups chunks into frames of the given size', () => {
    expect(frameBatches(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']])
  })
})

describe('benchmark harness (smoke run)', () => {
  let results: BenchResults

  beforeAll(async () => {
    results = await runBench(smokeConfig)
  })

  it('streams every renderer at every size to the end, and each renders what its own full render does', () => {
    const { summaries } = results.longMessage
    expect(summaries.map((s) => s.renderer).sort()).toEqual(
      ['palimpsest', 'raw-append', 'react-markdown', 'streamdown', 'tanstack-markdown'].flatMap((r) => [r, r]).sort(),
    )
    for (const s of summaries) {
      expect(s.complete, s.renderer).toBe(true)
      expect(s.correctness, `${s.renderer} at ${s.chars}`).toBe('equal')
      expect(s.taskMs).toBeGreaterThan(0)
      expect(s.frames).toBeGreaterThan(1)
      expect(s.commitP95Ms).toBeGreaterThanOrEqual(s.commitP50Ms)
      expect(Number.isFinite(s.steadyCommitP95Ms)).toBe(true)
    }
  })

  it('counts the empty frames a renderer without a hold paints in the clear-heavy stream', () => {
    const raw = results.clearHeavy.summaries.find((s) => s.renderer === 'raw-append')
    expect(raw?.clears).toBeGreaterThan(0)
    // The raw <pre> empties on a clear and is refilled a frame later: the detector must see it.
    expect(raw?.emptyFrames).toBeGreaterThan(0)
    for (const s of results.clearHeavy.summaries) expect(s.correctness, s.renderer).toBe('equal')
  })

  it('ingests the same turn through all three pipelines, each ending with the whole answer', () => {
    for (const s of results.ingest.summaries) {
      expect(s.answerComplete, s.pipeline).toBe(true)
      expect(s.updates).toBeGreaterThan(100)
      expect(s.updatesPerSecond).toBeGreaterThan(0)
      expect(s.bytesPerUpdate).toBeGreaterThan(0)
    }
  })

  it('measures frames for every renderer in the dashboard and memory for every renderer', () => {
    for (const s of results.dashboard.summaries) {
      // The feed catches up on the ticks a busy page delays: every renderer gets the load asked for.
      expect(s.chunksPerSecondDelivered, s.renderer).toBeGreaterThan(
        0.9 * smokeConfig.dashboard.chunksPerSecond * (smokeConfig.dashboard.streams[0] as number),
      )
      expect(s.updatesPerStreamPerSecond, s.renderer).toBeGreaterThan(0)
      expect(Number.isFinite(s.frameWorkP95Ms)).toBe(true)
      expect(Number.isFinite(s.frameIntervalP95Ms)).toBe(true)
    }
    for (const s of results.memory.summaries) {
      expect(s.heapBytes, s.renderer).toBeGreaterThan(0)
      expect(s.domNodes, s.renderer).toBeGreaterThan(smokeConfig.memory.messages)
    }
  })

  it('runs every rewrite scenario for Palimpsest and each peer, and every final DOM equals a fresh render', () => {
    const summaries = results.rewrite?.summaries ?? []
    for (const scenario of rewriteScenarioNames)
      for (const renderer of ['palimpsest', ...rewritePeers]) {
        const runs = summaries.filter((s) => s.scenario === scenario && s.renderer === renderer)
        // Diffusion has one answer size; the others run at every size (and Palimpsest at its own larger ones).
        const sizes = scenario === 'diffusion' ? 1 : smokeConfig.rewrite.sizes.length
        const extra =
          renderer === 'palimpsest' && scenario !== 'diffusion' ? smokeConfig.rewrite.palimpsestOnlySizes.length : 0
        expect(runs, `${scenario} ${renderer}`).toHaveLength(sizes + extra)
        for (const s of runs) {
          const label = `${scenario} ${renderer} ${s.size}`
          expect(s.complete, label).toBe(true)
          expect(s.steps, label).toBeGreaterThan(0)
          expect(s.stepP95Ms, label).toBeGreaterThanOrEqual(s.stepP50Ms)
          expect(s.taskMs, label).toBeGreaterThan(0)
          expect(s.equalsFreshRender, label).toBe('equal')
          if (renderer === 'palimpsest') expect(s.equalsReactMarkdown, label).toBe('equal')
          if (scenario === 'citations' || scenario === 'footnotes')
            expect(s.changedBlocksP50Ms, label).toBeGreaterThan(0)
        }
      }
  })

  it('streams below each history length for both renderers it compares, with a chunk time and a heap', () => {
    const summaries = results.history?.summaries ?? []
    expect(summaries).toHaveLength(smokeConfig.history.settled.length * 2)
    for (const s of summaries) {
      expect(Number.isFinite(s.commitP50Ms), `${s.renderer} ${s.settled}`).toBe(true)
      expect(s.heapBytes, `${s.renderer} ${s.settled}`).toBeGreaterThan(0)
    }
    expect(renderResults(results, 'npm run bench -- --smoke')).toContain('### 7. Long history')
  })

  it('evaluates every target with a measured value and renders the results tables', () => {
    // 16 rendering, ingest, dashboard and rewrite targets, and issue 19's heap and history targets (the smoke
    // dashboard runs one stream count, so the many-streams target is not among them).
    expect(results.targets).toHaveLength(19)
    const names = results.targets.map((target) => target.target)
    expect(names.filter((name) => /^Heap of .* finished messages|^History/.test(name))).toHaveLength(3)
    for (const target of results.targets) expect(target.measured).not.toMatch(/n\/a|NaN/)
    const markdown = renderResults(results, 'npm run bench -- --smoke')
    for (const heading of ['### Targets', '### 1. Long message render', '### 2. Clear-heavy stream', '### 3. Ingest'])
      expect(markdown).toContain(heading)
    expect(markdown).toContain('### 5. Memory')
    expect(markdown).toContain('### 6. Rewrites')
  })
})

/**
 * The rewrite plans: each scenario's steps, replayed, reach the planned final text and change what
 * the scenario says they change (one word, a retracted branch, a share of the words, the padding of
 * a table, citation markers and a sources list) — so the benchmark measures the rewrite it names.
 */
import { describe, expect, it } from 'vitest'
import { fullConfig } from './config'
import { KB, loadCorpus } from './corpus'
import type { RewriteStep } from './page-protocol'
import { viewCalls } from './rewrite-ops'
import {
  citationsPlan,
  diffusionPlan,
  gfmTable,
  inPlaceEditPlan,
  type RewritePlan,
  rewritePlan,
  rewriteScenarioNames,
  rollbackPlan,
  tableReformatPlan,
  withoutOpenFence,
} from './scenarios/rewrite-plans'
import { applySplices, invertSplices } from './text-splices'

const corpus = loadCorpus(40 * KB)
const document = corpus.text.slice(0, 12 * KB)

/** The text after each step, starting from the plan's initial text. */
function replay(plan: RewritePlan): string[] {
  const texts: string[] = []
  let text = plan.initial
  for (const step of plan.steps) {
    text = viewCalls(step.ops, text).text
    texts.push(text)
  }
  return texts
}

const words = (text: string) => text.match(/[A-Za-z]+/g) ?? []
const changedWords = (before: string, after: string) => {
  const a = words(before)
  const b = words(after)
  expect(b).toHaveLength(a.length)
  return a.filter((word, i) => word !== b[i]).length
}

describe('text splices', () => {
  it('apply in any order and invert back to the original', () => {
    const text = 'The quick brown fox jumps over the lazy dog.'
    const splices = [
      { at: 40, remove: 3, insert: 'cat' },
      { at: 4, remove: 5, insert: 'slow' },
      { at: 44, remove: 0, insert: ' [1]' },
    ]
    const rewritten = applySplices(text, splices)
    expect(rewritten).toBe('The slow brown fox jumps over the lazy cat. [1]')
    expect(applySplices(rewritten, invertSplices(text, splices))).toBe(text)
  })

  it('refuses overlapping splices instead of producing a wrong text', () => {
    expect(() =>
      applySplices('abcdef', [
        { at: 1, remove: 3, insert: 'x' },
        { at: 2, remove: 1, insert: 'y' },
      ]),
    ).toThrow()
  })
})

describe('rewrite plans', () => {
  it('in-place edit: every step is a `full` changing exactly one word of the previous text', () => {
    const plan = inPlaceEditPlan(document, 20, 7)
    const texts = replay(plan)
    expect(texts.at(-1)).toBe(plan.final)
    expect(plan.steps.every((s) => s.timed && s.ops.length === 1 && s.ops[0]?.kind === 'replace')).toBe(true)
    texts.forEach((text, i) => {
      expect(changedWords(i === 0 ? plan.initial : (texts[i - 1] as string), text)).toBe(1)
    })
    expect(inPlaceEditPlan(document, 20, 7)).toEqual(plan)
  })

  it('rollback: the stream reaches the whole text; each timed step retracts the branch the frame before appended', () => {
    const branch = 'a speculative branch that the verifier will reject, 60 chars'.slice(0, 60)
    const plan = rollbackPlan(document, { seed: 3, chunksPerFrame: 16, everyChars: 1_000, branch })
    const texts = replay(plan)
    expect(texts.at(-1)).toBe(document)
    const rollbacks = plan.steps.flatMap((step, i) => (step.timed ? [i] : []))
    expect(rollbacks.length).toBeGreaterThanOrEqual(Math.floor(document.length / 1_000) - 1)
    for (const i of rollbacks) {
      expect(plan.steps[i - 1]?.ops).toEqual([{ kind: 'push', text: branch }])
      expect((texts[i - 1] as string).endsWith(branch)).toBe(true)
      expect(document.startsWith(texts[i] as string)).toBe(true)
      expect(texts[i]).toBe((texts[i - 1] as string).slice(0, -branch.length))
      // One batch: the clear and the re-push of the accepted text arrive in the same frame.
      expect(viewCalls(plan.steps[i]?.ops ?? [], texts[i - 1] as string).calls).toEqual(['clear', { push: texts[i] }])
    }
  })

  it('diffusion: every repaint changes about the given share of the words', () => {
    const answer = withoutOpenFence(corpus.text.slice(0, 4 * KB))
    const plan = diffusionPlan(answer, 10, 0.1, 5)
    const texts = replay(plan)
    expect(texts.at(-1)).toBe(plan.final)
    const total = (answer.match(/[A-Za-z]{4,}/g) ?? []).length
    texts.forEach((text, i) => {
      const changed = changedWords(i === 0 ? answer : (texts[i - 1] as string), text)
      expect(changed).toBeGreaterThan(total * 0.05)
      expect(changed).toBeLessThan(total * 0.15)
    })
  })

  it('table reformat: each step re-pads the same table (same cells, other widths) and leaves the text above alone', () => {
    const cells = (table: string) =>
      table
        .trim()
        .split('\n')
        .filter((_, i) => i !== 1)
        .map((line) => line.split('|').map((cell) => cell.trim()))
    const prefix = withoutOpenFence(document)
    const table = gfmTable(prefix, 30, 9)
    expect(table(1)).not.toBe(table(0))
    expect(cells(table(1))).toEqual(cells(table(0)))
    expect(cells(table(2))).toEqual(cells(table(0)))
    expect(table(0).split('\n')).toHaveLength(32)
    const plan = tableReformatPlan(prefix, 30, 4, 9)
    const texts = replay(plan)
    const head = `${prefix.trimEnd()}\n\n`
    for (const text of [plan.initial, ...texts]) {
      expect(text.startsWith(head)).toBe(true)
      expect(cells(text.slice(head.length))).toEqual(cells(table(0)))
    }
    expect(new Set(texts).size).toBe(3)
  })

  it('citations: the timed `full` adds [n] markers and a sources list; the changed blocks are the cited paragraphs and the list', () => {
    const draft = withoutOpenFence(document)
    const plan = citationsPlan(draft, 4, 3)
    const texts = replay(plan)
    expect(texts.at(-1)).toBe(plan.final)
    plan.steps.forEach((step: RewriteStep, i) => {
      expect(texts[i]).toBe(step.timed ? plan.final : draft)
    })
    for (const n of [1, 2, 3, 4]) {
      expect(plan.final).toContain(` [${n}].`)
      expect(plan.changedBlocks).toContain(` [${n}].`)
      expect(plan.final).toContain(`${n}. [Source ${n}](https://example.com/sources/${n})`)
    }
    expect(draft.startsWith(plan.final.slice(0, plan.final.indexOf(' [1]')))).toBe(true)
    expect(plan.changedBlocks?.length).toBeLessThan(plan.final.length / 2)
    expect(plan.changedBlocks).toContain('## Sources')
  })

  it('footnotes: the timed `full` adds [^n] references and a definition for each; the changed blocks are the cited paragraphs and the definitions', () => {
    const draft = withoutOpenFence(document)
    const plan = citationsPlan(draft, 4, 3, 'footnotes')
    expect(replay(plan).at(-1)).toBe(plan.final)
    for (const n of [1, 2, 3, 4]) {
      expect(plan.final).toContain(`[^palimpsest-${n}].`)
      expect(plan.changedBlocks).toContain(`[^palimpsest-${n}].`)
      expect(plan.final).toContain(`\n[^palimpsest-${n}]: [Source ${n}](https://example.com/sources/${n})`)
    }
    expect(plan.changedBlocks?.length).toBeLessThan(plan.final.length / 2)
  })

  it('a plan never puts its table or sources inside a code block the cut left open', () => {
    const open = 'Intro.\n\n```js\nconst a = 1\n'
    expect(withoutOpenFence(open)).toBe('Intro.\n\n')
    const closed = 'Intro.\n\n````md\n```\nnot a close\n```\n````\nAfter.\n'
    expect(withoutOpenFence(closed)).toBe(closed)
  })

  it('builds every scenario from the corpus with the configured shapes', () => {
    for (const scenario of rewriteScenarioNames) {
      const plan = rewritePlan(scenario, 10 * KB, corpus, fullConfig.rewrite, fullConfig.seed, 16)
      expect(replay(plan).at(-1), scenario).toBe(plan.final)
      expect(plan.steps.some((s) => s.timed)).toBe(true)
    }
  })
})

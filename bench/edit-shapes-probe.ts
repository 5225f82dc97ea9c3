/**
 * In-place edits of messages shaped unlike the corpus: one large block of each kind (a long list, a
 * list of fenced items, a table, a quote of many paragraphs, one lazy quote paragraph, a fence, an
 * HTML block, one long paragraph, many headings, footnotes, link definitions), streaming, so the
 * large block is the message's tail. Each step changes the text in one place, one synchronous
 * commit per step (as the rewrite benchmark's in-place edit), and prints p50/p95 per step for each
 * renderer. For finding where a rewrite costs more than the change:
 *   npx tsx bench/edit-shapes-probe.ts [shape,...] [renderer,...] [word|phrase|delete|line|rollback]
 * `word` swaps one word (the benchmark's in-place edit); `phrase` inserts ` indeed` after a word;
 * `PLAN_OUT=<directory>` also writes each plan there as JSON (for `PROFILE_PLAN` in `profile.ts`).
 * `delete` removes a word and the space after it; `line` repeats a line below itself; `rollback`
 * appends a branch to the tail and retracts it (the rollback benchmark's step).
 */
import { writeFileSync } from 'node:fs'
import { launchBrowser } from './browser-session'
import { buildPages, type RendererName } from './build-pages'
import { seededRandom } from './chunking'
import { fullConfig } from './config'
import { loadCorpus } from './corpus'
import type { RewriteStep } from './page-protocol'
import { rewriteOnce } from './scenarios/rewrite'
import { inPlaceEditPlan, type RewritePlan } from './scenarios/rewrite-plans'
import { serveDirectory } from './static-server'
import { applySplices, type Splice } from './text-splices'

const rows = (count: number, row: (index: number) => string) => Array.from({ length: count }, (_, i) => row(i))

const shapes: Record<string, string> = {
  list: rows(1500, (i) => `- item ${i} with some words and a [link](http://x.io/${i}) here`).join('\n'),
  nestedList: rows(
    500,
    (i) => `${i + 1}. step ${i} words words\n   - sub point ${i} more words\n   - another point`,
  ).join('\n'),
  fencedItems: rows(300, (i) => `- item ${i} words\n\n  \`\`\`js\n  code(${i}) // words\n  \`\`\``).join('\n'),
  table: `| a | b | c |\n|---|---|---|\n${rows(2500, (i) => `| cell ${i} | words here | more ${i} |`).join('\n')}`,
  quoteParagraphs: rows(600, (i) => `> quoted paragraph ${i} with words\n>`).join('\n'),
  lazyQuote: rows(1200, (i) => `> quoted line ${i} with words and *emphasis* here`).join('\n'),
  fence: `\`\`\`ts\n${rows(2500, (i) => `const value${i} = compute(${i}) // words here`).join('\n')}\n\`\`\``,
  html: `<div>\n${rows(1500, (i) => `<p>paragraph ${i} words words</p>`).join('\n')}\n</div>`,
  paragraph: rows(1500, (i) => `sentence ${i} has some words and **bold** text`).join(' '),
  // Paragraphs of one long line each, as models write them (no hard wraps), 3 KB a line.
  longLines: rows(32, (p) => rows(70, (i) => `Sentence ${p}.${i} has *some* words`).join(' ')).join('\n\n'),
  headings: rows(2000, (i) => `## heading ${i} words`).join('\n'),
  footnotes: `${rows(400, (i) => `Paragraph ${i} with words[^n${i}].`).join('\n\n')}\n\n${rows(400, (i) => `[^n${i}]: note ${i} words`).join('\n')}`,
  definitions: rows(700, (i) => `Paragraph ${i} with [ref ${i}] words.\n\n[ref ${i}]: http://e.com/${i}`).join('\n\n'),
}

type EditKind = 'word' | 'phrase' | 'delete' | 'line' | 'rollback'

/** Twenty edits of `kind` at seeded places (words of four letters or more). */
function editPlan(text: string, kind: EditKind): RewritePlan {
  if (kind === 'word') return inPlaceEditPlan(text, 20, fullConfig.seed)
  if (kind === 'rollback') {
    const branch = ' and a speculative branch the model will take back soon'
    const steps = Array.from({ length: 20 }, (): RewriteStep[] => [
      { ops: [{ kind: 'push', text: branch }], timed: false },
      { ops: [{ kind: 'retract', keep: text.length }], timed: true },
    ]).flat()
    return { scenario: 'rollback', initial: text, steps, final: text }
  }
  const random = seededRandom(fullConfig.seed)
  let current = text
  const steps: RewriteStep[] = []
  for (let step = 0; step < 20; step++) {
    const words = [...current.matchAll(/[A-Za-z]{4,}/g)]
    const word = words[Math.floor(random() * words.length)] as RegExpExecArray
    const end = word.index + word[0].length
    let splice: Splice
    if (kind === 'phrase') splice = { at: end, remove: 0, insert: ' indeed' }
    else if (kind === 'delete')
      splice = { at: word.index, remove: word[0].length + (current[end] === ' ' ? 1 : 0), insert: '' }
    else {
      const lineStart = current.lastIndexOf('\n', word.index) + 1
      const lineEnd = current.indexOf('\n', word.index)
      splice = { at: lineStart, remove: 0, insert: `${current.slice(lineStart, lineEnd < 0 ? undefined : lineEnd)}\n` }
    }
    current = applySplices(current, [splice])
    steps.push({ ops: [{ kind: 'replace', splices: [splice] }], timed: true })
  }
  return { scenario: 'in-place-edit', initial: text, steps, final: current }
}

const chosen = process.argv[2]?.split(',') ?? Object.keys(shapes)
const renderers = (process.argv[3]?.split(',') ?? ['palimpsest', 'tanstack-markdown']) as RendererName[]
const kind = (process.argv[4] ?? 'word') as EditKind
const corpus = loadCorpus(fullConfig.warmupChars * 2)
const server = await serveDirectory(await buildPages({ directory: 'pages-probe' }))
const browser = await launchBrowser({ unthrottledFrames: true })
try {
  for (const name of chosen) {
    const text = shapes[name]
    if (text === undefined) throw new Error(`shapes are ${Object.keys(shapes).join(', ')}`)
    const plan = editPlan(text, kind)
    // For `bench/profile.ts`: PROFILE_PLAN=<that file> profiles the plan's steps.
    if (process.env.PLAN_OUT) writeFileSync(`${process.env.PLAN_OUT}/${kind}-${name}.json`, JSON.stringify(plan))
    for (const renderer of renderers) {
      const run = await rewriteOnce(browser, server.origin, renderer, plan, text.length, {
        seed: fullConfig.seed,
        chunksPerFrame: fullConfig.chunksPerFrame,
        budgetMs: fullConfig.rewrite.budgetMs,
        warmupText: corpus.text.slice(-fullConfig.warmupChars),
      })
      const fresh = run.equalsFreshRender ? (run.equalsFreshRender.equal ? 'equal' : 'DIFFERS') : '–'
      console.log(
        `${kind} ${name.padEnd(16)} ${String(text.length).padStart(7)} chars  ${renderer.padEnd(17)} p50/p95 ` +
          `${run.stepP50Ms.toFixed(1)}/${run.stepP95Ms.toFixed(1)} ms  ${run.complete ? `fresh: ${fresh}` : 'incomplete'}`,
      )
      const excerpt = run.equalsFreshRender?.excerpt
      if (excerpt)
        console.log(
          `  rewritten: ${JSON.stringify(excerpt.rewritten)}\n  fresh:     ${JSON.stringify(excerpt.reference)}`,
        )
    }
  }
} finally {
  await browser.close()
  await server.close()
}

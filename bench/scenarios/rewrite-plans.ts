/**
 * The rewrite scenarios as plans: the message as it stood, then one step per animation frame, each
 * a batch of producer operations (push, clear, replace with splices, retract), some of them timed.
 * Every renderer receives the same plan; the plans are built from the real-markdown corpus with a
 * seeded generator, so every run and every renderer sees the same rewrites.
 */
import { chunkText, seededRandom } from '../chunking'
import type { RewriteConfig } from '../config'
import { type Corpus, documentPrefix } from '../corpus'
import type { RewriteStep } from '../page-protocol'
import { applySplices, invertSplices, type Splice } from '../text-splices'

export const rewriteScenarioNames = [
  'in-place-edit',
  'rollback',
  'diffusion',
  'table-reformat',
  'citations',
  'footnotes',
] as const
export type RewriteScenarioName = (typeof rewriteScenarioNames)[number]

export interface RewritePlan {
  scenario: RewriteScenarioName
  initial: string
  steps: RewriteStep[]
  final: string
  /**
   * Citations and footnotes only: the blocks the rewrite changed (the cited paragraphs and the sources list), on
   * their own. Rendering them from nothing is what the rewrite would cost if it paid for the change only.
   */
  changedBlocks?: string
}

/** Words a rewrite may swap: runs of 4 or more ASCII letters. */
const wordPattern = /[A-Za-z]{4,}/g

function wordsOf(text: string): { at: number; word: string }[] {
  return [...text.matchAll(wordPattern)].map((m) => ({ at: m.index, word: m[0] }))
}

/** A word of the vocabulary other than `word` (the vocabulary has at least two distinct words). */
function otherWord(vocabulary: readonly string[], word: string, random: () => number): string {
  for (;;) {
    const candidate = vocabulary[Math.floor(random() * vocabulary.length)] as string
    if (candidate !== word) return candidate
  }
}

const fenceOpening = /^ {0,3}(`{3,}|~{3,})/

/**
 * `text` cut back so that it does not end inside a fenced code block (what follows the cut, a table
 * or a sources list, must not become code).
 */
export function withoutOpenFence(text: string): string {
  let open: { marker: string; at: number } | undefined
  let lineStart = 0
  for (const line of text.split('\n')) {
    const fence = fenceOpening.exec(line)?.[1]
    if (fence) {
      if (!open) open = { marker: fence, at: lineStart }
      else if (fence[0] === open.marker[0] && fence.length >= open.marker.length && line.trim() === fence)
        open = undefined
    }
    lineStart += line.length + 1
  }
  return open ? text.slice(0, open.at) : text
}

/** `steps` `full` rewrites, each changing one word of the previous text at a seeded random place. */
export function inPlaceEditPlan(text: string, steps: number, seed: number): RewritePlan {
  const random = seededRandom(seed)
  const vocabulary = [...new Set(wordsOf(text).map((w) => w.word))]
  const planned: RewriteStep[] = []
  let current = text
  for (let i = 0; i < steps; i++) {
    const words = wordsOf(current)
    const { at, word } = words[Math.floor(random() * words.length)] as { at: number; word: string }
    const splice: Splice = { at, remove: word.length, insert: otherWord(vocabulary, word, random) }
    current = applySplices(current, [splice])
    planned.push({ ops: [{ kind: 'replace', splices: [splice] }], timed: true })
  }
  return { scenario: 'in-place-edit', initial: text, steps: planned, final: current }
}

export interface RollbackSettings {
  seed: number
  chunksPerFrame: number
  /** A branch is appended, then retracted, each time the stream passes a multiple of this many characters. */
  everyChars: number
  /** The speculative branch's text (its length is the branch's length). */
  branch: string
}

/**
 * Streams `text` in seeded chunks (untimed frames); every `everyChars` a frame appends the branch and
 * the next frame retracts it: a clear and the re-push of the accepted text, in one batch (timed).
 */
export function rollbackPlan(text: string, settings: RollbackSettings): RewritePlan {
  const chunks = chunkText(text, settings.seed)
  const steps: RewriteStep[] = []
  let streamed = 0
  let nextRollback = settings.everyChars
  for (let i = 0; i < chunks.length; i += settings.chunksPerFrame) {
    const frame = chunks.slice(i, i + settings.chunksPerFrame)
    steps.push({ ops: frame.map((chunk) => ({ kind: 'push', text: chunk })), timed: false })
    streamed += frame.reduce((n, chunk) => n + chunk.length, 0)
    if (streamed >= nextRollback) {
      steps.push({ ops: [{ kind: 'push', text: settings.branch }], timed: false })
      steps.push({ ops: [{ kind: 'retract', keep: streamed }], timed: true })
      while (nextRollback <= streamed) nextRollback += settings.everyChars
    }
  }
  return { scenario: 'rollback', initial: '', steps, final: text }
}

/** A diffusion-style answer: `steps` repaints of `answer`, each swapping `share` of its words. */
export function diffusionPlan(answer: string, steps: number, share: number, seed: number): RewritePlan {
  const random = seededRandom(seed)
  const vocabulary = [...new Set(wordsOf(answer).map((w) => w.word))]
  const planned: RewriteStep[] = []
  let current = answer
  for (let i = 0; i < steps; i++) {
    const splices = wordsOf(current)
      .filter(() => random() < share)
      .map(({ at, word }) => ({ at, remove: word.length, insert: otherWord(vocabulary, word, random) }))
    current = applySplices(current, splices)
    planned.push({ ops: [{ kind: 'replace', splices }], timed: true })
  }
  return { scenario: 'diffusion', initial: answer, steps: planned, final: current }
}

/**
 * A GFM table of `rows` rows (cells drawn from the words of `source`), with every cell padded to its
 * column's widest cell plus `padding` spaces: the same table, in any padding, renders the same.
 */
export function gfmTable(source: string, rows: number, seed: number): (padding: number) => string {
  const random = seededRandom(seed)
  const words = wordsOf(source).map((w) => w.word)
  const pick = () => words[Math.floor(random() * words.length)] as string
  const cells = [
    ['name', 'kind', 'count', 'notes'],
    ...Array.from({ length: rows }, () => [
      pick(),
      pick(),
      String(Math.floor(random() * 10_000)),
      `${pick()} ${pick()}`,
    ]),
  ]
  const widths = [0, 1, 2, 3].map((column) => Math.max(...cells.map((row) => (row[column] as string).length)))
  return (padding) => {
    const line = (row: string[]) =>
      `| ${row.map((cell, column) => cell.padEnd(padding ? (widths[column] as number) + padding : 0)).join(' | ')} |`
    const rule = `|${widths.map((width) => '-'.repeat(padding ? width + padding + 2 : 5)).join('|')}|`
    const [header, ...body] = cells as [string[], ...string[][]]
    return [line(header), rule, ...body.map(line)].join('\n')
  }
}

/** `prefix` then a table; each step replaces the table with the same table in the next padding (0, 1, 2, 0, …). */
export function tableReformatPlan(prefix: string, rows: number, steps: number, seed: number): RewritePlan {
  const table = gfmTable(prefix, rows, seed)
  const head = `${prefix.trimEnd()}\n\n`
  let current = `${head}${table(0)}\n`
  const initial = current
  const planned: RewriteStep[] = []
  for (let i = 1; i <= steps; i++) {
    const next = `${table(i % 3)}\n`
    planned.push({
      ops: [{ kind: 'replace', splices: [{ at: head.length, remove: current.length - head.length, insert: next }] }],
      timed: true,
    })
    current = head + next
  }
  return { scenario: 'table-reformat', initial, steps: planned, final: current }
}

/**
 * Where a citation marker can go: the last sentence end of a paragraph line (outside code, followed
 * by a blank line or the end), as the offset of its final period.
 */
function citablePeriods(text: string): number[] {
  const periods: number[] = []
  const lines = text.split('\n')
  let offset = 0
  let fence: string | undefined
  lines.forEach((line, index) => {
    const marker = fenceOpening.exec(line)?.[1]
    if (marker)
      fence = fence === undefined ? marker : marker[0] === fence[0] && line.trim() === marker ? undefined : fence
    else if (
      fence === undefined &&
      /^ {0,3}[A-Za-z*_]/.test(line) &&
      line.endsWith('.') &&
      (lines[index + 1] ?? '').trim() === ''
    )
      periods.push(offset + line.length - 1)
    offset += line.length + 1
  })
  return periods
}

/** The paragraph of `text` around `at`: from after the blank line before it to the end of its line. */
function paragraphAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n\n', at)
  const end = text.indexOf('\n', at)
  return text.slice(start < 0 ? 0 : start + 2, end < 0 ? text.length : end)
}

/**
 * A `full` that cites the draft: `[n]` markers before the final period of `markers` paragraphs
 * spread over the message, and a sources list appended. Steps alternate cite (timed) and back to the
 * draft (untimed), ending cited. As `footnotes`: GFM footnote references (`[^n]`) and a footnote
 * definition per source, which every renderer numbers and lists at the end of the message.
 */
export function citationsPlan(
  draft: string,
  markers: number,
  steps: number,
  style: 'citations' | 'footnotes' = 'citations',
): RewritePlan {
  const periods = citablePeriods(draft)
  const chosen = Array.from(
    { length: Math.min(markers, periods.length) },
    (_, i) => periods[Math.floor(((i + 0.5) * periods.length) / Math.min(markers, periods.length))] as number,
  )
  const body = draft.endsWith('\n') ? draft : `${draft}\n`
  const source = (i: number) => `[Source ${i + 1}](https://example.com/sources/${i + 1})`
  const footnotes = style === 'footnotes'
  const sources = footnotes
    ? `\n${chosen.map((_, i) => `[^palimpsest-${i + 1}]: ${source(i)}`).join('\n\n')}\n`
    : `\n## Sources\n\n${chosen.map((_, i) => `${i + 1}. ${source(i)}`).join('\n')}\n`
  const marker = (i: number) => (footnotes ? `[^palimpsest-${i + 1}]` : ` [${i + 1}]`)
  const splices: Splice[] = [
    ...chosen.map((at, i) => ({ at, remove: 0, insert: marker(i) })),
    { at: draft.length, remove: 0, insert: body.slice(draft.length) + sources },
  ]
  const cited = applySplices(draft, splices)
  const back = invertSplices(draft, splices)
  const planned: RewriteStep[] = []
  for (let i = 0; i < steps; i++) {
    if (i > 0) planned.push({ ops: [{ kind: 'replace', splices: back }], timed: false })
    planned.push({ ops: [{ kind: 'replace', splices }], timed: true })
  }
  let shift = 0
  const paragraphs = chosen.map((at, i) => {
    const inCited = at + shift
    shift += marker(i).length
    return paragraphAround(cited, inCited)
  })
  return {
    scenario: style,
    initial: draft,
    steps: planned,
    final: cited,
    changedBlocks: [...paragraphs, sources.trim()].join('\n\n'),
  }
}

/**
 * The plan of one scenario at one message size, cut from the corpus. Diffusion ignores `size`: its
 * answer is `settings.diffusion.answerChars` long.
 */
export function rewritePlan(
  scenario: RewriteScenarioName,
  size: number,
  corpus: Pick<Corpus, 'text'>,
  settings: RewriteConfig,
  seed: number,
  chunksPerFrame: number,
): RewritePlan {
  const message = () => withoutOpenFence(documentPrefix(corpus, size))
  switch (scenario) {
    case 'in-place-edit':
      return inPlaceEditPlan(documentPrefix(corpus, size), settings.editSteps, seed)
    case 'rollback':
      return rollbackPlan(documentPrefix(corpus, size), {
        seed,
        chunksPerFrame,
        everyChars: settings.rollback.everyChars,
        // Text from the other end of the corpus: what the speculation guessed is not what comes next.
        branch: corpus.text.slice(-settings.rollback.branchChars),
      })
    case 'diffusion': {
      const { answerChars, steps, wordShare } = settings.diffusion
      return diffusionPlan(withoutOpenFence(documentPrefix(corpus, answerChars)), steps, wordShare, seed)
    }
    case 'table-reformat':
      return tableReformatPlan(message(), settings.table.rows, settings.table.steps, seed)
    case 'citations':
    case 'footnotes':
      return citationsPlan(message(), settings.citations.markers, settings.citations.steps, scenario)
  }
}

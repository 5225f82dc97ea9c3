/** What a benchmark run measures: the full run (`npm run bench`) and the CI smoke run. */
import { KB } from './corpus'

export const scenarioNames = [
  'long-message',
  'clear-heavy',
  'ingest',
  'dashboard',
  'memory',
  'rewrite',
  'history',
] as const
export type ScenarioName = (typeof scenarioNames)[number]

export interface BenchConfig {
  name: 'full' | 'smoke'
  repetitions: number
  seed: number
  /** Chunks (4–40 characters each) arriving per animation frame. */
  chunksPerFrame: number
  /** Characters streamed, untimed, before each timed stream. */
  warmupChars: number
  /**
   * `budgetMs`: wall time a renderer may stream one document before it is stopped and reported as not
   * finished; `budgetMsBySize` overrides it per size (whole-text re-rendering is quadratic, and wall
   * time on a shared machine runs well ahead of CPU time).
   */
  longMessage: { sizes: number[]; budgetMs: number; budgetMsBySize?: Record<number, number> }
  clearHeavy: { sizes: number[]; clearEveryChars: number; budgetMs: number; budgetMsBySize?: Record<number, number> }
  /** Scenarios to run (all when absent); `npm run bench -- --only=clear-heavy` reruns one into results.json. */
  scenarios?: ScenarioName[]
  /**
   * `rounds`: turns each pipeline takes per repetition (its fastest counts); `minMeasureMs`: a turn
   * is fed repeatedly within one measurement until it lasts about this long.
   */
  ingest: { answerChars: number; reasoningChars: number; toolCalls: number; rounds: number; minMeasureMs: number }
  dashboard: { streams: number[]; chunksPerSecond: number; warmupMs: number; durationMs: number }
  memory: { messages: number; charsPerMessage: number }
  /** Settled messages above the stream (each count a run), their size, and the text streamed below them. */
  history: { settled: number[]; charsPerMessage: number; streamedChars: number }
  rewrite: RewriteConfig
}

/** The rewrite scenarios (`scenarios/rewrite-plans.ts`): sizes and the shape of each kind of rewrite. */
export interface RewriteConfig {
  /** Message sizes every renderer is measured at. */
  sizes: number[]
  /** Larger sizes measured for Palimpsest only (whole-text peers would take minutes per step sequence). */
  palimpsestOnlySizes: number[]
  /** In-place edit: `full` rewrites per run, one word changed each. */
  editSteps: number
  /** Rollback: a branch of `branchChars` characters appended and retracted every `everyChars` streamed. */
  rollback: { everyChars: number; branchChars: number }
  /** Diffusion: one answer of `answerChars` repainted `steps` times, `wordShare` of its words changing per step. */
  diffusion: { answerChars: number; steps: number; wordShare: number }
  /** Table reformat: a message ending in a table of `rows` rows, re-padded `steps` times. */
  table: { rows: number; steps: number }
  /** Citations: `markers` `[n]` markers and a sources list added, `steps` times (the draft restored untimed in between). */
  citations: { markers: number; steps: number }
  /** Wall time one renderer may spend on one plan before it is stopped and reported as not finished. */
  budgetMs: number
}

export const fullConfig: BenchConfig = {
  name: 'full',
  repetitions: 3,
  seed: 20_260_611,
  chunksPerFrame: 16,
  warmupChars: 24 * KB,
  longMessage: {
    sizes: [10 * KB, 50 * KB, 200 * KB, 1024 * KB],
    budgetMs: 90_000,
    // Long enough for react-markdown to finish 200 KB (the size the targets compare at).
    budgetMsBySize: { [200 * KB]: 480_000 },
  },
  clearHeavy: {
    sizes: [50 * KB, 200 * KB],
    clearEveryChars: 8 * KB,
    budgetMs: 90_000,
    budgetMsBySize: { [200 * KB]: 480_000 },
  },
  ingest: { answerChars: 200 * KB, reasoningChars: 8 * KB, toolCalls: 8, rounds: 3, minMeasureMs: 300 },
  dashboard: { streams: [20, 100], chunksPerSecond: 50, warmupMs: 1_500, durationMs: 5_000 },
  memory: { messages: 1_000, charsPerMessage: 2 * KB },
  rewrite: {
    sizes: [10 * KB, 100 * KB],
    palimpsestOnlySizes: [1024 * KB],
    editSteps: 40,
    rollback: { everyChars: 1_000, branchChars: 60 },
    diffusion: { answerChars: 4 * KB, steps: 30, wordShare: 0.1 },
    table: { rows: 200, steps: 12 },
    citations: { markers: 8, steps: 12 },
    budgetMs: 240_000,
  },
  history: { settled: [10, 2_000], charsPerMessage: 2 * KB, streamedChars: 4 * KB },
}

/** Small sizes, one repetition: proves every scenario still produces numbers (not speed). */
export const smokeConfig: BenchConfig = {
  name: 'smoke',
  repetitions: 1,
  seed: 20_260_611,
  chunksPerFrame: 16,
  warmupChars: 2 * KB,
  longMessage: { sizes: [4 * KB, 12 * KB], budgetMs: 30_000 },
  clearHeavy: { sizes: [12 * KB], clearEveryChars: 4 * KB, budgetMs: 30_000 },
  ingest: { answerChars: 8 * KB, reasoningChars: 1 * KB, toolCalls: 2, rounds: 1, minMeasureMs: 20 },
  dashboard: { streams: [4], chunksPerSecond: 50, warmupMs: 300, durationMs: 600 },
  memory: { messages: 40, charsPerMessage: 1 * KB },
  rewrite: {
    sizes: [3 * KB, 6 * KB],
    palimpsestOnlySizes: [12 * KB],
    editSteps: 6,
    rollback: { everyChars: 1_000, branchChars: 60 },
    diffusion: { answerChars: 2 * KB, steps: 4, wordShare: 0.1 },
    table: { rows: 20, steps: 3 },
    citations: { markers: 4, steps: 3 },
    budgetMs: 30_000,
  },
  history: { settled: [2, 40], charsPerMessage: 1 * KB, streamedChars: 1 * KB },
}

/**
 * `bench/RESULTS.md`: the tables of one run between two markers. Everything outside the markers
 * (the core engineer's `## Core` section, notes) is kept as it is.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { sizeLabel } from './corpus'
import type { BenchResults, StreamSummary } from './harness'
import type { MarkupVerdict, RewriteSummary } from './rewrite-suite'

const start = '<!-- bench:render:start (written by `npm run bench`; edit outside these markers) -->'
const end = '<!-- bench:render:end -->'

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 0) : '–')
const num = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–')

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n')
}

function correctness(s: StreamSummary): string {
  if (s.correctness === 'unchecked') return `not finished in budget (${num(s.streamedChars)} chars streamed)`
  if (s.correctness === 'equal') return `equal (${num(s.renderedTextChars ?? 0)} chars)`
  const less = (s.renderedTextChars ?? 0) < (s.referenceTextChars ?? 0) ? ' — RENDERS LESS' : ''
  return `**differs** at ${s.difference?.at ?? '?'} (${num(s.renderedTextChars ?? 0)} vs ${num(s.referenceTextChars ?? 0)} chars)${less}`
}

function streamTable(summaries: StreamSummary[], clearHeavy: boolean): string {
  const header = [
    'size',
    'renderer',
    'main-thread ms',
    'layout+style ms',
    'commit p50 / p95 / max ms',
    'steady p95 ms',
    'long tasks',
    ...(clearHeavy ? ['clears', 'painted empty frames'] : []),
    'final DOM text vs own full render',
  ]
  const rows = summaries.map((s) => [
    sizeLabelFor(s.chars),
    s.renderer,
    ms(s.taskMs),
    ms(s.layoutAndStyleMs),
    `${ms(s.commitP50Ms)} / ${ms(s.commitP95Ms)} / ${ms(s.commitMaxMs)}`,
    ms(s.steadyCommitP95Ms),
    `${s.longTasks}${s.longTasks ? ` (≤ ${ms(s.longestTaskMs)} ms)` : ''}`,
    ...(clearHeavy ? [String(s.clears), String(s.emptyFrames)] : []),
    correctness(s),
  ])
  return table(header, rows)
}

function markupVerdict(verdict: MarkupVerdict | undefined, summary: RewriteSummary, against: string): string {
  if (verdict === undefined) return ''
  if (verdict === 'unchecked') return 'not finished in budget'
  if (verdict === 'equal') return 'equal'
  const difference = summary.difference?.against === against ? ` at ${summary.difference.at}` : ''
  return `**differs**${difference}`
}

function rewriteTable(summaries: RewriteSummary[]): string {
  const rows = summaries.map((s) => [
    s.scenario,
    sizeLabel(s.size),
    s.renderer,
    String(s.steps),
    `${ms(s.stepP50Ms)} / ${ms(s.stepP95Ms)} / ${ms(s.stepMaxMs)}`,
    ms(s.taskMs),
    String(s.longTasks),
    markupVerdict(s.equalsFreshRender, s, 'fresh render'),
    markupVerdict(s.equalsReactMarkdown, s, 'react-markdown') || '–',
    s.changedBlocksP50Ms === undefined
      ? '–'
      : `${ms(s.changedBlocksP50Ms)} (step ${(s.stepP50Ms / s.changedBlocksP50Ms).toFixed(1)}×)`,
  ])
  return table(
    [
      'scenario',
      'size',
      'renderer',
      'timed steps',
      'per step p50 / p95 / max ms',
      'main-thread ms (whole run)',
      'long tasks',
      'final DOM vs own fresh render',
      'vs whole-text react-markdown',
      'changed blocks alone p50 ms',
    ],
    rows,
  )
}

let sizeLabelFor: (chars: number) => string = (chars) => `${num(chars)} chars`

export function renderResults(results: BenchResults, command: string): string {
  const nominal = [...results.config.longMessage.sizes, ...results.config.clearHeavy.sizes]
  sizeLabelFor = (chars) => {
    const size = nominal.reduce((best, s) => (Math.abs(s - chars) < Math.abs(best - chars) ? s : best))
    return sizeLabel(size)
  }
  const c = results.config
  const lines: string[] = []
  lines.push(start, '', `## Rendering, ingest, dashboard, memory and rewrites (${c.name} run)`, '')
  lines.push(
    `Command: \`${command}\` — ${results.startedAt}, ${Math.round(results.durationS / 60)} min; Node ${results.environment.node}, ` +
      `Chromium ${results.environment.chromium} headless, ${results.environment.cpus} CPUs` +
      (results.environment.loadAverage === undefined
        ? '. '
        : ` (1-minute load average ${results.environment.loadAverage.toFixed(1)} when it started). `) +
      `${c.repetitions} repetitions, renderer order rotated each time, each run on a fresh page; medians shown.` +
      (results.reruns ?? [])
        .map(
          (r) =>
            ` Measured again at ${r.startedAt} with \`--only=${r.scenarios.join(',')}\`: ${r.scenarios.join(', ')}.`,
        )
        .join(''),
    '',
  )
  lines.push('### Targets', '')
  lines.push(
    table(
      ['target', 'measured', 'met'],
      results.targets.map((t) => [t.target, t.measured, t.met ? 'yes' : '**no**']),
    ),
    '',
  )
  lines.push(
    '### 1. Long message render',
    '',
    `Documents: prefixes of the CommonMark spec (\`commonmark-spec\`) followed by the largest READMEs shipped in installed packages ` +
      `(${results.corpus.length} documents; list in \`results.json\`), cut at the end of a line. Chunks of 4–40 characters ` +
      `(seeded), ${c.chunksPerFrame} chunks per animation frame, one commit per frame. Main-thread ms: CDP \`TaskDuration\` ` +
      `(thread CPU time) over the stream. Commit: the frame's synchronous update + render + commit (\`flushSync\`). ` +
      `Steady p95: p95 over frames of each frame's fastest commit across repetitions (same input, so slower repeats are other load). ` +
      `A renderer still streaming after ${c.longMessage.budgetMs / 1000} s ` +
      `(${Object.entries(c.longMessage.budgetMsBySize ?? {})
        .map(([size, budget]) => `${budget / 1000} s at ${sizeLabel(Number(size))}`)
        .join(', ')}) is stopped and reported as not finished. ` +
      `Frames are unthrottled (\`--disable-frame-rate-limit\`): each still runs style, layout and paint.`,
    '',
    streamTable(results.longMessage.summaries, false),
    '',
  )
  lines.push(
    '### 2. Clear-heavy stream',
    '',
    `The same documents; every ${c.clearHeavy.clearEveryChars / 1024} KB a frame ends with a clear and the next frame re-pushes ` +
      `the whole text so far (a full-state producer, as in the ACP clear RFD), then streaming goes on. A painted empty frame: ` +
      `the message box has no visible text at the end of a frame's commit or at the start of the next frame, after text was shown.`,
    '',
    streamTable(results.clearHeavy.summaries, true),
    '',
  )
  lines.push(
    '### 3. Ingest (Node)',
    '',
    `One turn: reasoning (${c.ingest.reasoningChars / 1024} KB), ${c.ingest.toolCalls} tool calls with streamed JSON arguments ` +
      `and results, then a ${sizeLabel(c.ingest.answerChars)} answer, in 4–40 character deltas. Palimpsest: ` +
      `\`createAgUiDecoder\` + \`createTranscriptStore({ schedule: 'sync' })\` (one reduce and one notification per event; ` +
      `frame batching would do less); @ag-ui/client: \`defaultApplyEvents\` over the same AG-UI events; AI SDK: ` +
      `\`readUIMessageStream\` over the equivalent UI message chunks. Allocation: heap growth plus the bytes each GC in ` +
      `between freed (V8 \`GCProfiler\`). Each repetition: ${c.ingest.rounds} rounds in rotated order after a warm-up turn, ` +
      `each pipeline's fastest round kept (same work every round); a round feeds the turn as many times as it takes to last ` +
      `≥ ${c.ingest.minMeasureMs} ms (a fresh pipeline each time).`,
    '',
    table(
      ['pipeline', 'updates', 'updates / s', 'bytes allocated / update', 'final answer complete'],
      results.ingest.summaries.map((s) => [
        s.pipeline,
        num(s.updates),
        num(s.updatesPerSecond),
        num(s.bytesPerUpdate),
        s.answerComplete ? 'yes' : '**no**',
      ]),
    ),
    '',
  )
  lines.push(
    '### 4. Dashboard',
    '',
    `Streams in one page, each fed ${c.dashboard.chunksPerSecond} chunks/s (out of phase) for ${c.dashboard.durationMs / 1000} s ` +
      `on the renderer's own schedule (Palimpsest: the store's frame batching; React peers: automatic batching), real 60 Hz ` +
      `frames. A timer a busy page delays delivers every chunk due by then (a network stream's chunks wait in its queue), ` +
      `so each renderer gets the same load. Frame work: from the frame's start to the first task after it rendered. ` +
      `Dropped: missed vsync periods. Updates per stream: frames in which a stream's cell changed, per second.`,
    '',
    table(
      [
        'streams',
        'renderer',
        'frame work p95 ms',
        'frame interval p95 ms',
        'dropped frames',
        'long tasks',
        'main-thread ms/s',
        'updates per stream per s',
      ],
      results.dashboard.summaries.map((s) => [
        String(s.streams),
        s.renderer,
        ms(s.frameWorkP95Ms),
        ms(s.frameIntervalP95Ms),
        num(s.droppedFrames),
        num(s.longTasks),
        ms(s.taskMsPerSecond),
        s.updatesPerStreamPerSecond.toFixed(1),
      ]),
    ),
    '',
  )
  lines.push(
    '### 5. Memory',
    '',
    `A finished transcript of ${num(c.memory.messages)} messages × ${c.memory.charsPerMessage / 1024} KB rendered at once. ` +
      `Heap: CDP \`HeapProfiler.collectGarbage\` then \`Runtime.getHeapUsage\`, minus the same page before rendering. ` +
      `DOM nodes: \`Memory.getDOMCounters\`.`,
    '',
    table(
      ['renderer', 'messages', 'text', 'JS heap after GC', 'DOM nodes'],
      results.memory.summaries.map((s) => [
        s.renderer,
        num(s.messages),
        `${(s.chars / 1e6).toFixed(2)} MB`,
        `${(s.heapBytes / 1e6).toFixed(1)} MB`,
        num(s.domNodes),
      ]),
    ),
    '',
  )
  if (results.rewrite) {
    const r = c.rewrite
    lines.push(
      '### 6. Rewrites',
      '',
      `One message rewritten step by step, one synchronous commit per step (one animation frame each), the same plan for every ` +
        `renderer, cut from the same corpus and seeded. Palimpsest's store receives what a producer sends — a \`full\` ` +
        `(\`target: 'text'\`) for a replacement, a \`clear\` and a \`chunk\` in one batch for a retraction; the peers receive the ` +
        `new whole text. **In-place edit**: ${r.editSteps} \`full\`s, each changing one word (4+ letters) of the previous text ` +
        `at a seeded random place. **Rollback**: the message streams (${c.chunksPerFrame} chunks of 4–40 characters per frame, untimed); ` +
        `every ${num(r.rollback.everyChars)} characters a frame appends a ${r.rollback.branchChars}-character branch and the next ` +
        `frame retracts it (timed). **Diffusion**: a ${sizeLabel(r.diffusion.answerChars)} answer repainted ${r.diffusion.steps} ` +
        `times, about ${Math.round(r.diffusion.wordShare * 100)}% of its words changing each time. **Table reformat**: the ` +
        `message followed by a ${r.table.rows}-row GFM table, replaced ${r.table.steps} times by the same table padded to ` +
        `other column widths. **Citations**: a \`full\` that inserts ${r.citations.markers} \`[n]\` markers into paragraphs ` +
        `and appends a sources list, ${r.citations.steps} times (the draft is restored, untimed, in between); ` +
        `"changed blocks alone" renders just the cited paragraphs and the sources list on a fresh mount — what the step ` +
        `would cost if it paid only for what changed. **Footnotes**: the same with GFM footnote references (\`[^n]\`) ` +
        `and a footnote definition per source, which each renderer numbers and lists at the end. Main-thread ms covers the whole run (initial render and untimed ` +
        `steps included). Final DOM: after the stream ends, the renderer's markup against its own render of the final text ` +
        `on a fresh mount; Palimpsest's markdown also against whole-text react-markdown's (block pages unwrapped, ` +
        `Palimpsest's link and URL policy applied to the reference).` +
        (r.palimpsestOnlySizes.length ? ` ${r.palimpsestOnlySizes.map(sizeLabel).join(', ')}: Palimpsest only.` : ''),
      '',
      rewriteTable(results.rewrite.summaries),
      '',
    )
  }
  if (results.history)
    lines.push(
      '### 7. Long history',
      '',
      `Finished messages of ${c.history.charsPerMessage / 1024} KB above one message streaming ` +
        `${c.history.streamedChars / 1024} KB, one chunk per frame, each pushed and committed at once (real 60 Hz frames). ` +
        'react-markdown: the finished messages in a memoised list that never re-renders, the streaming one in its own ' +
        'component. Heap: after GC with everything rendered and the stream finished, minus the page before.',
      '',
      table(
        ['renderer', 'settled messages', 'chunk p50', 'chunk p95', 'JS heap after GC'],
        results.history.summaries.map((s) => [
          s.renderer,
          num(s.settled),
          ms(s.commitP50Ms),
          ms(s.commitP95Ms),
          `${(s.heapBytes / 1e6).toFixed(1)} MB`,
        ]),
      ),
      '',
    )
  lines.push(end)
  return lines.join('\n')
}

/** Replaces the marked section of `path` (or appends it), keeping every other section. */
export function writeResultsMarkdown(path: string, section: string): void {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmark results\n'
  const from = current.indexOf(start)
  const to = current.indexOf(end)
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${section}\n`
  writeFileSync(path, next)
}

/**
 * Probe: the cost of highlighting code fences while they stream, with `createShikiHighlighter`
 * (tokenises only changed lines) against tokenising the whole fence again on every chunk (what a
 * highlighter without per-line state does). Streams every fence of a ~50 KB code-heavy answer in
 * 24-character chunks and counts the lines tokenised per chunk and the time spent.
 * `npx tsx bench/highlight-probe.ts`
 */
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { createCssVariablesTheme, createHighlighterCore } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import { bundledLanguages } from 'shiki/langs'
import { createShikiHighlighter } from '../packages/react/src/code'
import { codeHeavyAnswer } from '../stories/support/rich-content'

const chunk = 24

/** The answer's fences, repeated with numbered identifiers up to ~50 KB of answer. */
function fences(prefix: string): { language: string; code: string }[] {
  const found = [...codeHeavyAnswer.matchAll(/```(\w+)\n([\s\S]*?)\n```/g)].map((match) => ({
    language: match[1] as string,
    code: match[2] as string,
  }))
  const result: { language: string; code: string }[] = []
  let size = 0
  for (let round = 0; size < 50_000; round++) {
    for (const fence of found) {
      const code = fence.code.replaceAll('total', `${prefix}${round}`)
      result.push({ language: fence.language, code })
      size += code.length + 40
    }
  }
  return result
}

// A first pass warms up the regex engine (it compiles each pattern on first use); the second is measured.
const warmUp = fences('warm')
const all = fences('total')
const chars = all.reduce((sum, fence) => sum + fence.code.length, 0)

const highlight = createShikiHighlighter()
for (const language of new Set(all.map((fence) => fence.language))) await highlight.load(language)
let incrementalMs = 0
let maxLinesPerChunk = 0
let chunks = 0
let linesTokenized = 0
for (const [pass, fenceList] of [warmUp, all].entries()) {
  const first = highlight.linesTokenized
  for (const fence of fenceList) {
    for (let end = chunk; end < fence.code.length + chunk; end += chunk) {
      const before = highlight.linesTokenized
      const started = performance.now()
      highlight(fence.code.slice(0, end), fence.language)
      if (pass === 0) continue
      incrementalMs += performance.now() - started
      maxLinesPerChunk = Math.max(maxLinesPerChunk, highlight.linesTokenized - before)
      chunks++
    }
  }
  linesTokenized = highlight.linesTokenized - first
}

const shiki = await createHighlighterCore({
  themes: [createCssVariablesTheme({ name: 'probe' })],
  langs: [bundledLanguages.typescript, bundledLanguages.python, bundledLanguages.diff],
  engine: createJavaScriptRegexEngine({ forgiving: true }),
})
const ids: Record<string, string> = { ts: 'typescript', python: 'python', diff: 'diff' }
let wholeMs = 0
let wholeLines = 0
for (const [pass, fenceList] of [warmUp, all].entries()) {
  for (const fence of fenceList) {
    for (let end = chunk; end < fence.code.length + chunk; end += chunk) {
      const code = fence.code.slice(0, end)
      const started = performance.now()
      const lines = shiki.codeToTokensBase(code, { lang: ids[fence.language] as string, theme: 'probe' })
      if (pass === 0) continue
      wholeMs += performance.now() - started
      wholeLines += lines.length
    }
  }
}

console.info(
  `${all.length} fences, ${(chars / 1024).toFixed(1)} KB of code, ${chunks} chunks of ${chunk} characters; load average ${loadavg()[0]?.toFixed(1)}`,
)
console.info(
  `incremental: ${linesTokenized} lines tokenised (at most ${maxLinesPerChunk} per chunk), ${incrementalMs.toFixed(0)} ms`,
)
console.info(`whole fence per chunk: ${wholeLines} lines tokenised, ${wholeMs.toFixed(0)} ms`)

/**
 * The benchmark: `npm run bench` (full run, about half an hour on two cores) or
 * `npm run bench -- --smoke` (seconds). Writes `bench/results.json` and the marked section of
 * `bench/RESULTS.md`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { fullConfig, smokeConfig } from './config'
import { type BenchResults, runBench } from './harness'
import { renderResults, writeResultsMarkdown } from './report'
import { evaluateTargets } from './targets'

const withTargets = (saved: BenchResults): BenchResults => ({ ...saved, targets: evaluateTargets(saved) })

const smoke = process.argv.includes('--smoke')
const config = smoke ? smokeConfig : fullConfig
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// --report-only: rewrite RESULTS.md (and the targets) from the saved results.json without measuring.
const results: BenchResults = process.argv.includes('--report-only')
  ? withTargets(JSON.parse(readFileSync(here('./results.json'), 'utf8')) as BenchResults)
  : await runBench(config, (line) => console.log(line))
writeFileSync(here('./results.json'), `${JSON.stringify(results, null, 2)}\n`)
writeResultsMarkdown(
  here('./RESULTS.md'),
  renderResults(results, results.config.name === 'smoke' ? 'npm run bench -- --smoke' : 'npm run bench'),
)
for (const target of results.targets)
  console.log(`${target.met ? 'met    ' : 'NOT MET'}  ${target.target}: ${target.measured}`)

/**
 * The benchmark: `npm run bench` (full run, about half an hour on two cores) or
 * `npm run bench -- --smoke` (seconds). Writes `bench/results.json` and the marked section of
 * `bench/RESULTS.md`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { fullConfig, type ScenarioName, scenarioNames, smokeConfig } from './config'
import { type BenchResults, runBench } from './harness'
import { renderResults, writeResultsMarkdown } from './report'
import { evaluateTargets } from './targets'

const withTargets = (saved: BenchResults): BenchResults => ({ ...saved, targets: evaluateTargets(saved) })

const smoke = process.argv.includes('--smoke')
const config = smoke ? smokeConfig : fullConfig
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

const saved = () => JSON.parse(readFileSync(here('./results.json'), 'utf8')) as BenchResults
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',') as ScenarioName[] | undefined
if (only?.some((name) => !scenarioNames.includes(name))) throw new Error(`--only takes ${scenarioNames.join(', ')}`)

const parts = {
  'long-message': 'longMessage',
  'clear-heavy': 'clearHeavy',
  ingest: 'ingest',
  dashboard: 'dashboard',
  memory: 'memory',
  rewrite: 'rewrite',
  history: 'history',
} as const
const ratioPrefix = {
  'long-message': 'long ',
  ingest: 'ingest: ',
  rewrite: 'rewrite ',
  history: 'history: ',
} as Partial<Record<ScenarioName, string>>

/** Measures only the named scenarios and puts them into the saved results in place of the old ones. */
async function rerun(scenarios: ScenarioName[]): Promise<BenchResults> {
  const previous = saved()
  const fresh = await runBench({ ...config, scenarios }, (line) => console.log(line))
  const merged: BenchResults = { ...previous, config, reruns: [...(previous.reruns ?? [])] }
  merged.reruns?.push({ scenarios, startedAt: fresh.startedAt })
  merged.ratios = { ...previous.ratios }
  for (const scenario of scenarios) {
    const part = parts[scenario]
    ;(merged as unknown as Record<string, unknown>)[part] = fresh[part]
    const prefix = ratioPrefix[scenario]
    if (prefix)
      for (const [key, value] of Object.entries(fresh.ratios)) if (key.startsWith(prefix)) merged.ratios[key] = value
  }
  return withTargets(merged)
}

// --report-only: rewrite RESULTS.md (and the targets) from the saved results.json without measuring.
const results: BenchResults = process.argv.includes('--report-only')
  ? withTargets(saved())
  : only
    ? await rerun(only)
    : await runBench(config, (line) => console.log(line))
writeFileSync(here('./results.json'), `${JSON.stringify(results, null, 2)}\n`)
writeResultsMarkdown(
  here('./RESULTS.md'),
  renderResults(results, results.config.name === 'smoke' ? 'npm run bench -- --smoke' : 'npm run bench'),
)
for (const target of results.targets)
  console.log(`${target.met ? 'met    ' : 'NOT MET'}  ${target.target}: ${target.measured}`)

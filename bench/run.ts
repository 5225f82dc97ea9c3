/**
 * The benchmark: `npm run bench` (full run, about half an hour on two cores) or
 * `npm run bench -- --smoke` (seconds). Writes `bench/results.json` and the marked section of
 * `bench/RESULTS.md`.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { fullConfig, smokeConfig } from './config'
import { runBench } from './harness'
import { renderResults, writeResultsMarkdown } from './report'

const smoke = process.argv.includes('--smoke')
const config = smoke ? smokeConfig : fullConfig
const command = smoke ? 'npm run bench -- --smoke' : 'npm run bench'
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

const results = await runBench(config, (line) => console.log(line))
writeFileSync(here('./results.json'), `${JSON.stringify(results, null, 2)}\n`)
writeResultsMarkdown(here('./RESULTS.md'), renderResults(results, command))
for (const target of results.targets)
  console.log(`${target.met ? 'met    ' : 'NOT MET'}  ${target.target}: ${target.measured}`)

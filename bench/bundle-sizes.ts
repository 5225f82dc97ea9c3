/**
 * Gzip size of each entry point of `@palimpsest/react` as a bundler would load it: the entry file
 * and every chunk it imports statically (shared chunks count for each entry that loads them;
 * dynamic imports and external packages do not count). Run after `npm run build`:
 * `npx tsx bench/bundle-sizes.ts [dist directory]`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = process.argv[2] ?? fileURLToPath(new URL('../packages/react/dist', import.meta.url))
const entries = ['index', 'code', 'mermaid', 'links', 'math', 'virtual']

/** The entry and the local chunks it imports statically, transitively. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const source = readFileSync(join(dist, file), 'utf8')
  for (const match of source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*["'](\.\/[^"']+)["']/gm)) {
    staticClosure((match[1] as string).slice(2), seen)
  }
  for (const match of source.matchAll(/^\s*import\s*["'](\.\/[^"']+)["']/gm))
    staticClosure((match[1] as string).slice(2), seen)
  return seen
}

for (const entry of entries) {
  let files: Set<string>
  try {
    files = staticClosure(`${entry}.js`)
  } catch {
    continue
  }
  // One stream, as a bundler would emit the files together (gzipping each file apart counts the
  // dictionary once per file).
  const joined = Buffer.concat([...files].map((file) => readFileSync(join(dist, file))))
  const gzip = gzipSync(joined, { level: 9 }).length
  console.info(
    `${entry}: ${(joined.length / 1024).toFixed(2)} KiB, gzip ${(gzip / 1024).toFixed(2)} KiB (${files.size} files)`,
  )
}

/**
 * Gives the relative imports of the emitted declarations (`dist/**\/*.d.ts`) their `.js` file
 * names, so that TypeScript under `moduleResolution: node16` / `nodenext` finds the types (it
 * resolves relative imports of ES modules only by their full file name). The sources keep their
 * extension-less imports; this runs after `tsc` in each package's build.
 *
 * Usage: node ../../scripts/declaration-extensions.mjs dist
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/** `from './x'`, `import('./x')`, `import './x'`: the quote and the relative specifier. */
const relativeSpecifier = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g

function declarationFiles(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name)
    if (statSync(path).isDirectory()) return declarationFiles(path)
    return name.endsWith('.d.ts') ? [path] : []
  })
}

/** `./x` → `./x.js` or `./x/index.js`, by which declaration exists; other specifiers as they are. */
function withExtension(file, specifier) {
  if (/\.(js|mjs|cjs|json|css)$/.test(specifier)) return specifier
  const target = resolve(dirname(file), specifier)
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`
  if (existsSync(join(target, 'index.d.ts'))) return `${specifier.replace(/\/$/, '')}/index.js`
  throw new Error(`${file}: no declaration for ${specifier}`)
}

const root = resolve(process.argv[2] ?? 'dist')
let changed = 0
for (const file of declarationFiles(root)) {
  const text = readFileSync(file, 'utf8')
  const next = text.replace(
    relativeSpecifier,
    (_match, lead, quote, specifier) => `${lead}${quote}${withExtension(file, specifier)}${quote}`,
  )
  if (next !== text) {
    writeFileSync(file, next)
    changed++
  }
}
console.log(`declaration-extensions: ${changed} files in ${root}`)

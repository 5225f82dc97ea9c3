/**
 * The documents every render scenario streams: real markdown nobody on this project wrote — the
 * CommonMark spec shipped in `commonmark-spec`, followed by the largest READMEs shipped in installed
 * npm packages — cut into prefixes of the sizes under test.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface CorpusSource {
  /** Where the text came from, relative to the repository root. */
  path: string
  chars: number
}

export interface Corpus {
  /** The documents joined by a blank line. */
  text: string
  /** Each document on its own, in corpus order. */
  documents: string[]
  sources: CorpusSource[]
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)

function commonMarkSpecPath(): string {
  return join(dirname(require.resolve('commonmark-spec/package.json')), 'spec.txt')
}

/** `node_modules/.pnpm/<store entry>/node_modules/<package>/README.md`, scoped packages included. */
function shippedReadmes(): string[] {
  const store = join(repoRoot, 'node_modules/.pnpm')
  const found: string[] = []
  const readmeIn = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    const readme = names.find((name) => name.toLowerCase() === 'readme.md')
    if (readme) found.push(join(dir, readme))
  }
  for (const entry of readdirSync(store)) {
    const modules = join(store, entry, 'node_modules')
    let packages: string[]
    try {
      packages = readdirSync(modules)
    } catch {
      continue
    }
    for (const name of packages) {
      if (name.startsWith('.')) continue
      if (name.startsWith('@')) {
        for (const scoped of readdirSync(join(modules, name))) readmeIn(join(modules, name, scoped))
      } else readmeIn(join(modules, name))
    }
  }
  return found
}

/**
 * The spec first, then distinct READMEs from the largest down, until the corpus holds `minChars`.
 * The order is fixed by size and path, so the same install gives the same corpus.
 */
export function loadCorpus(minChars: number): Corpus {
  const specPath = commonMarkSpecPath()
  const spec = readFileSync(specPath, 'utf8')
  const parts = [spec]
  const sources: CorpusSource[] = [{ path: relative(repoRoot, specPath), chars: spec.length }]
  let total = spec.length
  if (total < minChars) {
    const seen = new Set<string>()
    const candidates = shippedReadmes()
      .map((path) => ({ path, size: statSync(path).size }))
      .sort((a, b) => b.size - a.size || a.path.localeCompare(b.path))
    for (const { path } of candidates) {
      if (total >= minChars) break
      const text = readFileSync(path, 'utf8')
      const digest = createHash('sha256').update(text).digest('hex')
      if (seen.has(digest)) continue
      seen.add(digest)
      parts.push(text)
      sources.push({ path: relative(repoRoot, path), chars: text.length })
      total += text.length + 2
    }
  }
  return { text: parts.join('\n\n'), documents: parts, sources }
}

/**
 * `loadCorpus(minChars)`, or with `skip` > 0 (`CORPUS_SKIP` in the probes) the corpus from the first
 * line start after `skip` characters: other documents than the CommonMark spec it starts with.
 */
export function loadCorpusFrom(skip: number, minChars: number): Corpus {
  const loaded = loadCorpus(minChars + skip)
  return skip > 0 ? { ...loaded, text: loaded.text.slice(loaded.text.indexOf('\n', skip) + 1) } : loaded
}

/** The first `chars` characters, cut back to the end of a line so no document ends mid-word. */
export function documentPrefix(corpus: Pick<Corpus, 'text'>, chars: number): string {
  if (corpus.text.length <= chars) return corpus.text
  const cut = corpus.text.lastIndexOf('\n', chars)
  return corpus.text.slice(0, cut > chars / 2 ? cut + 1 : chars)
}

export const KB = 1024

export function sizeLabel(chars: number): string {
  return chars >= KB * KB ? `${chars / (KB * KB)} MB` : `${chars / KB} KB`
}

/**
 * The prose of `markdown` as one paragraph of `size` characters: its paragraph lines (those starting
 * with a letter), joined by spaces (an agent writing a wall of text with no line breaks).
 */
export function proseParagraph(markdown: string, size: number): string {
  const lines = markdown.split('\n').filter((line) => /^[A-Za-z]/.test(line))
  let text = ''
  for (let index = 0; text.length < size; index++) text += `${lines[index % lines.length]} `
  return text.slice(0, size)
}

/**
 * The prose lines of `markdown` (starting with a letter or a backtick, not in a code fence, no table rows) as one
 * outline: a list of sections, the last holding every line as a nested item, three deep (an
 * agent's table of contents, or a long nested answer). `size` characters long.
 */
export function nestedOutline(markdown: string, size: number): string {
  const lines = linesOf(markdown, 'prose')
    .filter((line) => /^[A-Za-z`]/.test(line) && !line.includes('|'))
    .map((line) => `- ${line.trim()}`)
  return repeatedLines('1. Overview\n2. Details\n3. Contents\n   - Everything\n', '     ', lines, size)
}

/**
 * The code lines of `markdown` (those inside its code fences, without tabs) as one code fence in
 * the last item of a numbered list, as an agent's step that writes a whole file. `size` characters long.
 */
export function fenceInListItem(markdown: string, size: number): string {
  const lines = linesOf(markdown, 'code').filter((line) => !line.includes('\t'))
  return repeatedLines(
    '1. Install the package.\n2. Configure it.\n3. Replace the file with:\n\n   ```ts\n',
    '   ',
    lines,
    size,
  )
}

/** The lines of `markdown` inside its code fences (`code`) or outside them (`prose`), fence lines left out. */
function linesOf(markdown: string, kind: 'code' | 'prose'): string[] {
  const lines: string[] = []
  let inFence = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence
    else if (inFence === (kind === 'code')) lines.push(line)
  }
  return lines
}

/** `head`, then `lines` over and over, each after `indent`, to `size` characters. */
function repeatedLines(head: string, indent: string, lines: readonly string[], size: number): string {
  let text = head
  for (let index = 0; text.length < size; index++) text += `${indent}${lines[index % lines.length]}\n`
  return text.slice(0, size)
}

/** `markdown` as one block quote: every line after `> ` (an agent quoting a whole file). */
export function quotedDocument(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')
}

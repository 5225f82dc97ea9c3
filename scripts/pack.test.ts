/**
 * The packages as a user installs them: packs the three packages (their `prepack` builds them),
 * installs the tarballs with npm into an empty folder outside the workspace, imports every entry
 * in Node (and `require`s one), renders a transcript on the server, and type-checks a strict
 * consumer under `node16`, `nodenext`, `bundler` and `node10`. Also checks what each tarball
 * ships: the LICENSE, the registry metadata, and that every relative link of its READMEs names a
 * file in the tarball. Then builds a Next.js App Router app (`scripts/pack-next`) on the tarballs and
 * reads its prerendered page. Needs the npm registry (or npm's cache) for the packages' dependencies.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const consumerFixtures = join(root, 'scripts/pack-consumer')
const nextAppFixture = join(root, 'scripts/pack-next')
const packages = ['core', 'protocols', 'react'] as const

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 })

let work: string
const tarballs: Record<string, string> = {}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'palimpsest-pack-'))
  const packed = join(work, 'tarballs')
  for (const name of packages) {
    // pnpm rewrites `workspace:*` to the version it stands for, as publishing does.
    run('npx', ['-y', 'pnpm@10.34.9', 'pack', '--pack-destination', packed], join(root, 'packages', name))
  }
  for (const file of readdirSync(packed)) {
    const name = packages.find((p) => file.startsWith(`palimpsest-${p}-`))
    if (name) tarballs[name] = join(packed, file)
  }
  installApp(consumerFixtures, join(work, 'app'), { name: 'consumer', private: true, type: 'module' }, [
    'react@19',
    'react-dom@19',
    '@types/react@19',
  ])
}, 600_000)

/** Copies an app's fixture to `app` and installs the tarballs and `dependencies` into it with npm (no workspace). */
function installApp(fixture: string, app: string, manifest: object, dependencies: string[]) {
  cpSync(fixture, app, { recursive: true })
  writeFileSync(join(app, 'package.json'), JSON.stringify(manifest))
  const tarballPaths = packages.map((name) => tarballs[name] as string)
  const flags = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']
  run('npm', ['install', ...flags, ...tarballPaths, ...dependencies], app)
}

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

const listTarball = (name: string) =>
  run('tar', ['-tzf', tarballs[name] as string], work)
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^package\//, ''))

const readFromTarball = (name: string, path: string) =>
  run('tar', ['-xzOf', tarballs[name] as string, `package/${path}`], work)

describe('the packed packages', () => {
  it.each(packages)('%s ships a LICENSE, its metadata and README links to files it contains', (name) => {
    const files = listTarball(name)
    expect(files).toContain('LICENSE')
    expect(readFromTarball(name, 'LICENSE')).toMatch(/^MIT License/)
    const manifest = JSON.parse(readFromTarball(name, 'package.json'))
    expect(manifest.license).toBe('MIT')
    for (const field of ['repository', 'homepage', 'bugs', 'keywords']) expect(manifest[field]).toBeTruthy()
    expect(JSON.stringify(manifest.dependencies ?? {})).not.toContain('workspace:')
    expect(files.some((path) => path.startsWith('src/') && !path.endsWith('README.md'))).toBe(false)
    for (const readme of files.filter((path) => path.endsWith('.md'))) {
      const directory = readme.includes('/') ? readme.slice(0, readme.lastIndexOf('/') + 1) : ''
      const links = [...readFromTarball(name, readme).matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)].map((m) => m[1] as string)
      for (const link of links.filter((target) => !/^[a-z]+:/.test(target))) {
        const target = new URL(link, `file:///${directory}`).pathname.slice(1)
        expect(files, `${name}/${readme} links to ${link}`).toContain(target)
      }
    }
  })

  it('every entry imports in Node, one is required, and a transcript renders on the server', () => {
    const output = JSON.parse(run('node', ['run-entries.mjs'], join(work, 'app')).trim().split('\n').pop() ?? '{}')
    for (const [entry, count] of Object.entries(output.exported as Record<string, number>))
      expect(count, `${entry} exports`).toBeGreaterThan(0)
    expect(Object.keys(output.exported)).toHaveLength(12)
    expect(output.required).toBe(true)
    expect(output.stylesheet).toMatch(/@palimpsest\/react\/dist\/styles\.css$/)
    expect(output.html).toContain('Question from the pack test')
    expect(output.html).toContain('An <strong>answer</strong> from the pack test')
  })

  it("@palimpsest/react's entries are client modules for React Server Components", () => {
    const manifest = JSON.parse(readFromTarball('react', 'package.json'))
    const entries = Object.values(manifest.exports as Record<string, string | { default: string }>)
      .flatMap((target) => (typeof target === 'string' ? [target] : [target.default]))
      .filter((file) => file.endsWith('.js'))
    expect(entries).toHaveLength(7)
    // A bundler reads the directive only as the module's first statement.
    for (const entry of entries) expect(readFromTarball('react', entry.slice(2)), entry).toMatch(/^["']use client["'];/)
    for (const name of ['core', 'protocols'])
      for (const file of listTarball(name).filter((path) => path.endsWith('.js')))
        expect(readFromTarball(name, file), `${name}/${file}`).not.toMatch(/^["']use client["']/)
  })

  it.each(['node16', 'nodenext', 'bundler', 'node10'])('a strict consumer type-checks under %s', (resolution) => {
    const tsc = join(root, 'node_modules/typescript/bin/tsc')
    let output = ''
    try {
      output = run('node', [tsc, '-p', `tsconfig.${resolution}.json`], join(work, 'app'))
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error)
    }
    expect(output).toBe('')
  })
})

describe('a Next.js App Router app installed from the tarballs', () => {
  let app: string
  beforeAll(() => {
    app = join(work, 'next-app')
    installApp(nextAppFixture, app, { name: 'next-consumer', private: true }, [
      'next@16.4.6',
      'react@19',
      'react-dom@19',
      'shiki@4',
      'typescript@5',
      '@types/react@19',
      '@types/node@20',
    ])
  }, 600_000)

  /** The client chunks' text: the worker's own code is there only if the bundler followed `new Worker(new URL(…))`. */
  const clientChunks = () =>
    readdirSync(join(app, '.next/static/chunks'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(app, '.next/static/chunks', file), 'utf8'))
      .join('\n')

  it.each([
    ['Turbopack', []],
    ['webpack', ['--webpack']],
  ])(
    "builds with %s; its prerendered page holds a server component's markdown and the transcript, and the highlighter's worker is bundled",
    (_bundler, flags) => {
      // Without the entries' 'use client', collecting the page's data fails: the server component's
      // import of @palimpsest/react calls createContext, which React's server build does not have.
      execFileSync('npx', ['next', 'build', ...flags], {
        cwd: app,
        // Not Vitest's environment: its NODE_PATH reaches the workspace's React, and its NODE_ENV is
        // 'test', under which Next would compile the pages for development.
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NEXT_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const html = readFileSync(join(app, '.next/server/app/index.html'), 'utf8')
      expect(html).toContain('A pinned note rendered on the <strong>server</strong>')
      expect(html).toMatch(/<table[^>]*>.*<td[^>]*>1<\/td>/s)
      expect(html).toContain('A question saved in the database')
      expect(html).toContain('An <strong>answer</strong> saved in the database')
      expect(html).toContain('const answer: number = 42')
      expect(clientChunks()).toContain('lines requested before a grammar was loaded')
    },
    300_000,
  )
})

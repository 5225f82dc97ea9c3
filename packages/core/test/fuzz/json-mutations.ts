/**
 * Mutations of a sequence of JSON messages (wire messages or updates), as a hostile or broken
 * producer would send them: fields dropped, types changed, messages duplicated, reordered,
 * truncated, cut mid-JSON, spliced in from another stream, strings made hostile. A mutation is a
 * plain tuple of numbers so fast-check can generate and shrink it cheaply.
 */
import fc from 'fast-check'

export const mutationKinds = [
  'drop-field',
  'change-type',
  'duplicate',
  'reorder',
  'truncate',
  'cut-json',
  'splice',
  'hostile-string',
  'pollute',
] as const
export type MutationKind = (typeof mutationKinds)[number]

/** `[kind, a, b]`: what to do, and two numbers that pick where and what. */
export type Mutation = readonly [kind: number, a: number, b: number]

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.tuple(fc.nat(mutationKinds.length - 1), fc.nat(), fc.nat())

const otherTypes: readonly unknown[] = [null, 0, -1, 1.5, 1e308, '', 'x', true, false, [], {}, [1, 'a'], { a: 1 }]

/** Strings that break naive code: lone surrogates, NUL, prototype names, RTL override, a long run. */
export const hostileStrings: readonly string[] = [
  '\uD800',
  '\uDC00tail',
  'head\uD83D',
  '\u0000',
  '__proto__',
  'constructor',
  'toString',
  '\u202Egnp.exe',
  '\u200B\u200D\uFEFF',
  '<script>alert(1)</script>',
  '[x](javascript:alert(1))',
  'x'.repeat(5_000),
  '\r\n\r\n',
  'data: {"type":"x"}\n\n',
]

type Json = unknown
type Path = (string | number)[]

/** Paths of every value under `root` (not the root itself), to a small depth. */
function pathsOf(root: Json, depth = 4): Path[] {
  const paths: Path[] = []
  const walk = (value: Json, path: Path) => {
    if (path.length >= depth || typeof value !== 'object' || value === null) return
    const entries: [string | number, Json][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value as Record<string, Json>)
    for (const [key, child] of entries) {
      const childPath = [...path, key]
      paths.push(childPath)
      walk(child, childPath)
    }
  }
  walk(root, [])
  return paths
}

function stringPaths(root: Json): Path[] {
  return pathsOf(root).filter((path) => typeof get(root, path) === 'string')
}

function get(root: Json, path: Path): Json {
  let value = root
  for (const key of path) value = (value as Record<string | number, Json>)[key]
  return value
}

function set(root: Json, path: Path, value: Json | typeof remove): void {
  const parent = get(root, path.slice(0, -1)) as Record<string | number, Json>
  const key = path[path.length - 1] as string | number
  if (value === remove) {
    if (Array.isArray(parent)) parent.splice(key as number, 1)
    else delete parent[key]
  } else parent[key] = value
}
const remove = Symbol('remove')

const clone = (value: Json): Json => (typeof value === 'object' && value !== null ? structuredClone(value) : value)

/** Applies one mutation to `items` (never modified: a new array, touched items cloned). */
export function mutate(items: readonly Json[], [kind, a, b]: Mutation, foreign: readonly Json[] = []): Json[] {
  const out = items.slice()
  const n = out.length
  const name = mutationKinds[kind % mutationKinds.length] as MutationKind
  if (n === 0 && name !== 'splice') return out
  const at = a % Math.max(1, n)
  switch (name) {
    case 'drop-field':
    case 'change-type':
    case 'hostile-string': {
      const item = clone(out[at])
      const paths = name === 'hostile-string' ? stringPaths(item) : pathsOf(item)
      const path = paths[b % Math.max(1, paths.length)]
      if (!path) return out
      if (name === 'drop-field') set(item, path, remove)
      else if (name === 'change-type') {
        const current = typeof get(item, path)
        const choices = otherTypes.filter((v) => typeof v !== current || v === null)
        set(item, path, clone(choices[b % choices.length]))
      } else set(item, path, hostileStrings[b % hostileStrings.length])
      out[at] = item
      return out
    }
    case 'duplicate':
      out.splice(b % (n + 1), 0, out[at])
      return out
    case 'reorder': {
      const [moved] = out.splice(at, 1)
      out.splice(b % n, 0, moved)
      return out
    }
    case 'truncate':
      return out.slice(0, at)
    case 'cut-json': {
      const text = typeof out[at] === 'string' ? (out[at] as string) : JSON.stringify(out[at])
      out[at] = text.slice(0, b % Math.max(1, text.length))
      return out
    }
    case 'splice': {
      if (foreign.length === 0) return out
      out.splice(b % (n + 1), 0, foreign[a % foreign.length])
      return out
    }
    case 'pollute': {
      // A producer's `__proto__` / `constructor` key, as `JSON.parse` reads it: an own property.
      const item = out[at]
      if (typeof item !== 'object' || item === null || Array.isArray(item)) return out
      const key = b % 2 === 0 ? '__proto__' : 'constructor'
      const rest = JSON.stringify(item).slice(1)
      out[at] = JSON.parse(`{"${key}":{"polluted":true,"prototype":{"polluted":true}}${rest === '}' ? '' : ','}${rest}`)
      return out
    }
  }
}

export function mutateAll(
  items: readonly Json[],
  mutations: readonly Mutation[],
  foreign: readonly Json[] = [],
): Json[] {
  return mutations.reduce<Json[]>((current, mutation) => mutate(current, mutation, foreign), items.slice())
}

/** Throws if a mutation polluted a shared prototype (some code merged a `__proto__` key). */
export function assertNoPrototypePollution(): void {
  const probe = {} as Record<string, unknown>
  if (probe.polluted !== undefined || (Object.prototype as Record<string, unknown>).polluted !== undefined)
    throw new Error('Object.prototype was polluted by a __proto__ key from the input')
}

/**
 * RFC 6902 JSON Patch, applied without touching the input: AG-UI sends agent state and activity
 * content as snapshots followed by patches (`STATE_DELTA`, `ACTIVITY_DELTA`).
 */

export type PatchResult = { ok: true; value: unknown } | { ok: false; error: string }

type Container = Record<string, unknown> | unknown[]

/** Applies `operations` in order to a copy of `document`; all or nothing. */
export function applyJsonPatch(document: unknown, operations: unknown): PatchResult {
  if (!Array.isArray(operations)) return { ok: false, error: 'a patch must be an array of operations' }
  const root = { value: structuredClone(document) as unknown }
  for (const [index, operation] of operations.entries()) {
    const error = applyOperation(root, operation)
    if (error !== undefined) return { ok: false, error: `operation ${index}: ${error}` }
  }
  return { ok: true, value: root.value }
}

function applyOperation(root: { value: unknown }, operation: unknown): string | undefined {
  if (typeof operation !== 'object' || operation === null) return 'not an object'
  const { op, path, from } = operation as { op?: unknown; path?: unknown; from?: unknown }
  if (typeof path !== 'string') return '"path" must be a JSON Pointer string'
  const hasValue = Object.hasOwn(operation, 'value')
  const value = (operation as { value?: unknown }).value
  switch (op) {
    case 'add':
      return hasValue ? add(root, path, structuredClone(value)) : 'add needs a "value"'
    case 'remove':
      return remove(root, path).error
    case 'replace':
      return hasValue ? replace(root, path, structuredClone(value)) : 'replace needs a "value"'
    case 'move': {
      if (typeof from !== 'string') return 'move needs a "from" pointer'
      if (path.startsWith(`${from}/`)) return 'cannot move a value into itself'
      const removed = remove(root, from)
      return removed.error ?? add(root, path, removed.value)
    }
    case 'copy': {
      if (typeof from !== 'string') return 'copy needs a "from" pointer'
      const found = resolve(root.value, from)
      return found.error ?? add(root, path, structuredClone(found.value))
    }
    case 'test': {
      const found = resolve(root.value, path)
      if (found.error !== undefined) return found.error
      return deepEqual(found.value, value) ? undefined : `test failed at ${path}`
    }
    default:
      return `unknown op ${JSON.stringify(op)}`
  }
}

function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) return undefined
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null
}

function arrayIndex(token: string, length: number, allowEnd: boolean): number | undefined {
  if (allowEnd && token === '-') return length
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined
  const index = Number(token)
  return index < length || (allowEnd && index === length) ? index : undefined
}

/** The container holding the pointer's last token, and that token. */
function parentOf(root: unknown, pointer: string): { parent?: Container; key?: string; error?: string } {
  const tokens = parsePointer(pointer)
  if (tokens === undefined) return { error: `invalid pointer ${JSON.stringify(pointer)}` }
  const key = tokens.pop()
  if (key === undefined) return {}
  const found = resolveTokens(root, tokens)
  if (found.error !== undefined) return { error: found.error }
  if (!isContainer(found.value)) return { error: `no container at ${pointer}` }
  return { parent: found.value, key }
}

function resolve(root: unknown, pointer: string): { value?: unknown; error?: string } {
  const tokens = parsePointer(pointer)
  if (tokens === undefined) return { error: `invalid pointer ${JSON.stringify(pointer)}` }
  return resolveTokens(root, tokens)
}

function resolveTokens(root: unknown, tokens: string[]): { value?: unknown; error?: string } {
  let current = root
  for (const token of tokens) {
    if (Array.isArray(current)) {
      const index = arrayIndex(token, current.length, false)
      if (index === undefined) return { error: `no element ${token}` }
      current = current[index]
    } else if (isContainer(current) && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token]
    } else {
      return { error: `no member ${JSON.stringify(token)}` }
    }
  }
  return { value: current }
}

function add(root: { value: unknown }, pointer: string, value: unknown): string | undefined {
  const { parent, key, error } = parentOf(root.value, pointer)
  if (error !== undefined) return error
  if (parent === undefined || key === undefined) {
    root.value = value
    return undefined
  }
  if (Array.isArray(parent)) {
    const index = arrayIndex(key, parent.length, true)
    if (index === undefined) return `index ${key} out of range`
    parent.splice(index, 0, value)
  } else {
    parent[key] = value
  }
  return undefined
}

/** Replaces an existing value in place (an object member keeps its position). */
function replace(root: { value: unknown }, pointer: string, value: unknown): string | undefined {
  const { parent, key, error } = parentOf(root.value, pointer)
  if (error !== undefined) return error
  if (parent === undefined || key === undefined) {
    root.value = value
    return undefined
  }
  if (Array.isArray(parent)) {
    const index = arrayIndex(key, parent.length, false)
    if (index === undefined) return `no element ${key}`
    parent[index] = value
    return undefined
  }
  if (!Object.hasOwn(parent, key)) return `no member ${JSON.stringify(key)}`
  parent[key] = value
  return undefined
}

function remove(root: { value: unknown }, pointer: string): { value?: unknown; error?: string } {
  const { parent, key, error } = parentOf(root.value, pointer)
  if (error !== undefined) return { error }
  if (parent === undefined || key === undefined) {
    const value = root.value
    root.value = undefined
    return { value }
  }
  if (Array.isArray(parent)) {
    const index = arrayIndex(key, parent.length, false)
    if (index === undefined) return { error: `no element ${key}` }
    return { value: parent.splice(index, 1)[0] }
  }
  if (!Object.hasOwn(parent, key)) return { error: `no member ${JSON.stringify(key)}` }
  const value = parent[key]
  delete parent[key]
  return { value }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}

/**
 * A persistent map from strings to values: a hash array mapped trie. `set` and `delete` return a
 * new map that shares every untouched branch with the old one, so a change costs O(log₃₂ n) (a
 * copy of at most seven small arrays), not O(n), and the old map stays valid and unchanged.
 */

/** Bits of the hash consumed per level: 32 children per branch. */
const bitsPerLevel = 5
const levelMask = (1 << bitsPerLevel) - 1

interface Leaf<V> {
  readonly type: 'leaf'
  readonly hash: number
  readonly key: string
  readonly value: V
}

/** Children present are marked in `bitmap` (bit = the 5-bit hash fragment) and stored densely. */
interface Branch<V> {
  readonly type: 'branch'
  readonly bitmap: number
  readonly children: readonly Trie<V>[]
}

/** Keys whose whole 32-bit hashes are equal. */
interface Collision<V> {
  readonly type: 'collision'
  readonly hash: number
  readonly leaves: readonly Leaf<V>[]
}

type Trie<V> = Leaf<V> | Branch<V> | Collision<V>

/** FNV-1a over the UTF-16 code units. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

function popcount(x: number): number {
  let n = x - ((x >>> 1) & 0x55555555)
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333)
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

const fragment = (hash: number, shift: number) => (hash >>> shift) & levelMask

function replaced<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice()
  copy[index] = item
  return copy
}

function inserted<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice(0, index)
  copy.push(item)
  for (let i = index; i < items.length; i++) copy.push(items[i] as T)
  return copy
}

function removed<T>(items: readonly T[], index: number): T[] {
  const copy = items.slice(0, index)
  for (let i = index + 1; i < items.length; i++) copy.push(items[i] as T)
  return copy
}

const hashOfNode = (node: Leaf<unknown> | Collision<unknown>) => node.hash

/** A branch (or chain of branches) at `shift` holding two nodes with different hashes. */
function join<V>(a: Leaf<V> | Collision<V>, b: Leaf<V>, shift: number): Trie<V> {
  const hashA = hashOfNode(a)
  if (hashA === b.hash) {
    const leaves = a.type === 'leaf' ? [a, b] : [...a.leaves, b]
    return { type: 'collision', hash: hashA, leaves }
  }
  const fa = fragment(hashA, shift)
  const fb = fragment(b.hash, shift)
  if (fa === fb) return { type: 'branch', bitmap: 1 << fa, children: [join(a, b, shift + bitsPerLevel)] }
  return { type: 'branch', bitmap: (1 << fa) | (1 << fb), children: fa < fb ? [a, b] : [b, a] }
}

function lookup<V>(node: Trie<V>, hash: number, key: string): V | undefined {
  let shift = 0
  for (;;) {
    if (node.type === 'leaf') return node.key === key ? node.value : undefined
    if (node.type === 'collision') return node.leaves.find((leaf) => leaf.key === key)?.value
    const bit = 1 << fragment(hash, shift)
    if ((node.bitmap & bit) === 0) return undefined
    node = node.children[popcount(node.bitmap & (bit - 1))] as Trie<V>
    shift += bitsPerLevel
  }
}

/** `node` with `leaf` in it; `added.value` tells whether the key is new. */
function insert<V>(node: Trie<V>, leaf: Leaf<V>, shift: number, added: { value: boolean }): Trie<V> {
  if (node.type === 'leaf') {
    if (node.key === leaf.key) return node.value === leaf.value ? node : leaf
    added.value = true
    return join(node, leaf, shift)
  }
  if (node.type === 'collision') {
    if (node.hash !== leaf.hash) {
      added.value = true
      return join(node, leaf, shift)
    }
    const index = node.leaves.findIndex((l) => l.key === leaf.key)
    if (index < 0) {
      added.value = true
      return { type: 'collision', hash: node.hash, leaves: [...node.leaves, leaf] }
    }
    if ((node.leaves[index] as Leaf<V>).value === leaf.value) return node
    return { type: 'collision', hash: node.hash, leaves: replaced(node.leaves, index, leaf) }
  }
  const bit = 1 << fragment(leaf.hash, shift)
  const index = popcount(node.bitmap & (bit - 1))
  if ((node.bitmap & bit) === 0) {
    added.value = true
    return { type: 'branch', bitmap: node.bitmap | bit, children: inserted(node.children, index, leaf) }
  }
  const child = node.children[index] as Trie<V>
  const next = insert(child, leaf, shift + bitsPerLevel, added)
  return next === child ? node : { type: 'branch', bitmap: node.bitmap, children: replaced(node.children, index, next) }
}

/** `node` without `key`: the same node when absent, `undefined` when nothing is left. */
function remove<V>(node: Trie<V>, hash: number, key: string, shift: number): Trie<V> | undefined {
  if (node.type === 'leaf') return node.key === key ? undefined : node
  if (node.type === 'collision') {
    const index = node.leaves.findIndex((l) => l.key === key)
    if (index < 0) return node
    const leaves = removed(node.leaves, index)
    return leaves.length === 1 ? leaves[0] : { type: 'collision', hash: node.hash, leaves }
  }
  const bit = 1 << fragment(hash, shift)
  if ((node.bitmap & bit) === 0) return node
  const index = popcount(node.bitmap & (bit - 1))
  const child = node.children[index] as Trie<V>
  const next = remove(child, hash, key, shift + bitsPerLevel)
  if (next === child) return node
  if (next !== undefined) {
    // A branch left with one leaf (or collision) is replaced by it, so the trie stays as shallow as a fresh one.
    if (next.type !== 'branch' && node.children.length === 1 && shift > 0) return next
    return { type: 'branch', bitmap: node.bitmap, children: replaced(node.children, index, next) }
  }
  const bitmap = node.bitmap & ~bit
  if (bitmap === 0) return undefined
  const children = removed(node.children, index)
  if (shift > 0 && children.length === 1 && (children[0] as Trie<V>).type !== 'branch') return children[0]
  return { type: 'branch', bitmap, children }
}

function visit<V>(node: Trie<V>, each: (value: V, key: string) => void): void {
  if (node.type === 'leaf') each(node.value, node.key)
  else if (node.type === 'collision') for (const leaf of node.leaves) each(leaf.value, leaf.key)
  else for (const child of node.children) visit(child, each)
}

export class PersistentMap<V> {
  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(undefined, 0)
  }

  static fromRecord<V>(record: Readonly<Record<string, V>>): PersistentMap<V> {
    let map = PersistentMap.empty<V>()
    for (const key of Object.keys(record)) map = map.set(key, record[key] as V)
    return map
  }

  private constructor(
    private readonly root: Trie<V> | undefined,
    readonly size: number,
  ) {}

  get(key: string): V | undefined {
    return this.root === undefined ? undefined : lookup(this.root, hashOf(key), key)
  }

  has(key: string): boolean {
    return this.get(key) !== undefined
  }

  /** The map with `key` set to `value` (this map when it already holds exactly that). */
  set(key: string, value: V): PersistentMap<V> {
    const leaf: Leaf<V> = { type: 'leaf', hash: hashOf(key), key, value }
    if (this.root === undefined) return new PersistentMap(leaf, 1)
    const added = { value: false }
    const root = insert(this.root, leaf, 0, added)
    return root === this.root ? this : new PersistentMap(root, this.size + (added.value ? 1 : 0))
  }

  /** The map without `key` (this map when it has no such key). */
  delete(key: string): PersistentMap<V> {
    if (this.root === undefined) return this
    const root = remove(this.root, hashOf(key), key, 0)
    return root === this.root ? this : new PersistentMap(root, this.size - 1)
  }

  /** Every entry, in hash order. */
  forEach(each: (value: V, key: string) => void): void {
    if (this.root !== undefined) visit(this.root, each)
  }
}

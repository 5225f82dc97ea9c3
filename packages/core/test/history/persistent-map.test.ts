import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { PersistentMap } from '../../src/persistent-map'

type Operation = { op: 'set'; key: string; value: number } | { op: 'delete'; key: string }

/** Keys from a small alphabet, so sets, overwrites and deletes of the same keys are frequent. */
const key = fc.oneof(fc.constantFrom('a', 'b', 'c', 'toString', '__proto__', ''), fc.string({ maxLength: 3 }))
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), key, value: fc.integer() }),
  fc.record({ op: fc.constant('delete' as const), key }),
)

function entriesOf(map: PersistentMap<number>): [string, number][] {
  const entries: [string, number][] = []
  map.forEach((value, k) => {
    entries.push([k, value])
  })
  return entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}
const sortedEntries = (map: Map<string, number>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

describe('PersistentMap', () => {
  test('agrees with a Map after any sequence of sets and deletes, and every earlier version stays as it was', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        let map = PersistentMap.empty<number>()
        const model = new Map<string, number>()
        const versions: [PersistentMap<number>, [string, number][]][] = []
        for (const o of operations) {
          if (o.op === 'set') {
            map = map.set(o.key, o.value)
            model.set(o.key, o.value)
          } else {
            map = map.delete(o.key)
            model.delete(o.key)
          }
          expect(map.size).toBe(model.size)
          expect(map.get(o.key)).toBe(model.get(o.key))
          versions.push([map, sortedEntries(model)])
        }
        for (const [version, entries] of versions) expect(entriesOf(version)).toEqual(entries)
      }),
    )
  })

  test('holds thousands of keys, including keys whose hashes collide in every bit', () => {
    // FNV-1a gives "costarring" and "liquid" the same 32-bit hash.
    let map = PersistentMap.empty<number>().set('costarring', 1).set('liquid', 2)
    expect([map.get('costarring'), map.get('liquid')]).toEqual([1, 2])
    for (let i = 0; i < 5000; i++) map = map.set(`message-${i}`, i)
    expect(map.size).toBe(5002)
    for (let i = 0; i < 5000; i += 7) expect(map.get(`message-${i}`)).toBe(i)
    map = map.delete('liquid')
    expect([map.get('costarring'), map.get('liquid'), map.size]).toEqual([1, undefined, 5001])
    for (let i = 0; i < 5000; i++) map = map.delete(`message-${i}`)
    expect(entriesOf(map)).toEqual([['costarring', 1]])
  })

  test('setting the value a key already holds, or deleting an absent key, returns the same map', () => {
    const map = PersistentMap.empty<number>().set('a', 1)
    expect(map.set('a', 1)).toBe(map)
    expect(map.delete('b')).toBe(map)
  })
})

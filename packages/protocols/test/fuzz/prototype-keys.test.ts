/**
 * A deterministic sweep beside the random fuzzing: every string field of every template of every
 * decoder set to a name of an `Object.prototype` member. Decoders look wire values up in tables
 * (statuses, kinds, roles); a plain-object table answers `constructor` with a function.
 */
import { describe, expect, test } from 'vitest'
import { runDecoderCase } from './decoder-fuzz'
import { protocols, vocabulary } from './vocabularies'

const prototypeNames = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']

/** Copies of `template` with one string field (at any depth) set to `value`. */
function eachStringFieldSetTo(template: unknown, value: string): unknown[] {
  const variants: unknown[] = []
  const walk = (node: unknown, replace: (copy: unknown) => unknown) => {
    if (typeof node === 'string') variants.push(replace(value))
    else if (Array.isArray(node))
      node.forEach((child, i) => {
        walk(child, (v) => replace(node.map((c, j) => (j === i ? v : c))))
      })
    else if (typeof node === 'object' && node !== null)
      for (const key of Object.keys(node))
        walk((node as Record<string, unknown>)[key], (v) => replace({ ...(node as object), [key]: v }))
  }
  walk(template, (copy) => copy)
  return variants
}

describe.each(protocols)('%s decoder', (protocol) => {
  test('a name of an Object.prototype member in any string field is read as an unknown value', () => {
    const templates = vocabulary(protocol)
    const failures: string[] = []
    for (const template of templates) {
      for (const name of prototypeNames) {
        for (const variant of eachStringFieldSetTo(template, name)) {
          try {
            // The template first, so the mutated copy addresses something that exists.
            runDecoderCase(protocol, [template, variant, template], 'complete')
          } catch (error) {
            failures.push(`${String(error).slice(0, 300)}\n  in ${JSON.stringify(variant).slice(0, 300)}`)
          }
        }
      }
    }
    // One line per distinct failure (the same bug shows in many fields and names).
    expect(
      [
        ...new Set(failures.map((f) => f.replace(/"(constructor|__proto__|toString|hasOwnProperty|valueOf)"/g, '"…"'))),
      ].slice(0, 8),
    ).toEqual([])
  })
})

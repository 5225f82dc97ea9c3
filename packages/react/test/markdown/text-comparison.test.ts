/**
 * The native comparisons the splitter runs over a whole message on every rewrite must agree with a
 * character-by-character comparison wherever the first difference falls: inside, at the edge of, or
 * past the strides they skip by.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  extendsText,
  hasTextAt,
  sharedLengthFrom,
  sharedPrefixLength,
  sharedSuffixLength,
} from '../../src/markdown/text-comparison'
import { commonPrefix, commonSuffix } from './common-affixes'

/** A long text and a copy with a few characters changed, inserted or removed at chosen places. */
const editedPair = fc
  .tuple(
    fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', 'é', '😀'), maxLength: 9000, size: 'max' }),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.string({ maxLength: 3 })), { maxLength: 3 }),
  )
  .map(([text, edits]) => {
    let edited = text
    for (const [at, removed, inserted] of edits) {
      const from = text.length === 0 ? 0 : at % (edited.length + 1)
      edited = edited.slice(0, from) + inserted + edited.slice(from + removed)
    }
    return [text, edited] as const
  })

describe('comparing long texts', () => {
  it('finds the shared prefix and suffix a character-by-character scan finds', () => {
    fc.assert(
      fc.property(editedPair, ([before, after]) => {
        const prefix = sharedPrefixLength(before, after)
        expect(prefix).toBe(commonPrefix(before, after))
        const limit = Math.min(before.length, after.length) - prefix
        expect(sharedSuffixLength(before, after, limit)).toBe(commonSuffix(before, after, prefix))
      }),
      { numRuns: 300, seed: 7 },
    )
  })

  it('compares two texts from different offsets as a character-by-character scan does', () => {
    fc.assert(
      fc.property(editedPair, fc.nat(), fc.nat(), ([before, after], from, shift) => {
        // A rewrite step reads the old text from one offset and the new text from another.
        const aFrom = from % (before.length + 1)
        const bFrom = Math.min(after.length, aFrom + (shift % 40))
        let scanned = 0
        while (
          aFrom + scanned < before.length &&
          bFrom + scanned < after.length &&
          before[aFrom + scanned] === after[bFrom + scanned]
        ) {
          scanned++
        }
        expect(sharedLengthFrom(before, aFrom, after, bFrom)).toBe(scanned)
        expect(sharedLengthFrom(`xy${before}`, aFrom + 2, after, bFrom)).toBe(scanned)
      }),
      { numRuns: 300, seed: 8 },
    )
  })

  it('finds a difference right after a stride it skipped, and starts from what both are known to share', () => {
    const text = 'x'.repeat(4096 + 256 + 16 + 5)
    for (const at of [0, 15, 16, 255, 256, 4095, 4096, 4096 + 256 + 16, text.length - 1]) {
      const changed = `${text.slice(0, at)}y${text.slice(at + 1)}`
      expect(sharedPrefixLength(text, changed)).toBe(at)
      expect(sharedPrefixLength(text, changed, at)).toBe(at)
      expect(sharedSuffixLength(text, changed)).toBe(text.length - 1 - at)
    }
    expect(sharedPrefixLength(text, text)).toBe(text.length)
    expect(sharedSuffixLength(text, `${text}z`)).toBe(0)
    expect(sharedSuffixLength(text, text, 100)).toBe(100)
  })

  it('tells whether a text holds another at an offset, as startsWith does', () => {
    fc.assert(
      fc.property(editedPair, fc.nat(), fc.nat(), ([text, other], from, length) => {
        const at = from % (text.length + 2)
        const part = other.slice(at, at + (length % 300))
        expect(hasTextAt(text, part, at)).toBe(text.startsWith(part, at))
        expect(extendsText(text, other)).toBe(text.startsWith(other))
        expect(extendsText(text, text.slice(0, at))).toBe(true)
      }),
      { numRuns: 300, seed: 11 },
    )
  })
})

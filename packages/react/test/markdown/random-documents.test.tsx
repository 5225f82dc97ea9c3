/**
 * Beyond the spec examples: random documents assembled from block-level fragments (list markers,
 * quotes, fences, indentation, HTML block openers and closers, tables, setext underlines, blank
 * lines), streamed with random chunkings and one character at a time, end exactly as react-markdown
 * renders the whole text. This is what found the parse dependencies `advanceSplit` guards against.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chunksAt, splitStates, staticReferenceHtml, staticSplitHtml } from './markdown-harness'

const fragment = fc.constantFrom(
  '- ',
  '* ',
  '1. ',
  '2) ',
  '> ',
  '    ',
  '  ',
  '\t',
  '```',
  '~~~',
  '\n',
  '\n',
  '\n\n',
  'a',
  'b c',
  'text',
  '# ',
  '---',
  '===',
  '***',
  '| x | y |',
  '| - | - |',
  '<div>',
  '</div>',
  '<!--',
  '-->',
  '<script>',
  '</script>',
  '**',
  '_',
  '`',
)

/** Link reference definitions and references (labels differing in case and spacing), and footnotes. */
const definitionFragment = fc.constantFrom(
  '[x]: /u',
  '[X]:\n/v "t"',
  '[x]',
  '[ x ]',
  '[y][X]',
  '![x]',
  "[y]: <> 'title'",
  '[y]',
  '[^n]',
  '[^n]: note',
)

const finalHtml = (chunks: readonly string[]) => {
  const states = splitStates(chunks)
  return staticSplitHtml(states[states.length - 1]!)
}

describe('random block-level documents', () => {
  it('end as react-markdown renders the whole text, whatever the chunking', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(fragment, { minLength: 1, maxLength: 25 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 150 }), { maxLength: 10 }),
        (fragments, cuts) => {
          const text = fragments.join('')
          const expected = staticReferenceHtml(text)
          expect(
            finalHtml(
              chunksAt(
                text,
                [...cuts].sort((a, b) => a - b),
              ),
            ),
          ).toBe(expected)
          expect(finalHtml([...text])).toBe(expected)
        },
      ),
      { numRuns: 200, seed: 2026 },
    )
  })

  it('take a fence after a tab for indented code, which the next block parses with', () => {
    // A tab takes the line to the fourth column: `\t~~~` is indented code, after which micromark
    // parses `- ` as paragraph text; parsed alone, it would be an empty list item.
    for (const text of ['\t~~~\n- ', ' \t```\n- ', '\t~~~\n\n- a']) {
      expect(finalHtml([text]), JSON.stringify(text)).toBe(staticReferenceHtml(text))
      expect(finalHtml([...text]), JSON.stringify(text)).toBe(staticReferenceHtml(text))
    }
  })

  it('with link definitions and footnotes anywhere, end as react-markdown renders the whole text', {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fragment, definitionFragment), { minLength: 1, maxLength: 25 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 150 }), { maxLength: 10 }),
        (fragments, cuts) => {
          const text = fragments.join('')
          const expected = staticReferenceHtml(text)
          expect(
            finalHtml(
              chunksAt(
                text,
                [...cuts].sort((a, b) => a - b),
              ),
            ),
          ).toBe(expected)
          expect(finalHtml([...text])).toBe(expected)
        },
      ),
      { numRuns: 200, seed: 2026 },
    )
  })
})

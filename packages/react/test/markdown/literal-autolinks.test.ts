/**
 * The default syntax links GFM's literal autolinks with its own transform (`literal-autolinks.ts`):
 * its trees must be remark-gfm's for any text, positions included. Random texts made of the pieces
 * the rules turn on (protocols, `www.`, addresses, trailing punctuation, parentheses, underscores,
 * escapes, character references, other inline constructs) are parsed both ways.
 */
import fc from 'fast-check'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { defineMarkdownSyntax, gfmSyntax } from '../../src/markdown'

const remark = unified().use(remarkParse).use(remarkGfm).freeze()
const defined = defineMarkdownSyntax({ name: 'defined' })

const piece = fc.constantFrom(
  'www.',
  'WWW.',
  'http://',
  'https://',
  'HTTPS://',
  'mailto:',
  'xmpp:',
  'example',
  'a',
  'x_y',
  '9',
  '-',
  '_',
  '.',
  '.com',
  '/path',
  '/',
  '?q=1',
  '&',
  '@',
  '+',
  '(',
  ')',
  '!',
  ',',
  ';',
  ':',
  '"',
  "'",
  '<',
  '>',
  ']',
  '}',
  ' ',
  '\n',
  '\\',
  '&#58;',
  '&amp;',
  '&period;',
  '*',
  '**',
  '`',
  '[',
  '](/u)',
  '~~',
  'é',
  '。',
)

describe('literal autolinks', () => {
  it('parse to remark-gfm’s trees for random texts', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 24 }), (pieces) => {
        const source = pieces.join('')
        const expected = remark.parse(source)
        expect(gfmSyntax.parse(source)).toEqual(expected)
        expect(defined.parse(source)).toEqual(expected)
      }),
      { numRuns: 3000 },
    )
  })

  it('link what GFM links and leave the rest as text', () => {
    const links = (source: string) => JSON.stringify(gfmSyntax.parse(source)).match(/"url":"[^"]*"/g) ?? []
    // Trailing punctuation stays text; a closing parenthesis the URL opened stays in it.
    expect(links('see www.example.com/a_(b)). and https://x.org?')).toEqual([
      '"url":"http://www.example.com/a_(b)"',
      '"url":"https://x.org"',
    ])
    expect(links('escaped http\\://example.com and a&#64;b.com')).toEqual([
      '"url":"http://example.com"',
      '"url":"mailto:a@b.com"',
    ])
    expect(links('no link: www.x_y.com, a@b.c_, xhttp://a.b, ww.example.com')).toEqual([])
    for (const source of ['mail foo.bar@example.com, xmpp:me@example.com/home and mailto:a@b.co', 'www.-x.com'])
      expect(gfmSyntax.parse(source), source).toEqual(remark.parse(source))
  })
})

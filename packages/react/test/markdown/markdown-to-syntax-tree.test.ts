/**
 * The default syntax compiles micromark's events itself (`markdown-to-syntax-tree.ts`): its trees
 * must be remark-parse + remark-gfm's, node for node, field for field, positions included. Checked
 * on every CommonMark and GFM example, on every prefix of them (a streaming block is parsed at every
 * length), and on random documents of the constructs whose compilation has state: lists that become
 * spread or stay tight, references, character references, hard breaks, fences, setext headings, task
 * items, table cells with escaped pipes in code, footnotes, raw HTML and literal links.
 */
import fc from 'fast-check'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { gfmSyntax } from '../../src/markdown'
import { markdownToSyntaxTree } from '../../src/markdown/markdown-to-syntax-tree'
import { exampleDocuments } from './example-documents'

const remark = unified().use(remarkParse).use(remarkGfm).freeze()
const examples = exampleDocuments

function expectSameTree(source: string): void {
  const expected = remark.parse(source)
  expect(markdownToSyntaxTree(source, true), JSON.stringify(source)).toEqual(expected)
  expect(gfmSyntax.parse(source), JSON.stringify(source)).toEqual(expected)
}

const piece = fc.constantFrom(
  'word ',
  'two words',
  'x',
  '\n',
  '\n\n',
  '\r\n',
  '  \n',
  '\\\n',
  ' \t',
  '    ',
  '\t',
  '[link]',
  '[link][]',
  '[text][Link]',
  '[*em* `code`](/u "t")',
  '![alt *x*][link]',
  '![a ![b](c)](d)',
  '[![img](/i)](/l)',
  '[nope]',
  '[^1]',
  '[^Note]',
  '\n\n[^1]: first\n',
  '\n\n[^note]: *second* [^1]\n\n    more\n',
  '\n[link]: /url "title"\n',
  "\n[LINK]:\n  /other\n  't'\n",
  '\n- ',
  '\n  - ',
  '\n    - ',
  '\n1. ',
  '\n10) ',
  '\n2. ',
  '\n* [ ] ',
  '\n- [x] ',
  '\n- [X]',
  '\n> ',
  '\n> > ',
  '\n# ',
  '\n### heading ###',
  '\n===',
  '\n---',
  '\n```js meta data\ncode\n',
  '\n```\n',
  '\n~~~\n',
  '`code\nspan`',
  '``a`b``',
  '*em*',
  '**strong**',
  '_u_',
  '~~del~~',
  '~one~',
  '<b>raw</b>',
  '<!-- c -->',
  '\n<div>\nblock\n</div>\n',
  '\n| a | b |\n| :- | -: |\n| `c\\|d` | \\| |\n| e |\n',
  '\n| x |\n| - |',
  'https://example.com/a_(b).',
  'www.site.org,',
  'me@mail.example.com',
  '<http://auto.link>',
  '<me@auto.link>',
  '&amp;',
  '&#35;',
  '&#x41;',
  '&nosuch;',
  '\\*',
  '\\[',
  '\n***\n',
  '[a](<b c> "t")',
  '![i](/src)',
)

describe('markdownToSyntaxTree', () => {
  it('builds remark-gfm’s tree for every CommonMark and GFM example', () => {
    for (const source of examples) expectSameTree(source)
  })

  it('builds it for every prefix of every example, as a streaming block is parsed', () => {
    for (const source of examples) for (let end = 0; end < source.length; end++) expectSameTree(source.slice(0, end))
  }, 60_000)

  it('builds it for random documents of lists, references, fences, breaks, tables and footnotes', {
    timeout: 120_000,
  }, () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => expectSameTree(pieces.join(''))),
      { numRuns: 3_000, seed: 41 },
    )
  })

  it('keeps no state from one parse to the next', () => {
    // A definition in one parse must not resolve a reference in the next; an open reference must not carry over.
    expect(markdownToSyntaxTree('[a]\n\n[a]: /u', false).children.map((node) => node.type)).toEqual([
      'paragraph',
      'definition',
    ])
    const after = markdownToSyntaxTree('[a]', false)
    expect(after).toEqual(remark.parse('[a]'))
    expect(JSON.stringify(after)).not.toContain('linkReference')
    markdownToSyntaxTree('[^n]\n\n[^n]: note', false)
    expect(JSON.stringify(markdownToSyntaxTree('[^n]', false))).not.toContain('footnoteReference')
  })
})

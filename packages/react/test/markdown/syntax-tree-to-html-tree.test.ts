/**
 * The default syntax's own mdast → hast must make exactly the tree mdast-util-to-hast makes (as
 * remark-rehype runs it, raw HTML allowed), positions included: for every CommonMark and GFM
 * example, for random documents with references, footnotes, task lists and tables, for every node
 * converted alone (as the splitter's blocks and the streaming list's items are), for blocks numbering
 * footnotes on from a seed, and for a lone leaf as the HTML-tree patch converts it.
 */
import fc from 'fast-check'
import type { Nodes as MdastNodes, Parents, Root } from 'mdast'
import { defaultHandlers, type State, toHast } from 'mdast-util-to-hast'
import { describe, expect, it } from 'vitest'
import { gfmSyntax } from '../../src/markdown'
import { footnoteHandlers } from '../../src/markdown/footnote-numbering'
import { leafToHtml, syntaxTreeToHtmlTree } from '../../src/markdown/syntax-tree-to-html-tree'
import { exampleDocuments } from './example-documents'

const reference = (tree: Root) => toHast(tree, { allowDangerousHtml: true, handlers: footnoteHandlers })
const examples = exampleDocuments

function* nodesOf(node: MdastNodes): Generator<MdastNodes> {
  yield node
  if ('children' in node) for (const child of node.children) yield* nodesOf(child)
}

describe('syntaxTreeToHtmlTree', () => {
  it('makes the tree mdast-util-to-hast makes, for every example', () => {
    for (const source of examples) {
      expect(syntaxTreeToHtmlTree(gfmSyntax.parse(source)), source).toEqual(reference(gfmSyntax.parse(source)))
    }
  })

  it('makes it for every node of every example converted alone, and for each parent’s children alone', () => {
    for (const source of examples) {
      for (const node of nodesOf(gfmSyntax.parse(source))) {
        if (node.type === 'root') continue
        const alone: Root = { type: 'root', children: [node as Root['children'][number]] }
        expect(syntaxTreeToHtmlTree(structuredClone(alone)), `${source} → ${node.type}`).toEqual(
          reference(structuredClone(alone)),
        )
        if ('children' in node && node.children.length > 0) {
          const children: Root = { type: 'root', children: (node as Parents).children as Root['children'] }
          expect(syntaxTreeToHtmlTree(structuredClone(children)), `${source} → children of ${node.type}`).toEqual(
            reference(structuredClone(children)),
          )
        }
      }
    }
  }, 30_000)

  it('trims spaces and tabs around line endings in text as mdast-util-to-hast does (trees a parser did not trim)', () => {
    // micromark already drops them in paragraphs; a plugin's or a hand-made tree may keep them.
    const values = fc.array(fc.constantFrom('a', 'word', ' ', '\t', '\n', '\r', '\r\n', '  \n\t'), { maxLength: 12 })
    fc.assert(
      fc.property(values, (parts) => {
        const tree: Root = {
          type: 'root',
          children: [{ type: 'paragraph', children: [{ type: 'text', value: parts.join('') }] }],
        }
        expect(syntaxTreeToHtmlTree(structuredClone(tree))).toEqual(reference(structuredClone(tree)))
      }),
      { seed: 331, numRuns: 500 },
    )
  })

  const piece = fc.constantFrom(
    'word ',
    'two words',
    '\n',
    '\n\n',
    '  \n',
    '\\\n',
    ' \t',
    '[link]',
    '[link][]',
    '[text][Link]',
    '![alt][link]',
    '![alt][nope]',
    '[nope]',
    '[^1]',
    '[^Note]',
    '[^missing]',
    '\n\n[^1]: first\n',
    '\n\n[^note]: *second* [^1]\n\n    more\n',
    '\n\n[link]: /url "title"\n',
    '\n\n[LINK]: /other\n',
    '\n- ',
    '\n1. ',
    '\n3) ',
    '\n- [ ] ',
    '\n- [x] ',
    '\n> ',
    '\n# ',
    '\n```js meta\ncode\n```\n',
    '`code\nspan`',
    '*em*',
    '**strong**',
    '~~del~~',
    '<b>raw</b>',
    '\n<div>\nblock\n</div>\n',
    '\n| a | b |\n| :- | -: |\n| c | d |\n| e |\n',
    'https://example.com',
    '\n***\n',
    '[a](<b c> "t")',
    '![i](/src)',
  )

  it('makes it for random documents with references, footnotes, lists and tables', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const source = pieces.join('')
        expect(syntaxTreeToHtmlTree(gfmSyntax.parse(source))).toEqual(reference(gfmSyntax.parse(source)))
      }),
      { numRuns: 400 },
    )
  })

  it('numbers a block’s footnote references on from its seed and lists none, as the seeded root handler does', () => {
    const seed = {
      order: ['A', 'NOTE', 'B'],
      counts: new Map([
        ['A', 2],
        ['NOTE', 1],
        ['B', 3],
      ]),
    }
    // As the blocks are parsed: with a definition of each label they may use.
    const stubs = '\n\n[^b]: x\n[^c]: y\n[^note]: z'
    for (const source of [
      `see [^b] and [^c] and [^note] again [^c]${stubs}`,
      '[^Note] x\n\n[^note]: defined',
      'none',
    ]) {
      const tree = () => {
        const parsed = gfmSyntax.parse(source)
        parsed.data = { footnoteSeed: seed }
        return parsed
      }
      const html = syntaxTreeToHtmlTree(tree())
      expect(html, source).toEqual(reference(tree()))
      expect(JSON.stringify(html)).not.toContain('"section"')
    }
    // Sanity of the comparison: the seed does change the numbers.
    const unseeded = syntaxTreeToHtmlTree(gfmSyntax.parse(`see [^b]${stubs}`))
    const seeded = syntaxTreeToHtmlTree({ ...gfmSyntax.parse(`see [^b]${stubs}`), data: { footnoteSeed: seed } })
    expect(JSON.stringify(unseeded)).toContain('"value":"1"')
    expect(JSON.stringify(seeded)).toContain('"value":"3"')
  })

  it('converts a lone leaf as mdast-util-to-hast’s own handler does, without positions', () => {
    const state = { patch() {}, applyData: (_: unknown, result: unknown) => result, all: () => [] } as unknown as State
    const source = 'a *b* `c\nd` [e](/f "g") ![h](/i) <j>\n\n```k l\nm\n```\n\n[n](<o p>)'
    let leaves = 0
    for (const node of nodesOf(gfmSyntax.parse(source))) {
      if (!['text', 'inlineCode', 'code', 'link', 'image'].includes(node.type)) continue
      leaves++
      const handler = defaultHandlers[node.type as 'text'] as (state: State, node: MdastNodes) => unknown
      expect(leafToHtml(node), node.type).toEqual(handler(state, node))
    }
    expect(leaves).toBeGreaterThan(10)
  })
})

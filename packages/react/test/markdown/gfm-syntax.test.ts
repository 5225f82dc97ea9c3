/**
 * The default syntax set calls mdast-util-from-markdown and mdast-util-to-hast itself, with remark-gfm's
 * parser extensions, instead of running a unified processor: its trees must be the ones remark-parse +
 * remark-gfm + remark-rehype build (positions included), for every CommonMark spec example and the GFM
 * examples, and those of a syntax defined without plugins.
 */
import type { Nodes } from 'hast'
import { urlAttributes } from 'html-url-attributes'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { describe, expect, it } from 'vitest'
import { defineMarkdownSyntax, gfmSyntax } from '../../src/markdown'
import { exampleDocuments } from './example-documents'

const remark = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).freeze()
const defined = defineMarkdownSyntax({ name: 'defined' })
/**
 * Literal autolinks written directly and through escapes and character references: a parse leaves
 * out the search for them only where none can be (`markdown-syntax.ts`).
 */
const literalAutolinks = [
  'see www.example.com and WWW.Example.org/path',
  'HTTPS://example.com/a?b=c, http://x.y',
  'mail foo.bar@example.com or xmpp:me@example.com/home or mailto:a@b.co',
  'escaped http\\://example.com and www\\.example.com and a\\@b.com',
  'references http&#58;//example.com, www&period;example.com, foo&#64;bar.com, &#119;ww.example.com',
  '*www.example.com* and [text](https://example.com) and <https://example.com>',
  'no link: ww w.example, http:/x, foo @ bar',
]
const sources = [...exampleDocuments, ...literalAutolinks]

describe('gfmSyntax', () => {
  // About 700 sources through four pipelines: seconds on a loaded machine.
  it('parses and renders every example to the trees of remark-parse + remark-gfm + remark-rehype', () => {
    for (const source of sources) {
      const mdast = gfmSyntax.parse(source)
      expect(mdast, source).toEqual(remark.parse(source))
      expect(defined.parse(source), source).toEqual(mdast)
      expect(gfmSyntax.toHtmlTree(mdast), source).toEqual(remark.runSync(remark.parse(source)))
      expect(defined.toHtmlTree(defined.parse(source)), source).toEqual(gfmSyntax.toHtmlTree(gfmSyntax.parse(source)))
    }
  }, 30_000)
})

describe('the URL attributes of the default set', () => {
  /** Every property of an element that HTML reads as a URL, as `tag.property`. */
  function urlProperties(tree: Nodes): string[] {
    const found: string[] = []
    visit(tree, 'element', (element) => {
      for (const [property, tags] of Object.entries(urlAttributes)) {
        if (Object.hasOwn(element.properties, property) && (tags === null || tags.includes(element.tagName)))
          found.push(`${element.tagName}.${property}`)
      }
    })
    return found
  }

  it('are every URL attribute its trees hold, for every example (so each goes through the URL policy)', () => {
    const listed = Object.entries(gfmSyntax.urlAttributes).flatMap(([property, tags]) =>
      (tags ?? []).map((tag) => `${tag}.${property}`),
    )
    const held = new Set(sources.flatMap((source) => urlProperties(gfmSyntax.toHtmlTree(gfmSyntax.parse(source)))))
    expect([...held].filter((attribute) => !listed.includes(attribute))).toEqual([])
    expect([...held].sort()).toEqual(['a.href', 'img.src'])
  })

  it('are, for a set with rehype plugins, every URL attribute of HTML', () => {
    expect(defined.urlAttributes).toEqual(urlAttributes)
  })
})

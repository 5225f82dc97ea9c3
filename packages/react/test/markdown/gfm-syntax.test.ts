/**
 * The default syntax set calls mdast-util-from-markdown and mdast-util-to-hast itself, with remark-gfm's
 * parser extensions, instead of running a unified processor: its trees must be the ones remark-parse +
 * remark-gfm + remark-rehype build (positions included), for every CommonMark spec example and the GFM
 * examples, and those of a syntax defined without plugins.
 */
import { tests as commonmarkExamples } from 'commonmark-spec'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { defineMarkdownSyntax, gfmSyntax } from '../../src/markdown'
import { gfmExamples } from './gfm-examples'

const remark = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).freeze()
const defined = defineMarkdownSyntax({ name: 'defined' })
const sources = [...commonmarkExamples.map((example) => example.markdown), ...gfmExamples.map((e) => e.markdown)]

describe('gfmSyntax', () => {
  it('parses and renders every example to the trees of remark-parse + remark-gfm + remark-rehype', () => {
    for (const source of sources) {
      const mdast = gfmSyntax.parse(source)
      expect(mdast, source).toEqual(remark.parse(source))
      expect(defined.parse(source), source).toEqual(mdast)
      expect(gfmSyntax.toHtmlTree(mdast), source).toEqual(remark.runSync(remark.parse(source)))
      expect(defined.toHtmlTree(defined.parse(source)), source).toEqual(gfmSyntax.toHtmlTree(gfmSyntax.parse(source)))
    }
  })
})

/**
 * The default syntax renders its trees without hast-util-to-jsx-runtime: the React elements must be
 * the ones a processor-built set (which renders through hast-util-to-jsx-runtime, as react-markdown
 * does) makes of the same source — tags, keys, props, what components receive (`node` included) —
 * for every CommonMark spec example and the GFM examples, plain and with the streaming transforms.
 */
import type { Root } from 'hast'
import { isValidElement, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { defineMarkdownSyntax, gfmSyntax, type MarkdownSyntax } from '../../src/markdown'
import { addAutoDirection } from '../../src/markdown/block-direction'
import { type Components, renderMarkdown } from '../../src/markdown/markdown-pipeline'
import { markRevisedWords } from '../../src/markdown/revision-marks'
import { appendCaret, wrapWords } from '../../src/markdown/streaming-motion'
import { exampleDocuments } from './example-documents'

const processorSyntax = defineMarkdownSyntax({ name: 'processor' })
const sources = exampleDocuments
const keepUrl = (url: string) => url

/** Every tag the examples render, each overridden by its own component. */
const tags = ['a', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'img', 'input']
const moreTags = ['li', 'ol', 'p', 'pre', 'section', 'span', 'strong', 'sup', 'table', 'tbody', 'td', 'th', 'thead']
const everyTagOverridden = Object.fromEntries(
  [...tags, ...moreTags, 'tr', 'ul'].map((tag) => [tag, function Override() {}]),
) as unknown as Components

/**
 * An element tree as plain data: what React receives, without React's own debugging fields. The
 * default syntax's keys are hast-util-to-jsx-runtime's (`tag-position`) with, on links, images and
 * checkboxes, a suffix naming the attributes only a mount writes as a fresh render has them (the
 * rewrite tests check what it is for); the suffix is left out here.
 */
function described(node: ReactNode): unknown {
  if (Array.isArray(node)) return node.map(described)
  if (!isValidElement(node)) return node
  const { children, ...props } = node.props as { children?: ReactNode }
  const key = node.key?.replace(/^(\w+-\d+)-\w*$/, '$1') ?? null
  return { type: node.type, key, props, children: described(children) }
}

function rendered(
  source: string,
  syntax: MarkdownSyntax,
  components: Components,
  transform?: (tree: Root) => void,
  passNode = true,
) {
  return described(renderMarkdown(source, { components, urlTransform: keepUrl, syntax, passNode }, transform))
}

function streamingTransforms(tree: Root): void {
  markRevisedWords(tree, ['foo', 'bar'])
  wrapWords(tree)
  appendCaret(tree)
  addAutoDirection(tree)
}

describe('the default syntax renders the elements hast-util-to-jsx-runtime renders', () => {
  it('for every example, with plain elements', () => {
    for (const source of sources)
      expect(rendered(source, gfmSyntax, {}), source).toEqual(rendered(source, processorSyntax, {}))
  })

  it('for every example, with every tag a component (which gets its hast node)', () => {
    for (const source of sources)
      expect(rendered(source, gfmSyntax, everyTagOverridden), source).toEqual(
        rendered(source, processorSyntax, everyTagOverridden),
      )
  })

  it('for every example, with every tag a component that is not given its hast node (passNode false)', () => {
    for (const source of sources)
      expect(rendered(source, gfmSyntax, everyTagOverridden, undefined, false), source).toEqual(
        rendered(source, processorSyntax, everyTagOverridden, undefined, false),
      )
  })

  it('for every example, with revision marks, fading words, the caret and auto direction', () => {
    for (const source of sources)
      expect(rendered(source, gfmSyntax, everyTagOverridden, streamingTransforms), source).toEqual(
        rendered(source, processorSyntax, everyTagOverridden, streamingTransforms),
      )
  })

  it('for a footnote, a task list and an aligned table: data and aria attributes, checkboxes, cell alignment', () => {
    const source = 'A note[^1].\n\n- [x] done\n\n| a | b |\n| :- | -: |\n| 1 | 2 |\n\n[^1]: The note.\n'
    const elements = rendered(source, gfmSyntax, {})
    expect(elements).toEqual(rendered(source, processorSyntax, {}))
    const text = JSON.stringify(elements)
    for (const expected of [
      '"data-footnote-ref":true',
      '"aria-describedby":"footnote-label"',
      '"data-footnotes":true',
      '"className":"contains-task-list"',
      '"checked":true',
      '"style":{"textAlign":"right"}',
    ])
      expect(text).toContain(expected)
  })
})

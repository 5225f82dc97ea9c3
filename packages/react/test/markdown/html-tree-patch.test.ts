/**
 * A block whose syntax tree kept its shape gets its HTML tree by patching the last one
 * (`html-tree-patch.ts`). Whenever a patch is made, it must be exactly the HTML tree a whole
 * conversion of the new syntax tree gives (positions aside: nothing renders them on this path), over
 * chains of rewrites; a tree that changed shape or anything but leaf values must not be patched.
 */
import fc from 'fast-check'
import type { Root as HastRoot } from 'hast'
import { toHast } from 'mdast-util-to-hast'
import { afterEach, describe, expect, it } from 'vitest'
import { htmlTreeWithSources, patchHtmlTree } from '../../src/markdown/html-tree-patch'
import { type MarkdownWork, setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { parseMarkdown } from '../../src/markdown/markdown-pipeline'
import { exampleDocuments } from './example-documents'
import { liveMarkdown, referenceHtml, renderedHtml } from './markdown-harness'
import { answerLines, swapWords } from './word-swaps'

const documents = exampleDocuments.filter((markdown) => /\p{L}/u.test(markdown))

const otherWords = ['alpha', 'be', 'www', 'http', 'x', 'Über', '日本語', 'one2', '7']
const noPolicy = () => {}

/** The tree without positions, as plain data. */
function withoutPositions(tree: HastRoot): unknown {
  return JSON.parse(JSON.stringify(tree, (key, value) => (key === 'position' ? undefined : value)))
}

function converted(markdown: string): unknown {
  return withoutPositions(toHast(parseMarkdown(markdown), { allowDangerousHtml: true }) as HastRoot)
}

describe('patching the HTML tree', () => {
  it('gives the whole conversion of the new tree whenever it patches, over chains of word swaps', {
    timeout: 60_000,
  }, () => {
    let patches = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: documents.length - 1 }),
        fc.array(fc.array(fc.record({ index: fc.nat(), word: fc.nat() }), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 3,
        }),
        (index, steps) => {
          let text = documents[index]!
          let { tree, sources } = htmlTreeWithSources(parseMarkdown(text))
          for (const picks of steps) {
            text = swapWords(text, picks, otherWords)
            const next = parseMarkdown(text)
            const patched = patchHtmlTree(sources, tree, next, noPolicy)
            if (patched) {
              patches++
              expect(withoutPositions(patched.tree), JSON.stringify(text)).toEqual(converted(text))
              ;({ tree, sources } = patched)
            } else ({ tree, sources } = htmlTreeWithSources(next))
          }
        },
      ),
      { numRuns: 400, seed: 3 },
    )
    // Most word swaps keep a tree's shape: the property is not met by declining every patch.
    expect(patches).toBeGreaterThan(200)
  })

  it('patches the words of text, emphasis, inline code, code blocks, links and images, sharing what did not change', () => {
    const before = [
      '# Title words here',
      '',
      'Some *emphasised words* and `inline code` with [a link](https://example.com/path "its title").',
      '',
      '![alt words](https://example.com/image.png)',
      '',
      '```js',
      'const value = compute()',
      '```',
      '',
      '- first item',
      '- second item',
    ].join('\n')
    const after = before
      .replace('Title', 'Heading')
      .replace('emphasised', 'stressed')
      .replace('inline code', 'inline snippet')
      .replace('path', 'route')
      .replace('its title', 'new title')
      .replace('alt words', 'other words')
      .replace('compute', 'derive')
      .replace('second', 'last')
    const { tree, sources } = htmlTreeWithSources(parseMarkdown(before))
    const patched = patchHtmlTree(sources, tree, parseMarkdown(after), noPolicy)
    expect(patched).toBeDefined()
    expect(withoutPositions(patched!.tree)).toEqual(converted(after))
    // The list's first item did not change: the patched tree holds the same object.
    const list = (tree: HastRoot) => tree.children.find((node) => node.type === 'element' && node.tagName === 'ul')
    const firstItem = (tree: HastRoot) => {
      const ul = list(tree)
      return ul?.type === 'element' ? ul.children.find((node) => node.type === 'element') : undefined
    }
    expect(firstItem(patched!.tree)).toBe(firstItem(tree))
    expect(list(patched!.tree)).not.toBe(list(tree))
  })

  it('runs the URL policy again on a patched link', () => {
    const { tree, sources } = htmlTreeWithSources(parseMarkdown('[here](https://example.com/one)'))
    const policed: string[] = []
    const patched = patchHtmlTree(sources, tree, parseMarkdown('[here](https://example.com/two)'), (element) => {
      policed.push(String(element.properties.href))
    })
    expect(patched).toBeDefined()
    expect(policed).toEqual(['https://example.com/two'])
  })

  it.each([
    ['a block added', 'one\n\ntwo', 'one\n\ntwo\n\nthree'],
    ['emphasis added', 'one two', 'one *two*'],
    ['a heading level changed', '# one', '## one'],
    ['a task checked', '- [ ] one', '- [x] one'],
    ['a code block language changed', '```js\na\n```', '```ts\na\n```'],
    ['a list renumbered', '1. one', '2. one'],
    ['raw HTML changed', '<b>one</b>', '<i>one</i>'],
    ['a definition changed', '[a]\n\n[a]: https://one.example', '[a]\n\n[a]: https://two.example'],
    // Its parent's conversion trims the space the character reference decodes to: not what the text node alone makes.
    ['a text after a hard break starts with a space', 'foo\\\n&#32;bar baz', 'foo\\\n&#32;bar qux'],
  ])('converts the tree whole when %s', (_, before, after) => {
    const { tree, sources } = htmlTreeWithSources(parseMarkdown(before))
    expect(patchHtmlTree(sources, tree, parseMarkdown(after), noPolicy)).toBeUndefined()
  })
})

describe('a streaming message', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  const answer = [
    ...answerLines,
    '',
    '```ts',
    'const answer = compute(words)',
    '```',
    '',
    '<details>',
    '<summary>More words</summary>',
    '</details>',
  ].join('\n')
  const repaints = [
    (text: string) =>
      text
        .replace('words', 'terms')
        .replace('emphasis', 'stress')
        .replace('compute', 'derive')
        .replace('More', 'Fewer'),
    (text: string) => text.replace('paragraph', 'passage').replace('page', 'other').replace('another', 'a second'),
  ]

  function patchedRenders(render: () => void): boolean[] {
    const work: MarkdownWork[] = []
    setMarkdownWorkListener((item) => work.push(item))
    render()
    setMarkdownWorkListener(undefined)
    return work.flatMap((item) => (item.kind === 'html-tree' ? [item.patched] : []))
  }

  it('patches the HTML tree of every block a word repaint changes, and renders as react-markdown', () => {
    const live = liveMarkdown()
    let text = answer
    live.render({ text, streaming: true })
    for (const repaint of repaints) {
      text = repaint(text)
      const renders = patchedRenders(() => live.render({ text, streaming: true }))
      expect(renders.length).toBeGreaterThan(0)
      expect(renders.every(Boolean)).toBe(true)
      expect(renderedHtml(live)).toBe(referenceHtml(text))
    }
    live.unmount()
  })

  it('drops the trees its blocks kept once it stops streaming: streaming again, a repaint converts them whole', () => {
    const live = liveMarkdown()
    live.render({ text: answer, streaming: true })
    live.render({ text: answer, streaming: false })
    const text = repaints[0]!(answer)
    const renders = patchedRenders(() => live.render({ text, streaming: true }))
    expect(renders.length).toBeGreaterThan(0)
    expect(renders.some(Boolean)).toBe(false)
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })
})

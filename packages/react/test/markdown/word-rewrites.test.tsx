/**
 * Rewrites that only change words (a diffusion-style model repainting an answer, a one-word edit)
 * make a changed block's tree from the tree it rendered from instead of parsing it
 * (`word-rewrite.ts`). The patched tree must be exactly what a parse of the new text gives,
 * positions included; a live streaming component must render every step exactly as a fresh render
 * of that step's text; and a word-only rewrite must parse nothing while the trees are at hand.
 */
import fc from 'fast-check'
import type { Root } from 'mdast'
import { afterEach, describe, expect, it } from 'vitest'
import type { StreamingMarkdownProps } from '../../src/markdown'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { type MarkdownWork, setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { parseMarkdown } from '../../src/markdown/markdown-pipeline'
import { tailBlock } from '../../src/markdown/StreamingMarkdown'
import {
  changesInBlock,
  indentedCodeReplaced,
  patchSyntaxTree,
  type WordChange,
  type WordScanOptions,
  wordChanges,
} from '../../src/markdown/word-rewrite'
import { mathSyntax } from '../../src/math'
import { mathDocuments } from '../math/math-documents'
import { commonPrefix, commonSuffix } from './common-affixes'
import { exampleDocuments } from './example-documents'
import { charsParsedBy, type LiveMarkdown, liveMarkdown, referenceHtml, renderedHtml } from './markdown-harness'
import { swapWords, type WordPick } from './word-swaps'

const documents = exampleDocuments.filter((markdown) => /\p{L}/u.test(markdown))

/** Replacement words, among them ones that may change what a word means next to its neighbours. */
const vocabulary = ['alpha', 'be', 'www', 'http', 'https', 'mailto', 'amp', 'lt', 'x', 'div', 'script', 'li', 'one2']
const otherWords = [...vocabulary, '7', '1', 'Über', '日本語', 'naïve', 'e\u0301']

/** `text` with the chosen words replaced by words of `otherWords`. */
function swapOtherWords(text: string, picks: readonly WordPick[]): string {
  return swapWords(text, picks, otherWords)
}

const picks = fc.array(fc.record({ index: fc.nat(), word: fc.nat() }), { minLength: 1, maxLength: 6 })

/** The changes that turn `before` into `after` when all of them can be made in place; undefined otherwise. */
function inPlaceChanges(before: string, after: string, options: WordScanOptions): WordChange[] | undefined {
  const prefix = commonPrefix(before, after)
  const scan = wordChanges(before, after, prefix, commonSuffix(before, after, prefix), options)
  return scan && !scan.stop ? scan.changes : undefined
}

/**
 * The rendered blocks' HTML in the form a fresh render writes: React updating a reused element's
 * style leaves an empty `style` attribute where a fresh render writes none, and writes the changed
 * declarations in another order (KaTeX's spans), so empty styles are dropped and declarations sorted.
 */
function currentHtml(live: LiveMarkdown): string {
  const container = document.createElement('div')
  container.innerHTML = renderedHtml(live)
  for (const element of container.querySelectorAll('[style]')) {
    const declarations = (element.getAttribute('style') ?? '')
      .split(';')
      .map((declaration) => declaration.trim())
      .filter(Boolean)
    if (declarations.length === 0) element.removeAttribute('style')
    else element.setAttribute('style', declarations.sort().join('; '))
  }
  return container.innerHTML
}

/**
 * Without inline styles. When a formula changes, React updates the inline styles of KaTeX's reused
 * layout spans, and jsdom's style declarations keep some that a fresh render of the same elements
 * does not write (the general rewrite path shows the same). The formulas are still compared: their
 * MathML, their TeX annotations and every element's class and text.
 */
function withoutStyles(html: string): string {
  const container = document.createElement('div')
  container.innerHTML = html
  for (const element of container.querySelectorAll('[style]')) element.removeAttribute('style')
  return container.innerHTML
}

/** Whether a tree has a link or footnote definition (a bracketed word may be a label matched against it). */
function hasDefinitions(node: Root | Root['children'][number]): boolean {
  if (node.type === 'definition' || node.type === 'footnoteDefinition') return true
  return 'children' in node && node.children.some((child) => hasDefinitions(child as Root['children'][number]))
}

/** The identifiers of the link definitions in `node`. */
function definedIdentifiers(node: Root | Root['children'][number], into = new Set<string>()): Set<string> {
  if (node.type === 'definition') into.add(node.identifier)
  if ('children' in node) for (const child of node.children) definedIdentifiers(child as Root['children'][number], into)
  return into
}

/** The first code block in `node`, depth first. */
function findCode(
  node: Root | Root['children'][number],
): Extract<Root['children'][number], { type: 'code' }> | undefined {
  if (node.type === 'code') return node
  if (!('children' in node)) return undefined
  for (const child of node.children) {
    const code = findCode(child as Root['children'][number])
    if (code) return code
  }
  return undefined
}

/** Without `undefined` fields, which a parse does not write but a spread copy keeps. */
function plain(tree: Root): unknown {
  return JSON.parse(JSON.stringify(tree))
}

/**
 * Patches the tree of `markdown` into one of `rewritten` where the scan and the patch take the
 * rewrite, and checks it: exactly the tree a parse of `rewritten` gives, positions included, and the
 * old tree unchanged. False when the rewrite is declined (a parse would make it).
 */
function patchedLikeParse(markdown: string, rewritten: string, options: WordScanOptions): boolean {
  const changes = inPlaceChanges(markdown, rewritten, options)
  if (!changes) return false
  const tree = parseMarkdown(markdown)
  const before = JSON.stringify(tree)
  const result = patchSyntaxTree(tree, markdown, changesInBlock(markdown, changes, 0))
  expect(JSON.stringify(tree)).toBe(before)
  if (!result) return false
  expect(plain(result), `${JSON.stringify(markdown)} → ${JSON.stringify(rewritten)}`).toEqual(
    plain(parseMarkdown(rewritten)),
  )
  return true
}

describe('a word-only rewrite patches the tree', () => {
  it('to exactly the tree a parse of the new text gives, positions included, never changing the old tree', () => {
    let patched = 0
    let declined = 0
    for (const [index, markdown] of documents.entries()) {
      fc.assert(
        fc.property(picks, (chosen) => {
          const rewritten = swapOtherWords(markdown, chosen)
          if (rewritten === markdown) return
          // A digit or a tag name changed, or a word the patch cannot map: the general path parses it.
          if (patchedLikeParse(markdown, rewritten, { bracketsAreText: !hasDefinitions(parseMarkdown(markdown)) })) {
            patched++
          } else declined++
        }),
        { numRuns: 3, seed: index },
      )
    }
    // The spec examples are dense with syntax, yet a good share of swaps is patched: this test
    // exercises the patch path, not only the declines.
    expect(patched).toBeGreaterThan((patched + declined) / 3)
  }, 60_000)

  it('declines a change that may restructure the text or change what a word means', () => {
    const changesOf = (before: string, after: string) =>
      inPlaceChanges(before, after, { bracketsAreText: !hasDefinitions(parseMarkdown(before)) })
    // A digit can make a list item (or stop one interrupting a paragraph); `<` a tag.
    expect(changesOf('a\n1. b', 'a\n2. b')).toBeUndefined()
    expect(changesOf('[^a]: First.\n\nText[^a].', '[^a]: 7.\n\nText[^a].')).toBeUndefined()
    expect(changesOf('a\n<span>', 'a\n<div>')).toBeUndefined()
    // Anything but words changed.
    expect(changesOf('a b', 'a  b')).toBeUndefined()
    expect(changesOf('a *b*', 'a _b_')).toBeUndefined()
    // A word and the character after it changed (each read where the texts differ, not again).
    expect(changesOf('a cat. b', 'a dogs! b')).toBeUndefined()
    expect(changesOf('one two.', 'one six,')).toBeUndefined()
    // In text, a label, a character reference, an autolink literal: the block is parsed again.
    const patched = (before: string, after: string) =>
      patchSyntaxTree(parseMarkdown(before), before, changesInBlock(before, changesOf(before, after)!, 0))
    expect(patched('[foo]\n\n[bar]: /url', '[bar]\n\n[bar]: /url')).toBeUndefined()
    expect(patched('[^a] b\n\n[^c]: d', '[^c] b\n\n[^c]: d')).toBeUndefined()
    expect(patched('a &amp; b', 'a &lt; b')).toBeUndefined()
    expect(patched('see wwx.example.com', 'see www.example.com')).toBeUndefined()
    expect(patched('ftp://x.org', 'http://x.org')).toBeUndefined()
    expect(patched('mail fooé@x.org', 'mail foo@x.org')).toBeUndefined()
    // A task list item's checkbox is one character in brackets.
    expect(patched('- [y] task', '- [x] task')).toBeUndefined()
    // An autolink's text is its destination too: a change that could make it another kind of link, or
    // end it elsewhere, is parsed (a literal's scheme or `www`, an address, a literal's non-ASCII word).
    expect(patched('see https://x.org/guide now', 'see about://x.org/guide now')).toBeUndefined()
    expect(patched('see www.x.org/guide now', 'see wwx.x.org/guide now')).toBeUndefined()
    expect(patched('see <mailto:me@x.org> now', 'see <mailto:you@x.org> now')).toBeUndefined()
    expect(patched('see me@x.org now', 'see you@x.org now')).toBeUndefined()
    expect(patched('see https://x.org/guide now', 'see https://x.org/日本語 now')).toBeUndefined()
    expect(patched('see <https://x.org/a&amp;b> now', 'see <https://x.org/c&amp;b> now')).toBeUndefined()
    expect(patched('see <https://x.org/guide> now', 'see <1x://x.org/guide> now')).toBeUndefined()
    // In a destination or title, a word between `&` and `;` may make a character reference.
    expect(patched('see [a](/x&foo;y) now', 'see [a](/x&amp;y) now')).toBeUndefined()
    expect(patched('see [a](/x "t&#xzz;") now', 'see [a](/x "t&#x41;") now')).toBeUndefined()
    // A fence's language and raw HTML are in no text node.
    expect(patched('```js\ncode\n```', '```ts\ncode\n```')).toBeUndefined()
    expect(patched('a <span title="one">', 'a <span title="two">')).toBeUndefined()
  })

  it("patches an autolink's words in its text and its destination alike", () => {
    for (const [before, after] of [
      ['see <https://x.org/guide> now', 'see <https://x.org/intro> now'],
      ['see <https://x.org/guide> now', 'see <about://x.org/guide> now'],
      ['see <https://x.org/guide> now', 'see <https://日本語.org/guide> now'],
      ['see https://x.org/guide now', 'see https://y.org/intro now'],
      ['(see www.x.org/guide).', '(see www.y.org/intro).'],
      ['- a\n- see http://x.org/a_b/c.', '- a\n- see http://z.org/a_b/d.'],
    ] as const) {
      const changes = inPlaceChanges(before, after, { bracketsAreText: true })!
      const result = patchSyntaxTree(parseMarkdown(before), before, changesInBlock(before, changes, 0))
      expect(result && plain(result), after).toEqual(plain(parseMarkdown(after)))
    }
  })

  it('patches random word swaps in autolinks of every kind exactly as a parse reads them', () => {
    const autolinkDocuments = [
      'See <https://example.com/guide/intro> and <irc://chat.example.org/room>, then\n<HTTP://x.org/A/b?c=d#e>.',
      'Read https://example.com/guide/intro, www.example.org/docs/start and http://x.org/a_b/c.d).',
      '* item https://a.example.com/one/two.\n* (www.b.example.com/three)\n* **https://c.org/four** _www.d.org_',
      '| a | b |\n| - | - |\n| https://x.org/cell | <https://y.org/cell> |',
      '> quote http://gmane.org/gmane.text.markdown/1997).)\n> and <mailto:me@x.org> or me@x.org',
      'Mixed: [text](https://x.org/dest) https://y.org/lit <https://z.org/auto> ~~www.s.org/strike~~',
    ]
    // Whether the rewrite changed a word inside something that looks like a link destination.
    const inLink = (before: string, after: string) => {
      const from = commonPrefix(before, after)
      return [...before.matchAll(/<[^>\s]*>|(?:https?:\/\/|www\.)\S+/gi)].some(
        (match) => match.index <= from && from < match.index + match[0].length,
      )
    }
    let patchedInLinks = 0
    for (const [index, markdown] of autolinkDocuments.entries()) {
      fc.assert(
        fc.property(picks, (chosen) => {
          const rewritten = swapOtherWords(markdown, chosen)
          if (rewritten === markdown) return
          if (patchedLikeParse(markdown, rewritten, { bracketsAreText: true }) && inLink(markdown, rewritten))
            patchedInLinks++
        }),
        { numRuns: 150, seed: index },
      )
    }
    // Most swaps whose first change is in a link are patched: the autolink path is exercised.
    expect(patchedInLinks).toBeGreaterThan(100)
  }, 60_000)

  it("patches the words on an HTML block's later lines, in lists and quotes too, not on its first line", () => {
    const contributors = [
      '<table>',
      '  <tr>',
      '    <td align="center"><a href="https://example.com/ana"><b>Ana</b></a><br /><sub>Docs</sub></td>',
      '  </tr>',
      '</table>',
      '',
      'After the table.',
    ].join('\n')
    const options = { bracketsAreText: true }
    for (const [before, after] of [
      [contributors, contributors.replace('Ana</b>', 'Bea</b>').replace('Docs', 'Code')],
      [contributors, contributors.replace('align="center"', 'align="left"')],
      ['- item\n\n  <div>\n  one two\n  </div>', '- item\n\n  <div>\n  one three\n  </div>'],
      ['> <!-- a\n> comment here -->', '> <!-- a\n> remark here -->'],
      ['<script>\nlet value = 1\n</script>', '<script>\nlet other = 1\n</script>'],
    ] as const) {
      expect(patchedLikeParse(before, after, options), `${JSON.stringify(before)} → ${JSON.stringify(after)}`).toBe(
        true,
      )
    }
    // The first line decides the kind of HTML block (a `<div>` block may interrupt a paragraph, a
    // `<span>` line may not), and a word after `</` may end a `<script>` block: parsed again.
    for (const [before, after] of [
      ['<div class="a">\ntext\n</div>', '<span class="a">\ntext\n</div>'],
      ['<div class="one">\ntext\n</div>', '<div class="two">\ntext\n</div>'],
      ['<script>\nx\n</style>\ny', '<script>\nx\n</script>\ny'],
    ] as const) {
      expect(patchedLikeParse(before, after, options), `${JSON.stringify(before)} → ${JSON.stringify(after)}`).toBe(
        false,
      )
    }
  })

  it('patches words in indented code by its lines (blank and deeper-indented ones too), not under a tab or a container', () => {
    const options = { bracketsAreText: true }
    // Lines of code words and punctuation, blank lines of 0–6 spaces, indentation of 4–8 spaces.
    const codeLine = fc.oneof(
      fc.integer({ min: 0, max: 6 }).map((spaces) => ' '.repeat(spaces)),
      fc
        .tuple(
          fc.integer({ min: 4, max: 8 }),
          fc.array(fc.constantFrom('let', 'value', '<td', 'align="center">', '1.', '# note', '*', 'words', '(x)'), {
            minLength: 1,
            maxLength: 6,
          }),
        )
        .map(([spaces, words]) => ' '.repeat(spaces) + words.join(' ')),
    )
    const codeBlock = fc
      .array(codeLine, { minLength: 1, maxLength: 12 })
      .map((lines) => `    first line\n${lines.join('\n')}\n    last words`)
    let replaced = 0
    fc.assert(
      fc.property(codeBlock, picks, (code, chosen) => {
        const markdown = `Intro.\n\n${code}\n\nAfter.`
        const rewritten = `Intro.\n\n${swapOtherWords(code, chosen)}\n\nAfter.`
        const changes = rewritten === markdown ? undefined : inPlaceChanges(markdown, rewritten, options)
        if (!changes) return
        const node = parseMarkdown(markdown).children[1]!
        expect(node.type).toBe('code')
        const start = node.position!.start.offset!
        const value = indentedCodeReplaced(
          (node as { value: string }).value,
          markdown,
          start,
          changesInBlock(markdown, changes, 0),
        )
        // Every change is a word in a line of code: taken by the lines, and exactly the parse's code.
        expect(value, `${JSON.stringify(markdown)} → ${JSON.stringify(rewritten)}`).toBe(
          (parseMarkdown(rewritten).children[1] as { value: string }).value,
        )
        replaced++
        expect(patchedLikeParse(markdown, rewritten, options)).toBe(true)
      }),
      { numRuns: 300, seed: 23 },
    )
    expect(replaced).toBeGreaterThan(200)
    // Indentation with a tab, or code inside a quote or a list item: its lines are not the value's
    // lines with four spaces cut, so the general path reads it (and still patches it like a parse).
    for (const [markdown, rewritten] of [
      ['\tlet value\n\tlet other', '\tlet value\n\tlet third'],
      ['  \tlet value\n    let other', '  \tlet value\n    let third'],
      ['> intro\n>\n>     let value\n>     let other', '> intro\n>\n>     let value\n>     let third'],
      ['- item\n\n      let value\n      let other', '- item\n\n      let value\n      let third'],
    ] as const) {
      const changes = inPlaceChanges(markdown, rewritten, options)!
      const code = findCode(parseMarkdown(markdown))!
      expect(
        indentedCodeReplaced(code.value, markdown, code.position!.start.offset!, changesInBlock(markdown, changes, 0)),
        markdown,
      ).toBeUndefined()
      expect(patchedLikeParse(markdown, rewritten, options), markdown).toBe(true)
    }
  })

  it("patches the words of an inline link's text, destination and title, and an image's alt", () => {
    for (const [before, after] of [
      // Without definitions, bracketed words are text, and the scheme of a link's destination is not a literal's.
      [
        'see [the docs](https://example.com/guide) and [more] [maybe]',
        'see [a guide](unexpected://example.com/guide) and [less] [yes]',
      ],
      [
        'see [the docs](https://example.com/guide "The guide") now',
        'see [the docs](https://example.org/intro "A guide") now',
      ],
      ['![a red fox](/img/fox.png "Fox") and *more*', '![a brown fox](/img/wolf.png "Wolf") and *more*'],
    ] as const) {
      const changes = inPlaceChanges(before, after, { bracketsAreText: true })!
      const result = patchSyntaxTree(parseMarkdown(before), before, changesInBlock(before, changes, 0))
      expect(result && plain(result), after).toEqual(plain(parseMarkdown(after)))
    }
  })
})

/** Runs a rewrite may insert or remove in the middle of a line: citation markers, clauses, quotes. */
const plainRuns = [
  ' [1]',
  ' [12]',
  ', which helps,',
  ' (see above)',
  ' "quoted"',
  ' it',
  '; then',
  '?',
  ' [a] [b]',
  ':',
  '[^1]',
  ' [^note-2]',
  // Labels the spec's examples define (where one is defined, the run makes a link: declined).
  ' [foo]',
  ' [ FOO ]',
  ' [bar]',
]

/** `text` with each chosen plain run inserted at a position (modulo the length), or a run removed. */
function insertRuns(text: string, chosen: readonly { at: number; run: number; remove: boolean }[]): string {
  let result = text
  for (const { at, run, remove } of chosen) {
    const position = at % (result.length + 1)
    const plain = plainRuns[run % plainRuns.length]!
    const found = remove ? result.indexOf(plain.trim()) : -1
    result =
      found >= 0
        ? result.slice(0, found) + result.slice(found + plain.trim().length)
        : result.slice(0, position) + plain + result.slice(position)
  }
  return result
}

const insertions = fc.array(fc.record({ at: fc.nat(), run: fc.nat(), remove: fc.boolean() }), {
  minLength: 1,
  maxLength: 4,
})

describe('plain runs inserted or removed (citation markers, clauses)', () => {
  const gfm = (before: string): WordScanOptions => {
    const tree = parseMarkdown(before)
    const defined = definedIdentifiers(tree)
    return {
      bracketsAreText: !hasDefinitions(tree),
      isDefinedLabel: (identifier) => defined.has(identifier),
      plainPunctuation: true,
    }
  }

  it('patch to exactly the tree a parse of the new text gives, positions included', () => {
    let patched = 0
    let declined = 0
    const corpus = [...documents, longAnswer, ...longAnswer.split('\n\n')]
    for (const [index, markdown] of corpus.entries()) {
      fc.assert(
        fc.property(insertions, (chosen) => {
          const rewritten = insertRuns(markdown, chosen)
          if (rewritten === markdown) return
          if (patchedLikeParse(markdown, rewritten, gfm(markdown))) patched++
          else declined++
        }),
        { numRuns: 4, seed: index },
      )
    }
    // Random positions in the spec examples are mostly next to syntax or at a line's start, where
    // a run is declined; still hundreds are patched: the test exercises the patch path.
    expect(patched).toBeGreaterThan((patched + declined) / 12)
  }, 60_000)

  it('patch a run added after the word ending a line to exactly the tree a parse gives', () => {
    // The word ends a text, a paragraph, a heading, a cell, an item, a quote, a line of code, an
    // autolink: each either takes the run or declines it.
    let patched = 0
    let declined = 0
    for (const markdown of documents) {
      for (const ending of markdown.matchAll(/\p{L}(?=\r?\n|$)/gu)) {
        const at = ending.index + 1
        for (const run of [' indeed', ', truly [1]']) {
          const rewritten = `${markdown.slice(0, at)}${run}${markdown.slice(at)}`
          if (patchedLikeParse(markdown, rewritten, gfm(markdown))) patched++
          else declined++
        }
      }
    }
    expect(patched).toBeGreaterThan((patched + declined) / 3)
  }, 60_000)

  it('are found as changes in the middle of a line, and declined where they could read as syntax', () => {
    const changesOf = (before: string, after: string) => inPlaceChanges(before, after, gfm(before))
    expect(changesOf('One sentence. Two.', 'One sentence [1]. Two [2].')).toBeDefined()
    expect(changesOf('the cat sat', 'the black cat sat, purring')).toBeDefined()
    expect(changesOf('a, b and c', 'a and c')).toBeDefined()
    // A line's start: indentation, a list item, a task checkbox.
    expect(changesOf('a\nb', 'a\n b')).toBeUndefined()
    expect(changesOf('- b', '- [x] b')).toBeUndefined()
    // Trailing spaces before a line ending (a hard break with two).
    expect(changesOf('a \nb', 'a  \nb')).toBeUndefined()
    expect(changesOf('a [1] \nb', 'a  \nb')).toBeUndefined()
    // Next to an emphasis delimiter or a bracket, or making a link: declined; next to a code span's backticks: plain.
    expect(changesOf('*a* b', '*a*, b')).toBeUndefined()
    expect(changesOf('[a] b', '[a] (b) b')).toBeDefined()
    expect(changesOf('[a]b', '[a](b)b')).toBeUndefined()
    expect(changesOf('a b', 'a ](b) b')).toBeUndefined()
    expect(changesOf('a `b` c', 'a `b`, c')).toBeDefined()
    // A footnote call is plain (text where no definition exists); `^` and `-` elsewhere are not.
    expect(changesOf('One sentence. Two.', 'One sentence[^source-1]. Two.')).toBeDefined()
    expect(changesOf('a b', 'a - c b')).toBeUndefined()
    expect(changesOf('a b', 'a [x-y] b')).toBeUndefined()
    expect(changesOf('a b', 'a ^ b')).toBeUndefined()
    expect(changesOf('a b', 'a [^x^y] b')).toBeUndefined()
    // Not plain: anything else changed.
    expect(changesOf('a b', 'a *b*')).toBeUndefined()
    expect(changesOf('a b', 'a\n\nb')).toBeUndefined()
    // A syntax that does not declare its text punctuation plain: words only.
    expect(inPlaceChanges('a b.', 'a b [1].', { bracketsAreText: true })).toBeUndefined()
    // In text, next to a literal autolink or an address, or a label where there are definitions: the block is parsed.
    const patched = (before: string, after: string) => {
      const changes = changesOf(before, after)
      return changes && patchSyntaxTree(parseMarkdown(before), before, changesInBlock(before, changes, 0))
    }
    expect(patched('see www.example.com now', 'see www.example.com, now')).toBeUndefined()
    expect(patched('mail me@example.com now', 'mail me@example.com, now')).toBeUndefined()
    expect(patched('a [1] b\n\n[1]: /url', 'a b\n\n[1]: /url')).toBeUndefined()
    // Where there are definitions, a label none matches is text: patched, unless it would make a
    // link's text or label, or sit in brackets a reference's label spans (which hold no brackets).
    const defined = '\n\n[x]: /u\n[see also here]: /v'
    expect(patched(`a b.${defined}`, `a b [3].${defined}`)).toBeDefined()
    expect(patched(`a b [3].${defined}`, `a b.${defined}`)).toBeDefined()
    expect(patched(`a b.${defined}`, `a b [X].${defined}`)).toBeUndefined()
    expect(patched(`[see also here] b${defined}`, `[see also [3] here] b${defined}`)).toBeUndefined()
    expect(patched(`[see also [3] here] b${defined}`, `[see also here] b${defined}`)).toBeUndefined()
    // An escaped bracket stands in a label: `[see \] also [3] here]` without `[3]` is a reference.
    const escaped = `${defined}\n[see \\] also here]: /w`
    expect(patched(`[see \\] also [3] here] b${escaped}`, `[see \\] also here] b${escaped}`)).toBeUndefined()
    expect(patched(`a (see) b${defined}`, `a  [3](see) b${defined}`)).toBeUndefined()
    expect(patched(`a [c] b${defined}`, `a [c] [3] b${defined}`)).toBeDefined()
    expect(patched(`a [c](/u). b${defined}`, `a [c](/u) [3]. b${defined}`)).toBeDefined()
    expect(patched(`a b. c${defined}`, `a b [3] [x]. c${defined}`)).toBeUndefined()
    // A code span before them (whose brackets are none) is read past; patched or not, a patch is a parse.
    expect(patched(`a \`]\` b.${defined}`, `a \`]\` b [3].${defined}`)).toBeDefined()
    for (const [before, after] of [
      [`[see \`]\` also [3] here] b`, `[see \`]\` also here] b`],
      [`[see \`\` also [3] here] b`, `[see \`\` also here] b`],
      [`a <b>c</b> d.`, `a <b>c</b> d [3].`],
    ])
      patchedLikeParse(`${before}${defined}`, `${after}${defined}`, gfm(`${before}${defined}`))
    expect(patched('a b\n\n[^1]: note', 'a [^1] b\n\n[^1]: note')).toBeUndefined()
    // In the parentheses after a link's text: a run going may make them a destination and title.
    expect(patched('[a](b it) tail', '[a](b ) tail')).toBeUndefined()
    expect(patched('![moon](moon.jpg it)', '![moon](moon.jpg )')).toBeUndefined()
    expect(patched('[a](b "c d" (see above)) tail', '[a](b "c d") tail')).toBeUndefined()
    expect(patched('[a](b "c\nd" x) tail', '[a](b "c\nd" ) tail')).toBeUndefined()
    expect(patched('[a](b "[c](d)" x) tail', '[a](b "[c](d)" ) tail')).toBeUndefined()
    // Under an indented fence, a run whose last word before it is on an earlier line: a parse decides.
    const indented = ['  ```\n  a = 1 // words\n  ) b\n  ```', '  ```\n  a = 1 // words\n  ) [1] b\n  ```'] as const
    expect(changesOf(...indented)).toBeDefined()
    expect(patched(...indented)).toBeUndefined()
    // After a link's parentheses, closed: patched (citation markers after links).
    expect(patched('[a](b "c (d)") tail here', '[a](b "c (d)") tail [1] here')).toBeDefined()
    // Space brought to a trimmed edge (a table cell, a heading): a parse decides.
    expect(patched('| a | b |\n| - | - |\n| c d | e |', '| a | b |\n| - | - |\n| c | e |')).toBeUndefined()
    expect(patched('# Title here', '#  here')).toBeUndefined()
    // What is patched is what a parse gives.
    for (const [before, after] of [
      ['One sentence. Two.', 'One sentence [1]. Two [2].'],
      ['One sentence. Two.', 'One sentence[^note-1]. Two.'],
      ['the cat sat here', 'the black cat sat, purring, here'],
      ['| a | b |\n| - | - |\n| c d | e |', '| a | b |\n| - | - |\n| c [1] d | e |'],
      ['> quoted *words* here today.', '> quoted *words* here, right today.'],
      // In a fenced code block, a clause added or removed in a line of code.
      ['```js\nconst a = f(b) // some words\n```', '```js\nconst a = f(b) // some more words here\n```'],
      ['```js\nconst a = f(b) // some words\nnext()\n```', '```js\nconst a = f(b) // words\nnext()\n```'],
      ['  ```\n  a = 1 // some words\n  ```', '  ```\n  a = 1 // some more words\n  ```'],
    ] as const) {
      const result = patched(before, after)
      expect(result, after).toBeDefined()
      expect(plain(result!), after).toEqual(plain(parseMarkdown(after)))
    }
    // Indented code whose first line starts with backticks is no fence (a run there was placed as in
    // a fence, after its first line): it is patched where it stands.
    const unfenced = ['    `?`` word\n    [1] more\n    ```\n', '    `?`` word [1]\n    [1] more\n    ```\n'] as const
    const result = patched(...unfenced)
    expect(result).toBeDefined()
    expect(plain(result!)).toEqual(plain(parseMarkdown(unfenced[1])))
  })
})

const longAnswer = Array.from(
  { length: 40 },
  (_, index) =>
    `## Step ${index}\n\nThe model drafts this paragraph with *emphasis*, a [link](https://example.com/x) and ` +
    `\`inline code\`, then refines it.\n\n- first point here\n- second point there\n\n` +
    `\`\`\`js\nconst value = compute(input)\n\`\`\`\n`,
).join('\n')

/** Every `step`-th plain word (letters only, not next to a URL) replaced, as a diffusion step repaints words. */
function repaint(text: string, step: number, word: string): string {
  let count = 0
  return text.replace(/(?<=[ \n])(?:drafts|paragraph|refines|point|here|there|model)(?=[ ,.\n])/g, (match) =>
    count++ % step === 0 ? word : match,
  )
}

describe('a live streaming message repainted word by word', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  /**
   * Streams a chosen text, rewrites it step by step (`rewrite`: words swapped, plain runs inserted or
   * removed), and checks every step against a fresh render of that step's text; `end` is given the
   * live component and the last text.
   */
  const rewrittenLikeFresh = <Step,>({
    texts,
    steps,
    rewrite,
    props = {},
    html = currentHtml,
    runs,
    end = () => {},
  }: {
    texts: readonly string[]
    steps: fc.Arbitrary<Step>
    rewrite: (text: string, step: Step) => string
    props?: Partial<StreamingMarkdownProps>
    html?: (live: LiveMarkdown) => string
    runs: { numRuns: number; seed: number }
    end?: (live: LiveMarkdown, text: string) => void
  }) =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: texts.length - 1 }),
        fc.array(steps, { minLength: 1, maxLength: 4 }),
        (index, chosenSteps) => {
          const live = liveMarkdown()
          let text = texts[index]!
          live.render({ ...props, text, streaming: true })
          for (const chosen of chosenSteps) {
            text = rewrite(text, chosen)
            live.render({ ...props, text, streaming: true })
            const fresh = liveMarkdown()
            fresh.render({ ...props, text, streaming: true })
            expect(html(live), JSON.stringify(text)).toBe(html(fresh))
            fresh.unmount()
          }
          end(live, text)
          live.unmount()
        },
      ),
      runs,
    )

  const endsAsReactMarkdown = (live: LiveMarkdown, text: string) => {
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
  }

  /** `live` shows what a fresh render of `text`, streaming, shows. */
  const expectAsFresh = (live: LiveMarkdown, text: string, label: string) => {
    const fresh = liveMarkdown()
    fresh.render({ text, streaming: true })
    expect(currentHtml(live), label).toBe(currentHtml(fresh))
    fresh.unmount()
  }

  it('renders every step exactly as a fresh render of its text, and ends as react-markdown', () => {
    rewrittenLikeFresh({
      texts: documents,
      steps: picks,
      rewrite: swapOtherWords,
      runs: { numRuns: 150, seed: 7 },
      end: endsAsReactMarkdown,
    })
  }, 60_000)

  it('with an added syntax (math), every step renders as a fresh render with that syntax', () => {
    rewrittenLikeFresh({
      texts: mathDocuments,
      steps: picks,
      rewrite: swapOtherWords,
      props: { syntax: mathSyntax },
      html: (live) => withoutStyles(currentHtml(live)),
      runs: { numRuns: 40, seed: 11 },
    })
  }, 60_000)

  it('with plain runs inserted and removed, every step renders as a fresh render of its text', () => {
    rewrittenLikeFresh({
      texts: documents,
      steps: insertions,
      rewrite: insertRuns,
      runs: { numRuns: 150, seed: 5 },
      end: endsAsReactMarkdown,
    })
  }, 60_000)

  it('with the message cut mid-construct (a repaired tail), every step renders as a fresh render', () => {
    // Each example cut at a half and three quarters: open emphasis, links, fences and quotes at the end.
    const cut = documents
      .flatMap((markdown) => [markdown.slice(0, markdown.length >> 1), markdown.slice(0, (markdown.length * 3) >> 2)])
      .filter((markdown) => /\p{L}/u.test(markdown))
    rewrittenLikeFresh({ texts: cut, steps: picks, rewrite: swapOtherWords, runs: { numRuns: 300, seed: 23 } })
  }, 60_000)

  it('repainting long streaming tables and lists (pages of settled rows and items), every step renders as a fresh render', () => {
    const many = (count: number, line: (i: number) => string) =>
      Array.from({ length: count }, (_, i) => line(i)).join('\n')
    const words = ['alpha', 'beta', 'gamma', 'delta']
    const word = (i: number) => words[i % words.length]!
    const tails = [
      `| name | kind |\n| :- | -: |\n${many(90, (i) => `| \`${word(i)}${i}\` *${word(i + 1)}* | [${word(i + 2)}](http://x.io/${i}) ${word(i)} |`)}`,
      many(90, (i) => `- item ${word(i)} ${i} with **${word(i + 1)}** and \`${word(i + 2)}\``),
      many(90, (i) => `${i + 1}. step ${word(i)}\n   continued ${word(i + 3)} here`),
      many(90, (i) => `- [${i % 3 ? ' ' : 'x'}] task ${word(i)} [ref] ${i}`),
    ]
    const texts = tails.flatMap((tail) => [
      `Intro ${word(1)}.\n\n${tail}`,
      `[ref]: http://x.io/ref\n\nIntro.\n\n${tail}`,
    ])
    rewrittenLikeFresh({
      texts,
      steps: picks,
      rewrite: swapOtherWords,
      runs: { numRuns: 40, seed: 37 },
      end: endsAsReactMarkdown,
    })
  }, 120_000)

  it('repaints the settled rows of a streaming table and the settled items of a streaming list without parsing them', () => {
    const rows = (count: number, row: (i: number) => string) =>
      Array.from({ length: count }, (_, i) => row(i)).join('\n')
    const tails = {
      table: `| name | attribute | notes |\n| - | - | - |\n${rows(300, (i) => `| \`value${i}\` | \`value-${i}\` | words here |`)}`,
      list: rows(300, (i) => `- item ${i} with \`value${i}\` and words here`),
      tasks: rows(300, (i) => `- [ ] task ${i} with words here`),
    }
    // Whether the line at `at` is the first of a page of the streaming tail's settled rows or items.
    const startsPage = (text: string, at: number) => {
      const split = advanceSplit(undefined, text)
      const block = tailBlock(split, split.tail[split.tail.length - 1]!, true)
      const lineEnd = text.indexOf('\n', at)
      const line = text.slice(text.lastIndexOf('\n', at) + 1, lineEnd < 0 ? undefined : lineEnd)
      const pages = block.tableRows?.pages ?? block.listItems?.pages
      expect(pages?.length).toBeGreaterThan(4)
      return pages!.some((page) => page.split('\n').find((pageLine) => pageLine !== '') === line)
    }
    // With a definition in the document, bracketed words may be labels: unbracketed ones are still patched.
    for (const before of ['', '[guide]: https://example.com/guide\n\n']) {
      for (const [kind, tail] of Object.entries(tails)) {
        let text = `${before}Intro with some words.\n\n${tail}`
        const live = liveMarkdown()
        live.render({ text, streaming: true })
        for (const [step, [from, to]] of [
          ['words', 'terms'],
          ['value120', 'other120'],
          ['value-50', 'value-fifty'],
          ['with', 'holding'],
        ].entries()) {
          const at = text.indexOf(from!, text.length / 4 + step * 300)
          if (at < 0) continue
          // A page is keyed by its first row or item: a change there makes it another page, parsed.
          const opensPage = startsPage(text, at)
          text = text.slice(0, at) + to + text.slice(at + from!.length)
          const label = `${kind}${before ? ' with a definition' : ''}, step ${step}`
          // Only the live row or items (the last, and the head they are parsed with) are parsed.
          const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
          expect(parsed.filter((chars) => chars >= 200).length, label).toBe(opensPage ? 1 : 0)
          expect(parsed.filter((chars) => chars < 200).length, label).toBeLessThanOrEqual(1)
          expectAsFresh(live, text, label)
        }
        live.render({ text, streaming: false })
        expect(renderedHtml(live), kind).toBe(referenceHtml(text))
        live.unmount()
      }
    }
  }, 60_000)

  it('repaints a long streaming tail without parsing it (a list: its changed items only): a fence, a quote, a list of fences, an HTML block', {
    timeout: 60_000,
  }, () => {
    const tails = {
      fence: `\`\`\`ts\n${Array.from({ length: 200 }, (_, i) => `const value${i} = compute(${i}) // words here`).join('\n')}\n\`\`\``,
      quote: Array.from({ length: 120 }, (_, i) => `> quoted paragraph ${i} with *words*\n>`).join('\n'),
      fencedItems: Array.from(
        { length: 200 },
        (_, i) => `- item ${i} words\n\n  \`\`\`js\n  code(${i}) // words\n  \`\`\``,
      ).join('\n'),
      html: `<div>\n${Array.from({ length: 150 }, (_, i) => `<p>paragraph ${i} words</p>`).join('\n')}\n</div>`,
    }
    for (const [kind, tail] of Object.entries(tails)) {
      let text = `Intro with some words.\n\n${tail}`
      const live = liveMarkdown()
      live.render({ text, streaming: true })
      // The first rewrite of a tail that rendered its own text (not a repair) may parse it once.
      for (const step of [0, 1, 2, 3]) {
        const at = text.indexOf('words', ((step + 1) * text.length) / 5)
        text = `${text.slice(0, at)}terms${text.slice(at + 'words'.length)}`
        const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
        // A list renders item by item: the item a word changed is parsed again, not the list.
        if (kind === 'fencedItems')
          expect(
            parsed.reduce((total, chars) => total + chars, 0),
            `${kind}, step ${step}`,
          ).toBeLessThan(1_000)
        else if (step > 0) expect(parsed, `${kind}, step ${step}`).toEqual([])
        expectAsFresh(live, text, `${kind}, step ${step}`)
      }
      live.render({ text, streaming: false })
      expect(renderedHtml(live), kind).toBe(referenceHtml(text))
      live.unmount()
    }
  })

  it('patches words in code whatever starts their line (a tag, a number), and words after a change it parses', () => {
    const fence = (tag: string) => `\`\`\`html\n<${tag} aria-label="Close">X</${tag}>\n1. item\n</${tag}>\n\`\`\``
    const paragraphs = Array.from({ length: 20 }, (_, i) => `Paragraph ${i} with some words.`).join('\n\n')
    const document = (tag: string, number: string, word: string) =>
      `Intro words.\n\n${fence(tag)}\n\n${number} an item\n\n${paragraphs.replace('Paragraph 12 with', `Paragraph 12 ${word}`)}\n\nEnd`
    const live = liveMarkdown()
    let text = document('button', '1.', 'with')
    live.render({ text, streaming: true })
    // In the fence: a tag's name and attribute at a line's start, and a number starting a line; each
    // with a word of a paragraph after it (one change alone in code is taken as code).
    for (const [step, [before, after]] of [
      ['<button aria-label', '<when aria-label'],
      ['<when aria-label', '<when other-label'],
      ['\n1. item', '\n2. item'],
    ].entries()) {
      text = text.replace(before!, after!).replace(`Paragraph ${step} with`, `Paragraph ${step} holding`)
      const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
      expect(parsed, after).toEqual([])
      expectAsFresh(live, text, after!)
    }
    // A list's number changed (parsed: it may end or start a list), and a word far after it.
    text = text.replace('\n\n1. an item', '\n\n7. an item').replace('Paragraph 12 with', 'Paragraph 12 holding')
    const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
    // The list item and the lines around it, not the paragraphs up to the word.
    expect(parsed.reduce((total, chars) => total + chars, 0)).toBeLessThan(120)
    expectAsFresh(live, text, 'a number and a word')
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })

  it('takes the general path for a word in a tag opening a line, which decides whether an HTML block starts there', () => {
    // `<a href="foo">` alone on its line opens an HTML block, which runs to the next blank line;
    // `<a 7="foo">` is paragraph text (whose open `*bar` a streaming repair shows as emphasis), and a
    // heading under it is a block of its own. Streaming tails, and blocks with a tree to patch.
    const tagged = (attribute: string) => `<a ${attribute}="foo" title="x">`
    for (const [before, after] of [
      ['<a href="foo">\n*bar', '<a 7="foo">\n*bar'],
      ['> <a href="foo">\n> *bar', '> <a 7="foo">\n> *bar'],
      ['<a 7="foo">\n*bar', '<a href="foo">\n*bar'],
      [`${tagged('7')}\n*bar\n\nEnd.`, `${tagged('href')}\n*bar\n\nEnd.`],
      [`${tagged('href')}\n*bar\n\nEnd.`, `${tagged('7')}\n*bar\n\nEnd.`],
      [`${tagged('7')}\n# Heading\n\nEnd.`, `${tagged('href')}\n# Heading\n\nEnd.`],
      [`${tagged('href')}\n# Heading\n\nEnd.`, `${tagged('7')}\n# Heading\n\nEnd.`],
    ] as const) {
      const live = liveMarkdown()
      live.render({ text: `Intro.\n\n${before}`, streaming: true })
      live.render({ text: `Intro.\n\n${after}`, streaming: true })
      expectAsFresh(live, `Intro.\n\n${after}`, after)
      live.unmount()
    }
  })

  it('takes a phrase inserted or removed in a long table, fence, HTML, list or quote tail without the splitter parsing it', {
    timeout: 60_000,
  }, () => {
    // A quote's lines of one paragraph are patched in its tree: not parsed when rendered either.
    const tails = {
      table: `| a | b |\n| - | - |\n${Array.from({ length: 300 }, (_, i) => `| cell ${i} words here | more |`).join('\n')}`,
      fence: `\`\`\`ts\n${Array.from({ length: 200 }, (_, i) => `const value${i} = compute(${i}) // words here`).join('\n')}\n\`\`\``,
      html: `<div>\n${Array.from({ length: 150 }, (_, i) => `line ${i} of words here`).join('\n')}\n</div>`,
      list: Array.from({ length: 200 }, (_, i) => `- item ${i} with words and a [link](http://x.io/${i}) here`).join(
        '\n',
      ),
      quote: Array.from({ length: 120 }, (_, i) => `> quoted paragraph ${i} with words in it\n>`).join('\n'),
      // One paragraph of many lines: its text's value lacks the source's `> ` markers.
      quoteLines: Array.from({ length: 150 }, (_, i) => `> line ${i} with words and *emphasis* here`).join('\n'),
    }
    for (const [kind, tail] of Object.entries(tails)) {
      let text = `Intro with some words.\n\n${tail}`
      const live = liveMarkdown()
      live.render({ text, streaming: true })
      const edits = [
        (at: number) => `${text.slice(0, at + 'words'.length)} indeed, truly${text.slice(at + 'words'.length)}`,
        (at: number) => `${text.slice(0, at)}${text.slice(at + 'words '.length)}`,
      ]
      for (const [step, edit] of edits.entries()) {
        text = edit(text.indexOf('words', ((step + 2) * text.length) / 5))
        const work: MarkdownWork[] = []
        setMarkdownWorkListener((item) => work.push(item))
        live.render({ text, streaming: true })
        setMarkdownWorkListener(undefined)
        expect(
          work.map((item) => item.kind),
          `${kind}, step ${step}`,
        ).not.toContain('split-parse')
        // Its render parses what it shows: a page of rows and the head; the HTML block's text, the
        // fence's code and the quote's lines not at all (patched in their trees).
        const parsed = work.flatMap((item) =>
          item.kind === 'block-render' && item.parsed !== false ? [item.chars] : [],
        )
        if (kind === 'fence' || kind === 'quoteLines') expect(parsed, `${kind}, step ${step}`).toEqual([])
        else
          expect(
            parsed.reduce((total, chars) => total + chars, 0),
            `${kind}, step ${step}`,
          ).toBeLessThan(2_000)
        expectAsFresh(live, text, `${kind}, step ${step}`)
      }
      live.render({ text, streaming: false })
      expect(renderedHtml(live), kind).toBe(referenceHtml(text))
      live.unmount()
    }
  })

  it('takes a phrase added after the last word of a line in its tree, not a parse', () => {
    // The text ends with that word, and so do the paragraph, the quote and the item holding it.
    const quote = Array.from({ length: 120 }, (_, i) => `> quoted paragraph ${i} with words\n>`).join('\n')
    const items = Array.from({ length: 300 }, (_, i) => `- item ${i} with words`).join('\n')
    for (const [kind, tail] of Object.entries({ quote, items })) {
      let text = `Intro with some words.\n\nA settled paragraph ends with words\n\n${tail}`
      const live = liveMarkdown()
      live.render({ text, streaming: true })
      for (const step of [0, 1, 2]) {
        const at = text.indexOf('words\n', (step + 1) * (text.length / 4)) + 'words'.length
        text = `${text.slice(0, at)} indeed, truly [${step}]${text.slice(at)}`
        const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
        // A list tail renders item by item: the changed item is parsed again, not the list.
        if (kind === 'items') {
          expect(
            parsed.reduce((total, chars) => total + chars, 0),
            `${kind}, step ${step}`,
          ).toBeLessThan(1_000)
        } else expect(parsed, `${kind}, step ${step}`).toEqual([])
        expectAsFresh(live, text, `${kind}, step ${step}`)
      }
      const settled = text.replace('ends with words\n', 'ends with words and more\n')
      live.render({ text: settled, streaming: true })
      expectAsFresh(live, settled, `${kind}, settled paragraph`)
      live.render({ text: settled, streaming: false })
      expect(renderedHtml(live), kind).toBe(referenceHtml(settled))
      live.unmount()
    }
  })

  it('renders a definition a plain run makes or unmakes in a long list tail', () => {
    // The list renders item by item, with no tree of its own to patch: a run taking ` note` from
    // `[x]: /u note` makes that item a definition, and the paragraph above links through it.
    const items = Array.from({ length: 80 }, (_, i) => `- item ${i} with words`)
    items.splice(40, 0, '- [x]: /u note')
    const plain = `See [x] here.\n\n${items.join('\n')}`
    const defined = plain.replace('/u note', '/u')
    const live = liveMarkdown()
    for (const text of [plain, defined, plain]) {
      live.render({ text, streaming: true })
      expectAsFresh(live, text, text.slice(0, 20))
    }
    expect(live.container.querySelector('p a')).toBeNull()
    live.render({ text: defined, streaming: true })
    expect(live.container.querySelector('p a')?.getAttribute('href')).toBe('/u')
    live.unmount()
  })

  it('renders a long list tail as a fresh render when a word swap makes or unmakes a task item', () => {
    const items = Array.from({ length: 80 }, (_, i) => `- item ${i} with words`)
    items.splice(40, 0, '- [x] done')
    const task = items.join('\n')
    const live = liveMarkdown()
    for (const text of [task, task.replace('[x]', '[y]'), task]) {
      live.render({ text, streaming: true })
      expectAsFresh(live, text, text.slice(0, 20))
    }
    live.unmount()
  })

  it('parses nothing and re-renders only the repainted blocks, keeping every DOM node', () => {
    const live = liveMarkdown()
    live.render({ text: longAnswer, streaming: true })
    let text = longAnswer
    const nodesBefore = [...live.container.querySelectorAll('p, pre, li, h2, a, code, em')]
    for (const [step, word] of ['sketches', 'revises', 'it', 'polishes'].entries()) {
      const work: MarkdownWork[] = []
      setMarkdownWorkListener((item) => work.push(item))
      const next = repaint(text, 7 + step, word)
      const changedParagraphs = next.split('\n\n').filter((block, index) => block !== text.split('\n\n')[index]).length
      text = next
      live.render({ text, streaming: true })
      expect(work.filter((item) => item.kind === 'split-parse')).toEqual([])
      const renders = work.filter((item) => item.kind === 'block-render')
      expect(renders.length).toBe(changedParagraphs)
      expect(renders.every((item) => item.kind === 'block-render' && item.parsed === false)).toBe(true)
    }
    const nodesAfter = [...live.container.querySelectorAll('p, pre, li, h2, a, code, em')]
    expect(nodesAfter.length).toBe(nodesBefore.length)
    expect(nodesAfter.every((node, index) => node === nodesBefore[index])).toBe(true)
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })

  it('renders again, when a definition changes, only the blocks whose brackets may hold its label', () => {
    // Every paragraph has the label's word, one in ten a reference to it: a word in the text is no reference.
    const paragraphs = Array.from({ length: 40 }, (_, i) =>
      i % 10 === 3 ? `Paragraph ${i}: the [size] of npm packages.` : `Paragraph ${i}: the size of [npm] packages.`,
    )
    const document = (url: string) =>
      `${paragraphs.join('\n\n')}\n\n[size]: https://example.com/${url}\n[npm]: https://npmjs.com\n\nThe end`
    const live = liveMarkdown()
    live.render({ text: document('size'), streaming: true })
    const work: MarkdownWork[] = []
    setMarkdownWorkListener((item) => work.push(item))
    live.render({ text: document('bytes'), streaming: true })
    setMarkdownWorkListener(undefined)
    const rendered = work.flatMap((item) => (item.kind === 'block-render' ? [item.blockKey] : []))
    // The four paragraphs citing it (the block of definitions renders nothing: no block render).
    expect(new Set(rendered).size).toBe(4)
    expectAsFresh(live, document('bytes'), 'definition changed')
    live.render({ text: document('bytes'), streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(document('bytes')))
    live.unmount()
  })

  it('repaints blocks that render with link definitions before them without parsing them again', () => {
    // Each paragraph uses a definition (so it renders with it written before its text), and the
    // document defines them at its end; a paragraph whose words change is patched in the tree of that parse.
    const withReferences = `${longAnswer
      .split('\n\n')
      .map((block) => (block.startsWith('The ') ? `${block} See [the guide][guide] and [notes].` : block))
      .join('\n\n')}\n\n[guide]: https://example.com/guide "The guide"\n[notes]: https://example.com/notes\n`
    const live = liveMarkdown()
    live.render({ text: withReferences, streaming: true })
    let text = withReferences
    for (const [step, word] of ['sketches', 'revises', 'polishes'].entries()) {
      const work: MarkdownWork[] = []
      setMarkdownWorkListener((item) => work.push(item))
      text = repaint(text, 5 + step, word)
      live.render({ text, streaming: true })
      const renders = work.filter((item) => item.kind === 'block-render')
      expect(renders.length).toBeGreaterThan(0)
      expect(renders.filter((item) => item.kind === 'block-render' && item.parsed)).toEqual([])
      expect(work.filter((item) => item.kind === 'split-parse')).toEqual([])
      const fresh = liveMarkdown()
      fresh.render({ text, streaming: true })
      expect(currentHtml(live)).toBe(currentHtml(fresh))
      fresh.unmount()
    }
    expect(
      live.container.querySelectorAll('a[href="https://example.com/guide"][title="The guide"]').length,
    ).toBeGreaterThan(1)
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })

  it('patches citation markers in place and parses only the sources list appended after them', () => {
    const live = liveMarkdown()
    live.render({ text: longAnswer, streaming: true })
    const nodesBefore = [...live.container.querySelectorAll('p, pre, li, h2, a, code, em')]
    let marker = 0
    const cited = `${longAnswer.replace(/then refines it\./g, () => `then refines it [${++marker}].`)}\n## Sources\n\n1. [One](https://example.com/1)\n2. [Two](https://example.com/2)\n`
    const work: MarkdownWork[] = []
    setMarkdownWorkListener((item) => work.push(item))
    live.render({ text: cited, streaming: true })
    const parsed = work.filter((item) => item.kind === 'split-parse').reduce((sum, item) => sum + item.chars, 0)
    expect(parsed).toBeGreaterThan(0)
    expect(parsed).toBeLessThan(200)
    expect(work.filter((item) => item.kind === 'block-render' && item.parsed)).toHaveLength(0)
    const nodesAfter = [...live.container.querySelectorAll('p, pre, li, h2, a, code, em')]
    expect(nodesBefore.every((node) => nodesAfter.includes(node))).toBe(true)
    const fresh = liveMarkdown()
    fresh.render({ text: cited, streaming: true })
    expect(currentHtml(live)).toBe(currentHtml(fresh))
    fresh.unmount()
    live.render({ text: cited, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(cited))
    live.unmount()
  })

  it('keeps no trees once the message settles: a later word rewrite parses the changed block', () => {
    const live = liveMarkdown()
    live.render({ text: longAnswer, streaming: true })
    live.render({ text: longAnswer, streaming: false })
    const text = repaint(longAnswer, 1000, 'sketches')
    const parsed = charsParsedBy(() => live.render({ text, streaming: false }))
    // No tree to patch: the changed block is parsed, once, and nothing else is.
    expect(parsed.length).toBe(1)
    expect(parsed[0]).toBeLessThan(300)
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  })
})

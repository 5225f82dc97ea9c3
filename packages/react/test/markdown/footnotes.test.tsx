/**
 * Footnotes are numbered by first reference through the whole document and listed once at its end,
 * but every block renders alone (`footnotes.ts`). Whatever the document, chunking or rewrite, the
 * live render equals react-markdown's render of the whole text; and a change renders again only
 * the blocks whose text or numbering it changed.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { type MarkdownWork, setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { mathSyntax } from '../../src/math'
import {
  canonicalHtml,
  chunksAt,
  freshHtml,
  type LiveMarkdown,
  liveMarkdown,
  referenceHtml,
  renderedHtml,
  streamThrough,
} from './markdown-harness'

let live: LiveMarkdown | undefined
afterEach(() => {
  live?.unmount()
  live = undefined
  setMarkdownWorkListener(undefined)
})

/** References (several labels, case differing, one never defined), definitions (some citing others), containers. */
const fragment = fc.constantFrom(
  ...['a', 'b c', ' word', '\n', '\n\n', '- ', '1. ', '> ', '    ', '# ', '| x | y |', '| - | - |', '**', '`'],
  ...['[^1]', '[^2]', ' [^note]', '[^Note]', '[^missing]', '[^1', '\\[^2]', '`[^1]`', '[x]', '[x]: /u'],
  ...['\n\n[^1]: one', '\n\n[^2]: two, after [^1]', '\n\n[^note]: a note\n\n    more of it', '\n[^2]: again'],
)

const document = fc.array(fragment, { minLength: 1, maxLength: 30 }).map((parts) => parts.join(''))

function expectAsReference(text: string) {
  expect(canonicalHtml(renderedHtml(live!))).toBe(canonicalHtml(referenceHtml(text)))
}

describe('footnotes end as react-markdown renders the whole text', () => {
  it('for random documents streamed in random chunks', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(document, fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 12 }), (text, cuts) => {
        live = liveMarkdown()
        streamThrough(
          live,
          chunksAt(
            text,
            [...cuts].sort((a, b) => a - b),
          ),
        )
        expectAsReference(text)
        live.unmount()
        live = undefined
      }),
      { numRuns: 150, seed: 19 },
    )
  })

  it('at every step of random edits, insertions, deletions and rollbacks of the live render', {
    timeout: 120_000,
  }, () => {
    const step = fc.record({
      at: fc.nat(),
      length: fc.nat({ max: 30 }),
      insert: fc.array(fragment, { maxLength: 3 }).map((parts) => parts.join('')),
    })
    fc.assert(
      fc.property(document, fc.array(step, { minLength: 1, maxLength: 8 }), (start, steps) => {
        live = liveMarkdown()
        let text = start
        live.render({ text, streaming: false })
        expectAsReference(text)
        for (const { at, length, insert } of steps) {
          const from = at % (text.length + 1)
          text = text.slice(0, from) + insert + text.slice(from + length)
          live.render({ text, streaming: false })
          expectAsReference(text)
        }
        live.unmount()
        live = undefined
      }),
      { numRuns: 150, seed: 20 },
    )
  })

  it('while streaming, at every step of rewrites that change several places at once (calls inserted, definitions appended)', {
    timeout: 120_000,
  }, () => {
    // Several splices per step, as a `full` citing sources makes: each changed region is parsed with
    // the labels defined elsewhere in the text, and its blocks render from that parse when those are the document's.
    // More link labels and references than `fragment` has: a step may define one in one place and use it in another.
    const part = fc.oneof(
      fragment,
      fc.constantFrom('[y]', '[Y]', '[a][y]', '*[a*][y]', '*[z*][]', '\n\n[y]: /v', '\n\n[z]: /w "t"', '\n[Y]: /x'),
    )
    const splice = fc.record({
      at: fc.nat(),
      length: fc.nat({ max: 12 }),
      insert: fc.array(part, { maxLength: 2 }).map((parts) => parts.join('')),
    })
    const paragraphs = fc
      .array(fc.array(part, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 12 })
      .map((blocks) => blocks.map((parts) => parts.join('')).join('\n\n'))
    fc.assert(
      fc.property(
        paragraphs,
        fc.array(fc.array(splice, { minLength: 1, maxLength: 4 }), { maxLength: 5 }),
        (start, steps) => {
          live = liveMarkdown()
          let text = start
          live.render({ text, streaming: true })
          for (const splices of steps) {
            // Applied from the end, so each offset reads the text before the step.
            const offsets = splices.map(({ at }) => at % (text.length + 1))
            const order = offsets.map((_, index) => index).sort((a, b) => offsets[b]! - offsets[a]!)
            for (const index of order) {
              const { length, insert } = splices[index]!
              const from = offsets[index]!
              text = text.slice(0, from) + insert + text.slice(from + length)
            }
            live.render({ text, streaming: true })
            expect(renderedHtml(live), JSON.stringify(text)).toBe(freshHtml({ text, streaming: true }))
          }
          live.render({ text, streaming: false })
          expectAsReference(text)
          live.unmount()
          live = undefined
        },
      ),
      { numRuns: 150, seed: 21 },
    )
  })

  it('resolves a link reference inside a footnote to a link definition elsewhere in the document', () => {
    for (const text of [
      'Text[^1].\n\n[^1]: See [the docs][docs] and [docs].\n\n[docs]: https://example.com/docs "Docs"',
      '[^Note]\n\n[^note]: a note\n\n    more of it[x]: /u\n\n[x]: /u',
    ]) {
      live = liveMarkdown()
      streamThrough(live, chunksAt(text, [7, 19, 40, 52]))
      expectAsReference(text)
      expect(
        live.container.querySelector('section a[href^="/u"], section a[href^="https://example.com/docs"]'),
        text,
      ).not.toBeNull()
      live.unmount()
      live = liveMarkdown()
      live.render({ text, streaming: false })
      expectAsReference(text)
      live.unmount()
      live = undefined
    }
  })

  it('numbers repeated, reversed, nested and table references as one render of the whole text does', () => {
    const text = [
      'Second first[^b], then the first[^a] and the second again[^b].',
      '| cell | other |\n| - | - |\n| in a table[^c] | x | beyond the columns[^d] |',
      '> quoted[^a]\n\n- listed[^e]',
      '[^a]: Alpha, which cites [^e] and [^f].',
      '[^b]: Beta.\n\n    A second paragraph of beta.',
      '[^c]: Gamma.',
      '[^d]: Never shown: its only reference is in a cell the table drops.',
      '[^e]: Epsilon.',
      '[^f]: Phi, cited only from a note.',
      '[^A]: A later definition of a label loses.',
    ].join('\n\n')
    live = liveMarkdown()
    live.render({ text, streaming: false })
    expectAsReference(text)
    const references = [...live.container.querySelectorAll('sup a')]
    const [body, list] = [false, true].map((inList) =>
      references.filter((link) => !!link.closest('section') === inList).map((link) => link.textContent),
    )
    expect(body).toEqual(['1', '2', '1', '3', '2', '4'])
    // Alpha's own references, numbered as the list reaches them.
    expect(list).toEqual(['4', '5'])
    const notes = [...live.container.querySelectorAll('section[data-footnotes] li')].map((item) => item.id)
    expect(notes).toEqual(['b', 'a', 'c', 'e', 'f'].map((id) => `user-content-fn-${id}`))
  })
})

describe('with an added syntax', () => {
  it('numbers and lists footnotes through its own processor as the default syntax does', () => {
    const text = `${citedDocument()}\n\n$$\nx^2\n$$\n\nAfter the formula[^s2].`
    const references = () => [...live!.container.querySelectorAll('sup')].map((sup) => sup.outerHTML)
    const list = () => live!.container.querySelector('section[data-footnotes]')?.outerHTML
    live = liveMarkdown()
    live.render({ text, streaming: false })
    const [gfmReferences, gfmList] = [references(), list()]
    live.render({ text, streaming: false, syntax: mathSyntax })
    expect(live.container.querySelector('.katex')).not.toBeNull()
    expect(references()).toEqual(gfmReferences)
    expect(list()).toBe(gfmList)
    // 21 references, and the list's back links to each footnote's second and third reference (`<sup>2</sup>`).
    expect(gfmReferences).toHaveLength(35)
    expect(live.container.querySelectorAll('section[data-footnotes]')).toHaveLength(1)
  })
})

const citedDocument = (marker = '') =>
  Array.from({ length: 60 }, (_, index) =>
    index % 3 === 0 ? `Paragraph ${index} cites a source${marker}[^s${index % 7}].` : `Paragraph ${index} is plain.`,
  ).join('\n\n') +
  '\n\n' +
  Array.from({ length: 7 }, (_, index) => `[^s${index}]: Source ${index}.`).join('\n\n')

describe('a change renders the blocks it changes', () => {
  function countRenders(run: () => void) {
    const rendered: number[] = []
    let parsed = 0
    let split = 0
    setMarkdownWorkListener((work: MarkdownWork) => {
      if (work.kind === 'block-render') rendered.push(work.blockKey)
      if (work.kind === 'footnote-parse') parsed += work.chars
      if (work.kind === 'split-parse') split += work.chars
    })
    run()
    setMarkdownWorkListener(undefined)
    return { rendered, parsed, split }
  }

  it('a document mounted with its footnotes is parsed once: the settled blocks render from the parse that split them', () => {
    const text = citedDocument()
    const { parsed, split } = countRenders(() => {
      live = liveMarkdown()
      live.render({ text, streaming: false })
    })
    expectAsReference(text)
    expect(split).toBe(text.length)
    // Only the unsettled tail, the last two definitions (the last line has no line ending, so the
    // block before it has not settled either), is parsed again, with its stubs: 59 of 1,774 characters.
    expect(parsed).toBeLessThan(60)
  })

  it('a word edited in a plain paragraph renders that paragraph alone and keeps every other element', () => {
    const text = citedDocument()
    live = liveMarkdown()
    live.render({ text, streaming: false })
    const paragraphs = [...live.container.querySelectorAll('p')]
    const edited = text.replace('Paragraph 31 is plain.', 'Paragraph 31 is edited.')
    const { rendered, parsed } = countRenders(() => live!.render({ text: edited, streaming: false }))
    expect(rendered).toHaveLength(1)
    expect(parsed).toBe(0)
    expectAsReference(edited)
    const after = [...live.container.querySelectorAll('p')]
    expect(after.filter((paragraph, index) => paragraph !== paragraphs[index])).toHaveLength(0)
    expect(after[31]?.textContent).toBe('Paragraph 31 is edited.')
  })

  it('a reference inserted near the top renders again only the blocks whose numbers it moved', () => {
    const text = citedDocument()
    live = liveMarkdown()
    live.render({ text, streaming: false })
    const paragraphs = [...live.container.querySelectorAll('p')]
    // Paragraph 6 was the first to cite s6 (footnote 3, after s0 and s3); now paragraph 1 is.
    const edited = text.replace('Paragraph 1 is plain.', 'Paragraph 1 is plain[^s6].')
    const { rendered, parsed } = countRenders(() => live!.render({ text: edited, streaming: false }))
    expectAsReference(edited)
    // The edited paragraph, those citing s3 (now 3) and those citing s6 (now 2, each reference's
    // count one higher); every other citing paragraph keeps its numbers, and the plain ones too.
    expect([...rendered].sort((a, b) => a - b)).toEqual([1, 3, 6, 24, 27, 45, 48])
    expect(parsed).toBeLessThan(100)
    const after = [...live.container.querySelectorAll('p')]
    expect(after.filter((paragraph, index) => paragraph !== paragraphs[index]).length).toBeLessThanOrEqual(7)
    expect(after[2]).toBe(paragraphs[2])
    const numbers = [...live.container.querySelectorAll('p sup a')].slice(0, 4).map((link) => link.textContent)
    expect(numbers).toEqual(['1', '2', '3', '2'])
  })

  it('definitions streamed one per line, with no blank line between them, are parsed a few lines at a time', {
    timeout: 120_000,
  }, () => {
    // An answer's sources as GFM footnotes: each definition interrupts the paragraph text of the one
    // before, so once its first line is complete it is a block of its own, and only the tail is parsed.
    let text = ''
    for (let index = 1; index <= 120; index++) text += `Paragraph ${index} cites a source[^n${index}].\n\n`
    for (let index = 1; index <= 120; index++) text += `[^n${index}]: Source ${index}, https://example.com/${index}\n`
    live = liveMarkdown()
    const cuts = Array.from({ length: Math.ceil(text.length / 20) }, (_, index) => (index + 1) * 20)
    const { split, parsed } = countRenders(() => streamThrough(live!, chunksAt(text, cuts)))
    expectAsReference(text)
    // Each chunk parses the unsettled tail, a line or two (with its stubs), not the run of
    // definitions so far: 3.3 and 5.3 times the text here, against 70 and 17 times when the run
    // was one block (and growing with the number of definitions).
    expect(split).toBeLessThan(4 * text.length)
    expect(parsed).toBeLessThan(8 * text.length)
    expect(live.container.querySelectorAll('section li')).toHaveLength(120)
  })

  it('footnotes inserted through the text with their definitions appended (a `full` citing sources) parse the cited paragraphs once', () => {
    // Reference links defined at the top; code quoting footnote syntax (`[^x]:` that defines nothing).
    const paragraph = (index: number) =>
      index % 4 === 1
        ? `Paragraph ${index} links to [the guide][guide] and [the API][api] in a sentence that goes on for a while.`
        : `Paragraph ${index} is plain prose that goes on for a while, long enough to be a real paragraph.`
    const code = '```markdown\nA call[^x] and [^1].\n\n[^x]: its definition\n```'
    const body = Array.from({ length: 60 }, (_, index) => (index === 30 ? code : paragraph(index)))
    const draft = `[guide]: https://example.com/guide\n[api]: https://example.com/api\n\n${body.join('\n\n')}\n`
    const cited = [9, 22, 37, 50]
    const final = `[guide]: https://example.com/guide\n[api]: https://example.com/api\n\n${body
      .map((text, index) => (cited.includes(index) ? text.replace(/\.$/, `[^c${index}].`) : text))
      .join(
        '\n\n',
      )}\n\n${cited.map((index) => `[^c${index}]: Source ${index}, https://example.com/${index}`).join('\n\n')}\n`
    const changed =
      cited.map((index) => paragraph(index).length + 6).reduce((sum, length) => sum + length, 0) + cited.length * 40
    live = liveMarkdown()
    live.render({ text: draft, streaming: true })
    for (const [from, to] of [
      [draft, final],
      [final, draft],
      [draft, final],
    ] as const) {
      const { split, parsed } = countRenders(() => live!.render({ text: to, streaming: true }))
      expectAsReference(to)
      if (to === final) {
        expect(live.container.querySelectorAll('p sup a')).toHaveLength(4)
        expect(live.container.querySelectorAll('a[href="https://example.com/guide"]')).toHaveLength(15)
        // The cited paragraphs and the definitions, once: each footnote render takes the splitter's
        // tree (parsed with the document's link labels and footnote labels defined), whether the
        // paragraph also uses a link definition or not: 1.26 and 1.15 times the changed text (the
        // first time also the code block quoting footnotes), 2.4 times when each was parsed again.
        expect(split + parsed, `from ${from.length} characters`).toBeLessThan(1.3 * changed)
      }
    }
  })

  it('streaming a paragraph after the definitions parses only the tail', () => {
    const text = `${citedDocument()}\n\nA closing paragraph that keeps growing`
    live = liveMarkdown()
    live.render({ text, streaming: true })
    const { rendered, parsed } = countRenders(() => {
      for (const word of [' with', ' more', ' words', ' citing[^s1]', ' again.']) {
        live!.render({ text: text + word, streaming: true })
      }
    })
    expect(new Set(rendered).size).toBeLessThanOrEqual(2)
    expect(parsed).toBeLessThan(1_000)
    live.render({ text: `${text} with more words citing[^s1] again.`, streaming: false })
    expectAsReference(`${text} with more words citing[^s1] again.`)
  })
})

describe('components given their node', () => {
  it('get the positions of a fresh render at every step, whichever parse made the tree', () => {
    const at = (node: { position?: { start: { line: number; offset?: number } } } | undefined) =>
      `${node?.position?.start.line}:${node?.position?.start.offset}`
    const components = {
      p: ({ node, ...props }: { node?: Parameters<typeof at>[0] }) => <p data-at={at(node)} {...props} />,
    }
    const markdown = 'Intro with a call[^n].\n\n> quoted[^n]\n> more\n\n[^n]: the note\n\nAfter it, [^m] and text.\n'
    live = liveMarkdown()
    for (let end = 1; end <= markdown.length; end++) {
      const text = markdown.slice(0, end)
      live.render({ text, streaming: true, components })
      expect(renderedHtml(live), JSON.stringify(text)).toBe(freshHtml({ text, streaming: true, components }))
    }
  })
})

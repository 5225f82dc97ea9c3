/**
 * Cost per chunk is independent of the message length, proven with deterministic counters (characters
 * parsed by the splitter, characters handed to react-markdown) rather than timing: a 200 KB document
 * streamed in chunks costs as much per chunk at its end as at its start.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import type { SplitState } from '../../src/markdown/split-state'
import { canonicalHtml, type LiveMarkdown, liveMarkdown, referenceHtml, renderedHtml } from './markdown-harness'

/** A deterministic 200 KB document cycling through every kind of block (no definitions). */
function longDocument(size: number): string {
  const sections = [
    (n: number) =>
      `## Section ${n}\n\nParagraph ${n} with **strong**, *emphasis*, \`code\` and a [link](https://example.com/${n}).\n\n`,
    (n: number) => `- item ${n}\n- item ${n + 1}\n  - nested\n\n- loose item\n\n`,
    (n: number) => `\`\`\`ts\nconst value${n} = ${n}\n\nconsole.log(value${n})\n\`\`\`\n\n`,
    (n: number) => `| col a | col b |\n| --- | --- |\n| ${n} | ${n * 2} |\n| x | y |\n\n`,
    (n: number) => `> quoted ${n}\n> continues\n\n    indented code ${n}\n\n`,
    (n: number) => `Setext ${n}\n---\n\n<div>\nhtml ${n}\n</div>\n\n`,
  ]
  let text = ''
  for (let n = 0; text.length < size; n++) text += sections[n % sections.length]!(n)
  return text
}

/** `longDocument` with a link reference definition first and every section's link a reference to it. */
function documentWithDefinition(size: number): string {
  return `[docs]: https://example.com/docs "Docs"\n\n${longDocument(size).replaceAll('[link](https://example.com/', '[link][docs] (')}`
}

interface ChunkWork {
  parsed: number
  rendered: number
}

/** Stream `text` in chunks through `apply`, counting the work done for each chunk. */
function countWork(text: string, chunkSize: number, apply: (prefix: string) => void): ChunkWork[] {
  const perChunk: ChunkWork[] = []
  let current: ChunkWork = { parsed: 0, rendered: 0 }
  setMarkdownWorkListener((work) => {
    if (work.kind === 'split-parse') current.parsed += work.chars
    else if (work.kind === 'block-render') current.rendered += work.chars
  })
  for (let end = chunkSize; end < text.length + chunkSize; end += chunkSize) {
    current = { parsed: 0, rendered: 0 }
    apply(text.slice(0, end))
    perChunk.push(current)
  }
  return perChunk
}

const worst = (chunks: readonly ChunkWork[], key: keyof ChunkWork) =>
  chunks.reduce((max, work) => Math.max(max, work[key]), 0)

/** Longest section of `longDocument`: the most a settled block can hold back the tail. */
const longestSection = 120

let live: LiveMarkdown | undefined
afterEach(() => {
  live?.unmount()
  live = undefined
  setMarkdownWorkListener(undefined)
})

describe('work per chunk', () => {
  it('splitting a 200 KB document parses a bounded amount per chunk, independent of position', {
    timeout: 30_000,
  }, () => {
    const text = longDocument(200_000)
    expect(text.length).toBeGreaterThanOrEqual(200_000)
    const chunkSize = 1000
    let state: SplitState | undefined
    const perChunk = countWork(text, chunkSize, (prefix) => {
      state = advanceSplit(state, prefix)
    })
    const tenth = Math.floor(perChunk.length / 10)
    // A chunk parses at most the unsettled tail plus the chunk itself.
    expect(worst(perChunk, 'parsed')).toBeLessThanOrEqual(chunkSize + 2 * longestSection)
    // The last tenth of the stream costs no more than the first tenth (up to how chunks fall on blocks).
    expect(worst(perChunk.slice(-tenth), 'parsed')).toBeLessThanOrEqual(
      worst(perChunk.slice(0, tenth), 'parsed') + longestSection,
    )
    // Every character is parsed a bounded number of times, not once per chunk.
    const total = perChunk.reduce((sum, work) => sum + work.parsed, 0)
    expect(total / text.length).toBeLessThan(1.5)
    expect(state?.settledCount).toBeGreaterThan(2000)
  })

  it('a block right under paragraph text settles apart from it once its first line is complete', () => {
    // Headings, fences, quotes, lists, HTML and footnote definitions interrupt paragraph text by their
    // first line: while that line is the last, it may still turn out to continue the paragraph.
    for (const [first, second] of [
      ['Paragraph text', '# A heading'],
      ['- item text', '> a quote'],
      ['[^1]: first source', '[^2]: second source'],
      ['Paragraph text', '```js'],
      ['> quoted text', '- a list item'],
    ] as const) {
      const typing = advanceSplit(undefined, `${first}\n${second}`)
      expect(typing.settledCount, first).toBe(0)
      expect(typing.tail.map((block) => block.text)).toEqual([`${first}\n${second}`])
      const ended = advanceSplit(typing, `${first}\n${second}\nmore`)
      expect({ ...ended, extended: undefined }, first).toEqual(advanceSplit(undefined, `${first}\n${second}\nmore`))
      expect(ended.settledCount, first).toBe(1)
    }
    // A table needs its second line too: its header row alone may still be paragraph text.
    const table = advanceSplit(undefined, 'Paragraph text\n| a | b |\n| - | - |\n| c |')
    expect(table.settledCount).toBe(0)
  })

  it('a list or quote right under paragraph text whose first line opens another block stays with it', () => {
    // micromark checks the nested block in interrupt mode too (an empty list item cannot interrupt a
    // paragraph): alone, the node would parse differently.
    for (const chunks of [
      ['| - | - |', '\n', '- ', '- ', '\n\n', '- '],
      ['Text', '\n> - ', '\n', '\nafter'],
      ['Text', '\n[^1]: - ', '\n', 'more'],
    ]) {
      live = liveMarkdown()
      let text = ''
      for (const chunk of chunks) {
        text += chunk
        live.render({ text, streaming: true })
      }
      live.render({ text, streaming: false })
      expect(canonicalHtml(renderedHtml(live)), text).toBe(canonicalHtml(referenceHtml(text)))
      live.unmount()
      live = undefined
    }
  })

  it('a list right under paragraph text whose item opens with an ordered list not at 1 stays with it', () => {
    // In interrupt mode a nested ordered list must start at 1: `3. a` is that item's text, a list alone.
    for (const text of ['Text\n1. 3. a\n4. b', 'Text\n- 4) word\n5) a', '1) a\n\n  text\n2) b\n- 4) c']) {
      const finished = liveMarkdown()
      finished.render({ text, streaming: false })
      expect(renderedHtml(finished), text).toBe(referenceHtml(text))
      finished.unmount()
      live = liveMarkdown()
      for (let end = 1; end <= text.length; end++) live.render({ text: text.slice(0, end), streaming: true })
      live.render({ text, streaming: false })
      expect(renderedHtml(live), text).toBe(referenceHtml(text))
      live.unmount()
      live = undefined
    }
  })

  it('the component renders only the tail per chunk and still ends exactly as react-markdown', {
    timeout: 30_000,
  }, () => {
    const text = longDocument(10_000)
    const chunkSize = 250
    const mounted = liveMarkdown()
    live = mounted
    const perChunk = countWork(text, chunkSize, (prefix) => mounted.render({ text: prefix, streaming: true }))
    const tenth = Math.floor(perChunk.length / 10)
    expect(worst(perChunk, 'rendered')).toBeLessThanOrEqual(chunkSize + 2 * longestSection)
    expect(worst(perChunk.slice(-tenth), 'rendered')).toBeLessThanOrEqual(
      worst(perChunk.slice(0, tenth), 'rendered') + longestSection,
    )
    mounted.render({ text, streaming: false })
    expect(canonicalHtml(renderedHtml(mounted))).toBe(canonicalHtml(referenceHtml(text)))
  })

  it('a document with a link definition early on renders as little per chunk as one without', {
    timeout: 60_000,
  }, () => {
    const text = documentWithDefinition(200_000)
    const chunkSize = 2000
    const mounted = liveMarkdown()
    live = mounted
    const perChunk = countWork(text, chunkSize, (prefix) => mounted.render({ text: prefix, streaming: true }))
    const tenth = Math.floor(perChunk.length / 10)
    // The chunk's new blocks and the tail, each block that references the definition rendered with
    // the definition's line (43 characters) written before it: a small fraction more.
    expect(worst(perChunk, 'rendered')).toBeLessThanOrEqual(1.25 * (chunkSize + 2 * longestSection))
    const total = perChunk.reduce((sum, work) => sum + work.rendered, 0)
    expect(total / text.length).toBeLessThan(1.5)
    expect(worst(perChunk.slice(-tenth), 'rendered')).toBeLessThanOrEqual(
      worst(perChunk.slice(0, tenth), 'rendered') + longestSection,
    )
    expect(worst(perChunk, 'parsed')).toBeLessThanOrEqual(chunkSize + 2 * longestSection)
    // Every reference resolved (equivalence with react-markdown is the random-document tests' job).
    mounted.render({ text, streaming: false })
    const references = text.split('[link][docs]').length - 1
    expect(references).toBeGreaterThan(500)
    expect(mounted.container.querySelectorAll('a[title="Docs"]')).toHaveLength(references)
  })

  it('a definition arriving late re-renders only the blocks that reference it', () => {
    const body = longDocument(10_000)
    const text = `${body.replace('Paragraph 6 ', 'Paragraph 6 [late] ')}[late]: /late\n`
    const mounted = liveMarkdown()
    live = mounted
    mounted.render({ text: body.replace('Paragraph 6 ', 'Paragraph 6 [late] '), streaming: true })
    const renderedBlocks: number[] = []
    let renderedChars = 0
    setMarkdownWorkListener((work) => {
      if (work.kind !== 'block-render') return
      renderedBlocks.push(work.blockKey)
      renderedChars += work.chars
    })
    mounted.render({ text, streaming: false })
    const referencing = [...mounted.container.querySelectorAll('a[href="/late"]')]
    expect(referencing.map((link) => link.textContent)).toEqual(['late'])
    // The referencing block, and the tail (the previous last block and the definition's).
    expect(renderedBlocks.length).toBeLessThanOrEqual(3)
    expect(renderedChars).toBeLessThanOrEqual(3 * longestSection)
    expect(canonicalHtml(renderedHtml(mounted))).toBe(canonicalHtml(referenceHtml(text)))
  })
})

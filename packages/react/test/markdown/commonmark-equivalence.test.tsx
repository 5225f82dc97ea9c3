/**
 * The final streamed render equals react-markdown's render of the whole text, for every CommonMark
 * spec example and a set of GFM examples, whatever the chunking. The splitter is driven chunk by
 * chunk and the result rendered with `renderToStaticMarkup`; a smaller live-root pass drives the real
 * component (with its internal state) through random chunkings.
 */
import { tests as commonmarkExamples } from 'commonmark-spec'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { gfmExamples } from './gfm-examples'
import {
  canonicalHtml,
  chunksAt,
  liveMarkdown,
  referenceHtml,
  splitStates,
  staticReferenceHtml,
  staticSplitHtml,
  streamThrough,
} from './markdown-harness'

const examples = [
  ...commonmarkExamples.map((example) => ({
    name: `CommonMark #${example.number} (${example.section})`,
    markdown: example.markdown,
  })),
  ...gfmExamples,
]

function cutsArbitrary(length: number) {
  return fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(1, length - 1) }), { maxLength: 8 })
    .map((cuts) => cuts.sort((a, b) => a - b))
}

function finalStaticHtml(chunks: readonly string[]): string {
  const states = splitStates(chunks)
  return staticSplitHtml(states[states.length - 1]!)
}

describe('final streamed render equals react-markdown on the whole text', () => {
  it('covers every CommonMark spec example', () => {
    expect(commonmarkExamples.length).toBe(652)
  })

  it.each(examples.map((example) => [example.name, example.markdown] as const))('%s', (_name, markdown) => {
    const expected = staticReferenceHtml(markdown)
    fc.assert(
      fc.property(cutsArbitrary(markdown.length), (cuts) => finalStaticHtml(chunksAt(markdown, cuts)) === expected),
      { numRuns: 2, seed: 4 },
    )
  })
})

describe('streamed one character at a time', () => {
  // The splitter gets a chance to settle at every offset of the longer, mixed documents.
  it.each(gfmExamples.map((example) => [example.name, example.markdown] as const))('%s', (_name, markdown) => {
    expect(finalStaticHtml([...markdown])).toBe(staticReferenceHtml(markdown))
  })
})

describe('the live component, streamed then finished, equals react-markdown', () => {
  it('for random examples and random chunkings', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: examples.length - 1 })
          .chain((index) => cutsArbitrary(examples[index]!.markdown.length).map((cuts) => ({ index, cuts }))),
        ({ index, cuts }) => {
          const markdown = examples[index]!.markdown
          const live = liveMarkdown()
          try {
            const streamed = streamThrough(live, chunksAt(markdown, cuts))
            expect(canonicalHtml(streamed)).toBe(canonicalHtml(referenceHtml(markdown)))
          } finally {
            live.unmount()
          }
        },
      ),
      { numRuns: 40, seed: 7 },
    )
  })
})

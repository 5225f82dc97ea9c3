/**
 * A tail block that a blank line ends whatever follows (a top-level paragraph, table, HTML block of
 * kind 6 or closed fence) is kept as it is once a blank line follows it, and only what comes after is
 * parsed (`blankLineEnded`): wherever that path applies, its state must be the one a parse gives, and
 * the stream must render as a fresh render of each step does.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { advanceSplit, blankLineEnded } from '../../src/markdown/block-splitter'
import { setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import type { Components } from '../../src/markdown/markdown-pipeline'
import { splitFrom } from '../../src/markdown/split-region'
import { type SplitState, settledBlocks } from '../../src/markdown/split-state'
import { exampleDocuments } from './example-documents'
import {
  charsParsedBy,
  chunksAt,
  liveMarkdown,
  positionLabel,
  splitObservable,
  streamChecked,
} from './markdown-harness'

/**
 * Streams `markdown` to each end in turn as `advanceSplit` does, and wherever `blankLineEnded` takes
 * the step, checks its state against a parse of the unsettled region and a fresh split; returns how
 * often it took a step.
 */
function streamComparing(markdown: string, ends: readonly number[]): number {
  let applied = 0
  let state: SplitState | undefined
  for (const end of ends) {
    const text = markdown.slice(0, end)
    const ended = state && text !== state.text && text.startsWith(state.text) && blankLineEnded(state, text)
    if (ended) {
      applied++
      expect(splitObservable(ended), JSON.stringify(text)).toEqual(splitObservable(splitFrom(state, text)))
      expect(splitObservable(ended), JSON.stringify(text)).toEqual(splitObservable(splitFrom(undefined, text)))
      const keys = [...settledBlocks(ended), ...ended.tail].map((block) => block.key)
      expect(new Set(keys).size, JSON.stringify(text)).toBe(keys.length)
    }
    state = advanceSplit(state, text)
  }
  return applied
}

const everyCharacter = (markdown: string) => Array.from({ length: markdown.length }, (_, i) => i + 1)

/** Blocks a blank line ends, blocks it does not, and lines that may or may not start a block after it. */
const block = fc.constantFrom(
  'A paragraph with *emphasis*',
  'Two lines\nof a paragraph',
  '[label]: /url',
  '[^note]: a footnote',
  'A reference [label] and a call[^note]',
  '| a | b |\n| - | - |\n| 1 | 2 |',
  '| a |\n| :-: |',
  '```js\nconst x = 1\n```',
  '```\ncode\n``` \t',
  'A paragraph and spaces  ',
  '| a |\n| - |\n| 1 | \t',
  '~~~~\ncode\n~~~',
  '```\nopen fence',
  '  ```\nindented fence\n  ```',
  '<div>\n<p>html</p>',
  '<DIV class="x">',
  '<custom-tag>',
  '<!-- a comment',
  '<pre>\ncode',
  '    indented code',
  '# A heading',
  'Setext\n===',
  '---',
  '> a quote',
  '- an item',
  '1. an item',
  '2. an item',
  '    ',
  'after',
)

const separator = fc.constantFrom(
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  '\n\n\n',
  '\n  \n',
  '\n\t\n',
  '\r\n\r\n',
  '\r\r',
  '\n\r\n',
  '\r\n\n',
  ' \n \n',
)

const blankLineDocument = fc
  .tuple(fc.array(fc.tuple(block, separator), { minLength: 1, maxLength: 6 }), fc.constantFrom('', '\n', 'tail'))
  .map(([parts, end]) => parts.map(([text, gap]) => text + gap).join('') + end)

/**
 * Overrides that write where their node starts and ends, so a kept tree whose positions are wrong shows. (Not
 * `table`: a table streamed by rows gives its element the position of an earlier parse, before this path too.)
 */
const positionsShown: Components = {
  p: ({ node, ...props }) => <p data-at={positionLabel(node)} {...props} />,
  pre: ({ node, ...props }) => <pre data-at={positionLabel(node)} {...props} />,
  h1: ({ node, ...props }) => <h1 data-at={positionLabel(node)} {...props} />,
}

describe('a block a blank line ended', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  it('is kept exactly as a parse gives it, at every character of every example', { timeout: 120_000 }, () => {
    let applied = 0
    for (const markdown of exampleDocuments) applied += streamComparing(markdown, everyCharacter(markdown))
    expect(applied).toBeGreaterThan(1_200)
  })

  it('is kept exactly as a parse gives it, in random documents and chunkings', { timeout: 120_000 }, () => {
    let applied = 0
    fc.assert(
      fc.property(blankLineDocument, fc.array(fc.nat(), { maxLength: 30 }), (markdown, cuts) => {
        const ends = [...new Set(cuts.map((cut) => cut % (markdown.length + 1)))].sort((a, b) => a - b)
        applied += streamComparing(markdown, [...ends, markdown.length])
        applied += streamComparing(markdown, everyCharacter(markdown))
      }),
      { numRuns: 400, seed: 36 },
    )
    expect(applied).toBeGreaterThan(2_500)
  })

  it('renders every step as a fresh render does, in random documents and chunkings', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        blankLineDocument,
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (markdown, sizes, withPositions) => {
          streamChecked(markdown, sizes, withPositions ? positionsShown : undefined)
        },
      ),
      { numRuns: 120, seed: 36 },
    )
  })

  it('is parsed when a chunk adds spaces to its last line before the blank line: its node ends later', () => {
    for (const size of [1, 2, 3, 4, 5, 7]) {
      streamChecked('```\n``` \t\n\n- item\n', [size], positionsShown)
      streamChecked('Para ends here \t\n\nNext paragraph\n', [size], positionsShown)
    }
  })

  it.each([
    [
      'a table',
      `| name | note |\n| --- | --- |\n${Array.from({ length: 200 }, (_, i) => `| row ${i} | some words |`).join('\n')}`,
    ],
    ['a paragraph', Array.from({ length: 120 }, (_, i) => `Line ${i} of a *long* paragraph with \`code\`.`).join('\n')],
    [
      'a closed fence',
      `\`\`\`js\n${Array.from({ length: 200 }, (_, i) => `const x${i} = value(${i})`).join('\n')}\n\`\`\``,
    ],
  ])('is not parsed again as the blocks after %s stream in', (_, long) => {
    const live = liveMarkdown()
    let text = `Intro.\n\n${long}\n`
    live.render({ text, streaming: true })
    const after = '\nThe next paragraph, streamed a few characters at a time.\n\n## A heading\n\nThe end.\n'
    // The blank line alone first, then a few characters at a time.
    for (const chunk of chunksAt(
      after,
      Array.from({ length: after.length }, (_, i) => 1 + i * 5),
    )) {
      text += chunk
      const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
      // The blocks after it, each at most whole: never the long block.
      expect(
        parsed.filter((chars) => chars > after.length),
        JSON.stringify(text.slice(-40)),
      ).toEqual([])
    }
    live.unmount()
  })
})

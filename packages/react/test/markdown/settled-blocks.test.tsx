/**
 * The streaming render is already the final render for everything settled: at every prefix, the HTML
 * of the settled blocks is exactly the start of the final HTML, and a settled block's source never
 * changes afterwards.
 */
import { describe, expect, it } from 'vitest'
import { type SplitState, settledBlocks } from '../../src/markdown/split-state'
import { gfmExamples } from './gfm-examples'
import { liveMarkdown, referenceHtml, renderedHtml, splitStates, staticSplitHtml } from './markdown-harness'

const documents = gfmExamples.filter((example) =>
  [
    'mixed document',
    'loose list across blank lines',
    'html block kinds',
    'CRLF line endings',
    'CR line endings',
  ].includes(example.name),
)

const settledSources = (state: SplitState) => settledBlocks(state).map((block) => block.text)

describe('settled blocks render as they will finally render', () => {
  it.each(documents.map((example) => [example.name, example.markdown] as const))('%s', (_name, markdown) => {
    const states = splitStates([...markdown])
    const finalState = states[states.length - 1]!
    const finalHtml = staticSplitHtml(finalState)
    const finalBlocks = [...settledSources(finalState), ...finalState.tail.map((block) => block.text)]
    expect(finalBlocks.join('')).toBe(markdown)
    let settledSeen = 0
    for (const state of states) {
      const settled = settledSources(state)
      expect(settled).toEqual(finalBlocks.slice(0, settled.length))
      if (settled.length === settledSeen) continue
      settledSeen = settled.length
      const settledHtml = staticSplitHtml({ ...state, tail: [], tailLeaf: undefined }, true).replace(/<\/div>$/, '')
      expect(finalHtml.startsWith(settledHtml), `after ${JSON.stringify(state.text)}`).toBe(true)
    }
    expect(settledSeen).toBeGreaterThan(0)
  })
})

describe('a block right after a block quote', () => {
  it('is not split from it: indented lines after a quote parse differently alone', () => {
    const text = ' >    # Foo\n    > bar\n    > baz\n'
    const live = liveMarkdown()
    live.render({ text, streaming: true })
    live.render({ text, streaming: false })
    // The whole text has two code blocks after the quote; parsed alone, those lines are one.
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    expect(live.container.querySelectorAll('pre')).toHaveLength(2)
    live.unmount()
  })
})

/**
 * The splitter's shortcut (`growWithinLine`: text that only lengthens a decided last line is not
 * parsed) must give exactly what parsing gives. At every character of every CommonMark spec example
 * and GFM example, wherever the shortcut applies — including after earlier shortcuts — its state
 * equals the state from parsing the unsettled region again.
 */
import { tests as commonmarkExamples } from 'commonmark-spec'
import { afterEach, describe, expect, it } from 'vitest'
import { growWithinLine, type SplitState, splitFrom } from '../../src/markdown/block-splitter'
import { setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { gfmExamples } from './gfm-examples'

const documents = [...commonmarkExamples.map((example) => example.markdown), ...gfmExamples.map((e) => e.markdown)]

/** Everything a render depends on. */
function observable(state: SplitState) {
  return {
    settledEnd: state.settledEnd,
    settledCount: state.settledCount,
    tail: state.tail,
    tailLeaf: state.tailLeaf,
    definitions: state.definitions.list,
    hasDefinitions: state.hasDefinitions,
    hasFootnoteDefinitions: state.hasFootnoteDefinitions,
  }
}

describe('growWithinLine', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  it('equals a parse wherever it applies, character by character through every example', () => {
    let applied = 0
    for (const markdown of documents) {
      let state: SplitState | undefined
      for (let end = 1; end <= markdown.length; end++) {
        const text = markdown.slice(0, end)
        const grown = state && growWithinLine(state, text)
        const parsed = splitFrom(state, text)
        if (grown) {
          applied++
          expect(observable(grown), JSON.stringify(text)).toEqual(observable(parsed))
        }
        state = grown ?? parsed
      }
    }
    // Paragraph text, headings and code lines: most characters of the examples.
    expect(applied).toBeGreaterThan(2_000)
  })

  it('leaves a token-by-token paragraph unparsed until a line ends', () => {
    const parsed: number[] = []
    setMarkdownWorkListener((work) => {
      if (work.kind === 'split-parse') parsed.push(work.chars)
    })
    const tokens = 'Streaming one token at a time, a paragraph is parsed only when a line ends.\nNext line'.split(
      /(?= )/,
    )
    let state: SplitState | undefined
    let text = ''
    let parses = 0
    for (const token of tokens) {
      text += token
      const grown = state && growWithinLine(state, text)
      state = grown ?? splitFrom(state, text)
      if (!grown) parses++
    }
    // The first token, and the token holding the line ending; every other token grows a decided line.
    expect(parses).toBe(2)
    expect(parsed).toHaveLength(2)
    expect(state?.tail.map((block) => block.text).join('')).toBe(text)
  })
})

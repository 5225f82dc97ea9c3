/**
 * With the math syntax, a streamed message ends exactly as react-markdown renders the whole text with
 * remark-gfm, remark-math and rehype-katex (the same KaTeX options), for random chunkings and one
 * character at a time; and while it streams, no formula renders before it is complete.
 */
import fc from 'fast-check'
import { renderToStaticMarkup } from 'react-dom/server'
import Markdown from 'react-markdown'
import rehypeKatex from 'rehype-katex'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import { describe, expect, it } from 'vitest'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { markdownOptions } from '../../src/markdown/render-options'
import { SplitMarkdown } from '../../src/markdown/StreamingMarkdown'
import type { SplitState } from '../../src/markdown/split-state'
import { createMathSyntax, safeKatexOptions } from '../../src/math'
import { chunksAt, referenceElementAttributes } from '../markdown/markdown-harness'
import { bracketDocuments, mathDocuments } from './math-documents'

const syntaxes = [
  { singleDollarTextMath: false, syntax: createMathSyntax() },
  { singleDollarTextMath: true, syntax: createMathSyntax({ singleDollarTextMath: true }) },
]

function referenceHtml(text: string, singleDollarTextMath: boolean): string {
  const options = markdownOptions({ components: undefined, highlight: undefined })
  return renderToStaticMarkup(
    <div>
      <Markdown
        components={options.components}
        urlTransform={options.urlTransform}
        remarkPlugins={[remarkGfm, [remarkMath, { singleDollarTextMath }]]}
        rehypePlugins={[[rehypeKatex, safeKatexOptions], referenceElementAttributes]}
      >
        {text}
      </Markdown>
    </div>,
  )
}

function splitHtml(state: SplitState, streaming: boolean): string {
  const options = markdownOptions({ components: undefined, highlight: undefined, syntax: state.syntax })
  const html = renderToStaticMarkup(
    <div>
      <SplitMarkdown split={state} streaming={streaming} options={options} />
    </div>,
  )
  return html.replaceAll(
    /<div data-palimpsest-block-page=""(?: style="isolation:isolate")?>|<\/div>(?=<div data-palimpsest-block-page|<\/div>$)/g,
    '',
  )
}

function streamed(chunks: readonly string[], syntax: SplitState['syntax']): { states: SplitState[]; text: string } {
  const states: SplitState[] = []
  let state: SplitState | undefined
  let text = ''
  for (const chunk of chunks) {
    text += chunk
    state = advanceSplit(state, text, syntax)
    states.push(state)
  }
  return { states, text }
}

describe.each(syntaxes)('math (singleDollarTextMath: $singleDollarTextMath)', ({ singleDollarTextMath, syntax }) => {
  it.each(mathDocuments)('ends as react-markdown with remark-math and rehype-katex: %#', (document) => {
    const expected = referenceHtml(document, singleDollarTextMath)
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(document.length), { maxLength: 24 }), (cuts) => {
        const { states } = streamed(
          chunksAt(
            document,
            [...cuts].sort((a, b) => a - b),
          ),
          syntax,
        )
        expect(splitHtml(states[states.length - 1]!, false)).toBe(expected)
      }),
      { numRuns: 15 },
    )
  })

  it.each(mathDocuments)('never renders a formula that later changes or goes away: %#', (document) => {
    const { states } = streamed([...document], syntax)
    const finalFormulas = formulaSources(referenceHtml(document, singleDollarTextMath))
    for (const state of states) {
      const shown = formulaSources(splitHtml(state, true))
      // Every formula on screen is one the final render has, in order.
      expect(isSubsequence(shown, finalFormulas), `at ${JSON.stringify(state.text.slice(-40))}`).toBe(true)
    }
  })
})

describe.each(syntaxes)(
  '\\[…\\] math (singleDollarTextMath: $singleDollarTextMath)',
  ({ singleDollarTextMath, syntax }) => {
    /** The dollar twin as this syntax reads it: `\( … \)` is `$ … $` only with single-dollar math. */
    const twin = (dollars: string) =>
      singleDollarTextMath
        ? dollars.replaceAll(/`[^`]*`|\\[()]/g, (match) => (match[0] === '`' ? match : '$'))
        : dollars

    it.each(bracketDocuments)('ends as the same answer written with dollars: %#', (brackets, dollars) => {
      const expected = referenceHtml(twin(dollars), singleDollarTextMath)
      // Only the answer of code and escapes has no formula.
      expect(formulaSources(expected).length > 0).toBe(brackets !== dollars)
      fc.assert(
        fc.property(fc.uniqueArray(fc.nat(brackets.length), { maxLength: 24 }), (cuts) => {
          const { states } = streamed(
            chunksAt(
              brackets,
              [...cuts].sort((a, b) => a - b),
            ),
            syntax,
          )
          expect(splitHtml(states[states.length - 1]!, false)).toBe(expected)
        }),
        { numRuns: 15 },
      )
    })

    it.each(bracketDocuments)('never renders a formula that later changes or goes away: %#', (brackets, dollars) => {
      const { states } = streamed([...brackets], syntax)
      const finalFormulas = formulaSources(referenceHtml(twin(dollars), singleDollarTextMath))
      for (const state of states) {
        const shown = formulaSources(splitHtml(state, true))
        expect(isSubsequence(shown, finalFormulas), `at ${JSON.stringify(state.text.slice(-40))}`).toBe(true)
        // An open `\[` never shows as text: what is on screen has no bracket delimiter outside code.
        const html = splitHtml(state, true).replaceAll(/<code[\s\S]*?<\/code>|<annotation[\s\S]*?<\/annotation>/g, '')
        expect(html, `at ${JSON.stringify(state.text.slice(-40))}`).not.toMatch(/\\\[(?!z)/)
      }
    })
  },
)

/** The TeX of each rendered formula (KaTeX keeps it in a MathML annotation). */
function formulaSources(html: string): string[] {
  return [...html.matchAll(/<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/g)].map((m) => m[1]!)
}

function isSubsequence(items: readonly string[], of: readonly string[]): boolean {
  let at = 0
  for (const item of items) {
    while (at < of.length && of[at] !== item) at++
    if (at === of.length) return false
    at++
  }
  return true
}

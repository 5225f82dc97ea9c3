/**
 * A streaming tail that is one HTML block is rendered as its source text without parsing it
 * (`MarkdownBlock.literal`): it must be exactly what react-markdown renders for that tail, at every
 * character of every CommonMark and GFM example and of long contributor-style tables, and the
 * splitter must not parse such a table again while it streams.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { afterEach, describe, expect, it } from 'vitest'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { blankLineEndedHtmlTail } from '../../src/markdown/grow-tail'
import { setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { markdownOptions } from '../../src/markdown/render-options'
import { tailBlock } from '../../src/markdown/StreamingMarkdown'
import type { SplitState } from '../../src/markdown/split-state'
import { repairTail } from '../../src/markdown/tail-repair'
import { exampleDocuments } from './example-documents'
import { referenceElementAttributes, splitStates, staticSplitHtml } from './markdown-harness'

const options = markdownOptions({ components: undefined, highlight: undefined })

function contributorsTable(rows: number, lineEnding = '\n'): string {
  const cell = (i: number) =>
    `      <td align="center" valign="top" width="14.28%"><a href="https://example.com/${i}"><img src="https://example.com/${i}.png" width="100px;" alt=""/><br /><sub><b>Person ${i} & *co*</b></sub></a></td>`
  const body = Array.from({ length: rows }, (_, row) => `    <tr>${lineEnding}${cell(row)}${lineEnding}    </tr>`)
  return ['## Contributors', '', '<table>', '  <tbody>', ...body, '  </tbody>', '</table>', '', 'Thanks!'].join(
    lineEnding,
  )
}

const documents = [
  ...exampleDocuments,
  contributorsTable(12),
  contributorsTable(4, '\r\n'),
  `Intro\n\n  <div class="note">\n**not emphasis**\n\n</div>\n\n> <p>quoted</p>\n\n- <ul>\n  <li>x</li>`,
]

/** What react-markdown renders for the streaming tail the way `SplitMarkdown` hands it over. */
function tailReference(state: SplitState): string {
  const last = state.tail[state.tail.length - 1]!
  const text = repairTail(last.text.replace(/(?:\r\n|\r|\n)$/, ''), state.tailLeaf, state.syntax, last.text)
  return renderToStaticMarkup(
    <Markdown {...options} remarkPlugins={[remarkGfm]} rehypePlugins={[referenceElementAttributes]}>
      {text}
    </Markdown>,
  )
}

describe('literal HTML tail', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  it('renders exactly what react-markdown renders for the tail, character by character', { timeout: 60_000 }, () => {
    let applied = 0
    for (const markdown of documents) {
      let state: SplitState | undefined
      for (let end = 1; end <= markdown.length; end++) {
        state = advanceSplit(state, markdown.slice(0, end))
        const start = blankLineEndedHtmlTail(state)
        if (start === undefined) continue
        const last = state.tail[state.tail.length - 1]!
        const { literal } = tailBlock(state, last, true)
        if (literal === undefined) continue
        applied++
        expect(renderToStaticMarkup(literal), JSON.stringify(markdown.slice(0, end))).toBe(tailReference(state))
      }
    }
    expect(applied).toBeGreaterThan(1_000)
  })

  it('streams a contributors table without parsing it again, and renders it finally as react-markdown does', () => {
    const markdown = contributorsTable(40)
    const parsed: number[] = []
    setMarkdownWorkListener((work) => {
      if (work.kind === 'split-parse') parsed.push(work.chars)
    })
    const chunks = markdown.match(/[\s\S]{1,23}/g) ?? []
    const states = splitStates(chunks)
    const tableStart = markdown.indexOf('<table>')
    const tableEnd = markdown.indexOf('</table>')
    const tableChunks = Math.round((chunks.length * (tableEnd - tableStart)) / markdown.length)
    // Parses as the table starts and ends, and for the text around it; none while its rows stream.
    expect(tableChunks).toBeGreaterThan(300)
    expect(parsed.length).toBeLessThan(chunks.length - tableChunks + 6)
    expect(Math.max(...parsed)).toBeLessThan(2 * markdown.length)
    const streaming = staticSplitHtml(states[states.length - 2]!, true)
    expect(streaming).toContain('&lt;table&gt;')
    expect(staticSplitHtml(states[states.length - 1]!)).toBe(
      renderToStaticMarkup(
        <div>
          <Markdown {...options} remarkPlugins={[remarkGfm]} rehypePlugins={[referenceElementAttributes]}>
            {markdown}
          </Markdown>
        </div>,
      ),
    )
  })
})

/**
 * A table streaming as the tail renders its settled rows in pages and re-parses only its last row
 * (`StreamingTable`). In Chromium's layout it must look exactly like react-markdown's render of the
 * same text at every commit (column widths depend on every row, so a row rendered differently would
 * move them), and it must only ever grow: switching to the row-by-row render (second body row) and
 * back (when the table settles) happens within one commit.
 */
import '../../src/styles.css'
import { flushSync } from 'react-dom'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { expect, test } from 'vitest'
import { StreamingMarkdown } from '../../src/markdown'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { tailBlock } from '../../src/markdown/StreamingMarkdown'
import { type SplitState, settledBlocks } from '../../src/markdown/split-state'
import { mountHost } from './mounted-hosts'

const mount = () => mountHost(640)

/** Every table element's position and size, relative to the host. */
function tableBoxes(host: HTMLElement): string[] {
  const origin = host.getBoundingClientRect()
  return [...host.querySelectorAll('table, thead, tbody, tr, th, td')].map((element) => {
    const box = element.getBoundingClientRect()
    return `${element.tagName} ${(box.left - origin.left).toFixed(2)} ${(box.top - origin.top).toFixed(2)} ${box.width.toFixed(2)} ${box.height.toFixed(2)}`
  })
}

test('a streaming table is laid out as react-markdown lays out the same text, and only grows', () => {
  // Cells of very different widths, so that every row takes part in the column widths.
  const rows = Array.from(
    { length: 90 },
    (_, i) => `| ${'w'.repeat(1 + ((i * 7) % 23))} | \`code ${i}\` | ${i % 9 === 0 ? '**wide cell text here**' : i} |`,
  )
  const document_ = `Intro.\n\n| name | code | value |\n| :-- | :-: | --: |\n${rows.join('\n')}\n\nAfter the table.`
  const ours = mount()
  const reference = mount()
  let state: SplitState | undefined
  let previousHeight = 0
  let compared = 0
  for (let end = 11; end < document_.length + 11; end += 11) {
    const text = document_.slice(0, Math.min(end, document_.length))
    state = advanceSplit(state, text)
    flushSync(() => ours.root.render(<StreamingMarkdown text={text} streaming />))
    const table = ours.host.querySelector('table')
    if (!table) continue
    const height = table.getBoundingClientRect().height
    expect(height, JSON.stringify(text.slice(-20))).toBeGreaterThanOrEqual(previousHeight)
    previousHeight = height
    // The reference renders the same repaired text, the settled blocks as they are.
    const shown = [...settledBlocks(state), ...state.tail.map((block) => tailBlock(state!, block, true))]
    const usesRows = shown.some((block) => block.tableRows)
    flushSync(() =>
      reference.root.render(
        // Inside the same wrapper, so the stylesheet's markdown rules style both alike.
        <div data-palimpsest-markdown="">
          <Markdown remarkPlugins={[remarkGfm]}>{shown.map((block) => block.text).join('')}</Markdown>
        </div>,
      ),
    )
    expect(tableBoxes(ours.host), JSON.stringify(text.slice(-20))).toEqual(tableBoxes(reference.host))
    if (usesRows) compared++
  }
  expect(compared).toBeGreaterThan(200)
})

/**
 * The markdown engine alone (Node, no React) streaming an answer that cites a footnote per paragraph
 * and ends with their definitions, one per line: the block splitter and the footnote numbering per
 * chunk, for checking that their cost stays linear in the number of footnotes:
 *   npx tsx bench/footnote-split-probe.ts [footnotes,...] [chunk chars]
 */
import { advanceSplit } from '../packages/react/src/markdown/block-splitter'
import { documentFootnotes } from '../packages/react/src/markdown/footnotes'
import type { SplitState } from '../packages/react/src/markdown/split-state'

const counts = (process.argv[2] ?? '100,200,400').split(',').map(Number)
const chunk = Number(process.argv[3] ?? 40)

for (const count of counts) {
  let text = ''
  for (let index = 1; index <= count; index++)
    text += `Paragraph ${index} says something worth citing, see [^note-${index}] and more words here.\n\n`
  for (let index = 1; index <= count; index++)
    text += `[^note-${index}]: Source number ${index}, https://example.com/${index}\n`
  let split: SplitState | undefined
  let numbering = 0
  const started = performance.now()
  for (let end = chunk; end < text.length + chunk; end += chunk) {
    split = advanceSplit(split, text.slice(0, end))
    const before = performance.now()
    const tail = split.tail.map((block) => ({ block, text: block.text }))
    documentFootnotes(split, tail, split.streamingDefinitions)
    numbering += performance.now() - before
  }
  const total = performance.now() - started
  console.log(
    `${count} footnotes, ${text.length} chars in ${chunk}-char chunks: ${total.toFixed(0)} ms, of which numbering ${numbering.toFixed(0)} ms`,
  )
}

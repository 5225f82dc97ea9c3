/**
 * Characters the block splitter parses, per character streamed, for long constructs inside
 * containers (a fence, paragraphs, a table or a quote in a list item; a list or a fence in a block
 * quote; nested lists), in Node, no timing: about 1 where the tail grows by its last part, and the
 * document's length over the flush size where a construct is parsed whole at every flush.
 *
 *   npx tsx bench/container-split-work.ts   (PER=<chunks per flush>, 12 by default)
 *
 * With RENDER=1, a block quote in the tail keeps a tree after each flush as its render does (the
 * tree the split made, or a parse of its text, counted): the paths that grow a quote from the tree
 * its last render used are then taken, and its figure is the splitter's and the render's parses.
 * (Other blocks render without such a tree: a list by its items, a table by its rows.)
 */
import { advanceSplit } from '../packages/react/src/markdown/block-splitter'
import { blockTreeOf, keepBlockTree } from '../packages/react/src/markdown/block-trees'
import { setMarkdownWorkListener } from '../packages/react/src/markdown/instrumentation'
import { rootOf } from '../packages/react/src/markdown/markdown-pipeline'
import type { SplitState } from '../packages/react/src/markdown/split-state'
import { parseTopLevelBlocks } from '../packages/react/src/markdown/top-level-blocks'
import { chunkText } from './chunking'

const chunksPerFlush = Number(process.env.PER ?? 12)
const rendered = process.env.RENDER === '1'
const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda']
const word = (i: number) => words[i % words.length]
const sentence = (i: number) => `Sentence ${i} about ${word(i)} and **${word(i * 7)}** with \`code\`.`
const lines = (count: number, line: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => line(i)).join('\n')

const shapes: Record<string, string> = {
  'flat list': lines(1500, (i) => `- ${sentence(i)}`),
  'list nested in the last item': `- Contents\n${lines(1500, (i) => `  - ${sentence(i)}`)}`,
  'list nested three deep': `1. a\n2. b\n3. Contents\n   - All\n${lines(1500, (i) => `     - ${sentence(i)}`)}`,
  'loose list of paragraphs': lines(300, (i) => `- ${sentence(i)} ${sentence(i + 1)}\n`),
  'fence in a list item': `1. Setup\n2. Write:\n   \`\`\`ts\n${lines(800, (i) => `   const x${i} = compute(${i}) // ${word(i)}`)}\n   \`\`\``,
  'paragraphs in the last item': `1. One\n2. Two\n3. Explain:\n\n${lines(300, (i) => `   ${sentence(i)} ${sentence(i + 1)}\n`)}`,
  'table in a list item': `1. Results:\n\n   | a | b |\n   | - | - |\n${lines(1000, (i) => `   | ${word(i)} ${i} | ${i * 3} |`)}`,
  'quote in a list item': `- Quote:\n${lines(800, (i) => `  > ${sentence(i)}`)}`,
  'list in a quote': `> Notes:\n>\n${lines(1000, (i) => `> - ${sentence(i)}`)}`,
  'fence in a quote': `> \`\`\`\n${lines(800, (i) => `> line ${i} of code ${word(i)}`)}`,
}

let parsed = 0
setMarkdownWorkListener((work) => {
  if (work.kind === 'split-parse') parsed += work.chars
})
console.log('shape | characters | parsed per character streamed')
console.log('--- | --: | --:')
for (const [name, text] of Object.entries(shapes)) {
  const chunks = chunkText(text, 7)
  let state: SplitState | undefined
  let streamed = ''
  parsed = 0
  for (let at = 0; at < chunks.length; at += chunksPerFlush) {
    streamed += chunks.slice(at, at + chunksPerFlush).join('')
    state = advanceSplit(state, streamed)
    if (rendered)
      for (const block of state.tail) {
        if (block.type !== 'blockquote') continue
        const made = blockTreeOf(block)
        const nodes = made ? made.nodes : parseTopLevelBlocks(block.text).nodes
        keepBlockTree(block, rootOf(nodes, made?.offset ?? 0, made?.line ?? 1))
      }
  }
  console.log(`${name} | ${text.length} | ${(parsed / text.length).toFixed(1)}`)
}

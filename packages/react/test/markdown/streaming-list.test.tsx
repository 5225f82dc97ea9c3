/**
 * A top-level list streaming as the tail is parsed and rendered item by item (`list-items.ts`,
 * `StreamingList`). The splitter's state must equal a parse of the unsettled region, its items what
 * a parse of the whole list gives, and the render exactly react-markdown's render of the repaired
 * tail, at every step: tight and loose lists (blank lines between or inside any item), start
 * numbers and markers, lazy continuation lines, nested lists, code, HTML and tables in items, task
 * items, link definitions, element overrides.
 */
import fc from 'fast-check'
import type { Components } from 'react-markdown'
import { afterEach, describe, expect, it } from 'vitest'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { streamingListOf } from '../../src/markdown/list-items'
import { listItems, StreamingList } from '../../src/markdown/StreamingList'
import { splitFrom } from '../../src/markdown/split-region'
import { type MarkdownBlock, type SplitState, settledBlocks } from '../../src/markdown/split-state'
import { exampleDocuments } from './example-documents'
import {
  blockBesideReference,
  canonicalHtml,
  charsParsedBy,
  freshHtml,
  liveMarkdown,
  referenceHtml,
  renderedHtml,
  tailBesideReference,
} from './markdown-harness'

const examples = exampleDocuments

/** Everything a render depends on. */
function observable(state: SplitState) {
  const last = state.tail[state.tail.length - 1]
  return {
    settledEnd: state.settledEnd,
    settledCount: state.settledCount,
    tail: state.tail,
    tailLeaf: state.tailLeaf,
    definitions: state.definitions.list,
    settledFootnoteBlocks: state.settledFootnoteBlocks,
    list: last && streamingListOf(last),
  }
}

/** The streaming list's HTML and react-markdown's HTML of the same repaired tail, for a split state. */
function bothRenders(state: SplitState, components?: Components) {
  return tailBesideReference(state, components, (block, options, definitions) =>
    block.listItems ? (
      <StreamingList
        blockKey={0}
        separated={false}
        text={block.text}
        items={block.listItems}
        definitions={definitions}
        options={options}
        transform={undefined}
      />
    ) : undefined,
  )
}

/**
 * A list that streamed item by item and ended (settled, or followed by the tail's last block) renders
 * by the items the splitter kept while the message streams: its HTML and react-markdown's of its text.
 */
function endedListBesideReference(block: MarkdownBlock, state: SplitState, components?: Components) {
  const list = streamingListOf(block)
  const items = list && listItems(block.text, block.text, list)
  return blockBesideReference(block, state.streamingDefinitions, components, (_, options, definitions) =>
    items ? (
      <StreamingList
        blockKey={0}
        separated={false}
        text={block.text}
        items={items}
        definitions={definitions}
        options={options}
        transform={undefined}
      />
    ) : undefined,
  )
}

/** How many ended lists `compareWhileStreaming` compared. */
let endedLists = 0

/**
 * Streams `markdown` in chunks of `size` characters: at every step the splitter's state equals a
 * parse of the unsettled region (and its list a parse of the whole list), and where the tail
 * renders item by item, its HTML is react-markdown's, as is that of a list that ended (each new
 * settled block and each tail block but the last). Returns how often the tail rendered by items.
 */
function compareWhileStreaming(markdown: string, size = 1, components?: Components): number {
  let used = 0
  let state: SplitState | undefined
  for (let end = size; end < markdown.length + size; end += size) {
    const text = markdown.slice(0, Math.min(end, markdown.length))
    const advanced = advanceSplit(state, text)
    expect(observable(advanced), JSON.stringify(text)).toEqual(observable(splitFrom(state, text)))
    expect(observable(advanced).list, JSON.stringify(text)).toEqual(observable(splitFrom(undefined, text)).list)
    const ended = [...settledBlocks(advanced).slice(state?.settledCount ?? 0), ...advanced.tail.slice(0, -1)]
    for (const block of ended) {
      const renders = endedListBesideReference(block, advanced, components)
      if (!renders) continue
      endedLists++
      expect(renders.own, JSON.stringify(text)).toBe(renders.whole)
    }
    state = advanced
    const renders = bothRenders(state, components)
    if (!renders) continue
    used++
    expect(renders.tail, JSON.stringify(text)).toBe(renders.whole)
  }
  return used
}

/** An item's first line and what may follow it, in every way a list can become loose, nest or end. */
const itemContent = fc.constantFrom(
  'text',
  'two words',
  '*em* and `code`',
  '[ ] task',
  '[x] done',
  'lazy\ncontinuation',
  'para\n\n  second para',
  'nested\n  - inner\n  - inner two',
  'nested ordered\n  1. one\n\n  2. two',
  '```\n  code\n  ```',
  '```js\n  open fence',
  '```\n  open fence\n\n  after a blank line',
  '~~~\n  tilde\n  ~~~~',
  '```\n  not closed\n      ```',
  '```\n  closed\n  ```\n  lazy after',
  '> ```\n  > in a quote',
  '<!-- comment\n  still',
  '<pre>\n  pre',
  '    indented code',
  '<div>\n  html\n  </div>',
  '> quote\n  > more',
  '| a | b |\n  | - | - |\n  | 1 | 2 |',
  '',
  'link [x] and [y][]',
  'head\n  ---',
  'ends with code\n\n      code',
  // Nested lists long enough to have settled items (`§`: the item's own indentation).
  'contents\n§- a\n§- b *em*\n§- c\n§- d\n§- e\n§- f',
  'steps\n§1. one\n§2. two\n§3. three\n§4. four\n§5. five',
  'deeper\n§- a\n§  - a1\n§  - a2\n§- b\n§- c\n§- d\n§- e',
  'lazy\n§- a\nlazy line\n§- b\n§- c\n§- d\n§- e',
  'loose\n§- a\n\n§- b\n§- c\n§- d\n§- e',
  'tasks\n§- a\n§- [ ] b\n§- [x] c\n§- d\n§- e',
  'fence\n§- a\n§  ```\n§  code\n§- b\n§- c\n§- d\n§- e',
  'open fence\n§- a\n§- b\n§  ```\n§- c\n§- d\n§- e',
  'html\n§- a\n§- <div>\n§- c\n§- d\n§- e',
  'less indented\n§- a\n - b\n§- c\n§- d\n§- e',
  'more indented\n§- a\n§   - b\n§- c\n§- d\n§- e',
  'other marker\n§- a\n§- b\n§* c\n§* d\n§* e',
  'paragraph after\n§- a\n§- b\n§- c\n§- d\n\n§after',
  'heading inside\n§- a\n§- b\n§# h\n§- c\n§- d\n§- e',
  '- a\n§- b\n§- c\n§- d\n§- e',
  'tab\n§- a\n\t- b\n§- c\n§- d\n§- e',
  'two deep\n§- a\n§- b\n§  - b1\n§  - b2 *em*\n§  - b3\n§  - b4\n§  - b5',
  'two deep ordered\n§1. a\n§2. b\n§   1. b1\n§   2. b2\n§   3. b3\n§   4. b4',
  'two deep, one item\n§- a\n§  - a1\n§  - a2\n§  - a3\n§  - a4\n§  - a5',
  'two deep, then back\n§- a\n§  - a1\n§  - a2\n§  - a3\n§  - a4\n§- b\n§- c',
  // Long code fences in an item, open or closed (`§`: the item's own indentation).
  'fence\n§```ts\n§const a = 1\n§const b = 2\n\n§  indented\n§const c = 3\n§const d = 4',
  'fence closed\n§```\n§a\n§b\n§c\n§d\n§```\n§after',
  'fence of tildes\n§~~~\n§```\n§a\n§b\n§c\n§~~~',
  'fence with a tab\n§```\n§a\n\tb\n§c\n§d\n§e',
  'fence, a line less indented\n§```\n§a\n§b\nc\n§d\n§e',
  'fence indented\n§  ```\n§    a\n§   b\n§  c\n§d\n§e',
  'fence, blank lines\n§```\n§a\n\n \n§b\n§c\n§d',
  'fence in a nested item\n§- a\n§- b\n§  ```\n§  x\n§  y\n§  z\n§  w',
  'fence, crlf\n§```\r\n§a\r\n§b\r\n§c\r\n§d',
)

const listDocument = fc
  .tuple(
    fc.constantFrom('', 'Intro.\n\n', '[x]: /u "t"\n\n', '# Title\n'),
    fc.constantFrom('- ', '* ', '+ ', '1. ', '3) ', '10. ', ' - ', '  1. '),
    fc.array(
      fc.tuple(
        fc.oneof(
          { weight: 12, arbitrary: fc.constant('\n') },
          { weight: 2, arbitrary: fc.constant('\n\n') },
          { weight: 1, arbitrary: fc.constantFrom('\r\n', '\n  \n') },
        ),
        fc.oneof({ weight: 12, arbitrary: fc.constant('') }, fc.constantFrom('* ', '2. ', '- ', ' ', '   ')),
        itemContent,
      ),
      { minLength: 2, maxLength: 30 },
    ),
    fc.constantFrom('', '\n', '\n\nAfter.', '\n---', '\nlazy after'),
  )
  .map(([before, marker, items, after]) => {
    const [first, ...rest] = items
    const next = (index: number) => (/\d/.test(marker) ? marker.replace(/\d+/, String(index + 2)) : marker)
    const indented = (content: string, itemMarker: string) => content.replaceAll('§', ' '.repeat(itemMarker.length))
    const body = rest.map(([gap, other, content], index) => {
      const itemMarker = other || next(index)
      return `${gap}${itemMarker}${indented(content, itemMarker)}`
    })
    return `${before}${marker}${indented(first![2], marker)}${body.join('')}${after}`
  })

describe('a streaming list grows item by item', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  it('exactly as a parse of the whole list, at every character of every example', { timeout: 120_000 }, () => {
    const used = examples.map((markdown) => compareWhileStreaming(markdown))
    // The examples whose tail is a list of three items or more.
    expect(used.filter((count) => count > 0).length).toBeGreaterThanOrEqual(14)
  })

  it('exactly as a parse of the whole list, in random lists and chunkings', { timeout: 240_000 }, () => {
    let used = 0
    endedLists = 0
    fc.assert(
      fc.property(listDocument, fc.integer({ min: 1, max: 24 }), (markdown, size) => {
        used += compareWhileStreaming(markdown, size)
      }),
      { numRuns: 250, seed: 19 },
    )
    expect(used).toBeGreaterThan(1_500)
    expect(endedLists).toBeGreaterThan(60)
  })

  it("keeps the user's list element overrides", { timeout: 60_000 }, () => {
    const components: Components = {
      ul: ({ children }) => <ul data-custom-list="">{children}</ul>,
      ol: ({ children, start }) => (
        <ol data-custom-ordered="" start={start}>
          {children}
        </ol>
      ),
      li: ({ children }) => <li data-custom-item="">{children}</li>,
    }
    const items = Array.from({ length: 40 }, (_, i) => `${i + 3}. item *${i}*\n    - nested ${i}`).join('\n')
    expect(compareWhileStreaming(`${items}\n\n- [ ] a\n- b\n- c`, 7, components)).toBeGreaterThan(120)
  })

  it("a task item's checkbox has a fresh render's `checked` attribute at every step, after a checked item", () => {
    // An update sets the checkbox's property only: the attribute would stay as the element was mounted.
    const markdown = '- text\n- [x] done\n- [ ] task\n- text\n- text'
    const live = liveMarkdown()
    for (let end = 1; end <= markdown.length; end++) {
      const text = markdown.slice(0, end)
      live.render({ text, streaming: true })
      const fresh = liveMarkdown()
      fresh.render({ text, streaming: true })
      expect(live.container.innerHTML, JSON.stringify(text)).toBe(fresh.container.innerHTML)
      fresh.unmount()
    }
    live.unmount()
  })

  it('renders every step of a long list as a fresh render of its text, and ends as react-markdown', () => {
    const rendered: number[] = []
    setMarkdownWorkListener((work) => {
      if (work.kind === 'block-render') rendered.push(work.chars)
    })
    fc.assert(
      fc.property(
        listDocument,
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        (markdown, sizes) => {
          const live = liveMarkdown()
          const fresh = liveMarkdown()
          let end = 0
          for (let step = 0; end < markdown.length; step++) {
            end = Math.min(markdown.length, end + sizes[step % sizes.length]!)
            const text = markdown.slice(0, end)
            live.render({ text, streaming: true })
            fresh.unmount()
            const again = liveMarkdown()
            again.render({ text, streaming: true })
            expect(canonicalHtml(renderedHtml(live)), JSON.stringify(text)).toBe(canonicalHtml(renderedHtml(again)))
            again.unmount()
          }
          live.render({ text: markdown, streaming: false })
          expect(renderedHtml(live)).toBe(referenceHtml(markdown))
          live.unmount()
        },
      ),
      { numRuns: 40, seed: 8 },
    )
  }, 120_000)

  it.each([
    ['tight', '\n'],
    ['loose', '\n\n'],
  ])(
    'parses the item a rewrite changes, inserts or removes in a long streaming list, not the list (%s)',
    (_, between) => {
      const items = Array.from({ length: 400 }, (_, i) => `- item ${i} with a [link](/u/${i}) and **bold** words`)
      let text = `# List\n\n${items.join(between)}`
      const live = liveMarkdown()
      live.render({ text, streaming: true })
      const nodes = () => [...live.container.querySelectorAll('li')]
      const edits: [string, (text: string) => string][] = [
        // Next to syntax (no word rewrite takes these): a link's text emptied, a word before a line's end.
        ['link emptied', (t) => t.replace('[link](/u/120)', '[](/u/120)')],
        [
          'last word removed',
          (t) =>
            t.replace(
              'item 200 with a [link](/u/200) and **bold** words',
              'item 200 with a [link](/u/200) and **bold** ',
            ),
        ],
        ['item inserted', (t) => t.replace('- item 250 ', '- a new item\n- item 250 ')],
        ['item removed', (t) => t.replace(/\n+- item 300 [^\n]*/, '')],
      ]
      for (const [label, edit] of edits) {
        const before = nodes()
        text = edit(text)
        const parsed = charsParsedBy(() => live.render({ text, streaming: true }))
        // The item, its page of items (at most 16) and the last items: not the 20 KB list.
        expect(sum(parsed), label).toBeLessThan(3_000)
        const fresh = liveMarkdown()
        fresh.render({ text, streaming: true })
        expect(renderedHtml(live), label).toBe(renderedHtml(fresh))
        fresh.unmount()
        // The items before the change keep their DOM nodes.
        expect(
          nodes()
            .slice(0, 100)
            .every((node, index) => node === before[index]),
          label,
        ).toBe(true)
      }
      live.render({ text, streaming: false })
      expect(renderedHtml(live)).toBe(referenceHtml(text))
      live.unmount()
    },
    60_000,
  )

  it('parses each settled item about once while a long list streams', () => {
    const rendered: number[] = []
    const parsed: number[] = []
    setMarkdownWorkListener((work) => {
      if (work.kind === 'block-render') rendered.push(work.chars)
      if (work.kind === 'split-parse') parsed.push(work.chars)
    })
    const items = Array.from({ length: 300 }, (_, i) => `- item ${i} with **bold** and \`code\`\n  continued ${i}`)
    const document = `# List\n\n${items.join('\n')}\n\nAfter.`
    const live = liveMarkdown()
    const listEnd = document.indexOf('\n\nAfter')
    let text = ''
    let mostPerCommit = 0
    for (let end = 11; end < document.length + 11; end += 11) {
      text = document.slice(0, Math.min(end, document.length))
      rendered.length = 0
      parsed.length = 0
      live.render({ text, streaming: true })
      if (end < listEnd) mostPerCommit = Math.max(mostPerCommit, sum(rendered) + sum(parsed))
    }
    // Per commit: the last items, and at most one page of items (when an item settles).
    const longestItem = Math.max(...items.map((item) => item.length + 1))
    expect(mostPerCommit).toBeLessThanOrEqual(20 * longestItem)
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(document))
    live.unmount()
  }, 60_000)
})

describe('a list nested in the last item of a streaming list grows item by item', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  it.each([
    ['under the only item', '- Contents', '  ', false],
    ['under the last of three ordered items', '1. One\n2. Two\n3. Contents', '   ', false],
    ['ordered, under a wide marker', '10. Contents', '    ', true],
    ['two lists down', '- Notes\n  - Contents', '    ', false],
  ])(
    'parses each settled nested item about once (%s)',
    (_, head, indent, ordered) => {
      const nestedMarker = (i: number) => (ordered ? `${i + 1}. ` : '- ')
      const nested = Array.from(
        { length: 300 },
        (_, i) => `${indent}${nestedMarker(i)}item ${i} with **bold** [a link](/u/${i})`,
      )
      const document = `# Notes\n\n${head}\n${nested.join('\n')}\n\nAfter.`
      // Per commit, parsed by the splitter and again by the render: the outer item's head, the first
      // nested item and the last ones (at most three); and at most one page of settled nested items (16
      // items), when an item settles. Not the 15 KB nested list.
      const longestItem = Math.max(...nested.map((item) => item.length + 1))
      expect(mostWorkPerCommit(document, document.indexOf('\n\nAfter'))).toBeLessThanOrEqual(
        2 * (head.length + 4 * longestItem) + 16 * longestItem,
      )
    },
    60_000,
  )

  it.each([
    ['in the last item', '1. Setup\n2. Write:', '   ', '```ts'],
    ['in a nested item', '- Steps\n  - Write:', '    ', '```'],
    ['indented in its item, of tildes', '- Write:', '    ', '~~~~'],
  ])(
    'parses each line of a long code fence about once (%s)',
    (_, head, indent, fence) => {
      const lines = Array.from(
        { length: 400 },
        (_, i) => `${indent}const value${i} = compute(${i}) // ${i % 7 ? '' : '\n'}`,
      )
      const document = `# Notes\n\n${head}\n${indent}${fence}\n${lines.join('\n')}\n${indent}${fence}\n\nAfter.`
      // Per commit, parsed by the splitter and again by the render: the items' first lines, the fence's
      // opening line and its last lines (a blank line counts as one). Not the 14 KB of code.
      const longestLine = Math.max(...lines.map((line) => line.length + 1))
      expect(mostWorkPerCommit(document, document.lastIndexOf(fence))).toBeLessThanOrEqual(
        2 * (head.length + indent.length + fence.length + 4 * longestLine),
      )
    },
    60_000,
  )

  it.each([
    ['in the last item', '1. Setup\n2. Write:', '   ', '```ts', '```'],
    ['in a nested item', '- Steps\n  - Write:', '    ', '```', '```'],
    ['indented in its item, of tildes', '- Write:', '    ', '~~~~', '~~~~~'],
  ])(
    'parses the list whole at most once when a long code fence in its last item closes and a paragraph ends it (%s)',
    (_, head, indent, fence, closing) => {
      const lines = Array.from(
        { length: 400 },
        (_, i) => `${indent}const value${i} = compute(${i}) // ${i % 7 ? '' : '\n'}`,
      )
      const list = `${head}\n${indent}${fence}\n${lines.join('\n')}\n${indent}${closing}`
      const document = `# Notes\n\n${list}\n\nAfter the list, a paragraph of a few words.\n\nMore.`
      const closedAt = document.lastIndexOf(closing)
      for (const size of [7, 11, 13]) {
        let state: SplitState | undefined
        let at = closedAt - 40
        const step = () => {
          state = advanceSplit(state, document.slice(0, Math.min(at, document.length)))
          at += size
        }
        while (at < closedAt) step()
        // The splitter's parses of (nearly) the whole list, from the closing line on. Once the fence
        // closes its lines are no longer cut, so a list of one or two items is parsed whole once.
        const whole = charsParsedBy(() => {
          while (at < document.length + size) step()
        }).filter((chars) => chars > list.length / 2)
        expect(whole.length, `chunks of ${size}`).toBeLessThanOrEqual(1)
        expect(observable(state!)).toEqual(observable(advanceSplit(undefined, document)))
      }
    },
    60_000,
  )

  it('renders rewrites before and inside the settled nested items as a fresh render, and goes on cutting them', () => {
    const parsed: number[] = []
    setMarkdownWorkListener((work) => {
      if (work.kind === 'block-render' || work.kind === 'split-parse') parsed.push(work.chars)
    })
    const entry = (i: number) => `  - entry ${i} with **bold** words`
    const outer = Array.from({ length: 8 }, (_, i) => `- outer ${i} with a [link](/o/${i})`)
    let text = `# Notes\n\n${outer.join('\n')}\n- Contents\n${Array.from({ length: 120 }, (_, i) => entry(i)).join('\n')}`
    const live = liveMarkdown()
    live.render({ text, streaming: true })
    const edits: [string, (text: string) => string][] = [
      ['a word of an outer item', (t) => t.replace('outer 3 with', 'outer 3 about')],
      ['an outer item inserted', (t) => t.replace('- outer 5 ', '- a new outer item\n- outer 5 ')],
      ['a word of a nested item', (t) => t.replace('entry 40 with', 'entry 40 about')],
      ['a nested item removed', (t) => t.replace(/\n {2}- entry 60 [^\n]*/, '')],
      ['a nested item inserted', (t) => t.replace('  - entry 70 ', '  - a new entry\n  - entry 70 ')],
    ]
    let next = 120
    for (const [label, edit] of edits) {
      text = edit(text)
      live.render({ text, streaming: true })
      const fresh = liveMarkdown()
      fresh.render({ text, streaming: true })
      expect(renderedHtml(live), label).toBe(renderedHtml(fresh))
      fresh.unmount()
      // Streaming on after the rewrite: the settled nested items are not parsed again.
      for (let i = 0; i < 3; i++) {
        text += `\n${entry(next++)}`
        parsed.length = 0
        live.render({ text, streaming: true })
        expect(sum(parsed), label).toBeLessThan(2 * 6 * entry(next).length + 16 * entry(next).length)
      }
    }
    live.render({ text, streaming: false })
    expect(renderedHtml(live)).toBe(referenceHtml(text))
    live.unmount()
  }, 60_000)
})

/** A numbered step whose content, indented under its marker, ends in a closed fence. */
function fencedStep(i: number): string {
  const marker = `${i + 1}. `
  const indent = ' '.repeat(marker.length)
  return `${marker}Run:\n${indent}\`\`\`sh\n${indent}npm run step-${i}\n${indent}\`\`\``
}

describe('a long list that streamed item by item and ends', () => {
  afterEach(() => setMarkdownWorkListener(undefined))

  it.each([
    ['its items paragraphs', (i: number) => `- item ${i} with **bold** [a link](/u/${i})`, '\n'],
    ['its items ending in a closed fence', (i: number) => fencedStep(i), '\n'],
    ['loose', (i: number) => `* item ${i}\n\n  with a second paragraph`, '\n\n'],
    [
      'its last item holding a list',
      (i: number) => `- item ${i}${i === 299 ? '\n  - a\n  - b\n  - c\n  - d' : ''}`,
      '\n',
    ],
  ])(
    'is not parsed again when the next block starts, nor when that block settles it (%s)',
    (_, item, between) => {
      const items = Array.from({ length: 300 }, (_, i) => item(i))
      const after = '\n\nAfter the list, a paragraph of a few words.\n\n## Next\n\nMore text, then the end.\n'
      const document = `# Notes\n\n${items.join(between)}${after}`
      // Per commit, parsed by the splitter and again by the render: the last items and what follows
      // them. Not the list (10 KB or more).
      const longestItem = Math.max(...items.map((text) => text.length + between.length))
      const listEnd = document.indexOf(after)
      expect(mostWorkPerCommit(document, document.length + 11, listEnd - 11)).toBeLessThanOrEqual(
        2 * (4 * longestItem + after.length),
      )
    },
    60_000,
  )

  it('renders as a fresh render after rewrites inside it and after it, and ends as react-markdown', () => {
    const item = fc.constantFrom(
      '- item *a* with words',
      '- [link](/u) and `code`',
      '- fenced:\n  ```\n  code line\n  ```',
      '- nested\n  - a\n  - b\n  - c\n  - d',
      '- para\n\n  second para',
    )
    const edit = fc.constantFrom('word', 'insert', 'delete', 'item', 'append', 'rollback')
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 3, maxLength: 12 }),
        fc.constantFrom('\n\nAfter the list.\n\nMore text', '\n# Heading\nText', '\n\n1. another list\n2. two'),
        fc.array(fc.tuple(fc.nat(), edit), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 3, max: 30 }),
        (items, after, edits, chunk) => {
          const document = `Intro\n\n${items.join('\n')}${after}`
          const live = liveMarkdown()
          let text = ''
          for (let at = chunk; at < document.length + chunk; at += chunk) {
            text = document.slice(0, Math.min(at, document.length))
            live.render({ text, streaming: true })
          }
          let previous = text
          for (const [n, kind] of edits) {
            const lastItem = text.lastIndexOf('\n- ') + 1
            const at = 8 + (n % Math.max(1, lastItem - 8))
            const before = text
            if (kind === 'word') text = text.slice(0, at) + text.slice(at).replace(/\w+/, 'swapped')
            else if (kind === 'insert') text = `${text.slice(0, at)} new words ${text.slice(at)}`
            else if (kind === 'delete') text = text.slice(0, at) + text.slice(at + 5)
            else if (kind === 'item') text = `${text.slice(0, lastItem)}- an inserted item\n${text.slice(lastItem)}`
            else if (kind === 'append') text = `${text} appended`
            else text = previous
            previous = before
            live.render({ text, streaming: true })
            expect(renderedHtml(live), JSON.stringify(text)).toBe(freshHtml({ text, streaming: true }))
          }
          live.render({ text, streaming: false })
          expect(renderedHtml(live)).toBe(referenceHtml(text))
          live.unmount()
        },
      ),
      { numRuns: 60, seed: 29 },
    )
  }, 60_000)
})

/**
 * Streams `document` in chunks of 11 characters, each step's render checked against a fresh render
 * now and then and the last against react-markdown; returns the most characters one commit parsed
 * (splitter and render) from `start` to before `end`.
 */
function mostWorkPerCommit(document: string, end: number, start = 0): number {
  const parsed: number[] = []
  setMarkdownWorkListener((work) => {
    if (work.kind === 'block-render' || work.kind === 'split-parse') parsed.push(work.chars)
  })
  const live = liveMarkdown()
  let most = 0
  let text = ''
  for (let at = 11; at < document.length + 11; at += 11) {
    text = document.slice(0, Math.min(at, document.length))
    parsed.length = 0
    live.render({ text, streaming: true })
    if (at >= start && at < end) most = Math.max(most, sum(parsed))
    if (at % 1100 === 0) {
      const fresh = liveMarkdown()
      fresh.render({ text, streaming: true })
      expect(renderedHtml(live), JSON.stringify(text)).toBe(renderedHtml(fresh))
      fresh.unmount()
    }
  }
  live.render({ text, streaming: false })
  expect(renderedHtml(live)).toBe(referenceHtml(document))
  live.unmount()
  return most
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

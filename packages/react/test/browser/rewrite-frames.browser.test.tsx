/**
 * The flicker test for rewrites that are not clears of the whole answer: an in-place edit (a `full`
 * with one word changed mid-message), a speculative rollback (a branch appended, then a `clear` and
 * the re-push of the accepted text in one batch) and a table reformat (a `full` with the same table
 * padded to other column widths). Every animation frame and every DOM commit is watched: none may
 * show an empty message, and the content above the changed region may not move (every block of it
 * stays exactly where it was). Two controls prove the watch can fail: blocks below an edit that adds
 * a line are seen to move, and a naive renderer that clears before it re-pushes is seen to go empty.
 */
import '../../src/styles.css'
import { type AgentUpdate, createTranscriptStore, type TranscriptStore } from '@palimpsest/core'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { Transcript } from '../../src'
import { nextFrame, record, sleep } from './frame-sampler'
import { NaiveMessage } from './naive-message'

/** The unchanged content above every rewrite: its blocks' text starts with "Prefix". */
const prefix = [
  '## Prefix heading of the answer',
  'Prefix paragraph one: the part of the answer that no rewrite touches, long enough to wrap over several lines in the column.',
  '- Prefix item one\n- Prefix item two, a little longer\n- Prefix item three',
  'Prefix paragraph two, with **strong** and `code` in it, and a [link](https://example.com/prefix).',
].join('\n\n')

const middle = (word: string) =>
  `The middle paragraph holds the word ${word} that the model keeps refining while it thinks about the answer.`
const suffix = 'Suffix paragraph: below the edit, free to move when the edit changes the height above it.'

const editWords = ['draft', 'refined', 'a considerably longer replacement phrase', 'short', 'final', 'polished']

const tableRows = Array.from({ length: 30 }, (_, i) => [`row ${i}`, 'w'.repeat(1 + ((i * 5) % 13)), String(i * 37)])

/** The same table padded to `padding` extra spaces per column (0: no padding at all). */
function table(padding: number): string {
  const cells = [['name', 'value', 'count'], ...tableRows]
  const widths = [0, 1, 2].map((c) => Math.max(...cells.map((row) => (row[c] as string).length)))
  const line = (row: string[]) =>
    `| ${row.map((cell, c) => cell.padEnd(padding ? (widths[c] as number) + padding : 0)).join(' | ')} |`
  const rule = `|${widths.map((w) => '-'.repeat(padding ? w + padding + 2 : 5)).join('|')}|`
  return [line(cells[0] as string[]), rule, ...cells.slice(1).map(line)].join('\n')
}

let reactRoot: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  reactRoot?.unmount()
  host?.remove()
  reactRoot = undefined
})

interface Harness {
  apply(update: AgentUpdate | AgentUpdate[]): void
  read(): string
  /** The message's text in the store (what the renderer was given). */
  sourceText(): string
  /** Where the blocks whose text starts with `startsWith` are, relative to the host, as one string. */
  locate(startsWith: string): string
  root: HTMLElement
}

async function mount(renderer: 'palimpsest' | 'naive'): Promise<Harness> {
  const box = document.createElement('div')
  box.style.cssText = 'width: 520px; font: 16px/1.5 monospace;'
  const app = document.createElement('div')
  const sentinel = document.createElement('div')
  sentinel.textContent = 'content below the message'
  box.append(app, sentinel)
  document.body.append(box)
  host = box
  reactRoot = createRoot(app)
  const locate = (startsWith: string) => {
    const origin = box.getBoundingClientRect()
    return [...app.querySelectorAll('h2, p, li, table')]
      .filter((element) => element.textContent?.startsWith(startsWith))
      .map((element) => {
        const rect = element.getBoundingClientRect()
        return `${element.tagName} ${(rect.left - origin.left).toFixed(2)},${(rect.top - origin.top).toFixed(2)}`
      })
      .join(' | ')
  }
  const textOf = (store: TranscriptStore) => () => {
    const part = store.getState().messages.m?.parts[0]
    return part?.kind === 'text' ? part.text : ''
  }
  if (renderer === 'palimpsest') {
    const store = createTranscriptStore()
    reactRoot.render(<Transcript store={store} lazyRender={false} />)
    await nextFrame()
    return {
      apply: (update) => store.getState().apply(update),
      read: () => app.querySelector('[data-palimpsest-part="text"]')?.textContent ?? '',
      sourceText: textOf(store),
      locate,
      root: app,
    }
  }
  const store = createTranscriptStore({ schedule: 'sync' })
  const root = reactRoot
  flushSync(() => root.render(<NaiveMessage store={store} />))
  return {
    apply: (update) => flushSync(() => store.getState().apply(update)),
    read: () => app.textContent ?? '',
    sourceText: textOf(store),
    locate,
    root: app,
  }
}

const chunk = (text: string): AgentUpdate => ({ type: 'chunk', messageId: 'm', text })
const full = (text: string): AgentUpdate => ({ type: 'full', messageId: 'm', target: 'text', text })

/** Streams `text` word by word, then waits until it has been painted. */
async function stream(harness: Harness, text: string) {
  for (const word of text.split(/(?<= )/)) {
    harness.apply(chunk(word))
    await sleep(2)
  }
  await nextFrame()
  await nextFrame()
}

/**
 * Records while `rewrite` runs and reports what was seen: frames and commits, those with an empty
 * message, and those where the watched blocks were anywhere but where they stood before it began.
 */
async function watch(harness: Harness, watched: string, rewrite: () => Promise<void>) {
  const before = harness.locate(watched)
  const recording = record(harness.root, harness.read, () => harness.locate(watched))
  await nextFrame()
  await rewrite()
  await nextFrame()
  await recording.stop()
  const { samples } = recording
  const frames = samples.filter((s) => s.source === 'frame')
  const empty = samples.filter((s) => s.text.trim() === '')
  const moved = samples.filter((s) => s.positions !== before)
  return {
    watchedBlocks: before.split(' | ').filter(Boolean).length,
    frames: frames.length,
    commits: samples.length - frames.length,
    emptyFrames: empty.filter((s) => s.source === 'frame').length,
    emptyCommits: empty.filter((s) => s.source === 'mutation').length,
    movedFrames: moved.filter((s) => s.source === 'frame').length,
    movedCommits: moved.filter((s) => s.source === 'mutation').length,
    final: harness.read(),
  }
}

function expectSteady(result: Awaited<ReturnType<typeof watch>>, label: string) {
  console.info(`${label}:`, JSON.stringify({ ...result, final: undefined }))
  expect(result.watchedBlocks).toBe(6) // heading, two paragraphs, three list items
  expect(result.frames).toBeGreaterThan(10)
  expect(result.emptyFrames).toBe(0)
  expect(result.emptyCommits).toBe(0)
  expect(result.movedFrames).toBe(0)
  expect(result.movedCommits).toBe(0)
}

test('in-place edits: a `full` changing one word mid-message never empties the message or moves what is above it', async () => {
  const harness = await mount('palimpsest')
  await stream(harness, `${prefix}\n\n${middle('first')}\n\n${suffix}`)
  const result = await watch(harness, 'Prefix', async () => {
    for (const word of editWords) {
      harness.apply(full(`${prefix}\n\n${middle(word)}\n\n${suffix}`))
      await sleep(40)
    }
  })
  expectSteady(result, 'in-place edits')
  expect(result.commits).toBeGreaterThan(0)
  expect(result.final).toContain(middle('polished'))
  expect(result.final).not.toContain('first')
})

test('rollbacks: a branch retracted by a clear and the re-push of the accepted text in one batch', async () => {
  const harness = await mount('palimpsest')
  let accepted = `${prefix}\n\nThe answer goes on in its last paragraph`
  await stream(harness, accepted)
  const result = await watch(harness, 'Prefix', async () => {
    for (let i = 0; i < 6; i++) {
      harness.apply(chunk(` and a speculative branch number ${i} that the verifier rejects`))
      await sleep(40)
      harness.apply([{ type: 'clear', messageId: 'm', target: 'text' }, chunk(accepted)])
      await sleep(40)
      const more = `, accepted step ${i}`
      harness.apply(chunk(more))
      accepted += more
      await sleep(20)
    }
  })
  expectSteady(result, 'rollbacks')
  expect(result.commits).toBeGreaterThan(0)
  expect(result.final).toContain('accepted step 5')
  expect(result.final).not.toContain('speculative branch')
})

test('table reformat: the same table at other column widths replaces it without emptying or moving what is above', async () => {
  const harness = await mount('palimpsest')
  await stream(harness, `${prefix}\n\n${table(0)}\n`)
  const result = await watch(harness, 'Prefix', async () => {
    for (const padding of [2, 5, 0, 3, 1, 4]) {
      harness.apply(full(`${prefix}\n\n${table(padding)}\n`))
      await sleep(40)
    }
  })
  expectSteady(result, 'table reformat')
  // The padding changes no element, so the DOM need not change at all; the store took every rewrite.
  expect(harness.sourceText()).toBe(`${prefix}\n\n${table(4)}\n`)
  expect(result.final).toContain('row 29')
})

test('the watch sees blocks move: those below an edit that adds a line', async () => {
  const harness = await mount('palimpsest')
  await stream(harness, `${prefix}\n\n${middle('short')}\n\n${suffix}`)
  const result = await watch(harness, 'Suffix', async () => {
    harness.apply(full(`${prefix}\n\n${middle(`short ${'and longer '.repeat(8)}`)}\n\n${suffix}`))
    await sleep(40)
  })
  expect(result.watchedBlocks).toBe(1)
  expect(result.movedFrames).toBeGreaterThan(0)
})

test('the watch sees a message go empty and its prefix disappear: a renderer that clears before it re-pushes', async () => {
  const harness = await mount('naive')
  const accepted = `${prefix}\n\nThe answer goes on`
  await stream(harness, accepted)
  const result = await watch(harness, 'Prefix', async () => {
    harness.apply(chunk(' with a speculative branch'))
    await sleep(40)
    harness.apply({ type: 'clear', messageId: 'm', target: 'text' })
    await sleep(50)
    harness.apply(chunk(accepted))
    await sleep(40)
  })
  expect(result.emptyFrames).toBeGreaterThan(0)
  expect(result.movedFrames).toBeGreaterThan(0)
})

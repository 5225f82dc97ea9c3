/**
 * Palimpsest as an app uses it: a transcript store fed chunk updates, rendered by `<Transcript>`
 * (message chrome, stick-to-bottom, streaming markdown, flicker-free clear) with the default styles.
 */
import '../../packages/react/src/styles.css'
import { type AgentUpdate, createTranscriptStore, type TranscriptStore } from '@palimpsest/core'
import { StreamingMarkdown, Transcript } from '@palimpsest/react'
import { createCodeBlock, createShikiHighlighter } from '@palimpsest/react/code'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { addElementAttributes } from '../../packages/react/src/markdown/element-attributes'
import { markdownOptions } from '../../packages/react/src/markdown/render-options'
import { installBenchApi } from './bench-api'
import { mountTextView } from './react-text-view'
import type { MessageView, MountOptions, Renderer } from './renderer'

const messageId = 'answer'
const fill = { height: '100%' }
/** `?motion` (set by `stream-probe.ts … motion`): the streaming fade and caret on, to measure their cost. */
const motion = new URLSearchParams(location.search).has('motion')
/**
 * `?highlight` (set by `highlight-stream-probe.ts`): code fences highlighted by `@palimpsest/react/code`
 * (Shiki, TypeScript, Python and diff loaded before the page reports ready) with its code block header.
 */
const codeLanguages = ['ts', 'python', 'diff']
/** `?highlight&main-thread`: tokenised on the main thread rather than in the highlighter's worker. */
const highlight = new URLSearchParams(location.search).has('highlight')
  ? createShikiHighlighter({
      languages: codeLanguages,
      tokenise: new URLSearchParams(location.search).has('main-thread') ? 'main-thread' : 'worker',
    })
  : undefined
/** `?highlight&no-header`: highlighting without the code block header (no element override, so no source context); not `bare`, which mounts `StreamingMarkdown` alone. */
const codeComponents = highlight && !new URLSearchParams(location.search).has('no-header') && { pre: createCodeBlock() }
/**
 * Whole-text react-markdown as the markdown tests take it for reference: remark-gfm itself, with the
 * URL policy and element attributes Palimpsest documents (unsafe URLs go, external links get `rel`,
 * tables `tabIndex`).
 */
const referenceOptions = {
  ...markdownOptions({ components: undefined, highlight: undefined }),
  remarkPlugins: [remarkGfm],
  rehypePlugins: [() => addTreeElementAttributes],
}

type HtmlElement = Parameters<typeof addElementAttributes>[0]

function addTreeElementAttributes(node: { children: HtmlElement['children'] }): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue
    addElementAttributes(child, undefined)
    addTreeElementAttributes(child)
  }
}

/** Updates that leave `texts` as finished assistant messages `m0`, `m1`, … */
function settledUpdates(texts: readonly string[]): AgentUpdate[] {
  return texts.flatMap((text, index): AgentUpdate[] => [
    { type: 'message-start', messageId: `m${index}`, role: 'assistant' },
    { type: 'chunk', messageId: `m${index}`, text },
    { type: 'message-done', messageId: `m${index}`, status: 'complete' },
  ])
}

/** A `<Transcript>` of `store` in a new element of `host`, rendered synchronously. */
function mountTranscript(host: HTMLElement, store: TranscriptStore) {
  const element = document.createElement('div')
  element.style.height = '100%'
  host.append(element)
  const root = createRoot(element)
  flushSync(() =>
    root.render(
      <Transcript
        store={store}
        style={fill}
        fadeIn={motion}
        caret={motion}
        {...(highlight && { highlight })}
        {...(codeComponents && { markdownComponents: codeComponents })}
      />,
    ),
  )
  return {
    element,
    unmount() {
      root.unmount()
      element.remove()
    },
  }
}

/**
 * `?streamed-history` (set by `history-probe.ts --streamed`): the history's messages are streamed into
 * the mounted transcript one by one (8 commits each) before the live message, as in a session that
 * produced them, instead of being in the store when it mounts.
 */
const streamedHistory = new URLSearchParams(location.search).has('streamed-history')

/** Streams each of `texts` into the mounted transcript of `store` as its own message, committing 8 times each. */
function streamMessages(store: TranscriptStore, texts: readonly string[]): void {
  const { apply, flush } = store.getState()
  texts.forEach((text, index) => {
    const id = `m${index}`
    apply({ type: 'message-start', messageId: id, role: 'assistant' })
    const size = Math.ceil(text.length / 8)
    for (let at = 0; at < text.length; at += size) {
      apply({ type: 'chunk', messageId: id, text: text.slice(at, at + size) })
      flushSync(flush)
    }
    apply({ type: 'message-done', messageId: id, status: 'complete' })
    flushSync(flush)
  })
}

/** `?reasoning` (set by `stream-probe.ts … reasoning`): the message streams as reasoning (its open panel), not as answer text. */
const reasoning = new URLSearchParams(location.search).has('reasoning')

/** `settled` finished messages, then the streaming message, its chunks flushed by `commit()` (or by frames, 'natural'). */
function mountStreaming(host: HTMLElement, options: MountOptions, settled: readonly string[] = []): MessageView {
  // Manual: the harness flushes once per frame itself (exactly what the default 'frame' schedule does).
  const store = createTranscriptStore({ schedule: options.schedule === 'natural' ? 'frame' : () => {} })
  const { apply, flush } = store.getState()
  apply(streamedHistory ? [] : settledUpdates(settled))
  flush()
  const { element, unmount } = mountTranscript(host, store)
  if (streamedHistory) streamMessages(store, settled)
  apply({ type: 'message-start', messageId, role: 'assistant' })
  flushSync(flush)
  const textRoot = () =>
    element.querySelector(
      `[data-message-id="${messageId}"] [data-palimpsest-part="${reasoning ? 'reasoning' : 'text'}"]`,
    )
  const target = reasoning ? 'thought' : 'text'
  return {
    push: (text) => apply({ type: reasoning ? 'thought' : 'chunk', messageId, text }),
    clear: () => apply({ type: 'clear', messageId, target }),
    replace: (text) => apply({ type: 'full', messageId, target, text }),
    commit: () => flushSync(flush),
    finish() {
      apply({ type: 'message-done', messageId, status: 'complete' })
      flushSync(flush)
    },
    textRoot,
    markup: () => textRoot()?.innerHTML ?? '',
    flatMarkup() {
      const markdown = textRoot()?.querySelector('[data-palimpsest-markdown]')?.cloneNode(true) as Element | undefined
      if (!markdown) return ''
      for (const page of markdown.querySelectorAll(':scope > [data-palimpsest-block-page]'))
        page.replaceWith(...page.childNodes)
      return markdown.innerHTML
    },
    unmount,
  }
}

/** `?bare`: a message view is `StreamingMarkdown` alone, given the whole text on each commit (no store, no transcript). */
const bare = new URLSearchParams(location.search).has('bare')
const palimpsest: Renderer = {
  name: 'palimpsest',
  mount: (host, options) =>
    bare
      ? mountTextView(host, options, (text, streaming) => <StreamingMarkdown text={text} streaming={streaming} />)
      : mountStreaming(host, options),
  mountBelowHistory: (host, settled) => mountStreaming(host, { schedule: 'manual' }, settled),
  mountMany(host, texts) {
    const store = createTranscriptStore({ schedule: 'sync' })
    store.getState().apply(settledUpdates(texts))
    return mountTranscript(host, store).unmount
  },
  reactMarkdownMarkup(host, text) {
    const element = document.createElement('div')
    host.append(element)
    const root = createRoot(element)
    flushSync(() => root.render(<Markdown {...referenceOptions}>{text}</Markdown>))
    const markup = element.innerHTML
    root.unmount()
    element.remove()
    return markup
  },
}

if (highlight)
  Promise.all(codeLanguages.map((language) => highlight.load(language))).then(() => installBenchApi(palimpsest))
else installBenchApi(palimpsest)
